import OutlineKit

/// Offsets and the scroll target after a tap, from the outline's geometry:
/// the controller keeps every cell's height there (and, in `.header`
/// style, every section header's), so each is O(log n) however many rows
/// are above.
extension ExpandableCellController {
  /// The content offset of the top of a visible node's row: the heights of
  /// every row (and, in `.header` style, every section header) above it.
  ///
  /// - Precondition: `id` names a visible node.
  /// - Complexity: O(log n).
  public func contentOffset(of id: NodeID) -> Double {
    guard let row = outline.row(of: id) else {
      preconditionFailure("ExpandableCellController.contentOffset(of:): node \(id) is hidden")
    }
    return outline.offset(ofRow: row)
  }

  /// The height of the table's content: every section header and visible
  /// cell, for the table's content size.
  ///
  /// - Complexity: O(1).
  public var contentHeight: Double { outline.contentHeight }

  /// Where to scroll after a tap on `id`: the touched row; or, when a
  /// viewport is set and would cut off the last row the cell revealed
  /// (its last visible descendant, or itself when it grew in place), that
  /// row at the bottom; or the touched row at the top when the revealed
  /// rows are taller than the viewport, or when the row starts above it.
  internal func _scrollTarget(touching id: NodeID) -> ScrollTarget? {
    guard autoScrolls, let path = indexPath(of: id) else { return nil }
    guard let viewport else { return ScrollTarget(indexPath: path, position: .none) }
    // The touched row and the rows it reveals: its visible descendants.
    let rows = outline.rowRange(ofSubtree: id)!
    let top = outline.offset(ofRow: rows.lowerBound)
    let bottom = outline.offset(ofRow: rows.upperBound)
    if top < viewport.top {
      return ScrollTarget(indexPath: path, position: .top)
    }
    if bottom > viewport.bottom {
      if bottom - top > viewport.height { return ScrollTarget(indexPath: path, position: .top) }
      return ScrollTarget(indexPath: indexPath(of: outline.id(atRow: rows.upperBound - 1))!, position: .bottom)
    }
    return ScrollTarget(indexPath: path, position: .none)
  }
}
