/// Updating by laying the index out again: when an update of the whole
/// outline moves, inserts or removes many nodes, one pass over the new
/// preorder (each matched node keeping its key, flags and height) costs
/// less than cutting and joining the index once per run. A 1% move of a
/// 10^6-node tree is about 10,000 runs of a split and a join each, 5-7 µs
/// apiece; the rebuild is a bulk build.
///
/// Only where nothing else watches the edits one by one: no filter (whose
/// `.recurse` ancestors follow each run), no checkmarks (whose states the
/// runs' parents report), no open batch (whose composer
/// records each run), no undo history (which logs each run), and no node
/// kept below a parent whose children were not asked (which the new
/// preorder does not list).
extension _OutlineCore {
  /// Whether `applyUpdate` lays the index out again rather than editing it
  /// run by run.
  @usableFromInline
  func rebuildsForUpdate(_ plan: _UpdatePlan, fates: [UInt8]) -> Bool {
    guard plan.scopeSlot == nil, !isFiltered, !index.tracksMarks, composers.isEmpty, recorder == nil else { return false }
    var edits = 0
    for match in plan.oldMatches {
      if match == _UpdatePlan.kept { return false }
      if match == _UpdatePlan.unmatched { edits &+= 1 }
    }
    for fate in fates where fate != _OutlineCore.fateStays { edits &+= 1 }
    #if OUTLINE_INTERNAL_CHECKS
    // Both ways under test, whatever the size of the tests' trees.
    return edits > 0 && plan.oldKeys.count & 1 == 0
    #else
    // Past about one edit in 128 nodes, the runs' splits and joins (5-7
    // µs each at 10^6) cost more than a bulk build (40-60 ns a node).
    return edits &* 128 > plan.oldKeys.count
    #endif
  }

  /// Applies a plan for the whole outline by building the index again
  /// from the new preorder, and returns its change. Matched nodes keep
  /// their keys (so their `NodeID`s), their flags and heights; new nodes
  /// take the keys and flags the plan allocated; removed nodes' slots are
  /// released (`release` first). O(n + m).
  @usableFromInline
  mutating func rebuildForUpdate(_ plan: _UpdatePlan, fates: [UInt8], release: (UInt32) -> Void) -> OutlineChange {
    let m = plan.newParents.count
    let old = index.wordsAndHeightsInPreorder()
    let heightsKept = index.tracksHeights
    var seeds: [_PreorderIndex.EntrySeed] = []
    seeds.reserveCapacity(m)
    var heights: [Double] = []
    if heightsKept { heights.reserveCapacity(m) }
    // By new number: whether the node is put in (itself or with an
    // ancestor).
    var carried = [Bool](repeating: false, count: m)
    var insertedRows: [Range<Int>] = []
    var insertedRootRows: [Int] = []
    var row = 0
    for v in 0 ..< m {
      let parent = Int(plan.newParents[v])
      let depth = parent < 0 ? 0 : seeds[parent].depth &+ 1
      _require(
        depth <= _PreorderIndex.maximumDepth,
        "Outline: a node cannot be deeper than \(_PreorderIndex.maximumDepth) levels")
      let match = Int(plan.newMatches[v])
      let key: UInt64
      let flags: UInt32
      if match >= 0 {
        key = plan.oldKeys[match]
        flags = old.words[match] & ~_PreorderIndex.depthMask
        if heightsKept { heights.append(old.heights[match]) }
      } else {
        key = plan.newKeys[v]
        flags = plan.newWords[v] & (_PreorderIndex.expandedFlag | _PreorderIndex.answerMask)
        if heightsKept { heights.append(_PreorderIndex.unmeasured) }
      }
      let hidden = parent < 0 ? 0 : seeds[parent].childrenHidden
      var seed = _PreorderIndex.EntrySeed(key: key, depth: depth, expanded: false, hidden: hidden)
      seed.depthAndFlag |= flags
      seeds.append(seed)
      carried[v] = fates[v] != _OutlineCore.fateStays || (parent >= 0 && carried[parent])
      guard hidden == 0 else { continue }
      if carried[v] {
        _RowDiff.append(row, to: &insertedRows)
        if parent < 0 { insertedRootRows.append(row) }
      }
      row &+= 1
    }
    for (i, match) in plan.oldMatches.enumerated() where match == _UpdatePlan.unmatched {
      let key = plan.oldKeys[i]
      release(UInt32(truncatingIfNeeded: key))
      index.releaseSlot(key)
    }
    index.rebuild(from: seeds, heights: heights)
    return updateChange(
      plan, fates: fates, restructures: true, insertedRows: insertedRows, insertedRootRows: insertedRootRows)
  }
}
