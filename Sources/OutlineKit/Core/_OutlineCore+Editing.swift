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
    guard let top = seeds.first else { return }
    noteEdit()
    defer { if recorder != nil { logInserted(first: index.position(ofSlot: top.slot), count: 1, entries: seeds.count) } }
    var seeds = seeds
    if isFiltered { judge(&seeds, under: parent) }
    let firstRow = index.visibleCount(before: offset)
    index.insert(seeds, at: offset)
    if isFiltered && seeds[0].depthAndFlag & _PreorderIndex.excludedFlag == 0 {
      let position = index.position(ofSlot: top.slot)
      if let ancestor = includeAncestors(of: position) {
        recordInsertion(ofSubtreeAt: ancestor)
        return
      }
    }
    var shown = 0
    for seed in seeds where seed.hidden == 0 { shown += 1 }
    recordInsertion(firstRow ..< firstRow + shown, rootRows: top.depth == 0 ? [firstRow] : [])
  }

  /// Removes the subtree at `position`, calling `body` with each slot before
  /// it is released.
  @usableFromInline
  mutating func removeSubtree(at position: UInt32, _ body: (UInt32) -> Void) {
    noteEdit()
    let range = subtreeRange(of: position)
    if recorder != nil { logRemoving(range, first: position) }
    let leaving = leave(position)
    index.removeEntries(in: range, retaining: recorder != nil, body)
    for slot in leaving { exclude(slot: slot) }
  }

  /// Records the rows that go when the subtree at `position` leaves its
  /// place, and returns the slots of the ancestors that stop passing the
  /// filter without it (to exclude once it is gone).
  @usableFromInline
  mutating func leave(_ position: UInt32) -> [UInt32] {
    guard isFiltered && index.isIncluded(at: position) else {
      recordRemoval(ofSubtreeAt: position)
      return []
    }
    let ancestors = ancestorsExcluded(withoutSubtreeAt: position)
    recordRemoval(ofSubtreeAt: ancestors.last ?? position)
    return ancestors.map { index.slot(at: $0) }
  }

  @usableFromInline
  enum MoveOutcome { case moved, unchanged, intoOwnSubtree }

  /// Moves the subtree at `position` under `parent` at `childIndex` (its
  /// index among the new siblings after the move).
  @usableFromInline
  mutating func move(at position: UInt32, under parent: UInt32?, at childIndex: Int) -> MoveOutcome {
    noteEdit()
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
  /// puts it under `parent` at `destination`, recording its rows in the
  /// open composers. `parent` must not be inside the subtree.
  ///
  /// Returns how the move changed the number of shown children (those
  /// that pass the filter; all, without one) of nodes that may have a row
  /// before and after it: the old parent, the new one, and the parent of
  /// the topmost ancestor whose inclusion flipped. A nil slot is the top
  /// level.
  @usableFromInline @discardableResult
  mutating func relocate(
    subtreeAt position: UInt32, range: Range<Int>, under parent: UInt32?, to destination: Destination
  ) -> [(parent: UInt32?, delta: Int)] {
    noteEdit()
    let run = recorder != nil ? logCut(first: position, count: 1) : -1
    if composers.contains(where: \.tracksIdentity) {
      index.forEachEntry(in: range) { _, key, _, _ in
        for k in composers.indices { composers[k].recordMove(of: key) }
      }
    }
    var shownChildren: [(parent: UInt32?, delta: Int)] = []
    let oldParent = parentPosition(of: position)
    if index.isIncluded(at: position) { shownChildren.append((oldParent.map { index.slot(at: $0) }, -1)) }
    // Each ancestor that stops passing is a shown child less of its parent
    // (the next one up); the topmost's parent keeps its row.
    let leaving = leave(position)
    for (k, ancestor) in leaving.enumerated() {
      let parent = k + 1 < leaving.count
        ? leaving[k + 1] : parentPosition(of: index.position(ofSlot: ancestor)).map { index.slot(at: $0) }
      shownChildren.append((parent, -1))
    }
    let oldDepth = index.depth(at: position)
    let oldCollapsed = index.collapsedAncestors(at: position)
    let wasUnderHidden = oldParent.map(isUnderHidden) ?? false
    // Splitting moves entries between leaves: find nodes again by slot.
    let slot = index.slot(at: position)
    let parentSlot = parent.map { index.slot(at: $0) }
    let tree = index.extract(range)
    for ancestor in leaving { exclude(slot: ancestor) }
    let newParent = parentSlot.map { index.position(ofSlot: $0) }
    let isUnderHidden = newParent.map(isUnderHidden) ?? false
    let place: (offset: Int, depth: Int, hidden: Int)
    switch destination {
    case .childIndex(let childIndex): place = insertionPoint(under: newParent, at: childIndex)
    case .before(let sibling): place = insertionPoint(under: newParent, before: sibling.map { index.position(ofSlot: $0) })
    }
    index.shiftDepths(of: tree, by: place.depth - oldDepth)
    index.shiftHidden(of: tree, by: place.hidden - oldCollapsed)
    index.insertTree(tree, at: place.offset)
    var shownTop = index.position(ofSlot: slot)
    if recorder != nil { logPut(first: shownTop, count: 1, run: run) }
    if isFiltered && isUnderHidden != wasUnderHidden {
      rejudgeSubtree(at: shownTop, parentUnderHidden: isUnderHidden)
    }
    if index.isIncluded(at: shownTop) {
      shownChildren.append((parentSlot, 1))
      if isFiltered, let ancestor = includeAncestors(of: shownTop) {
        // Each ancestor that starts passing is a shown child more of its
        // parent: walk from the new parent up to the topmost of them.
        var passing = parentSlot.map { index.position(ofSlot: $0) }
        while let node = passing {
          let above = parentPosition(of: node)
          shownChildren.append((above.map { index.slot(at: $0) }, 1))
          passing = node == ancestor ? nil : above
        }
        shownTop = ancestor
      }
    }
    recordInsertion(ofSubtreeAt: shownTop)
    return shownChildren
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
