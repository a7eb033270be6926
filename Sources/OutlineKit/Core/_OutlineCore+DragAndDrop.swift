/// Drop targets from a pointer's place, and moves of several subtrees to
/// one gap as one change.
extension _OutlineCore {
  /// The parent and index of the entry at `position`, with one search for
  /// the parent: in the entry's own leaf when the parent is there (most
  /// nodes of a bushy tree), with no walk at all.
  @usableFromInline
  func parentAndIndex(of position: UInt32) -> (parent: UInt32?, index: Int) {
    let depth = index.depth(at: position)
    if depth > 0 {
      // Back through the leaf: the siblings before it, up to the parent.
      let first = _PreorderIndex.leaf(of: position) &<< _PreorderIndex.leafShift
      var siblings = 0
      var e = Int(position)
      while e > first {
        e &-= 1
        let d = Int(index.entryDepths[e] & _PreorderIndex.depthMask)
        if d < depth { return (UInt32(e), siblings) }
        if d == depth { siblings &+= 1 }
      }
    }
    let parent = parentPosition(of: position)
    let scopeStart = parent.map { index.offset(of: $0) + 1 } ?? 0
    return (parent, index.countEntries(atDepth: depth, in: scopeStart ..< index.offset(of: position)))
  }

  /// The number of children of the entry at `position` (of roots for nil):
  /// counted in its leaf when its subtree ends there.
  @usableFromInline
  func childCount(of position: UInt32?) -> Int {
    if let position {
      let depth = index.depth(at: position)
      let leaf = _PreorderIndex.leaf(of: position)
      let end = leaf &<< _PreorderIndex.leafShift &+ Int(index.treeNodes[leaf].count)
      var children = 0
      var e = Int(position) &+ 1
      while e < end {
        let d = Int(index.entryDepths[e] & _PreorderIndex.depthMask)
        if d <= depth { return children }
        if d == depth &+ 1 { children &+= 1 }
        e &+= 1
      }
    }
    let scope = childScope(of: position)
    return index.countEntries(atDepth: scope.depth, in: scope.range)
  }

  /// The gap a drop lands in, from the pointer's row (0 ... visibleCount),
  /// its place in the row (0 top ... 1 bottom) and its indentation level;
  /// the rules are `Outline.dropTarget(atRow:fraction:depth:allowsChildren:)`'s.
  ///
  /// One descent finds the row's node; the next row, the parent, the
  /// siblings and the children are looked for in its leaf first.
  @usableFromInline
  func dropTarget(
    atRow row: Int, fraction: Double, depth: Int?, allowsChildren: (UInt32) -> Bool
  ) -> (parent: UInt32?, index: Int) {
    let rows = index.visibleCount
    guard rows > 0 else { return (nil, childCount(of: nil)) }
    guard row < rows else { return dropTarget(after: rows - 1, depth: depth ?? 0) }
    let (node, lazies) = index.positionAndLazies(atRow: row)
    let takesChildren = allowsChildren(node)
    let place = fraction.isNaN ? 0 : Swift.min(Swift.max(fraction, 0), 1)
    if takesChildren && place >= 0.25 && place < 0.75 { return (node, childCount(of: node)) }
    if place < (takesChildren ? 0.25 : 0.5) { return parentAndIndex(of: node) }
    return dropTarget(after: row, at: node, lazies: lazies, depth: depth ?? index.depth(at: node))
  }

  /// The gap after visible row `row`: before its first child when the next
  /// row is one, else after the ancestor (or the node itself) at `depth`,
  /// clamped to the levels whose subtrees end at this row.
  @usableFromInline
  func dropTarget(after row: Int, depth: Int) -> (parent: UInt32?, index: Int) {
    let (node, lazies) = index.positionAndLazies(atRow: row)
    return dropTarget(after: row, at: node, lazies: lazies, depth: depth)
  }

  /// `dropTarget(after:depth:)` with the row's node at `node` and the lazy
  /// deltas above its leaf (`lazies`), from the descent that found it.
  @usableFromInline
  func dropTarget(after row: Int, at node: UInt32, lazies: Int, depth: Int) -> (parent: UInt32?, index: Int) {
    let nodeDepth = index.depth(at: node)
    var lowest = 0
    if row + 1 < index.visibleCount {
      // The next row: in the node's leaf when it is there.
      let leaf = _PreorderIndex.leaf(of: node)
      let slot = Int(node & _PreorderIndex.leafSlotMask)
      let after = slot &+ 1 < Int(index.treeNodes[leaf].count) ? index.visibleMask(ofLeaf: leaf, above: lazies, from: slot &+ 1) : 0
      let next =
        after != 0
        ? _PreorderIndex.position(leaf: leaf, index: after.trailingZeroBitCount)
        : index.keyAndPosition(atRow: row + 1).position
      let nextDepth = index.depth(at: next)
      if nextDepth > nodeDepth { return (node, parentAndIndex(of: next).index) }
      lowest = nextDepth
    }
    let ancestor = ancestor(of: node, atDepth: Swift.min(Swift.max(depth, lowest), nodeDepth))
    let place = parentAndIndex(of: ancestor)
    return (place.parent, place.index + 1)
  }

  /// The outermost of the subtrees at `positions` that contains the entry
  /// at `position`, if any; `tops` are `outermostSubtrees(_:)`.
  @usableFromInline
  func top(containing position: UInt32, in tops: [(position: UInt32, range: Range<Int>)]) -> UInt32? {
    let offset = index.offset(of: position)
    var low = 0
    var high = tops.count
    while low < high {
      let middle = (low + high) / 2
      if tops[middle].range.lowerBound <= offset { low = middle + 1 } else { high = middle }
    }
    return low > 0 && tops[low - 1].range.contains(offset) ? tops[low - 1].position : nil
  }

  /// Moves the subtrees at `positions` (the outermost ones; duplicates
  /// once) to become consecutive children of `parent`, in preorder, at the
  /// gap `gap` counted before the move, and records their rows in the open
  /// composers. Returns the position of the given subtree that holds
  /// `parent` (and changes nothing) when there is one.
  ///
  /// Subtrees that already sit at the gap, with no other child of `parent`
  /// between them and it, keep their place: only the others move, so their
  /// rows alone are removed and inserted. A parent whose disclosure turns
  /// (its first child in, its last out) is redrawn, as after every edit.
  @usableFromInline
  mutating func moveSubtrees(_ positions: some Sequence<UInt32>, under parent: UInt32?, at gap: Int) -> UInt32? {
    let tops = index.outermostSubtrees(positions)
    if let parent, let holder = top(containing: parent, in: tops) { return holder }
    let scope = childScope(of: parent)
    let childCount = index.countEntries(atDepth: scope.depth, in: scope.range)
    _require(gap >= 0 && gap <= childCount, "Outline: drop index \(gap) out of range 0...\(childCount)")
    guard !tops.isEmpty else { return nil }

    // The run of given children around the gap stays; the rest lands on
    // either side of it, in preorder.
    let topKeys = Set(tops.map { index.key(at: $0.position) })
    func child(_ k: Int) -> UInt32 { index.position(ofEntry: k, atDepth: scope.depth, in: scope.range)! }
    var firstKept = gap
    while firstKept > 0 && topKeys.contains(index.key(at: child(firstKept - 1))) { firstKept -= 1 }
    var afterKept = gap
    while afterKept < childCount && topKeys.contains(index.key(at: child(afterKept))) { afterKept += 1 }
    let anchor = afterKept < childCount ? child(afterKept) : nil
    let keptOffsets =
      firstKept < afterKept
      ? index.offset(of: child(firstKept)) ..< (anchor.map { index.offset(of: $0) } ?? scope.range.upperBound)
      : scope.range.upperBound ..< scope.range.upperBound
    let firstKeptSlot = firstKept < afterKept ? index.slot(at: child(firstKept)) : nil
    let anchorSlot = anchor.map { index.slot(at: $0) }

    // Slots survive the moves; positions do not.
    var moving: [(slot: UInt32, destination: Destination)] = []
    for top in tops where !keptOffsets.contains(top.range.lowerBound) {
      let beforeKept = firstKeptSlot != nil && top.range.lowerBound < keptOffsets.lowerBound
      moving.append((index.slot(at: top.position), .before(slot: beforeKept ? firstKeptSlot : anchorSlot)))
    }
    let parentSlot = parent.map { index.slot(at: $0) }
    for (slot, destination) in moving {
      let position = index.position(ofSlot: slot)
      relocate(
        subtreeAt: position, range: subtreeRange(of: position), under: parentSlot.map { index.position(ofSlot: $0) },
        to: destination)
    }
    return nil
  }
}
