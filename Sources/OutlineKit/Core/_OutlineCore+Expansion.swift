/// Expansion, with the change of each step recorded in open composers.
extension _OutlineCore {
  @usableFromInline
  mutating func expand(at position: UInt32, recursively: Bool) -> OutlineChange {
    if recursively {
      return rewriteFlags(in: subtreeRange(of: position), baseCollapsed: index.collapsedAncestors(at: position)) { _, _ in true }
    }
    guard !index.isExpanded(at: position) else { return OutlineChange() }
    if policy == .independent { return setFlag(true, at: position) }
    return composing { core in core.expandUnderPolicy(position) }
  }

  @usableFromInline
  mutating func collapse(at position: UInt32, recursively: Bool) -> OutlineChange {
    if recursively {
      return rewriteFlags(in: subtreeRange(of: position), baseCollapsed: index.collapsedAncestors(at: position)) { _, _ in false }
    }
    guard index.isExpanded(at: position) else { return OutlineChange() }
    return setFlag(false, at: position)
  }

  @usableFromInline
  mutating func toggle(at position: UInt32) -> OutlineChange {
    index.isExpanded(at: position)
      ? collapse(at: position, recursively: false) : expand(at: position, recursively: false)
  }

  @usableFromInline
  mutating func setAllFlags(expanded: Bool) -> OutlineChange {
    rewriteFlags(in: 0 ..< index.count, baseCollapsed: 0) { _, _ in expanded }
  }

  /// Sets every node's flag to `isExpanded(slot)`; O(n).
  @usableFromInline
  mutating func setAllFlags(_ isExpanded: (_ slot: UInt32) -> Bool) -> OutlineChange {
    rewriteFlags(in: 0 ..< index.count, baseCollapsed: 0) { slot, _ in isExpanded(slot) }
  }

  @usableFromInline
  mutating func reveal(at target: UInt32) -> OutlineChange {
    var position = target
    var collapsedAncestors: [UInt32] = []
    while let parent = parentPosition(of: position) {
      if !index.isExpanded(at: parent) { collapsedAncestors.append(parent) }
      position = parent
    }
    guard !collapsedAncestors.isEmpty else { return OutlineChange() }
    if collapsedAncestors.count == 1 && policy == .independent {
      return setFlag(true, at: collapsedAncestors[0])
    }
    return composing { core in
      for ancestor in collapsedAncestors.reversed() {
        if core.policy == .independent {
          core.setFlag(true, at: ancestor)
        } else {
          core.expandUnderPolicy(ancestor)
        }
      }
    }
  }

  // MARK: Steps

  /// Runs `body` and returns the composition of every step it takes.
  @usableFromInline
  mutating func composing(_ body: (inout _OutlineCore) -> Void) -> OutlineChange {
    composers.append(_ChangeComposer(tracksIdentity: false))
    body(&self)
    var composer = composers.removeLast()
    return finish(&composer)
  }

  /// The composed change of a finished composer, read against the outline as
  /// it is now.
  @usableFromInline
  func finish(_ composer: inout _ChangeComposer) -> OutlineChange {
    composer.finish(
      currentRow: { key in position(ofKey: key).flatMap { index.row(of: $0) } },
      isExpanded: { key in position(ofKey: key).map { index.isExpanded(at: $0) } ?? false },
      showsDisclosure: { key in position(ofKey: key).map { showsDisclosure(at: $0) } ?? false },
      checkState: { key in position(ofKey: key).map { checkState(at: $0) } ?? .unchecked },
      keysOfRows: { start, body in
        var walker = _VisibleWalker(index: index, rows: start ..< index.visibleCount)
        while let position = walker.next(in: index), body(index.key(at: position)) {}
      })
  }

  /// Collapses the nodes the policy names, then expands the node at
  /// `position`.
  @usableFromInline
  mutating func expandUnderPolicy(_ position: UInt32) {
    let depth = index.depth(at: position)
    let scope: Range<Int>
    switch policy {
    case .independent:
      scope = 0 ..< 0
    case .exclusiveSiblings:
      scope = childScope(of: parentPosition(of: position)).range
    case .exclusiveLevel:
      scope = 0 ..< index.count
    }
    let own = index.offset(of: position)
    for offset in index.expandedOffsets(in: scope, atDepth: depth) where offset != own {
      setFlag(false, at: index.position(atOffset: offset))
    }
    setFlag(true, at: position)
  }

  /// Sets the flag of the node at `position` (which must differ from it)
  /// and returns the step's change, recording it in open composers.
  @usableFromInline @discardableResult
  mutating func setFlag(_ expanded: Bool, at position: UInt32) -> OutlineChange {
    let levels = index.root < 0 ? 0 : Int(index.treeNodes[Int(index.root)].height)
    return withUnsafeTemporaryAllocation(of: Int32.self, capacity: Swift.max(levels, 1)) { path in
      setFlag(expanded, at: position, path: path)
    }
  }

  /// `setFlag(_:at:)` with room for the path of one walk up.
  @inline(__always)
  mutating func setFlag(_ expanded: Bool, at position: UInt32, path: UnsafeMutableBufferPointer<Int32>) -> OutlineChange {
    let span = index.span(of: position, path: path)
    let (offset, row, end) = (span.offset, span.row, span.end)
    if !composers.isEmpty {
      if let row, !expanded {
        // Open composers read the rows that go before they go. (The node is
        // visible on `row`, so row + 1 entries before its children are.)
        let hiding = index.visibleCount(before: end) - row - 1
        if hiding > 0 { recordRemoval(row + 1 ..< row + 1 + hiding) }
      }
      let key = index.key(at: position)
      for k in composers.indices { composers[k].recordFlag(of: key, was: !expanded) }
    }
    index.setExpandedFlag(expanded, at: position)
    // The descendants' rows that go or come, counted on the way; bottom-up
    // along the walk's path when the subtree ends in the node's leaf or
    // runs to the end of the outline.
    let delta = expanded ? -1 : 1
    let descendants = end &- offset &- 1
    let (before, after) =
      descendants <= index.entriesAfter(position)
      ? index.addHidden(delta, toEntriesAfter: position, count: descendants, path: path, lazies: span.lazies)
      : end == index.count
        ? index.addHiddenToEnd(delta, after: position, offset: offset, path: path, lazies: span.lazies)
        : index.addHidden(delta, in: offset + 1 ..< end)
    guard let row else { return OutlineChange() }
    recordInsertion(row + 1 ..< row + 1 + after)
    return OutlineChange(reloading: row, removing: row + 1 ..< row + 1 + before, inserting: row + 1 ..< row + 1 + after)
  }

  /// Sets the flag of every node in `range` (a subtree, or the whole
  /// outline) to `rule(slot, oldFlag)`, and recounts hidden counts on the
  /// way: `baseCollapsed` is the number of collapsed strict ancestors of
  /// the range's top nodes.
  @usableFromInline
  mutating func rewriteFlags(
    in range: Range<Int>, baseCollapsed: Int, rule: (_ slot: UInt32, _ wasExpanded: Bool) -> Bool
  ) -> OutlineChange {
    var diff = _RowDiff(firstRow: index.visibleCount(before: range.lowerBound), collectsKeys: !composers.isEmpty)
    // collapsedForChildren[k]: collapsed ancestors of the children of the
    // open node k levels below the range's top depth.
    var collapsedForChildren: [Int] = []
    var topDepth = -1
    index.rewriteEntries(in: range) { _, key, hidden, raw in
      let slot = UInt32(truncatingIfNeeded: key)
      let depth = Int(raw & _PreorderIndex.depthMask)
      if topDepth < 0 { topDepth = depth }
      let level = depth - topDepth
      if collapsedForChildren.count > level { collapsedForChildren.removeLast(collapsedForChildren.count - level) }
      let collapsed = level == 0 ? baseCollapsed : collapsedForChildren[level - 1]
      let newHidden = collapsed + (raw & _PreorderIndex.excludedFlag != 0 ? 1 : 0)
      let wasExpanded = raw & _PreorderIndex.expandedFlag != 0
      let expanded = rule(slot, wasExpanded)
      collapsedForChildren.append(collapsed + (expanded ? 0 : 1))
      diff.add(
        key: key,
        wasVisible: hidden == 0, isVisible: newHidden == 0,
        wasExpanded: wasExpanded, isExpanded: expanded, isRoot: depth == 0)
      hidden = Int32(newHidden)
      if expanded != wasExpanded {
        // Touched: a revealing filter's removal leaves it alone.
        raw = (raw & ~(_PreorderIndex.expandedFlag | _PreorderIndex.revealedFlag)) | (expanded ? _PreorderIndex.expandedFlag : 0)
      }
    }
    record(diff)
    return diff.change
  }

  /// Records a rewrite's change in open composers: its removals (by old
  /// row, last first, with the keys of their nodes), its flips (flags and
  /// disclosures), then its insertions.
  @usableFromInline
  mutating func record(_ diff: _RowDiff) {
    guard !composers.isEmpty else { return }
    var keyEnd = diff.removedKeys.endIndex
    var rootEnd = diff.removedRootRows.endIndex
    for range in diff.removed.reversed() {
      let keys = diff.removedKeys[keyEnd - range.count ..< keyEnd]
      keyEnd -= range.count
      var rootStart = rootEnd
      while rootStart > 0 && diff.removedRootRows[rootStart - 1] >= range.lowerBound { rootStart -= 1 }
      let rootRows = Array(diff.removedRootRows[rootStart ..< rootEnd])
      rootEnd = rootStart
      for k in composers.indices {
        composers[k].recordRemoval(
          range,
          keysOfRows: { rows in
            Array(keys[keys.startIndex + rows.lowerBound - range.lowerBound ..< keys.startIndex + rows.upperBound - range.lowerBound])
          }, rootRows: rootRows)
      }
    }
    for (key, was) in diff.flippedFlags {
      for k in composers.indices { composers[k].recordFlag(of: key, was: was) }
    }
    record(disclosuresOf: diff)
    var rootStart = 0
    for range in diff.inserted {
      var rootEnd = rootStart
      while rootEnd < diff.insertedRootRows.count && diff.insertedRootRows[rootEnd] < range.upperBound { rootEnd += 1 }
      recordInsertion(range, rootRows: Array(diff.insertedRootRows[rootStart ..< rootEnd]))
      rootStart = rootEnd
    }
  }

  /// Tells open composers that the current rows `range` are about to go;
  /// `rootRows` are the rows of the roots among them.
  @usableFromInline
  mutating func recordRemoval(_ range: Range<Int>, rootRows: [Int] = [], moving: Bool = false) {
    guard !composers.isEmpty, !range.isEmpty else { return }
    for k in composers.indices {
      composers[k].recordRemoval(range, keysOfRows: { index.keys(ofRows: $0) }, rootRows: rootRows, nodesMove: moving)
    }
  }

  /// Tells open composers that the rows `range` just appeared; `rootRows`
  /// are the rows of the roots among them.
  @usableFromInline
  mutating func recordInsertion(_ range: Range<Int>, rootRows: [Int] = []) {
    guard !range.isEmpty else { return }
    for k in composers.indices { composers[k].recordInsertion(range, rootRows: rootRows) }
  }
}
