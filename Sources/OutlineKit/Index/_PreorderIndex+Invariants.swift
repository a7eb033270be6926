/// A full consistency check of the index, run after every public mutation in
/// builds with `OUTLINE_INTERNAL_CHECKS`. O(n).
extension _PreorderIndex {
  @usableFromInline
  func checkInvariants() {
    // `holds(_:at:)` reads the tree node of any position below the arena's
    // size without checking it.
    precondition(
      entryKeys.count == treeNodes.count << _PreorderIndex.leafShift
        && entryDepths.count == entryKeys.count && entryHidden.count == entryKeys.count,
      "the entry arrays are not one slot group per tree node")
    if tracksHeights {
      precondition(entryHeights.count == entryKeys.count, "the heights arena differs from the entries'")
    } else {
      precondition(entryHeights.isEmpty, "heights kept while not tracked")
    }
    var reachable = [Bool](repeating: false, count: treeNodes.count)
    var seenSlots = [Bool](repeating: false, count: nodeTable.count)
    var entryCount = 0
    if root >= 0 {
      precondition(treeNodes[Int(root)].parent == -1, "root has a parent")
      let r = Int(root)
      if treeNodes[r].height == 0 {
        precondition(treeNodes[r].count >= 1, "root leaf is empty")
      } else {
        precondition(treeNodes[r].count >= 2, "root inner node has fewer than 2 children")
      }
      checkTreeNode(r, isRoot: true, reachable: &reachable, seenSlots: &seenSlots, entryCount: &entryCount)
    }
    for t in freeTreeNodes {
      precondition(!reachable[Int(t)], "freed tree node \(t) is still in the tree")
    }
    precondition(
      reachable.filter { $0 }.count + freeTreeNodes.count == treeNodes.count,
      "a tree node is neither reachable nor free")
    for slot in 0 ..< nodeTable.count {
      let live = nodeTable[slot] != _PreorderIndex.freePosition
      precondition(live == seenSlots[slot], "slot \(slot): live=\(live) but in index=\(seenSlots[slot])")
    }
    var freeSeen = [Bool](repeating: false, count: nodeTable.count)
    for free in freeSlots {
      let slot = Int(UInt32(truncatingIfNeeded: free))
      precondition(slot < nodeTable.count && nodeTable[slot] == _PreorderIndex.freePosition, "free slot \(slot) is live")
      precondition(!freeSeen[slot], "free slot \(slot) listed twice")
      precondition((free >> 32) & 1 == 0, "free slot \(slot) keeps an odd generation")
      freeSeen[slot] = true
    }
    var retained = 0
    retainedSlots.forEach { key in
      let slot = Int(UInt32(truncatingIfNeeded: key))
      precondition((key >> 32) & 1 == 1, "retained slot \(slot) keeps key \(key)")
      precondition(slot < nodeTable.count && nodeTable[slot] == _PreorderIndex.freePosition, "retained slot \(slot) is live")
      precondition(!freeSeen[slot], "retained slot \(slot) is also free")
      retained += 1
    }
    precondition(retained == retainedSlots.count, "retained slots miscounted")
    precondition(
      freeSlots.count + retainedSlots.count + entryCount == nodeTable.count,
      "free and retained slots do not match dead slots")
    checkPreorderShape()
    checkMarks()
    checkFilterBits()
  }

  func checkTreeNode(
    _ t: Int, isRoot: Bool, reachable: inout [Bool], seenSlots: inout [Bool], entryCount: inout Int
  ) {
    precondition(!reachable[t], "tree node \(t) reached twice")
    reachable[t] = true
    let n = Int(treeNodes[t].count)
    if treeNodes[t].height == 0 {
      precondition(n <= _PreorderIndex.leafCapacity, "leaf \(t) over capacity")
      if !isRoot {
        precondition(n >= _PreorderIndex.leafCapacity / 2, "leaf \(t) under half full (\(n))")
      }
      var expected = _Summary()
      for e in entries(of: t) {
        let slot = Int(UInt32(truncatingIfNeeded: entryKeys[e]))
        precondition(slot < nodeTable.count, "entry names slot \(slot) past the node table")
        precondition(!seenSlots[slot], "slot \(slot) appears twice")
        seenSlots[slot] = true
        precondition(nodeTable[slot] == UInt32(e), "slot \(slot) position is stale")
        precondition((entryKeys[e] >> 32) & 1 == 1, "slot \(slot): a live entry with an even generation")
        expected.include(
          hidden: Int(entryHidden[e]) + Int(treeNodes[t].lazy), word: entryDepths[e],
          height: tracksHeights ? entryHeights[e] : _PreorderIndex.unmeasured)
      }
      entryCount += n
      if tracksHeights && n > 0 {
        // The sum in the order the engine adds a leaf's heights (side by
        // side), which rounding can tell apart from the running sum above.
        let minimum = Int32(truncatingIfNeeded: expected.minHidden - Int(treeNodes[t].lazy))
        expected.heightAtMinHidden = heightsAtHidden(minimum, in: entries(of: t)).0
      }
      precondition(treeNodes[t].summary.covers(expected), "leaf \(t) summary is stale")
      return
    }
    precondition(n <= _PreorderIndex.innerCapacity, "inner node \(t) over capacity")
    if !isRoot {
      precondition(n >= _PreorderIndex.innerCapacity / 2, "inner node \(t) under half full")
    }
    precondition(
      _PreorderIndex.leafCapacity >= 2 * _PreorderIndex.innerCapacity,
      "inner nodes keep child copies and links in their entry slots")
    var expected = _Summary()
    for (index, k) in children(of: t).enumerated() {
      let c = link(k)
      let copy = _PreorderIndex.childCopy(t, index)
      let hiddenCopy = _PreorderIndex.hiddenCopy(t, index)
      let s = treeNodes[c].summary
      precondition(
        childCount(t, index) == s.count && Int(entryKeys[copy] >> 32) == s.atMinHidden
          && Int(entryHidden[hiddenCopy]) == s.minHidden && childMinDepth(t, index) == s.minDepth,
        "inner node \(t): the copy of child \(index)'s summary is stale")
      if tracksHeights {
        precondition(
          entryHeights[copy] == s.heightAtMinHidden
            && Int(entryDepths[_PreorderIndex.measuredCopy(t, index)]) == s.measuredAtMinHidden,
          "inner node \(t): the copy of child \(index)'s heights is stale")
      }
      precondition(treeNodes[c].parent == Int32(t), "child \(c) does not point back to \(t)")
      precondition(treeNodes[c].height == treeNodes[t].height - 1, "child \(c) has the wrong height")
      checkTreeNode(c, isRoot: false, reachable: &reachable, seenSlots: &seenSlots, entryCount: &entryCount)
      expected.include(treeNodes[c].summary)
    }
    if expected.count > 0 { expected.minHidden += Int(treeNodes[t].lazy) }
    precondition(treeNodes[t].summary.covers(expected), "inner node \(t) summary is stale")
  }

  /// Depths form a preorder and hidden counts equal a recount of collapsed
  /// strict ancestors, plus 1 for an excluded node.
  func checkPreorderShape() {
    // collapsedAbove[d]: collapsed ancestors strictly above the open node at depth d.
    var openCollapsed: [Int] = []  // per depth: collapsed count up to and including that node
    var previousDepth = -1
    forEachEntry(in: 0 ..< count) { offset, _, hidden, raw in
      let depth = Int(raw & _PreorderIndex.depthMask)
      precondition(
        depth <= previousDepth + 1, "offset \(offset): depth \(depth) after depth \(previousDepth)")
      openCollapsed.removeSubrange(depth...)
      let collapsedAncestors = depth == 0 ? 0 : openCollapsed[depth - 1]
      let excluded = raw & _PreorderIndex.excludedFlag != 0 ? 1 : 0
      precondition(
        hidden == collapsedAncestors + excluded,
        "offset \(offset): hidden count \(hidden), recount \(collapsedAncestors) + \(excluded) (excluded)")
      let expanded = raw & _PreorderIndex.expandedFlag != 0
      openCollapsed.append(collapsedAncestors + (expanded ? 0 : 1))
      previousDepth = depth
    }
  }
}

extension _PreorderIndex {
  /// The filter bits agree with the answers: under hidden when the node or
  /// an ancestor answered `.hidden`; excluded unless the node is not under
  /// hidden and answered `.visible`, or `.recurse` with an included child;
  /// a match when included, answered `.visible`, and matches are tracked.
  /// With no filter (`tracksMatches` off) every filter bit is clear.
  func checkFilterBits() {
    if !tracksMatches {
      forEachEntry(in: 0 ..< count) { offset, _, _, word in
        precondition(word & _PreorderIndex.filterBits == 0, "offset \(offset): filter bits set with no filter")
      }
      return
    }
    var words: [UInt32] = []
    words.reserveCapacity(count)
    forEachEntry(in: 0 ..< count) { _, _, _, word in words.append(word) }
    var underHidden: [Bool] = []  // by depth, for the open ancestors
    for (offset, word) in words.enumerated() {
      let depth = Int(word & _PreorderIndex.depthMask)
      underHidden.removeSubrange(depth...)
      let expected =
        (depth > 0 && underHidden[depth - 1]) || _PreorderIndex.answer(of: word) == _FilterAnswer.hidden
      precondition(
        (word & _PreorderIndex.underHiddenFlag != 0) == expected, "offset \(offset): under-hidden bit is stale")
      precondition(
        word & _PreorderIndex.revealedFlag == 0 || word & _PreorderIndex.expandedFlag != 0,
        "offset \(offset): revealed but collapsed")
      underHidden.append(expected)
    }
    // Backwards, so each node's children are seen before it.
    var childIncluded: [Bool] = []  // by depth: a child of the open node above passes
    for offset in words.indices.reversed() {
      let word = words[offset]
      let depth = Int(word & _PreorderIndex.depthMask)
      if childIncluded.count < depth + 2 { childIncluded += repeatElement(false, count: depth + 2 - childIncluded.count) }
      let answer = _PreorderIndex.answer(of: word)
      let included =
        word & _PreorderIndex.underHiddenFlag == 0
        && (answer == _FilterAnswer.visible || (answer == _FilterAnswer.recurse && childIncluded[depth + 1]))
      childIncluded[depth + 1] = false
      precondition(
        (word & _PreorderIndex.excludedFlag == 0) == included, "offset \(offset): excluded bit is stale")
      precondition(
        (word & _PreorderIndex.matchFlag != 0) == (included && answer == _FilterAnswer.visible),
        "offset \(offset): match bit is stale")
      if included { childIncluded[depth] = true }
    }
  }
}

extension _Summary {
  /// Whether this kept summary agrees with a recomputed one: every field
  /// equal, except the expanded-depth mask, which may hold more depths than
  /// the recomputation (collapsing leaves stale bits), never fewer.
  func covers(_ recomputed: _Summary) -> Bool {
    var relaxed = self
    relaxed.expandedDepths = recomputed.expandedDepths
    return relaxed == recomputed && expandedDepths & recomputed.expandedDepths == recomputed.expandedDepths
  }
}

extension _PreorderIndex {
  /// The checkmarks' arrays are sized, each entry's parent flag says
  /// whether the next entry is deeper, and each tree node counts its
  /// leaves and checked leaves (a pending mark deciding the latter; only
  /// inner nodes hold one).
  func checkMarks() {
    guard tracksMarks else {
      precondition(slotMarks.isEmpty && markCounts.isEmpty, "marks kept while not tracked")
      precondition(treeNodes.allSatisfy { $0.pendingMark == 0 }, "a mark pending while marks are not kept")
      return
    }
    precondition(slotMarks.count == nodeTable.count, "a mark per slot")
    precondition(markCounts.count == treeNodes.count, "mark counts per tree node")
    var previous: (slot: Int, depth: UInt32)? = nil
    forEachEntry(in: 0 ..< count) { _, key, _, word in
      let depth = word & _PreorderIndex.depthMask
      if let last = previous {
        precondition(
          (slotMarks[last.slot] & _PreorderIndex.parentFlag != 0) == (depth > last.depth),
          "slot \(last.slot): parent flag wrong")
      }
      previous = (Int(UInt32(truncatingIfNeeded: key)), depth)
    }
    if let last = previous {
      precondition(slotMarks[last.slot] & _PreorderIndex.parentFlag == 0, "the last entry is flagged as a parent")
    }
    if root >= 0 { _ = checkMarkCounts(below: Int(root)) }
  }

  private func checkMarkCounts(below t: Int) -> _MarkTally {
    var expected = _MarkTally()
    if treeNodes[t].height == 0 {
      precondition(treeNodes[t].pendingMark == 0, "leaf \(t) holds a pending mark")
      for e in entries(of: t) {
        expected.add(bits: slotMarks[Int(UInt32(truncatingIfNeeded: entryKeys[e]))], word: entryDepths[e], pending: 0)
      }
    } else {
      for k in 0 ..< Int(treeNodes[t].count) { expected.add(checkMarkCounts(below: child(k, of: t))) }
      expected = expected.marked(treeNodes[t].pendingMark)
    }
    precondition(markCounts[t] == expected, "tree node \(t): mark counts \(markCounts[t]), expected \(expected)")
    return expected
  }
}
