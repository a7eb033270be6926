import CGtk

/// Saves `window` as GTK renders it (its own renderer, cairo under Xvfb)
/// to a PNG file.
///
/// - Returns: Why it could not, or nil.
func saveScreenshot(of window: Widget, to path: String) -> String? {
  let width = gtk_widget_get_width(window)
  let height = gtk_widget_get_height(window)
  guard width > 0, height > 0 else { return "the window has no size yet" }
  guard let native = gtk_widget_get_native(window), let renderer = gtk_native_get_renderer(native) else {
    return "the window has no renderer"
  }
  let paintable = gtk_widget_paintable_new(window)!
  defer { paintable.unref() }
  let snapshot = gtk_snapshot_new()!
  gdk_paintable_snapshot(paintable, snapshot, Double(width), Double(height))
  guard let node = gtk_snapshot_free_to_node(snapshot) else { return "the window drew nothing" }
  defer { gsk_render_node_unref(node) }
  var viewport = graphene_rect_t()
  graphene_rect_init(&viewport, 0, 0, Float(width), Float(height))
  guard let texture = gsk_renderer_render_texture(renderer, node, &viewport) else { return "rendering failed" }
  defer { texture.unref() }
  return gdk_texture_save_to_png(texture, path) != 0 ? nil : "cannot write \(path)"
}
