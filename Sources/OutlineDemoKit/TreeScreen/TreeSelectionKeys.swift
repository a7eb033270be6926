import OutlineKit

/// The selection keys the tree screens share: Space selects or deselects
/// the focused row, Ctrl-A selects every row (again: none), Esc selects
/// none.
///
/// ```swift
/// if TreeSelectionKeys.handle(key, selection: &selection, in: tree.outline, context: &context) { return true }
/// ```
package enum TreeSelectionKeys {
  /// Handles Space, Ctrl-A and Esc on `selection`; false for other keys.
  ///
  /// - Complexity: O(log n) for Space; O(r) for Ctrl-A over r rows; O(s)
  ///   for Esc with s selected.
  package static func handle<Node>(
    _ key: Key, selection: inout Outline<Node>.Selection, in outline: Outline<Node>, context: inout ScreenContext
  ) -> Bool {
    switch key {
    case .space:
      guard let focus = selection.focus else { return true }
      selection.toggle(focus, in: outline)
    case .control("a"):
      if selection.selectAll(in: outline).rowsToRedraw.isEmpty {
        selection.deselectAll(in: outline)
        context.message = StatusMessage("Selection cleared")
      } else {
        context.message = StatusMessage("Selected all \(DemoFormat.count(outline.rowCount, "row")) (Ctrl-A again: none)")
      }
    case .escape:
      if selection.selectedCount > 0 {
        selection.deselectAll(in: outline)
        context.message = StatusMessage("Selection cleared")
      }
    default:
      return false
    }
    return true
  }
}
