/// Type-ahead: focusing the next row whose text starts with what the user
/// typed.
extension Outline.Selection {
  /// Moves the focus to the next row whose text starts with `prefix`,
  /// searching down from the focus and wrapping around to the first row,
  /// and changes the selection as `effect` says.
  ///
  /// Matching ignores case and the text's leading whitespace. The search
  /// starts at the row after the focus, so typing the same letter again
  /// moves on to the next match; pass `includingFocus: true` when the prefix
  /// grew (the user typed "ma" after "m"), so that the focused row can match
  /// again. With nothing focused it starts at the first row. Keeping the
  /// typed prefix and the pause that resets it is the app's part.
  ///
  /// ```swift
  /// let prefix = typeAheadBuffer.append(character)
  /// if selection.navigate(toNextMatch: prefix, in: outline, includingFocus: prefix.count > 1, text: \.title) == nil {
  ///   NSSound.beep()
  /// }
  /// ```
  ///
  /// - Parameters:
  ///   - prefix: The typed text; an empty prefix matches nothing.
  ///   - outline: The outline.
  ///   - includingFocus: Whether the focused row itself may match.
  ///   - limit: The most rows to look at, for very large outlines.
  ///   - effect: What happens to the selection when the focus moves.
  ///   - text: The text of a node, as shown in its row.
  /// - Returns: The rows to redraw and the new focus's row, or nil when no
  ///   row (within `limit`) matches; then nothing changes.
  /// - Precondition: The selection has been reconciled since the outline
  ///   last changed.
  /// - Complexity: O(log n + r·t) for the r rows looked at before the first
  ///   match (at most `min(limit, rowCount)`), where t is the cost of `text`
  ///   and of comparing the prefix; the search stops at the first match.
  ///   Plus, when the focus moves, the selection's change as for
  ///   ``navigate(_:in:selecting:)``.
  @inlinable
  public mutating func navigate(
    toNextMatch prefix: String, in outline: Outline, includingFocus: Bool = false, limit: Int = .max,
    selecting effect: OutlineNavigation.SelectionEffect = .replace, text: (Node) throws -> String
  ) rethrows -> SelectionChange? {
    let rowCount = outline.rowCount
    guard rowCount > 0, !prefix.isEmpty, limit > 0 else { return nil }
    var start = 0
    if let focus = _state.focus {
      let row = _SelectionCore.requiredRow(ofKey: focus, role: "focused node", in: outline._core)
      start = includingFocus ? row : (row + 1) % rowCount
    }
    let needle = prefix.lowercased()
    var budget = Swift.min(limit, rowCount)
    for range in [start ..< rowCount, 0 ..< start] {
      let searched = range.lowerBound ..< range.lowerBound + Swift.min(range.count, budget)
      budget -= searched.count
      for (row, id) in zip(searched, outline.rows[searched])
      where try text(outline[id]).drop(while: \.isWhitespace).lowercased().hasPrefix(needle) {
        var tracker = _RedrawTracker(focus: _state.focus)
        _state.moveFocus(toRow: row, effect: effect, in: outline._core, &tracker)
        return _state.finish(tracker, outlineChange: OutlineChange(), in: outline._core)
      }
    }
    return nil
  }
}
