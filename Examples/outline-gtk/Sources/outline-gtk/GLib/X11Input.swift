import CGtk
import OutlineGtkC
import OutlineGtkTestInput
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
    guard let (x, y) = rootPoint(of: widget, fractionX: 0.5, fractionY: 0.5) else { return }
    _ = outline_gtk_x11_move_pointer(display, x, y)
    deliver()
    let held = heldKeys(modifiers)
    for key in held { _ = outline_gtk_x11_send_key(display, guint(key), 1) }
    _ = outline_gtk_x11_send_button(display, 1, 1)
    _ = outline_gtk_x11_send_button(display, 1, 0)
    for key in held.reversed() { _ = outline_gtk_x11_send_key(display, guint(key), 0) }
    deliver()
  }

  /// Presses the primary button in the middle of `source`, moves the
  /// pointer in steps (past GTK's drag threshold, then across) to
  /// `fraction` of `target`'s height, and releases it there, letting GTK
  /// run its drag and drop between the steps.
  func drag(_ source: Widget, to target: Widget, fraction: Double) {
    guard let (startX, startY) = rootPoint(of: source, fractionX: 0.3, fractionY: 0.5),
      let (endX, endY) = rootPoint(of: target, fractionX: 0.3, fractionY: fraction)
    else { return }
    _ = outline_gtk_x11_move_pointer(display, startX, startY)
    deliver()
    _ = outline_gtk_x11_send_button(display, 1, 1)
    deliver()
    let steps = 12
    for step in 1 ... steps {
      let x = startX + (endX - startX) * Int32(step) / Int32(steps)
      let y = startY + (step == 1 ? 12 : 0) + (endY - startY) * Int32(step) / Int32(steps)
      _ = outline_gtk_x11_move_pointer(display, x, y)
      deliver()
      runMainLoop(for: 0.03)
    }
    _ = outline_gtk_x11_move_pointer(display, endX, endY)
    deliver()
    runMainLoop(for: 0.1)
    _ = outline_gtk_x11_send_button(display, 1, 0)
    deliver()
    runMainLoop(for: 0.2)
  }

  /// A point of `widget` (by fractions of its size) on the root window.
  private func rootPoint(of widget: Widget, fractionX: Double, fractionY: Double) -> (Int32, Int32)? {
    var point = graphene_point_t()
    var inside = graphene_point_t()
    graphene_point_init(
      &inside, Float(Double(gtk_widget_get_width(widget)) * fractionX), Float(Double(gtk_widget_get_height(widget)) * fractionY))
    guard gtk_widget_compute_point(widget, window, &inside, &point) != 0, let surface else { return nil }
    var originX: Int32 = 0
    var originY: Int32 = 0
    var shiftX = 0.0
    var shiftY = 0.0
    _ = outline_gtk_x11_surface_origin(surface, &originX, &originY)
    gtk_native_get_surface_transform(gtk_widget_get_native(window), &shiftX, &shiftY)
    return (originX + Int32((Double(point.x) + shiftX).rounded()), originY + Int32((Double(point.y) + shiftY).rounded()))
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
