/// What a drag carries.
extension Outline.Selection {
  /// The nodes a drag that starts on a row carries, as editors decide it:
  /// the selected nodes that have a row when the pressed node is one of
  /// them, else the pressed node alone. In row order.
  ///
  /// Pressing an unselected row and dragging moves that row only and
  /// leaves the selection as it is, as file managers and editors' trees do.
  ///
  /// ```swift
  /// let dragged = selection.nodesToDrag(pressing: outline.id(atRow: pressedRow), in: outline)
  /// // ... on drop:
  /// let change = try outline.move(dragged, to: target)
  /// selection.reconcile(with: outline, after: change)   // still selected
  /// ```
  ///
  /// - Precondition: `pressed` names a node of `outline` that has a row.
  /// - Complexity: O(k log n) for k selected nodes.
  @inlinable
  public func nodesToDrag(pressing pressed: Outline.NodeID, in outline: Outline) -> [Outline.NodeID] {
    _ = outline._rowOfSelectionTarget(pressed)
    guard isSelected(pressed) else { return [pressed] }
    var shown: [(row: Int, id: Outline.NodeID)] = []
    for key in _state.selected {
      guard let position = outline._core.position(ofKey: key), let row = outline._core.index.row(of: position) else {
        continue
      }
      shown.append((row, outline._id(at: position)))
    }
    return shown.sorted { $0.row < $1.row }.map(\.id)
  }
}
