/// Where a hidden node's place is among the rows: its nearest visible
/// ancestor, found without walking up the parent chain.
extension _OutlineCore {
  /// Position of the deepest strict ancestor of the entry at `position` that
  /// has a row, or nil when none has.
  ///
  /// Visible ancestors form a prefix of the ancestor chain (a node with a row
  /// has ancestors with rows), and everything between a node and an ancestor
  /// lies in that ancestor's subtree. So the last row before a hidden node is
  /// its nearest visible ancestor whenever that ancestor hides it by being
  /// collapsed, which is always the case without a filter: one O(log n)
  /// lookup. When a filter hides the path instead, the last row before it
  /// belongs to an unrelated branch, and a binary search over ancestor depths
  /// finds the answer in O(log d · log n).
  @usableFromInline
  func nearestVisibleAncestor(of position: UInt32) -> UInt32? {
    // A node with a row has a parent with a row.
    if index.row(of: position) != nil { return parentPosition(of: position) }
    let offset = index.offset(of: position)
    let rowsBefore = index.visibleCount(before: offset)
    // Ancestors come before the node: with no row before it, none has one.
    guard rowsBefore > 0 else { return nil }
    let candidate = index.position(atRow: rowsBefore - 1)
    if subtreeRange(of: candidate).contains(offset) { return candidate }
    return nearestVisibleAncestorByDepthSearch(of: position)
  }

  /// The same answer by a binary search over the depths of the ancestors,
  /// each found in O(log n): O(log d · log n) for a node at depth d.
  @usableFromInline
  func nearestVisibleAncestorByDepthSearch(of position: UInt32) -> UInt32? {
    let depth = index.depth(at: position)
    // Invariant: the ancestor at depth `lo - 1` has a row (or lo == 0), the
    // one at depth `hi` has none (or hi == depth, the node itself).
    var lo = 0
    var hi = depth
    var found: UInt32?
    while lo < hi {
      let mid = (lo + hi) / 2
      let ancestor = ancestor(of: position, atDepth: mid)
      if index.row(of: ancestor) != nil {
        found = ancestor
        lo = mid + 1
      } else {
        hi = mid
      }
    }
    return found
  }

  /// Position of the ancestor at `depth` of the entry at `position`, the
  /// entry itself when `depth` is its own: the last earlier entry no deeper
  /// than `depth`, found in one walk however far up it is.
  @usableFromInline
  func ancestor(of position: UInt32, atDepth depth: Int) -> UInt32 {
    guard depth < index.depth(at: position) else { return position }
    guard let found = index.lastPosition(before: position, depthBelow: depth &+ 1) else {
      _failRequirement("Outline index: a node has no ancestor at depth \(depth)")
    }
    return found
  }

  /// The row a hidden node would have: the number of rows before it.
  @usableFromInline
  func rowsBefore(_ position: UInt32) -> Int {
    index.visibleCount(before: index.offset(of: position))
  }
}
