import CGtk

/// Tells assistive technologies a row's level in the tree (1 for the top)
/// and, for a row with children, whether it is expanded (nil: it has
/// none, so the state is undefined).
func setAccessibleLevel(of widget: Widget, to level: Int, expanded: Bool?) {
  // Both are collected as integers: the level, and the expanded state as
  // 1, 0 or GTK_ACCESSIBLE_VALUE_UNDEFINED (-1).
  var levelValue = intValue(level)
  var property = GTK_ACCESSIBLE_PROPERTY_LEVEL
  gtk_accessible_update_property_value(widget.opaque, 1, &property, &levelValue)
  var expandedValue = intValue(expanded.map { $0 ? 1 : 0 } ?? -1)
  var state = GTK_ACCESSIBLE_STATE_EXPANDED
  gtk_accessible_update_state_value(widget.opaque, 1, &state, &expandedValue)
}

/// A GValue holding an int; it holds no reference, so it needs no unset.
private func intValue(_ value: Int) -> GValue {
  var gvalue = GValue()
  g_value_init(&gvalue, g_type_from_name("gint"))
  g_value_set_int(&gvalue, gint(value))
  return gvalue
}
