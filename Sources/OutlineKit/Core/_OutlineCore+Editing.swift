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
    return insertionPoint(under: parent, atOffset: offset, depth: scope.depth)
  }

  /// Where a new child goes right before the child at `sibling` (after the
  /// last child when nil).
  @usableFromInline
  func insertionPoint(under parent: UInt32?, before sibling: UInt32?) -> (offset: Int, depth: Int, hidden: Int) {
    let scope = childScope(of: parent)
    let offset = sibling.map { index.offset(of: $0) } ?? scope.range.upperBound
    return insertionPoint(under: parent, atOffset: offset, depth: scope.depth)
  }

  /// A child's place at `offset` under `parent`: its depth and hidden count.
  @usableFromInline
  func insertionPoint(under parent: UInt32?, atOffset offset: Int, depth: Int) -> (offset: Int, depth: Int, hidden: Int) {
    _require(
      depth <= _PreorderIndex.maximumDepth,
      "Outline: a node cannot be deeper than \(_PreorderIndex.maximumDepth) levels")
    guard parent != nil else { return (offset, 0, 0) }
    return (offset, depth, childHidden(under: parent))
  }

  /// Inserts entries (slots allocated, hidden counts of collapsed ancestors,
  /// the filter's answers in their words) under `parent` at `offset`, and
  /// records the rows they show.
  @usableFromInline
  mutating func insert(_ seeds: [_PreorderIndex.EntrySeed], at offset: Int, under parent: UInt32?) {
    guard !seeds.isEmpty else { return }
    noteEdit()
    var seeds = seeds
    insertRun(&seeds, at: offset, under: parent)
  }

  /// Removes the subtree at `position`, calling `body` with each slot before
  /// it is released.
  @usableFromInline
  mutating func removeSubtree(at position: UInt32, _ body: (UInt32) -> Void) {
    noteEdit()
    // The parent matters only to a filter and to open batches (its
    // disclosure, the root rows): unwatched, a removal skips the search.
    let parent = isFiltered || !composers.isEmpty ? parentPosition(of: position) : nil
    removeSiblingRun(subtreeRange(of: position), under: parent.map { index.slot(at: $0) }, release: body)
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
    relocate(subtreeAt: position, range: range, under: parent, to: .childIndex(childIndex))
    return .moved
  }

  /// Where a relocated subtree goes among its new siblings, once it is out
  /// of its old place.
  @usableFromInline
  enum Destination {
    /// At this index among the new siblings.
    case childIndex(Int)
    /// Right before the sibling in this slot; after the last one for nil.
    case before(slot: UInt32?)
  }

  /// Takes the subtree at `position` (offsets `range`) out of its place and
  /// puts it under `parent` at `destination`, as a run of one
  /// (`detachRun`, `reattach`). `parent` must not be inside the subtree.
  @usableFromInline
  mutating func relocate(
    subtreeAt position: UInt32, range: Range<Int>, under parent: UInt32?, to destination: Destination
  ) {
    noteEdit()
    let slot = index.slot(at: position)
    // Splitting moves entries between leaves: find nodes again by slot.
    let parentSlot = parent.map { index.slot(at: $0) }
    let run = detachRun(range, tops: [slot], under: parentPosition(of: position).map { index.slot(at: $0) })
    let newParent = parentSlot.map { index.position(ofSlot: $0) }
    let place: (offset: Int, depth: Int, hidden: Int)
    switch destination {
    case .childIndex(let childIndex): place = insertionPoint(under: newParent, at: childIndex)
    case .before(let sibling): place = insertionPoint(under: newParent, before: sibling.map { index.position(ofSlot: $0) })
    }
    reattach(run, at: place.offset, under: newParent, depth: place.depth, hidden: place.hidden)
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
