import CGtk
import OutlineGtkSupport

/// `widget`'s frame in `ancestor`'s coordinates, or nil when it is not
/// shown (not mapped, or GTK cannot place it).
func frame(of widget: Widget, in ancestor: Widget) -> RowFrame? {
  guard gtk_widget_get_mapped(widget) != 0, gtk_widget_get_child_visible(widget) != 0 else { return nil }
  var bounds = graphene_rect_t()
  guard gtk_widget_compute_bounds(widget, ancestor, &bounds) != 0 else { return nil }
  return RowFrame(top: Double(bounds.origin.y), height: Double(bounds.size.height))
}
