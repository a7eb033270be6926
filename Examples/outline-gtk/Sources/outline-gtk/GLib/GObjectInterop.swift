import CGtk

// What the C macros do and Swift cannot import: GObject casts
// (GTK_WIDGET(), G_OBJECT(), ...); g_signal_connect() is in Signals.swift.

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
  /// The object as a GObject (G_OBJECT()).
  var object: UnsafeMutablePointer<GObject> { raw.assumingMemoryBound(to: GObject.self) }

  /// The object as a pointer to `type` (the C cast to `type *`).
  func cast<T>(to type: T.Type) -> UnsafeMutablePointer<T> { raw.assumingMemoryBound(to: type) }

  /// Drops a reference.
  func unref() { g_object_unref(raw) }
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
