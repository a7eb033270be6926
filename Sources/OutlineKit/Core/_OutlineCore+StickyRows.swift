/// Sticky ancestor rows: which ancestors of the top row stay pinned at a
/// viewport's top, and where each is drawn.
extension _OutlineCore {
  /// The height of the row at `position`.
  @usableFromInline
  func rowHeight(at position: UInt32) -> Double {
    index.height(at: position) ?? index.estimatedHeight
  }

  /// The sticky rows for a viewport whose top is at offset `y`, by the
  /// rules of `Outline.stickyRows(atOffset:limit:maxHeight:)`: position,
  /// row and where to draw each, from the top down.
  @usableFromInline
  func stickyRows(atOffset y: Double, limit: Int, maxHeight: Double) -> [(position: UInt32, row: Int, top: Double)] {
    var result: [(position: UInt32, row: Int, top: Double)] = []
    guard index.visibleCount > 0, !y.isNaN else { return result }
    var top = 0.0
    while result.count < limit {
      let row = index.row(atOffset: y + top)
      let node = index.keyAndPosition(atRow: row).position
      let depth = result.count
      let nodeDepth = index.depth(at: node)
      guard depth <= nodeDepth else { break }
      let candidate = ancestor(of: node, atDepth: depth)
      guard let rows = index.visibleRows(ofSubtreeAt: candidate) else { break }
      // A node on the top row sticks only while its visible children
      // scroll under it.
      if candidate == node && rows.count == 1 { break }
      // Fully in view at its slot: it is drawn where it is.
      guard index.offset(ofRow: rows.lowerBound) < y + top else { break }
      let height = rowHeight(at: candidate)
      let drawnAt = Swift.min(top, index.offset(ofRow: rows.upperBound) - y - height)
      guard drawnAt + height <= maxHeight else { break }
      result.append((candidate, rows.lowerBound, drawnAt))
      if drawnAt < top { break }
      top = drawnAt + height
    }
    return result
  }

  /// The height the sticky rows of a view take when `row` is its first
  /// row below them: the ancestors of its node from the top level down,
  /// while they fit `limit` and `maxHeight`.
  @usableFromInline
  func stickyHeight(above row: Int, limit: Int, maxHeight: Double) -> Double {
    let node = index.keyAndPosition(atRow: row).position
    var height = 0.0
    for depth in 0 ..< Swift.min(limit, index.depth(at: node)) {
      let ancestorHeight = rowHeight(at: ancestor(of: node, atDepth: depth))
      guard height + ancestorHeight <= maxHeight else { break }
      height += ancestorHeight
    }
    return height
  }
}
