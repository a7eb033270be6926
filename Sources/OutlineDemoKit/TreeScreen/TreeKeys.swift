import OutlineKit

/// The tree screens' moving keys as the engine's navigation: which
/// `OutlineNavigation` a key asks for, and what the move does to the
/// selection.
///
/// Plain keys move only the focus (`.keep`), so a selection made with Space
/// stays while the user moves on; with Shift, the selection extends from
/// the anchor to the new focus (`.extend`). This is the WAI-ARIA
/// multi-select tree's recommended model.
///
/// ```swift
/// if let (navigation, effect) = TreeKeys.navigation(for: key, page: .height(Double(height - 1))) {
///   selection.navigate(navigation, in: &outline, selecting: effect)
/// }
/// ```
package enum TreeKeys {
  /// The navigation and selection effect of a key, or nil when the key
  /// does not move: ↑ ↓ → ← Page Up / Down Home End, and ↑ ↓ Page Up /
  /// Down Home End with Shift.
  ///
  /// - Parameters:
  ///   - key: The key.
  ///   - page: How far Page Up and Page Down move: rows, or (on screens
  ///     whose rows have heights) the rows that fill a height.
  /// - Complexity: O(1).
  package static func navigation(
    for key: Key, page: OutlineNavigation.PageSize
  ) -> (navigation: OutlineNavigation, effect: OutlineNavigation.SelectionEffect)? {
    switch key {
    case .up: return (.up, .keep)
    case .down: return (.down, .keep)
    case .right: return (.right, .keep)
    case .left: return (.left, .keep)
    case .pageUp: return (.pageUp(page), .keep)
    case .pageDown: return (.pageDown(page), .keep)
    case .home: return (.home, .keep)
    case .end: return (.end, .keep)
    case .shiftUp: return (.up, .extend)
    case .shiftDown: return (.down, .extend)
    case .shiftPageUp: return (.pageUp(page), .extend)
    case .shiftPageDown: return (.pageDown(page), .extend)
    case .shiftHome: return (.home, .extend)
    case .shiftEnd: return (.end, .extend)
    default: return nil
    }
  }

  /// Moves the focus for a moving key on a screen that opens and closes
  /// rows itself (→ and ← that expand or collapse are handled before this),
  /// so the move leaves the outline as it is.
  ///
  /// - Returns: Whether the key was a moving key.
  /// - Precondition: The move does not expand or collapse (checked in
  ///   debug builds).
  /// - Complexity: That of `Selection.navigate(_:in:selecting:)`.
  @discardableResult
  package static func moveFocus<Node>(
    for key: Key, page: OutlineNavigation.PageSize,
    selection: inout Outline<Node>.Selection, in outline: Outline<Node>
  ) -> Bool {
    guard let (navigation, effect) = navigation(for: key, page: page) else { return false }
    // The copy shares the outline's storage and is never written.
    var unchanged = outline
    let change = selection.navigate(navigation, in: &unchanged, selecting: effect)
    assert(change.outlineChange.isEmpty, "TreeKeys.moveFocus: \(key) expanded or collapsed a row")
    return true
  }
}
