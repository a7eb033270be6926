import OutlineKit

/// Checkboxes on the tree screens (files and categories), one shape for
/// both: `c` shows or hides a box before every row; `x` checks or
/// unchecks the focused row (every selected row when several are), and so
/// does Space while the boxes show. A box shows `[x]` when everything
/// under its row is checked, `[-]` when some of it is, `[ ]` when none is.
///
/// ```text
/// ›  [-] ▾ Books (124)
///    [x] ├─ ▸ Fiction (71)
///    [ ] └─ ▸ Non-fiction (46)
/// ```
package struct TreeCheckboxes {
  /// Whether rows draw their box.
  package var isShown = false

  package init() {}

  /// The marks to set: the rows `x` (or Space, while boxes show) acts
  /// on, and the mark they get (unchecked when every one is checked,
  /// checked otherwise); nil when the key is not the boxes'. `c` shows or
  /// hides the boxes here and asks for no mark.
  ///
  /// - Complexity: O(s log n) for s selected rows.
  package mutating func marks<Node>(
    for key: Key, typing: Bool, selection: Outline<Node>.Selection, in outline: Outline<Node>, context: inout ScreenContext
  ) -> (checked: Bool, ids: [Outline<Node>.NodeID])? {
    switch key {
    case .character("c") where !typing:
      isShown.toggle()
      context.message = StatusMessage(isShown ? "Checkboxes shown: Space or x checks a row" : "Checkboxes hidden (x still checks)")
      return (false, [])
    case .character("x") where !typing, .space where isShown:
      guard let focus = selection.focus else { return (false, []) }
      isShown = true
      let ids = selection.selectedCount > 1 ? selection.selectedNodes.filter(outline.contains) : [focus]
      let checked = !ids.allSatisfy { outline.checkState(of: $0) == .checked }
      return (checked, ids)
    default:
      return nil
    }
  }

  /// The box a row draws, or nothing while boxes are hidden.
  ///
  /// - Complexity: O(log n).
  package func box<Node>(_ id: Outline<Node>.NodeID, in outline: Outline<Node>) -> String {
    guard isShown else { return "" }
    switch outline.checkState(of: id) {
    case .checked: return "[x] "
    case .mixed: return "[-] "
    case .unchecked: return "[ ] "
    }
  }
}
