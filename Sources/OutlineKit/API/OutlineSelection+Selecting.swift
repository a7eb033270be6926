/// Clicks and their modifiers.
extension Outline.Selection {
  /// Selects a node alone, as a plain click does: it becomes the focus, the
  /// anchor and the whole selection (in `.none` mode, the focus and anchor
  /// only).
  ///
  /// ```swift
  /// func tableView(_ tableView: UITableView, didSelectRowAt indexPath: IndexPath) {
  ///   let change = selection.select(outline.id(atRow: indexPath.row), in: outline)
  ///   redraw(change.rowsToRedraw)
  /// }
  /// ```
  ///
  /// - Precondition: `id` names a node of `outline` that has a row.
  /// - Returns: The rows to redraw: the old and new focus, and every node
  ///   that was deselected.
  /// - Complexity: O(log n + k log n) for the k nodes deselected.
  @inlinable @discardableResult
  public mutating func select(_ id: Outline.NodeID, in outline: Outline) -> SelectionChange {
    _ = outline._rowOfSelectionTarget(id)
    var tracker = _RedrawTracker(focus: _state.focus)
    _state.select(id.key, &tracker)
    return _state.finish(tracker, outlineChange: OutlineChange(), in: outline._core)
  }

  /// Flips a node's selected state, as a Command-click (Control-click on
  /// Windows and Linux) does; the node becomes the focus and the anchor.
  ///
  /// In `.single` mode, selecting the node deselects the other one; in
  /// `.none` mode, only the focus and anchor move.
  ///
  /// - Precondition: `id` names a node of `outline` that has a row.
  /// - Complexity: O(log n).
  @inlinable @discardableResult
  public mutating func toggle(_ id: Outline.NodeID, in outline: Outline) -> SelectionChange {
    _ = outline._rowOfSelectionTarget(id)
    var tracker = _RedrawTracker(focus: _state.focus)
    _state.toggle(id.key, &tracker)
    return _state.finish(tracker, outlineChange: OutlineChange(), in: outline._core)
  }

  /// Selects every row from the anchor to a node, as a Shift-click does; the
  /// focus moves to the node and the anchor stays.
  ///
  /// What was selected before the current range stays selected (a
  /// Command-click then a Shift-click adds a range), and the rows of the
  /// previous range from the same anchor are replaced, so a range can shrink
  /// as well as grow. With no anchor the range starts at the focus, or at
  /// the node itself. In `.single` mode it selects the node alone, in
  /// `.none` mode it moves the focus only.
  ///
  /// ```swift
  /// selection.select(a, in: outline)                 // click a
  /// selection.extendSelection(to: d, in: outline)    // Shift-click d: a ... d
  /// selection.extendSelection(to: b, in: outline)    // Shift-click b: a ... b
  /// ```
  ///
  /// - Precondition: `id` names a node of `outline` that has a row, and the
  ///   selection has been reconciled since the outline last changed.
  /// - Complexity: O(log n + r + m log n), where r counts the rows of the
  ///   new range and of the previous one it replaces, and m the nodes whose
  ///   state changes.
  @inlinable @discardableResult
  public mutating func extendSelection(to id: Outline.NodeID, in outline: Outline) -> SelectionChange {
    let row = outline._rowOfSelectionTarget(id)
    var tracker = _RedrawTracker(focus: _state.focus)
    _state.extend(to: id.key, row: row, in: outline._core, &tracker)
    return _state.finish(tracker, outlineChange: OutlineChange(), in: outline._core)
  }

  /// Moves the focus to a node without changing the selection or the anchor,
  /// as a right-click that opens a context menu, or Control + an arrow key,
  /// does.
  ///
  /// - Precondition: `id` names a node of `outline` that has a row.
  /// - Complexity: O(log n).
  @inlinable @discardableResult
  public mutating func moveFocus(to id: Outline.NodeID, in outline: Outline) -> SelectionChange {
    _ = outline._rowOfSelectionTarget(id)
    let tracker = _RedrawTracker(focus: _state.focus)
    _state.setFocus(id.key)
    return _state.finish(tracker, outlineChange: OutlineChange(), in: outline._core)
  }

  /// Selects every row, in `.multiple` mode (Command-A); hidden nodes keep
  /// their state, and the focus and anchor stay. Does nothing in the other
  /// modes.
  ///
  /// - Complexity: O(r) for r rows, plus O(m log n) for the m rows newly
  ///   selected.
  @inlinable @discardableResult
  public mutating func selectAll(in outline: Outline) -> SelectionChange {
    var tracker = _RedrawTracker(focus: _state.focus)
    _state.selectAll(in: outline._core, &tracker)
    return _state.finish(tracker, outlineChange: OutlineChange(), in: outline._core)
  }

  /// Deselects every node, shown or hidden; the focus and anchor stay.
  ///
  /// - Complexity: O(k log n) for k selected nodes.
  @inlinable @discardableResult
  public mutating func deselectAll(in outline: Outline) -> SelectionChange {
    var tracker = _RedrawTracker(focus: _state.focus)
    _state.deselectAll(&tracker)
    return _state.finish(tracker, outlineChange: OutlineChange(), in: outline._core)
  }
}
