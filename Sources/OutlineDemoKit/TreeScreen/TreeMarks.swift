/// How the tree screens mark a row's focus and selection: the first two
/// columns of every row, and its style.
///
/// ```text
/// ›✓▾ Books (124)        focused and selected
///  ✓├─ ▸ Fiction (71)    selected
/// › ├─ ▾ Non-fiction     focused
/// ```
package enum TreeMarks {
  /// The two columns before a row's tree drawing: `›` for the focused row,
  /// `✓` for a selected one.
  ///
  /// - Complexity: O(1).
  package static func prefix(focused: Bool, selected: Bool) -> String {
    (focused ? "›" : " ") + (selected ? "✓" : " ")
  }

  /// The row's style: highlighted when focused, in the selection's colour
  /// when selected.
  ///
  /// - Complexity: O(1).
  package static func style(focused: Bool, selected: Bool) -> ScreenLine.Style {
    var style: ScreenLine.Style = []
    if focused { style.insert(.highlighted) }
    if selected { style.insert(.selected) }
    return style
  }
}
