/// The four structural edits every insert, remove, move, update and undo
/// goes through: removing a run of sibling subtrees, cutting one out to put
/// it back elsewhere, putting it back, and inserting new entries.
///
/// Each one keeps everything an edit must keep, so no caller can forget a
/// part: the rows that go and come in the open composers (with the moved
/// nodes for batches that track identity), the filter's inclusion of the
/// `.recurse` ancestors, the disclosures that turn (noted before anything
/// changes; see `_OutlineCore+Disclosure`), the check states that turn
/// (`_OutlineCore+Checkmarks`) and, while a history records a step, the
/// step's log. Each costs O(log n) for the split or join, plus
/// O(log n) per ancestor whose inclusion flips, plus O(m) for m entries
/// inserted, or for a moved subtree whose depth or hidden state changes.
extension _OutlineCore {
  /// Moved sibling subtrees, cut out of the index together and waiting
  /// for their new place, with what they had at the old one. Siblings that
  /// move together (adjacent before, adjacent after, under one parent)
  /// travel as one run: one cut and one join, whatever their number.
  @usableFromInline
  struct _DetachedRun {
    @usableFromInline var root: Int32
    /// The slots of the run's top nodes, in order.
    @usableFromInline var tops: [UInt32]
    @usableFromInline var depth: Int
    @usableFromInline var collapsedAncestors: Int
    @usableFromInline var parentWasUnderHidden: Bool
    /// The run number an undo history logged its cut under (-1 when none
    /// records).
    @usableFromInline var historyRun: Int
  }

  /// Cuts the adjacent sibling subtrees at `range` (whose top nodes are in
  /// `tops`, children of the node in `parentSlot`, or roots) out of the
  /// index, recording their rows as removed and their nodes as moved.
  @usableFromInline
  mutating func detachRun(_ range: Range<Int>, tops: [UInt32], under parentSlot: UInt32?) -> _DetachedRun {
    let historyRun = recorder != nil ? logCut(first: index.position(ofSlot: tops[0]), count: tops.count) : -1
    let checks = beginCheckNote(under: parentSlot)
    let excluding = recordLeaving(range, tops: tops, under: parentSlot, moving: true)
    // After the rows are recorded: under a filter, the rows of ancestors
    // that stop passing go with their nodes, the moved ones among them.
    noteMoved(range)
    let first = index.position(ofSlot: tops[0])
    let depth = index.depth(at: first)
    let collapsed = index.collapsedAncestors(at: first)
    let parentWasUnderHidden = isFiltered && (parentSlot.map { isUnderHidden(index.position(ofSlot: $0)) } ?? false)
    let root = index.extract(range)
    for slot in excluding { exclude(slot: slot) }
    endCheckNote(checks)
    return _DetachedRun(
      root: root, tops: tops, depth: depth, collapsedAncestors: collapsed, parentWasUnderHidden: parentWasUnderHidden,
      historyRun: historyRun)
  }

  /// Tells the composers that track identity which of the nodes at
  /// `range`, about to move, had rows removed in their batch so far: a
  /// moved node never cancels out as hidden and shown again. Only those
  /// can: the rows the move removes are recorded without their nodes
  /// (`moving`; under a filter, an ancestor that stops passing takes its
  /// subtree's rows with their nodes), and rows a later step removes are
  /// rows the move inserted. O(k log n) for the k nodes whose rows were removed earlier,
  /// or O(m) over the m entries moved when that is less.
  @usableFromInline
  mutating func noteMoved(_ range: Range<Int>) {
    for k in composers.indices where composers[k].tracksIdentity {
      let earlier = composers[k].removedRuns.reduce(0) { $0 &+ $1.keys.count }
      guard earlier > 0 else { continue }
      if earlier <= range.count {
        for run in composers[k].removedRuns {
          for key in run.keys {
            if let position = position(ofKey: key), range.contains(index.offset(of: position)) {
              composers[k].recordMove(of: key)
            }
          }
        }
      } else {
        index.forEachEntry(in: range) { _, key, _, _ in composers[k].recordMove(of: key) }
      }
    }
  }

  /// Records in open composers the rows that go when the adjacent sibling
  /// subtrees at `range` (children of the node in `parentSlot`, or roots)
  /// leave, and the disclosures that turn with them, and returns the slots
  /// of the `.recurse` ancestors that stop passing without them (to
  /// exclude once they are gone). `tops`, when known, are the subtrees'
  /// top nodes; `moving` says the subtrees move (their rows are recorded
  /// without their nodes: a moved node never cancels out).
  @usableFromInline
  mutating func recordLeaving(
    _ range: Range<Int>, tops: [UInt32]?, under parentSlot: UInt32?, moving: Bool = false
  ) -> [UInt32] {
    var excluding: [UInt32] = []
    noteDisclosure(at: parentSlot.map { index.position(ofSlot: $0) })
    if isFiltered, let parentSlot {
      let leaving = index.includedCount(in: range)
      if leaving > 0 {
        let ancestors = ancestorsExcluded(leaving: leaving, from: index.position(ofSlot: parentSlot))
        for ancestor in ancestors { noteDisclosure(at: parentPosition(of: ancestor)) }
        excluding = ancestors.map { index.slot(at: $0) }
        if let top = ancestors.last {
          recordRemoval(ofSubtreeAt: top)
          return excluding
        }
      }
    }
    guard !composers.isEmpty else { return excluding }
    let first = index.visibleCount(before: range.lowerBound)
    let shown = index.visibleCount(before: range.upperBound) &- first
    guard shown > 0 else { return excluding }
    var rootRows: [Int] = []
    if parentSlot == nil {
      if let tops {
        for top in tops {
          if let row = index.row(of: index.position(ofSlot: top)) { rootRows.append(row) }
        }
      } else {
        var row = first
        index.forEachEntry(in: range) { _, _, hidden, word in
          guard hidden == 0 else { return }
          if word & _PreorderIndex.depthMask == 0 { rootRows.append(row) }
          row &+= 1
        }
      }
    }
    recordRemoval(first ..< first &+ shown, rootRows: rootRows, moving: moving)
    return excluding
  }

  /// Removes the subtrees at `range`, adjacent children of the node in
  /// `parentSlot` (the roots for nil), recording their rows, and under a
  /// filter the rows of the `.recurse` ancestors that stop passing.
  @usableFromInline
  mutating func removeSiblingRun(
    _ range: Range<Int>, under parentSlot: UInt32?, retaining: Bool = false, release: (UInt32) -> Void
  ) {
    if recorder != nil { logRemoving(range, first: index.position(atOffset: range.lowerBound)) }
    let checks = beginCheckNote(under: parentSlot)
    let excluding = recordLeaving(range, tops: nil, under: parentSlot)
    index.removeEntries(in: range, retaining: retaining || recorder != nil, release)
    for slot in excluding { exclude(slot: slot) }
    endCheckNote(checks)
  }

  /// The ancestors, from the node at `parent` up, that stop passing when
  /// `leaving` passing nodes below `parent` go: the `.recurse` ones whose
  /// only passing descendants those are; nearest first. O(log n) each.
  @usableFromInline
  func ancestorsExcluded(leaving: Int, from parent: UInt32) -> [UInt32] {
    var result: [UInt32] = []
    var leaving = leaving
    var next: UInt32? = parent
    while let ancestor = next, _PreorderIndex.answer(of: index.word(at: ancestor)) == _FilterAnswer.recurse,
      index.includedCount(in: subtreeRange(of: ancestor)) &- 1 == leaving
    {
      result.append(ancestor)
      leaving &+= 1
      next = parentPosition(of: ancestor)
    }
    return result
  }

  /// Puts a run of moved subtrees back at `offset`, under the node at
  /// `parent`, at `depth` with `hidden` collapsed ancestors, and records
  /// its rows.
  @usableFromInline
  mutating func reattach(_ run: _DetachedRun, at offset: Int, under parent: UInt32?, depth: Int, hidden: Int) {
    let parentIsUnderHidden = isFiltered && (parent.map(isUnderHidden) ?? false)
    index.shiftDepths(of: run.root, by: depth &- run.depth)
    index.shiftHidden(of: run.root, by: hidden &- run.collapsedAncestors)
    let size = index.treeNodes[Int(run.root)].summary.count
    noteDisclosure(at: parent)
    let checks = beginCheckNote(under: parent.map { index.slot(at: $0) })
    index.insertTree(run.root, at: offset)
    endCheckNote(checks)
    if recorder != nil { logPut(first: index.position(ofSlot: run.tops[0]), count: run.tops.count, run: run.historyRun) }
    if isFiltered {
      if parentIsUnderHidden != run.parentWasUnderHidden {
        for top in run.tops {
          rejudgeSubtree(at: index.position(ofSlot: top), parentUnderHidden: parentIsUnderHidden)
        }
      }
      if let passing = run.tops.first(where: { index.isIncluded(at: index.position(ofSlot: $0)) }),
        let ancestor = includeAncestors(of: index.position(ofSlot: passing))
      {
        recordInsertion(ofSubtreeAt: ancestor)
        return
      }
    }
    guard !composers.isEmpty else { return }
    let first = index.visibleCount(before: offset)
    let shown = index.visibleCount(before: offset &+ size) &- first
    var rootRows: [Int] = []
    if parent == nil {
      for top in run.tops {
        if let row = index.row(of: index.position(ofSlot: top)) { rootRows.append(row) }
      }
    }
    recordInsertion(first ..< first &+ shown, rootRows: rootRows)
  }

  /// Inserts a run of new entries at `offset`: subtrees whose tops are
  /// children of the node at `parent` (roots for nil). Judges them under a
  /// filter (their answers in their words), lets their ancestors pass when
  /// one of them does, and records the rows that appear.
  @usableFromInline
  mutating func insertRun(_ seeds: inout [_PreorderIndex.EntrySeed], at offset: Int, under parent: UInt32?) {
    guard let top = seeds.first else { return }
    if isFiltered { judge(&seeds, under: parent) }
    let firstRow = index.visibleCount(before: offset)
    noteDisclosure(at: parent)
    let checks = beginCheckNote(under: parent.map { index.slot(at: $0) })
    index.insert(seeds, at: offset)
    endCheckNote(checks)
    if recorder != nil {
      var tops = 0
      for seed in seeds where seed.depth == top.depth { tops &+= 1 }
      logInserted(first: index.position(ofSlot: top.slot), count: tops, entries: seeds.count)
    }
    if isFiltered && parent != nil,
      let passing = seeds.first(where: { $0.depth == top.depth && $0.depthAndFlag & _PreorderIndex.excludedFlag == 0 }),
      let ancestor = includeAncestors(of: index.position(ofSlot: passing.slot))
    {
      recordInsertion(ofSubtreeAt: ancestor)
      return
    }
    guard !composers.isEmpty else { return }
    var shown = 0
    var rootRows: [Int] = []
    for seed in seeds where seed.hidden == 0 {
      if seed.depth == 0 { rootRows.append(firstRow &+ shown) }
      shown &+= 1
    }
    recordInsertion(firstRow ..< firstRow &+ shown, rootRows: rootRows)
  }
}
