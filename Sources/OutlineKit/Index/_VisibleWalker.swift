/// Walks the visible entries of a run of rows, in order, without a descent
/// per row: it finds the first one by a descent from the root, then moves
/// along a leaf and from leaf to leaf, skipping subtrees with no visible
/// entry. It reads an index or a `_RowTree`, and its functions are
/// inlinable so each is specialized for the one it reads.
@usableFromInline
internal struct _VisibleWalker: Sendable {
  /// Current leaf (-1 when done).
  @usableFromInline var leaf: Int
  /// The current leaf's visible entries not produced yet, one bit per entry
  /// index: a row is a trailing-zero count, so visibility patterns that vary
  /// from entry to entry cost no mispredicted branch.
  @usableFromInline var pending: UInt64
  /// Sum of the lazy deltas of the leaf's strict ancestors.
  @usableFromInline var above: Int
  /// Rows still to produce.
  @usableFromInline var remaining: Int
  /// The leaf's index among its parent's children, or -1 until the walk
  /// first moves to another leaf: a sparse run of rows moves from leaf to
  /// leaf often, and finding the index again scanned the parent's links.
  @usableFromInline var indexInParent = -1

  @inlinable
  init<Tree: _RowTreeStorage>(index: Tree, rows: Range<Int>) {
    remaining = rows.count
    guard !rows.isEmpty else {
      leaf = -1
      pending = 0
      above = 0
      return
    }
    let (position, lazies) = index.positionAndLazies(atRow: rows.lowerBound)
    leaf = _PreorderIndex.leaf(of: position)
    above = lazies
    pending = index.visibleMask(ofLeaf: leaf, above: above, from: Int(position & _PreorderIndex.leafSlotMask))
  }

  /// The next visible entry's position: a bit scan, inlined into the
  /// caller; moving to the next leaf is the rare slow path.
  @inlinable
  mutating func next<Tree: _RowTreeStorage>(in index: Tree) -> UInt32? {
    guard remaining > 0 else { return nil }
    if pending == 0 { moveToNextLeaf(in: index) }
    let bit = pending.trailingZeroBitCount
    pending &= pending &- 1
    remaining &-= 1
    return UInt32(truncatingIfNeeded: leaf &<< _PreorderIndex.leafShift &+ bit)
  }

  /// Moves to the next leaf that has a visible entry: the slow path, kept
  /// out of line.
  @inlinable @inline(never)
  mutating func moveToNextLeaf<Tree: _RowTreeStorage>(in index: Tree) {
    var t = leaf
    var k = indexInParent
    while true {
      let parent = Int(index.treeNodes[t].parent)
      _require(parent >= 0, "Outline index: ran past the last visible row")
      let count = Int(index.treeNodes[parent].count)
      k = (k >= 0 ? k : index.indexInParent(t)) &+ 1
      while k < count {
        if index.childVisibleCount(parent, k, above: above) > 0 {
          descend(into: index.child(k, of: parent), indexInParent: k, in: index)
          return
        }
        k &+= 1
      }
      above &-= Int(index.treeNodes[parent].lazy)
      t = parent
      k = -1
    }
  }

  /// Descends from `t` (child `k` of its parent), whose strict ancestors'
  /// deltas sum to `above`, to its first leaf with a visible entry.
  @inlinable
  mutating func descend<Tree: _RowTreeStorage>(into t: Int, indexInParent k: Int, in index: Tree) {
    var node = t
    indexInParent = k
    while index.treeNodes[node].height > 0 {
      above &+= Int(index.treeNodes[node].lazy)
      var first = 0
      while index.childVisibleCount(node, first, above: above) == 0 { first &+= 1 }
      node = index.child(first, of: node)
      indexInParent = first
    }
    leaf = node
    pending = index.visibleMask(ofLeaf: node, above: above)
    _require(pending != 0, "Outline index: a leaf counted as visible has no visible entry (corrupt summaries)")
  }
}

extension _PreorderIndex {
  /// The keys of the nodes on a run of visible rows, in order.
  @usableFromInline
  func keys(ofRows rows: Range<Int>) -> [UInt64] {
    var keys: [UInt64] = []
    keys.reserveCapacity(rows.count)
    var walker = _VisibleWalker(index: self, rows: rows)
    while let position = walker.next(in: self) { keys.append(entryKeys[Int(position)]) }
    return keys
  }
}
