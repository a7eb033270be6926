import OutlineKit

/// The scroll target after a tap.
extension ExpandableCellController {
  /// The content offset of the top of a visible node's row: the heights of
  /// every row (and, in `.header` style, every section header) above it.
  ///
  /// - Precondition: `id` names a visible node.
  /// - Complexity: O(r) for r rows above it, plus the delegate for each.
  public func contentOffset(of id: NodeID) -> Double {
    guard let row = outline.row(of: id) else {
      preconditionFailure("ExpandableCellController.contentOffset(of:): node \(id) is hidden")
    }
    var offset = 0.0
    for above in outline.rows[0 ..< row] {
      offset += _rowOrHeaderHeight(above)
    }
    return offset
  }

  private func _rowOrHeaderHeight(_ id: NodeID) -> Double {
    style == .header && outline.parent(of: id) == nil ? sectionHeaderHeight : height(of: id)
  }

  /// Where to scroll after a tap on `id`: the touched row; or, when a
  /// viewport is set and would cut off the last row the cell revealed
  /// (its last visible descendant, or itself when it grew in place), that
  /// row at the bottom; or the touched row at the top when the revealed
  /// rows are taller than the viewport, or when the row starts above it.
  internal func _scrollTarget(touching id: NodeID) -> ScrollTarget? {
    guard autoScrolls, let path = indexPath(of: id) else { return nil }
    guard let viewport else { return ScrollTarget(indexPath: path, position: .none) }
    let top = contentOffset(of: id)
    // The touched row and the rows it reveals: its visible descendants.
    var bottom = top + height(of: id)
    var last = id
    let depth = outline.depth(of: id)
    var row = outline.row(of: id)! + 1
    while row < outline.rowCount {
      let next = outline.id(atRow: row)
      guard outline.depth(of: next) > depth else { break }
      bottom += height(of: next)
      last = next
      row += 1
    }
    if top < viewport.top {
      return ScrollTarget(indexPath: path, position: .top)
    }
    if bottom > viewport.bottom {
      if bottom - top > viewport.height { return ScrollTarget(indexPath: path, position: .top) }
      return ScrollTarget(indexPath: indexPath(of: last)!, position: .bottom)
    }
    return ScrollTarget(indexPath: path, position: .none)
  }
}
