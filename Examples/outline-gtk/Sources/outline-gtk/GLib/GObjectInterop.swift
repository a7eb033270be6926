import CGtk

#if canImport(Glibc)
import Glibc
#endif

// What the C macros do and Swift cannot import: GObject casts
// (GTK_WIDGET(), G_OBJECT(), ...) and g_signal_connect().

/// A widget, as GTK's constructors return it.
typealias Widget = UnsafeMutablePointer<GtkWidget>

/// Any GObject pointer, typed or opaque, as the untyped pointer GObject
/// calls take.
protocol GObjectPointer {
  var raw: UnsafeMutableRawPointer { get }
}

extension UnsafeMutablePointer: GObjectPointer {
  var raw: UnsafeMutableRawPointer { UnsafeMutableRawPointer(self) }
}

extension OpaquePointer: GObjectPointer {
  var raw: UnsafeMutableRawPointer { UnsafeMutableRawPointer(self) }
}

extension GObjectPointer {
  /// The object as an opaque pointer: a GtkSelectionModel, a GListModel,
  /// a GtkListItem, a label... (types Swift imports as OpaquePointer).
  var opaque: OpaquePointer { OpaquePointer(raw) }
  /// The object as a widget (GTK_WIDGET()).
  var widget: Widget { raw.assumingMemoryBound(to: GtkWidget.self) }
  /// The object as a GObject (G_OBJECT()).
  var object: UnsafeMutablePointer<GObject> { raw.assumingMemoryBound(to: GObject.self) }

  /// The object as a pointer to `type` (the C cast to `type *`).
  func cast<T>(to type: T.Type) -> UnsafeMutablePointer<T> { raw.assumingMemoryBound(to: type) }

  /// Drops a reference.
  func unref() { g_object_unref(raw) }
}

/// Connects `handler`, a `@convention(c)` function of the signal's C
/// signature, to `signal` of `instance`, with `data` as its last argument.
///
/// - Returns: The handler's id, for g_signal_handler_disconnect().
@discardableResult
func connect<Handler>(
  _ instance: some GObjectPointer, _ signal: String, _ handler: Handler, data: UnsafeMutableRawPointer?
) -> gulong {
  precondition(MemoryLayout<Handler>.size == MemoryLayout<GCallback>.size, "connect: \(signal)'s handler is not a C function")
  return g_signal_connect_data(
    instance.raw, signal, unsafeBitCast(handler, to: GCallback.self), data, nil, GConnectFlags(rawValue: 0))
}

/// A class instance as the `user_data` of a C callback, not retained: the
/// object must outlive every callback that can receive it.
func unretained(_ object: AnyObject) -> UnsafeMutableRawPointer {
  Unmanaged.passUnretained(object).toOpaque()
}

/// The object a C callback received as `user_data` (see ``unretained(_:)``).
func object<T: AnyObject>(_ data: UnsafeMutableRawPointer?, as type: T.Type) -> T {
  Unmanaged<T>.fromOpaque(data!).takeUnretainedValue()
}

extension String {
  /// A C string GTK returned, or "" for NULL.
  init(gtk text: UnsafePointer<CChar>?) {
    self = text.map { String(cString: $0) } ?? ""
  }
}

/// Sets a string property (g_object_set() is variadic, which Swift does
/// not call).
func setProperty(_ object: some GObjectPointer, _ name: String, to value: String) {
  var gvalue = GValue()
  g_value_init(&gvalue, g_type_from_name("gchararray"))
  g_value_set_string(&gvalue, value)
  g_object_set_property(object.object, name, &gvalue)
  g_value_unset(&gvalue)
}

/// Writes a line to the standard error.
func printError(_ message: String) {
  writeLine(message, to: 2)
}

/// Writes a line to the standard output at once (not buffered), so the
/// script's lines and GTK's warnings come in the order they happen.
func printLine(_ message: String) {
  writeLine(message, to: 1)
}

private func writeLine(_ message: String, to descriptor: Int32) {
  let line = message + "\n"
  _ = line.withCString { write(descriptor, $0, strlen($0)) }
}
