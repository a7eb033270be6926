import CGtk
import OutlineGtkC
import OutlineGtkSupport

/// Keys and clicks sent to a window through the X server (XTEST), as a
/// user's: GTK receives them as events and handles them with its own
/// controllers, the list view's bindings and gestures included.
struct X11Input {
  let window: Widget
  private let display: OpaquePointer

  /// Input for `window`, or an error saying why there can be none.
  init(window: Widget) throws {
    self.window = window
    display = gtk_widget_get_display(window)
    if let problem = outline_gtk_x11_input_problem(display) { throw X11InputError(message: String(cString: problem)) }
    if let surface = surface { outline_gtk_x11_focus_surface(surface) }
  }

  private var surface: OpaquePointer? {
    gtk_widget_get_native(window).flatMap { gtk_native_get_surface($0) }
  }

  /// Presses and releases a key, with the modifiers held.
  func press(keyval: Int32, modifiers: InputModifiers) {
    let held = heldKeys(modifiers)
    for key in held { _ = outline_gtk_x11_send_key(display, guint(key), 1) }
    _ = outline_gtk_x11_send_key(display, guint(keyval), 1)
    _ = outline_gtk_x11_send_key(display, guint(keyval), 0)
    for key in held.reversed() { _ = outline_gtk_x11_send_key(display, guint(key), 0) }
    deliver()
  }

  /// Clicks the middle of `widget` with the primary button, with the
  /// modifiers held.
  func click(_ widget: Widget, modifiers: InputModifiers) {
    var point = graphene_point_t()
    var center = graphene_point_t()
    graphene_point_init(&center, Float(gtk_widget_get_width(widget)) / 2, Float(gtk_widget_get_height(widget)) / 2)
    guard gtk_widget_compute_point(widget, window, &center, &point) != 0, let surface else { return }
    var originX: Int32 = 0
    var originY: Int32 = 0
    var shiftX = 0.0
    var shiftY = 0.0
    _ = outline_gtk_x11_surface_origin(surface, &originX, &originY)
    gtk_native_get_surface_transform(gtk_widget_get_native(window), &shiftX, &shiftY)
    _ = outline_gtk_x11_move_pointer(
      display, originX + Int32((Double(point.x) + shiftX).rounded()), originY + Int32((Double(point.y) + shiftY).rounded()))
    deliver()
    let held = heldKeys(modifiers)
    for key in held { _ = outline_gtk_x11_send_key(display, guint(key), 1) }
    _ = outline_gtk_x11_send_button(display, 1, 1)
    _ = outline_gtk_x11_send_button(display, 1, 0)
    for key in held.reversed() { _ = outline_gtk_x11_send_key(display, guint(key), 0) }
    deliver()
  }

  private func heldKeys(_ modifiers: InputModifiers) -> [Int32] {
    (modifiers.contains(.control) ? [GDK_KEY_Control_L] : []) + (modifiers.contains(.shift) ? [GDK_KEY_Shift_L] : [])
  }

  /// Waits until the X server has made the events, then lets GTK handle them.
  private func deliver() {
    outline_gtk_x11_sync(display)
    drainMainLoop()
  }
}

struct X11InputError: Error, CustomStringConvertible {
  var message: String
  var description: String { message }
}
