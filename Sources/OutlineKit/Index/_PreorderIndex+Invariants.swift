/// A full consistency check of the index, run after every public mutation in
/// builds with `OUTLINE_INTERNAL_CHECKS`. O(n).
extension _PreorderIndex {
  @usableFromInline
  func checkInvariants() {
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
      let live = nodeTable[slot].generation & 1 == 1
      precondition(live == seenSlots[slot], "slot \(slot): live=\(live) but in index=\(seenSlots[slot])")
    }
    precondition(
      freeSlots.count + entryCount == nodeTable.count, "free slot list does not match dead slots")
    checkPreorderShape()
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
        precondition(nodeTable[slot].position == UInt32(e), "slot \(slot) position is stale")
        precondition(
          UInt32(truncatingIfNeeded: entryKeys[e] >> 32) == nodeTable[slot].generation,
          "slot \(slot): entry generation differs from the node table")
        let raw = entryDepths[e]
        expected.include(
          hidden: Int(entryHidden[e]) + Int(treeNodes[t].lazy),
          depth: Int(raw & _PreorderIndex.depthMask),
          expanded: raw & _PreorderIndex.expandedFlag != 0)
      }
      entryCount += n
      precondition(expected == treeNodes[t].summary, "leaf \(t) summary is stale")
      return
    }
    precondition(n <= _PreorderIndex.innerCapacity, "inner node \(t) over capacity")
    if !isRoot {
      precondition(n >= _PreorderIndex.innerCapacity / 2, "inner node \(t) under half full")
    }
    precondition(_PreorderIndex.leafCapacity >= _PreorderIndex.innerCapacity, "inner nodes keep child copies in their entry slots")
    var expected = _Summary()
    for (index, k) in children(of: t).enumerated() {
      let c = Int(childLinks[k])
      let copy = _PreorderIndex.childCopy(t, index)
      let s = treeNodes[c].summary
      precondition(
        childCount(t, index) == s.count && Int(entryKeys[copy] >> 32) == s.atMinHidden
          && Int(entryHidden[copy]) == s.minHidden && childMinDepth(t, index) == s.minDepth,
        "inner node \(t): the copy of child \(index)'s summary is stale")
      precondition(treeNodes[c].parent == Int32(t), "child \(c) does not point back to \(t)")
      precondition(treeNodes[c].height == treeNodes[t].height - 1, "child \(c) has the wrong height")
      checkTreeNode(c, isRoot: false, reachable: &reachable, seenSlots: &seenSlots, entryCount: &entryCount)
      expected.include(treeNodes[c].summary)
    }
    if expected.count > 0 { expected.minHidden += Int(treeNodes[t].lazy) }
    precondition(expected == treeNodes[t].summary, "inner node \(t) summary is stale")
  }

  /// Depths form a preorder and hidden counts equal a recount of collapsed
  /// strict ancestors.
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
      precondition(
        hidden == collapsedAncestors,
        "offset \(offset): hidden count \(hidden), recount \(collapsedAncestors)")
      let expanded = raw & _PreorderIndex.expandedFlag != 0
      openCollapsed.append(collapsedAncestors + (expanded ? 0 : 1))
      previousDepth = depth
    }
  }
}
