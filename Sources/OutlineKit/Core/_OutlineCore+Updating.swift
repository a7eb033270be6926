/// Updating from new data: the edits that take the outline's nodes in one
/// scope (every node, or one parent's descendants) to the new data's, once
/// the generic layer has matched them by identity (`_UpdatePlan`).
///
/// Every new node's fate is one of three:
///
/// - *stays*: matched, under the same parent (matched too, or the top of the
///   scope), and in the longest run of surviving siblings that kept their
///   relative order. It is never touched: its rows are kept.
/// - *moves*: matched, but under another parent, or outside that run. Its
///   subtree is cut out and put back at its new place; its visible rows are
///   reported removed and inserted.
/// - *inserted*: unmatched: a new node.
///
/// The edits come in three passes:
///
/// 1. Backwards through the old preorder, cut out the subtree of every node
///    that moves, and remove every unmatched old node whose parent is
///    matched (with its subtree: what was matched in it moved out first,
///    since it comes later in preorder). Working backwards keeps every node
///    not yet visited at its old offset, and no move ever has to go into
///    its own subtree, whatever the new parent.
/// 2. Forwards through the new preorder, put each moved subtree back, and
///    insert each run of new nodes, right after the previous sibling's
///    subtree (or first under the parent): everything before that place is
///    final, and the siblings that stay all come after it.
/// 3. Record the value changes (reloads), and judge changed values under a
///    filter.
///
/// Consecutive sibling subtrees that go are removed as one run, adjacent
/// siblings that move to adjacent places under one parent are cut out and
/// put back as one run, and a run of new nodes (a new subtree and the new
/// siblings after it) is inserted as one, so replacing everything costs
/// O(n + m), not a split per node.
/// Each edit records its rows in open batches as every edit does; the
/// update's own change is worked out by `applyUpdate`.
extension _OutlineCore {
  /// A new node's fate, as stored in `fates`.
  @usableFromInline static var fateInserted: UInt8 { 0 }
  @usableFromInline static var fateStays: UInt8 { 1 }
  @usableFromInline static var fateMoves: UInt8 { 2 }

  /// Applies a plan and returns its change (which open batches include).
  /// `release` is called with the slot of every removed node before the
  /// slot is freed.
  ///
  /// Each edit records its rows in the open batches, as every edit does.
  /// The update's own change is worked out directly, without a composer:
  /// with no filter, a node that stays keeps its row, so the rows removed
  /// are the old rows of the nodes removed or moved (known from the walk
  /// before the edits) and the rows inserted are those of the runs put in,
  /// read once they are all in place. Under a filter a node that stays can
  /// come or go (a `.recurse` ancestor losing or gaining its last passing
  /// child), so the change is composed, tracking identity so that a node
  /// hidden and shown again cancels out.
  ///
  /// O(n + m) for n old and m new nodes, plus O(k log k) per sibling list
  /// of k whose survivors changed order, plus O(log n) per run removed,
  /// moved or inserted (O(s) more for a moved s-node subtree whose depth
  /// changed); under a filter, or inside a batch, each edit
  /// also costs O(r) for the r separate row ranges changed so far. Many
  /// edits with nothing watching them lay the index out again instead
  /// (`rebuildForUpdate`), in O(n + m).
  @usableFromInline
  mutating func applyUpdate(_ plan: _UpdatePlan, release: (UInt32) -> Void) -> OutlineChange {
    let (fates, restructures) = updateFates(of: plan)
    // The same data changes nothing, and a history keeps its steps.
    if !restructures && plan.changed.isEmpty { return OutlineChange() }
    noteEdit()
    if restructures && rebuildsForUpdate(plan, fates: fates) { return rebuildForUpdate(plan, fates: fates, release: release) }
    // Under a filter a node that stays can come or go, and with marks an
    // ancestor's state can turn anywhere up the tree: the primitives note
    // both in a composer.
    let composes = isFiltered || index.tracksMarks
    if composes { composers.append(_ChangeComposer(tracksIdentity: true)) }
    var runs: [_InsertedRun] = []
    if restructures {
      let detached = detachForUpdate(plan, fates: fates, release: release)
      runs = attachForUpdate(plan, fates: fates, detached: detached)
    }
    if !composers.isEmpty || isFiltered {
      for (k, v) in plan.changed.enumerated() {
        let key = plan.oldKeys[Int(plan.newMatches[Int(v)])]
        for c in composers.indices { composers[c].recordValueChange(of: key) }
        if isFiltered { rejudge(slot: UInt32(truncatingIfNeeded: key), answer: plan.changedAnswers[k]) }
      }
    }
    guard composes else { return updateChange(plan, fates: fates, restructures: restructures, runs: runs) }
    var composer = composers.removeLast()
    return finish(&composer)
  }

  /// An update's change with no filter in force, from the old rows of the
  /// nodes that went or moved, the new rows of the runs put in, and the old
  /// rows of the changed values of the nodes that stayed.
  @usableFromInline
  func updateChange(_ plan: _UpdatePlan, fates: [UInt8], restructures: Bool, runs: [_InsertedRun]) -> OutlineChange {
    // The rows are gathered in arrays of their own and set once: the
    // change's arrays are computed properties, and appending to one
    // through its setter copies it each time (an update that redraws two
    // million rows took minutes).
    var insertedRows: [Range<Int>] = []
    var insertedRootRows: [Int] = []
    let wholeOutline = plan.scopeSlot == nil
    for run in runs {
      let first = index.offset(of: index.position(ofSlot: run.first))
      let end = subtreeRange(of: index.position(ofSlot: run.lastTop)).upperBound
      let firstRow = index.visibleCount(before: first)
      let rows = firstRow ..< index.visibleCount(before: end)
      guard !rows.isEmpty else { continue }
      if let last = insertedRows.last, last.upperBound == rows.lowerBound {
        insertedRows[insertedRows.count &- 1] = last.lowerBound ..< rows.upperBound
      } else {
        insertedRows.append(rows)
      }
      if wholeOutline && run.isTopLevel && run.first == run.lastTop {
        insertedRootRows.append(firstRow)
      } else if wholeOutline && run.isTopLevel {
        var row = firstRow
        index.forEachEntry(in: first ..< end) { _, _, hidden, word in
          guard hidden == 0 else { return }
          if word & _PreorderIndex.depthMask == 0 { insertedRootRows.append(row) }
          row &+= 1
        }
      }
    }
    return updateChange(
      plan, fates: fates, restructures: restructures, insertedRows: insertedRows, insertedRootRows: insertedRootRows)
  }

  /// An update's change with no filter in force, given the rows it
  /// inserts: the old rows of the nodes that went or moved, and the old
  /// rows of the changed values of the nodes that stayed.
  @usableFromInline
  func updateChange(
    _ plan: _UpdatePlan, fates: [UInt8], restructures: Bool, insertedRows: [Range<Int>], insertedRootRows: [Int]
  ) -> OutlineChange {
    var removedRows: [Range<Int>] = []
    var removedRootRows: [Int] = []
    var reloadedRows: [Int] = []
    let wholeOutline = plan.scopeSlot == nil
    // Old nodes that go or move (themselves, or with an ancestor).
    var carried: [Bool] = []
    if restructures {
      let n = plan.oldKeys.count
      let (hadChildren, hasChildren) = updateDisclosures(plan)
      if let scopeSlot = plan.scopeSlot, (n > 0) != !plan.newParents.isEmpty,
        let row = index.row(of: index.position(ofSlot: scopeSlot))
      {
        // The parent of the scope gets its first child or loses its last.
        reloadedRows.append(row)
      }
      carried = [Bool](repeating: false, count: n)
      var row = plan.firstRow
      for i in 0 ..< n {
        let match = plan.oldMatches[i]
        let parent = Int(plan.oldParents[i])
        let goes =
          match == _UpdatePlan.unmatched || (match >= 0 && fates[Int(match)] == _OutlineCore.fateMoves)
          || (parent >= 0 && carried[parent])
        carried[i] = goes
        guard plan.oldVisible[i] else { continue }
        if goes {
          _RowDiff.append(row, to: &removedRows)
          if wholeOutline && parent < 0 { removedRootRows.append(row) }
        } else if hadChildren[i] != hasChildren[i] {
          reloadedRows.append(row)
        }
        row &+= 1
      }
    }
    let disclosureReloads = reloadedRows.count
    for (k, v) in plan.changed.enumerated() {
      let row = plan.changedRows[k]
      if row >= 0 && (carried.isEmpty || !carried[Int(plan.newMatches[Int(v)])]) { reloadedRows.append(row) }
    }
    if disclosureReloads > 0 && reloadedRows.count > disclosureReloads {
      // Two sorted lists, the second of values set: merged once, each row once.
      reloadedRows.sort()
      var unique = 0
      for row in reloadedRows where unique == 0 || reloadedRows[unique &- 1] != row {
        reloadedRows[unique] = row
        unique &+= 1
      }
      reloadedRows.removeSubrange(unique...)
    }
    return OutlineChange(
      removedRows: removedRows, insertedRows: insertedRows, reloadedRows: reloadedRows,
      removedRootRows: removedRootRows, insertedRootRows: insertedRootRows)
  }

  /// Whether each old node of an update's scope had children, and whether
  /// it has them after the update (new children, or the old ones kept
  /// where `children` returned nil). With no filter, a node that stays is
  /// reloaded when the two differ. O(n + m).
  @usableFromInline
  func updateDisclosures(_ plan: _UpdatePlan) -> (had: [Bool], has: [Bool]) {
    let n = plan.oldKeys.count
    var had = [Bool](repeating: false, count: n)
    var has = [Bool](repeating: false, count: n)
    for i in 0 ..< n {
      let parent = Int(plan.oldParents[i])
      guard parent >= 0 else { continue }
      had[parent] = true
      if plan.oldMatches[i] == _UpdatePlan.kept { has[parent] = true }
    }
    for parent in plan.newParents where parent >= 0 {
      let old = plan.newMatches[Int(parent)]
      if old >= 0 { has[Int(old)] = true }
    }
    return (had, has)
  }

  // MARK: Fates

  /// Every new node's fate, and whether anything but values changes.
  @usableFromInline
  func updateFates(of plan: _UpdatePlan) -> (fates: [UInt8], restructures: Bool) {
    let m = plan.newParents.count
    var fates = [UInt8](repeating: _OutlineCore.fateInserted, count: m)
    var restructures = plan.oldMatches.contains(_UpdatePlan.unmatched)
    // By parent (new number + 1; 0 for the top of the scope): the old
    // number of the last surviving child seen, or .max once they are out
    // of order.
    var lastSurvivor = [Int32](repeating: -1, count: m &+ 1)
    var disordered = false
    for v in 0 ..< m {
      let old = plan.newMatches[v]
      guard old >= 0 else {
        restructures = true
        continue
      }
      let parent = plan.newParents[v]
      let oldParent = plan.oldParents[Int(old)]
      let sameParent = parent < 0 ? oldParent < 0 : oldParent >= 0 && plan.newMatches[Int(parent)] == oldParent
      guard sameParent else {
        fates[v] = _OutlineCore.fateMoves
        restructures = true
        continue
      }
      fates[v] = _OutlineCore.fateStays
      let list = Int(parent) &+ 1
      let last = lastSurvivor[list]
      if last == .max { continue }
      if last > old {
        lastSurvivor[list] = .max
        disordered = true
      } else {
        lastSurvivor[list] = old
      }
    }
    guard disordered else { return (fates, restructures) }
    // Sibling lists whose survivors changed order: keep one longest run
    // that kept its order; the others move.
    var lists: [Int32: [Int32]] = [:]
    for v in 0 ..< m where fates[v] == _OutlineCore.fateStays {
      let parent = plan.newParents[v]
      if lastSurvivor[Int(parent) &+ 1] == .max { lists[parent, default: []].append(Int32(v)) }
    }
    for list in lists.values {
      let oldNumbers = list.map { plan.newMatches[Int($0)] }
      for k in _OutlineCore.outsideLongestIncreasingRun(oldNumbers) { fates[Int(list[k])] = _OutlineCore.fateMoves }
    }
    return (fates, true)
  }

  /// The indices of `values` (distinct) outside one longest increasing
  /// subsequence: the one the patience method finds. It ends at the last
  /// element that ends an increasing subsequence of the greatest length,
  /// and each element's predecessor in it is the last earlier element that
  /// ends one of length one less. O(k log k).
  @usableFromInline
  static func outsideLongestIncreasingRun(_ values: [Int32]) -> [Int] {
    // tails[l]: index of the element ending, with the smallest value, an
    // increasing subsequence of length l + 1 (the latest such element).
    var tails: [Int] = []
    var previous = [Int](repeating: -1, count: values.count)
    for (j, x) in values.enumerated() {
      var lo = 0
      var hi = tails.count
      while lo < hi {
        let mid = (lo &+ hi) / 2
        if values[tails[mid]] < x { lo = mid &+ 1 } else { hi = mid }
      }
      previous[j] = lo > 0 ? tails[lo &- 1] : -1
      if lo == tails.count { tails.append(j) } else { tails[lo] = j }
    }
    var kept = [Bool](repeating: false, count: values.count)
    var j = tails.last ?? -1
    while j >= 0 {
      kept[j] = true
      j = previous[j]
    }
    return values.indices.filter { !kept[$0] }
  }

  // MARK: Pass 1: cutting out and removing

  /// Cuts out the subtree of every node that moves and removes every old
  /// node that is not in the new data, backwards through the old preorder;
  /// returns the cut-out runs by the new number of their first node.
  ///
  /// Nothing before the old node being visited has changed yet, so old
  /// node i is at offset `start + i`, and its subtree is what is left of
  /// its old subtree once the descendants visited before it are out.
  /// Adjacent sibling subtrees that go wait in a run and are removed
  /// together; adjacent siblings that move to adjacent places under one
  /// parent are cut out together. A run is carried out before any other
  /// edit, which always comes at smaller offsets.
  @usableFromInline
  mutating func detachForUpdate(
    _ plan: _UpdatePlan, fates: [UInt8], release: (UInt32) -> Void
  ) -> [Int32: _DetachedRun] {
    let n = plan.oldKeys.count
    let m = plan.newParents.count
    let start = plan.scopeSlot.map { index.offset(of: index.position(ofSlot: $0)) &+ 1 } ?? 0
    // Old subtree sizes, and entries already gone from each old subtree.
    var sizes = [Int32](repeating: 1, count: n)
    for i in stride(from: n &- 1, to: 0, by: -1) {
      let parent = plan.oldParents[i]
      if parent >= 0 { sizes[Int(parent)] &+= sizes[i] }
    }
    var gone = [Int32](repeating: 0, count: n)
    // The next sibling of every new node (-1 for the last).
    var nextSibling = [Int32](repeating: -1, count: m)
    var lastChild = [Int32](repeating: -1, count: m &+ 1)
    for v in 0 ..< m {
      let list = Int(plan.newParents[v]) &+ 1
      if lastChild[list] >= 0 { nextSibling[Int(lastChild[list])] = Int32(truncatingIfNeeded: v) }
      lastChild[list] = Int32(truncatingIfNeeded: v)
    }
    var detached: [Int32: _DetachedRun] = [:]
    // The run waiting: its offsets, old parent, and for a move its top
    // nodes (old numbers, first to last), empty for a removal.
    var run: (range: Range<Int>, parent: Int32, tops: [Int])?
    func flush(_ core: inout _OutlineCore) {
      guard let pending = run else { return }
      run = nil
      let parentSlot =
        pending.parent >= 0 ? UInt32(truncatingIfNeeded: plan.oldKeys[Int(pending.parent)]) : plan.scopeSlot
      guard let first = pending.tops.first else {
        core.removeSiblingRun(pending.range, under: parentSlot, release: release)
        return
      }
      let tops = pending.tops.map { UInt32(truncatingIfNeeded: plan.oldKeys[$0]) }
      detached[plan.oldMatches[first]] = core.detachRun(pending.range, tops: tops, under: parentSlot)
    }
    for i in stride(from: n &- 1, through: 0, by: -1) {
      let match = plan.oldMatches[i]
      let parent = plan.oldParents[i]
      let range = start &+ i ..< start &+ i &+ Int(sizes[i] &- gone[i])
      if match == _UpdatePlan.unmatched {
        guard parent < 0 || plan.oldMatches[Int(parent)] != _UpdatePlan.unmatched else {
          // Removed with its nearest ancestor that goes.
          gone[Int(parent)] &+= gone[i]
          continue
        }
        if let pending = run, pending.tops.isEmpty, pending.parent == parent,
          pending.range.lowerBound == range.upperBound
        {
          run!.range = range.lowerBound ..< pending.range.upperBound
        } else {
          flush(&self)
          run = (range, parent, [])
        }
        if parent >= 0 { gone[Int(parent)] &+= sizes[i] }
      } else if match >= 0 && fates[Int(match)] == _OutlineCore.fateMoves {
        if let pending = run, let next = pending.tops.first, pending.parent == parent,
          pending.range.lowerBound == range.upperBound, nextSibling[Int(match)] == plan.oldMatches[next]
        {
          run!.range = range.lowerBound ..< pending.range.upperBound
          run!.tops.insert(i, at: 0)
        } else {
          flush(&self)
          run = (range, parent, [i])
        }
        if parent >= 0 { gone[Int(parent)] &+= sizes[i] }
      } else if parent >= 0 {
        gone[Int(parent)] &+= gone[i]
      }
    }
    flush(&self)
    return detached
  }

  // MARK: Pass 2: putting back and inserting

  /// Runs of entries put in by an update whose parent stays (or is the
  /// top of the scope): from the first top node to the subtree of the last
  /// top node, siblings; their rows are the rows the update inserts.
  @usableFromInline
  struct _InsertedRun {
    @usableFromInline var first: UInt32
    @usableFromInline var lastTop: UInt32
    @usableFromInline var isTopLevel: Bool
  }

  /// Puts every moved subtree back and inserts every new node, forwards
  /// through the new preorder; returns the runs put in under nodes that
  /// stay, in order.
  @usableFromInline
  mutating func attachForUpdate(
    _ plan: _UpdatePlan, fates: [UInt8], detached: [Int32: _DetachedRun]
  ) -> [_InsertedRun] {
    let m = plan.newParents.count
    var runs: [_InsertedRun] = []
    // Whether a new node is put in, itself or with an ancestor.
    var carried = [Bool](repeating: false, count: m)
    let scopeDepth = plan.scopeSlot.map { index.depth(at: index.position(ofSlot: $0)) &+ 1 } ?? 0
    // Levels below the top of the scope, and the last child placed, by
    // parent (new number + 1; 0 for the top).
    var levels = [Int32](repeating: 0, count: m)
    var lastChild = [Int32](repeating: -1, count: m &+ 1)
    var seeds: [_PreorderIndex.EntrySeed] = []
    var v = 0
    while v < m {
      let parent = Int(plan.newParents[v])
      let level = parent < 0 ? 0 : levels[parent] &+ 1
      levels[v] = level
      let previous = lastChild[parent &+ 1]
      lastChild[parent &+ 1] = Int32(v)
      let fate = fates[v]
      if fate == _OutlineCore.fateStays {
        carried[v] = parent >= 0 && carried[parent]
        v &+= 1
        continue
      }
      carried[v] = true
      let isTop = parent < 0 || !carried[parent]
      // A moved node after the first of its run is in place already.
      let run = fate == _OutlineCore.fateMoves ? detached[Int32(v)] : nil
      if fate == _OutlineCore.fateMoves && run == nil {
        v &+= 1
        continue
      }
      let parentPosition =
        parent < 0
        ? plan.scopeSlot.map { index.position(ofSlot: $0) } : index.position(ofSlot: plan.slot(ofNew: parent))
      let offset =
        previous >= 0
        ? subtreeRange(of: index.position(ofSlot: plan.slot(ofNew: Int(previous)))).upperBound
        : parentPosition.map { index.offset(of: $0) &+ 1 } ?? 0
      let depth = scopeDepth &+ Int(level)
      _require(
        depth <= _PreorderIndex.maximumDepth,
        "Outline: a node cannot be deeper than \(_PreorderIndex.maximumDepth) levels")
      let hidden = childHidden(under: parentPosition)
      if let run {
        reattach(run, at: offset, under: parentPosition, depth: depth, hidden: hidden)
        if isTop {
          runs.append(_InsertedRun(first: run.tops[0], lastTop: run.tops[run.tops.count &- 1], isTopLevel: level == 0))
        }
        v &+= 1
        continue
      }
      // A run of new nodes: this one, its new descendants and new later
      // siblings (with theirs) that follow it in preorder.
      seeds.removeAll(keepingCapacity: true)
      var u = v
      var lastTop = v
      while true {
        carried[u] = true
        if levels[u] == level { lastTop = u }
        let word = plan.newWords[u]
        let uParent = Int(plan.newParents[u])
        let uLevel = levels[u]
        let uHidden = uLevel == level ? hidden : seeds[uParent &- v].childrenHidden
        let uDepth = scopeDepth &+ Int(uLevel)
        _require(
          uDepth <= _PreorderIndex.maximumDepth,
          "Outline: a node cannot be deeper than \(_PreorderIndex.maximumDepth) levels")
        var seed = _PreorderIndex.EntrySeed(
          key: plan.newKeys[u], depth: uDepth, expanded: word & _PreorderIndex.expandedFlag != 0, hidden: uHidden)
        seed.depthAndFlag |= word & _PreorderIndex.answerMask
        seeds.append(seed)
        u &+= 1
        guard u < m, fates[u] == _OutlineCore.fateInserted else { break }
        let nextParent = Int(plan.newParents[u])
        let nextLevel = nextParent < 0 ? 0 : levels[nextParent] &+ 1
        guard nextLevel >= level else { break }
        levels[u] = nextLevel
        lastChild[nextParent &+ 1] = Int32(u)
      }
      insertRun(&seeds, at: offset, under: parentPosition)
      if isTop {
        runs.append(
          _InsertedRun(
            first: UInt32(truncatingIfNeeded: plan.newKeys[v]), lastTop: UInt32(truncatingIfNeeded: plan.newKeys[lastTop]),
            isTopLevel: level == 0))
      }
      v = u
    }
    return runs
  }

}

extension _UpdatePlan {
  /// The slot of new node `v`: its match's, or the one allocated for it.
  @inlinable
  func slot(ofNew v: Int) -> UInt32 {
    let old = newMatches[v]
    return UInt32(truncatingIfNeeded: old >= 0 ? oldKeys[Int(old)] : newKeys[v])
  }
}

extension _OutlineCore {
  /// The entries of `scope` (a subtree's descendants or the whole outline,
  /// whose top nodes have depth `topDepth`) in preorder: their keys, their
  /// parents (numbers within the scope, -1 for the top nodes), and whether
  /// each has a row. O(n) for n entries, in one walk.
  @usableFromInline
  func scopeEntries(_ scope: Range<Int>, topDepth: Int) -> (keys: [UInt64], parents: [Int32], visible: [Bool]) {
    let n = scope.count
    var keys = [UInt64](repeating: 0, count: n)
    var parents = [Int32](repeating: -1, count: n)
    var visible = [Bool](repeating: false, count: n)
    keys.withUnsafeMutableBufferPointer { keys in
      parents.withUnsafeMutableBufferPointer { parents in
        visible.withUnsafeMutableBufferPointer { visible in
          var i = 0
          var previousLevel = -1
          index.forEachEntry(in: scope) { _, key, hidden, word in
            let level = Int(word & _PreorderIndex.depthMask) &- topDepth
            // The parent is the previous entry's ancestor one level up.
            var parent = i &- 1
            for _ in 0 ..< previousLevel &- level &+ 1 { parent = Int(parents[parent]) }
            parents[i] = Int32(truncatingIfNeeded: parent)
            keys[i] = key
            visible[i] = hidden == 0
            previousLevel = level
            i &+= 1
          }
        }
      }
    }
    return (keys, parents, visible)
  }
}
