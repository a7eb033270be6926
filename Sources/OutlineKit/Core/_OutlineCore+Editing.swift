/// Index-side edits, with their rows recorded in open composers.
extension _OutlineCore {
  /// Where a new child goes: its preorder offset, depth and hidden count.
  @usableFromInline
  func insertionPoint(under parent: UInt32?, at childIndex: Int) -> (offset: Int, depth: Int, hidden: Int) {
    let scope = childScope(of: parent)
    let count = index.countEntries(atDepth: scope.depth, in: scope.range)
    _require(
      childIndex >= 0 && childIndex <= count,
      "Outline: \(parent == nil ? "root" : "child") index \(childIndex) out of range 0...\(count)")
    let offset =
      childIndex == count
      ? scope.range.upperBound
      : index.offset(of: index.position(ofEntry: childIndex, atDepth: scope.depth, in: scope.range)!)
    guard let parent else { return (offset, 0, 0) }
    let hidden = index.hidden(at: parent) + (index.isExpanded(at: parent) ? 0 : 1)
    return (offset, scope.depth, hidden)
  }

  /// Inserts entries (slots allocated, positions set by the build) at
  /// `offset` and records the rows they show.
  @usableFromInline
  mutating func insert(_ seeds: [_PreorderIndex.EntrySeed], at offset: Int) {
    let firstRow = index.visibleCount(before: offset)
    index.insert(seeds, at: offset)
    var shown = 0
    for seed in seeds where seed.hidden == 0 { shown += 1 }
    let isRoot = seeds.first.map { $0.depthAndFlag & _PreorderIndex.depthMask == 0 } ?? false
    recordInsertion(firstRow ..< firstRow + shown, rootRow: isRoot ? firstRow : nil)
  }

  /// Removes the subtree at `position`, calling `body` with each slot before
  /// it is released.
  @usableFromInline
  mutating func removeSubtree(at position: UInt32, _ body: (UInt32) -> Void) {
    let range = subtreeRange(of: position)
    if let row = index.row(of: position) {
      recordRemoval(row ..< row + visibleCount(in: range), rootRow: index.depth(at: position) == 0 ? row : nil)
    }
    index.removeEntries(in: range, body)
  }

  @usableFromInline
  enum MoveOutcome { case moved, unchanged, intoOwnSubtree }

  /// Moves the subtree at `position` under `parent` at `childIndex` (its
  /// index among the new siblings after the move).
  @usableFromInline
  mutating func move(at position: UInt32, under parent: UInt32?, at childIndex: Int) -> MoveOutcome {
    let range = subtreeRange(of: position)
    if let parent, range.contains(index.offset(of: parent)) { return .intoOwnSubtree }
    if parentPosition(of: position) == parent && indexInParent(of: position) == childIndex { return .unchanged }
    if composers.contains(where: \.tracksIdentity) {
      index.forEachEntry(in: range) { _, key, _, _ in
        for k in composers.indices { composers[k].recordMove(of: key) }
      }
    }
    if let row = index.row(of: position) {
      recordRemoval(row ..< row + visibleCount(in: range), rootRow: index.depth(at: position) == 0 ? row : nil)
    }
    let oldDepth = index.depth(at: position)
    let oldHidden = index.hidden(at: position)
    // Splitting moves entries between leaves: find the parent again by slot.
    let parentSlot = parent.map { index.slot(at: $0) }
    let tree = index.extract(range)
    let place = insertionPoint(under: parentSlot.map { index.position(ofSlot: $0) }, at: childIndex)
    index.shiftDepths(of: tree, by: place.depth - oldDepth)
    index.shiftHidden(of: tree, by: place.hidden - oldHidden)
    index.insertTree(tree, at: place.offset)
    if place.hidden == 0 {
      let row = index.visibleCount(before: place.offset)
      recordInsertion(
        row ..< row + visibleCount(in: place.offset ..< place.offset + range.count),
        rootRow: place.depth == 0 ? row : nil)
    }
    return .moved
  }

  /// Records that the value of the node in `slot` was set.
  @usableFromInline
  mutating func recordValueChange(ofSlot slot: UInt32) {
    guard !composers.isEmpty else { return }
    let key = index.key(ofSlot: slot)
    for k in composers.indices { composers[k].recordValueChange(of: key) }
  }

  @usableFromInline
  mutating func beginBatch() {
    composers.append(_ChangeComposer(tracksIdentity: true))
  }

  @usableFromInline
  mutating func endBatch() -> OutlineChange {
    var composer = composers.removeLast()
    return finish(&composer)
  }

  @usableFromInline
  mutating func abandonBatch() {
    composers.removeLast()
  }
}
