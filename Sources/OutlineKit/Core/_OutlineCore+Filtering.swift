/// Filtering: setting and removing a filter (O(n) rewrites with their row
/// changes), and keeping the filter true through edits, each in O(log n) per
/// node whose inclusion flips outside the edited subtree.
///
/// An edit changes inclusion only along one path: a node that comes to pass
/// lets its `.recurse` ancestors that did not pass pass too; a node that
/// stops passing takes with it the `.recurse` ancestors whose only passing
/// descendants it held. Before such a change nothing in the topmost flipped
/// ancestor's subtree has a row (it did not pass), or after it nothing does;
/// so the rows that change are exactly that subtree's rows, one run.
extension _OutlineCore {
  // MARK: Setting and removing

  /// Sets every node's answer (`answers[slot]`), works out what passes and,
  /// when `revealing`, expands the ancestors of every passing match.
  /// Returns the change, and the nodes that pass when they are at most
  /// `includedLimit` (what a narrowing starts from).
  @usableFromInline
  mutating func applyFilter(
    answers: [UInt8], revealing: Bool, includedLimit: Int
  ) -> (change: OutlineChange, included: _FilterCandidates?) {
    filterVersion &+= 1
    index.tracksMatches = true
    let rewrite = rewriteFilterState(
      in: 0 ..< index.count, topCollapsed: 0, topUnderHidden: false, answersBySlot: answers, reveals: revealing,
      diff: _RowDiff(firstRow: 0, collectsKeys: !composers.isEmpty), includedLimit: includedLimit)
    record(rewrite.diff!)
    return (rewrite.diff!.change, rewrite.included)
  }

  /// Clears every answer and collapses the nodes the filter expanded that
  /// nobody expanded or collapsed since.
  @usableFromInline
  mutating func removeFilter() -> OutlineChange {
    filterVersion &+= 1
    index.tracksMatches = false
    let rewrite = rewriteFilterState(
      in: 0 ..< index.count, topCollapsed: 0, topUnderHidden: false,
      answersBySlot: [UInt8](repeating: UInt8(_FilterAnswer.visible), count: index.slotCount), restores: true,
      diff: _RowDiff(firstRow: 0, collectsKeys: !composers.isEmpty))
    record(rewrite.diff!)
    return rewrite.diff!.change
  }

  /// Rewrites the filter bits, expanded flags and hidden counts of `range`
  /// (the whole outline, or one subtree) in two walks over its leaves, and
  /// returns the rewrite's state: its `diff` (when one was given) and the
  /// nodes it revealed.
  ///
  /// - Parameters:
  ///   - topCollapsed: Collapsed strict ancestors of the range's top nodes.
  ///   - topUnderHidden: Whether their parent is under a `.hidden` answer.
  ///   - answersBySlot: New answers; nil keeps the answers in the words,
  ///     except `replacing`'s.
  ///   - reveals: Whether ancestors of passing matches are expanded (and
  ///     marked revealed).
  ///   - restores: Whether nodes marked revealed collapse.
  @usableFromInline @discardableResult
  mutating func rewriteFilterState(
    in range: Range<Int>, topCollapsed: Int, topUnderHidden: Bool, answersBySlot: [UInt8]? = nil,
    replacing: (slot: UInt32, answer: UInt32)? = nil, reveals: Bool = false, restores: Bool = false,
    diff: _RowDiff? = nil, includedLimit: Int = -1
  ) -> _FilterRewrite {
    var rewrite = _FilterRewrite(
      range: range, topDepth: range.isEmpty ? 0 : index.depth(at: index.position(atOffset: range.lowerBound)),
      topCollapsed: topCollapsed, topUnderHidden: topUnderHidden, marksMatches: index.tracksMatches,
      answersBySlot: answersBySlot, replacing: replacing, reveals: reveals, restores: restores, diff: diff,
      includedLimit: includedLimit)
    index.forEachLeafReversed(in: range, state: &rewrite) { $0.backward($1, $2, $3) }
    index.rewriteLeaves(in: range, state: &rewrite) { $0.forward($1, $2, $3, $4) }
    return rewrite
  }

  // MARK: Keeping the filter through edits

  /// Sets the filter bits of entries about to be inserted under `parent`
  /// (their answers already in their words), and adds 1 to the hidden
  /// count of each one that does not pass. Edits never reveal.
  @usableFromInline
  func judge(_ seeds: inout [_PreorderIndex.EntrySeed], under parent: UInt32?) {
    guard let top = seeds.first else { return }
    var judgement = _FilterJudgement(
      topUnderHidden: parent.map(isUnderHidden) ?? false, marksMatches: true)
    var locals = [_FilterJudgement.Local](repeating: 0, count: seeds.count)
    for i in seeds.indices.reversed() {
      locals[i] = judgement.backward(
        level: seeds[i].depth &- top.depth, answer: _PreorderIndex.answer(of: seeds[i].depthAndFlag))
    }
    for i in seeds.indices {
      let (bits, _, _) = judgement.forward(level: seeds[i].depth &- top.depth, local: locals[i])
      seeds[i].depthAndFlag = (seeds[i].depthAndFlag & ~_PreorderIndex.filterBits) | bits
      if bits & _PreorderIndex.excludedFlag != 0 { seeds[i].hidden &+= 1 }
    }
  }

  /// After the node at `position` came to pass, lets its ancestors pass
  /// (the ones that did not were `.recurse` with no passing child); returns
  /// the topmost that changed. O(log n) per ancestor changed.
  ///
  /// Each ancestor that starts passing is a child that passes more for
  /// its parent: the parent's disclosure is noted before it flips (the
  /// node's own parent was noted by the step that let the node pass).
  @usableFromInline
  mutating func includeAncestors(of position: UInt32) -> UInt32? {
    var top: UInt32?
    var next = parentPosition(of: position)
    while let ancestor = next, !index.isIncluded(at: ancestor) {
      next = parentPosition(of: ancestor)
      noteDisclosure(at: next)
      index.setWord(index.word(at: ancestor) & ~_PreorderIndex.excludedFlag, addingHidden: -1, at: ancestor)
      top = ancestor
    }
    return top
  }

  /// The ancestors of the passing node at `position` that stop passing when
  /// its subtree stops passing (or leaves): the `.recurse` ones whose only
  /// passing descendants are in it; nearest first. O(log n) each.
  @usableFromInline
  func ancestorsExcluded(withoutSubtreeAt position: UInt32) -> [UInt32] {
    var result: [UInt32] = []
    var leaving = index.includedCount(in: subtreeRange(of: position))
    var next = parentPosition(of: position)
    while let ancestor = next, _PreorderIndex.answer(of: index.word(at: ancestor)) == _FilterAnswer.recurse,
      index.includedCount(in: subtreeRange(of: ancestor)) &- 1 == leaving
    {
      result.append(ancestor)
      leaving &+= 1
      next = parentPosition(of: ancestor)
    }
    return result
  }

  /// Marks the node in `slot` (a `.recurse` node that passed) as not passing.
  @usableFromInline
  mutating func exclude(slot: UInt32) {
    let position = index.position(ofSlot: slot)
    index.setWord(index.word(at: position) | _PreorderIndex.excludedFlag, addingHidden: 1, at: position)
  }

  /// The node in `slot` has a new answer (its value was set): works out
  /// what passes now and records the rows that changed. O(log n) plus
  /// O(log n) per ancestor whose inclusion flips, plus O(m) for its m-node
  /// subtree when the answer turns to or from `.hidden`.
  @usableFromInline
  mutating func rejudge(slot: UInt32, answer: UInt32) {
    let position = index.position(ofSlot: slot)
    let word = index.word(at: position)
    let oldAnswer = _PreorderIndex.answer(of: word)
    guard oldAnswer != answer else { return }
    let parent = parentPosition(of: position)
    let answerBits = answer &<< _PreorderIndex.answerShift
    if let parent, isUnderHidden(parent) {
      // Still under `.hidden`: nothing passes here, whatever the answer.
      index.setWord((word & ~_PreorderIndex.answerMask) | answerBits, addingHidden: 0, at: position)
      return
    }
    let wasIncluded = index.isIncluded(at: position)
    let hiddenChanges = (oldAnswer == _FilterAnswer.hidden) != (answer == _FilterAnswer.hidden)
    // The parent gains or loses a child that passes when the node's
    // inclusion flips.
    noteDisclosure(at: parent)
    // Leaving: record the rows that go while they are still there.
    var excluding: [UInt32] = []
    if wasIncluded {
      let staysIncluded =
        answer == _FilterAnswer.visible
        || (answer == _FilterAnswer.recurse && index.includedCount(in: subtreeRange(of: position)) > 1)
      if !staysIncluded {
        let ancestors = ancestorsExcluded(withoutSubtreeAt: position)
        noteDisclosures(leaving: position, excluded: ancestors)
        recordRemoval(ofSubtreeAt: ancestors.last ?? position)
        excluding = ancestors.map { index.slot(at: $0) }
      }
    }
    if hiddenChanges {
      // The subtree's own disclosures turn with it (all off, or back on).
      let rewrite = rewriteFilterState(
        in: subtreeRange(of: position), topCollapsed: index.collapsedAncestors(at: position), topUnderHidden: false,
        replacing: (slot, answer), diff: composers.isEmpty ? nil : _RowDiff(firstRow: 0, collectsKeys: true))
      if let diff = rewrite.diff { record(disclosuresOf: diff) }
    } else {
      // `.visible` <-> `.recurse`: only the node itself can change.
      let passes = answer == _FilterAnswer.visible || index.includedCount(in: subtreeRange(of: position)) > (wasIncluded ? 1 : 0)
      var newWord = (word & ~(_PreorderIndex.answerMask | _PreorderIndex.excludedFlag | _PreorderIndex.matchFlag)) | answerBits
      if !passes { newWord |= _PreorderIndex.excludedFlag }
      if passes && answer == _FilterAnswer.visible { newWord |= _PreorderIndex.matchFlag }
      index.setWord(newWord, addingHidden: (passes ? 0 : 1) &- (wasIncluded ? 0 : 1), at: position)
    }
    for ancestor in excluding { exclude(slot: ancestor) }
    let moved = index.position(ofSlot: slot)
    if !wasIncluded && index.isIncluded(at: moved) {
      recordInsertion(ofSubtreeAt: includeAncestors(of: moved) ?? moved)
    }
  }

  /// Re-derives the filter bits of the subtree at `position` (from the
  /// answers it keeps) under a parent whose under-hidden state changed: a
  /// moved subtree. O(m) for m nodes; records no rows.
  @usableFromInline
  mutating func rejudgeSubtree(at position: UInt32, parentUnderHidden: Bool) {
    rewriteFilterState(
      in: subtreeRange(of: position), topCollapsed: index.collapsedAncestors(at: position),
      topUnderHidden: parentUnderHidden)
  }

  /// Tells open composers that every row of the subtree at `position` is
  /// about to go.
  @usableFromInline
  mutating func recordRemoval(ofSubtreeAt position: UInt32) {
    guard !composers.isEmpty, let row = index.row(of: position) else { return }
    recordRemoval(
      row ..< row + visibleCount(in: subtreeRange(of: position)),
      rootRows: index.depth(at: position) == 0 ? [row] : [])
  }

  /// Tells open composers that every row of the subtree at `position` just
  /// appeared.
  @usableFromInline
  mutating func recordInsertion(ofSubtreeAt position: UInt32) {
    guard !composers.isEmpty, let row = index.row(of: position) else { return }
    recordInsertion(
      row ..< row + visibleCount(in: subtreeRange(of: position)),
      rootRows: index.depth(at: position) == 0 ? [row] : [])
  }

  // MARK: Matches

  /// The first row after `row` (from the top when nil) whose node is a
  /// match, wrapping around to the top when `wrapping`. O(log n).
  @usableFromInline
  func matchRow(after row: Int?, wrapping: Bool) -> Int? {
    let total = index.visibleMatchCount
    guard total > 0 else { return nil }
    var rank = 0
    if let row { rank = index.visibleMatches(before: index.offset(of: index.position(atRow: row)) + 1) }
    if rank == total {
      guard wrapping else { return nil }
      rank = 0
    }
    return index.row(of: index.position(ofVisibleMatch: rank))
  }

  /// The last row before `row` (from the bottom when nil) whose node is a
  /// match, wrapping around to the bottom when `wrapping`. O(log n).
  @usableFromInline
  func matchRow(before row: Int?, wrapping: Bool) -> Int? {
    let total = index.visibleMatchCount
    guard total > 0 else { return nil }
    var rank = total
    if let row { rank = index.visibleMatches(before: index.offset(of: index.position(atRow: row))) }
    if rank == 0 {
      guard wrapping else { return nil }
      rank = total
    }
    return index.row(of: index.position(ofVisibleMatch: rank - 1))
  }

  // MARK: The filtered tree, for rendering

  /// Index of the entry at `position` among its siblings that pass.
  @usableFromInline
  func indexAmongIncludedSiblings(of position: UInt32) -> Int {
    let depth = index.depth(at: position)
    let offset = index.offset(of: position)
    let scopeStart = parentPosition(of: position).map { index.offset(of: $0) + 1 } ?? 0
    return index.countEntries(atDepth: depth, in: scopeStart ..< offset, includedOnly: true)
  }

  /// Whether the node at `position` has a child that passes the filter.
  @usableFromInline
  func hasIncludedChildren(at position: UInt32) -> Bool {
    guard isFiltered else { return hasChildren(at: position) }
    let range = subtreeRange(of: position)
    return index.includedCount(in: range.lowerBound + 1 ..< range.upperBound) > 0
  }
}
