/// Narrowing and widening a filter (search as you type): new answers for a
/// set of candidate nodes only, in O(m log n) for m candidates instead of
/// the O(n) of setting a filter.
///
/// The candidates must hold every node that passes before and every node
/// that passes after, and be closed upward (a candidate's ancestors are
/// candidates): the nodes the current filter includes, when the new one
/// only hides more (narrowing), or the nodes an earlier filter included,
/// when going back to it (widening). Nodes outside the candidates have no
/// row before or after and keep their answers, so the rows, the change and
/// the revealed flags are exactly those of setting the new filter over the
/// whole outline.
extension _OutlineCore {
  /// The nodes the filter includes, in preorder, with their answers: what
  /// narrowing re-asks, and what widening back to this filter restores.
  /// O(m) for m included nodes, plus the leaves that hold them.
  @usableFromInline
  func includedCandidates() -> _FilterCandidates { index.includedEntries() }

  /// Gives each candidate its answer from `candidates.answers`, works out
  /// what passes and, when `revealing`, expands the ancestors of every
  /// passing match; records and returns the rows that changed, and the
  /// candidates that pass now (what the next narrowing starts from).
  /// `allPassed` says that every candidate passes before (a narrowing's
  /// candidates are the nodes that pass): then each candidate's disclosure
  /// before is known from the candidates alone, in the backward pass.
  ///
  /// O(m log n) for m candidates, plus O(s) for the s nodes of the subtrees
  /// of candidates whose answer turns to or from `.hidden` (their other
  /// nodes' under-hidden bits follow).
  @usableFromInline
  mutating func applyFilter(
    to candidates: _FilterCandidates, revealing: Bool, allPassed: Bool
  ) -> (change: OutlineChange, included: _FilterCandidates) {
    filterVersion &+= 1
    let m = candidates.offsets.count
    guard m > 0 else { return (OutlineChange(), candidates) }
    // Backward: what passes, as if nothing above answered `.hidden` (true
    // of the topmost candidates, which are roots).
    var judgement = _FilterJudgement(topUnderHidden: false, marksMatches: true)
    judgement.reserveLevels(Int(candidates.depths.max()!) &+ 2)
    var locals = [_FilterJudgement.Local](repeating: 0, count: m)
    judgement.children.withUnsafeMutableBufferPointer { children in
      for i in (0 ..< m).reversed() {
        locals[i] = _FilterJudgement.backward(
          level: Int(candidates.depths[i]), answer: UInt32(candidates.answers[i]), wasIncluded: allPassed,
          children: children)
      }
    }
    var walk = _CandidateRewrite(
      offsets: candidates.offsets, locals: locals, judgement: judgement, reveals: revealing, allPassed: allPassed,
      diff: _RowDiff(firstRow: 0, collectsKeys: !composers.isEmpty))
    candidates.offsets.withUnsafeBufferPointer { offsets in
      index.rewriteEntries(atOffsets: offsets, state: &walk) { $0.forward($1, $2, $3, $4, $5, $6, $7) }
    }
    walk.finish()
    // Expanding a node is one less collapsed ancestor for its descendants,
    // candidates or not (the walk gave candidates only their own bit).
    for position in walk.expanded {
      let range = subtreeRange(of: position)
      index.addHidden(-1, in: range.lowerBound &+ 1 ..< range.upperBound)
    }
    // The nodes below a candidate whose `.hidden` answer came or went take
    // their under-hidden bits from it; their own answers did not change.
    var coveredEnd = 0
    for position in walk.hiddenChanged {
      let range = subtreeRange(of: position)
      guard range.lowerBound >= coveredEnd, range.count > 1 else { continue }
      coveredEnd = range.upperBound
      rewriteFilterState(in: range, topCollapsed: index.collapsedAncestors(at: position), topUnderHidden: false)
    }
    record(walk.diff)
    var included = _FilterCandidates()
    included.reserveCapacity(walk.passes.count)
    for c in walk.passes.indices where walk.passes[c] { included.append(candidates, c) }
    return (walk.diff.change, included)
  }

  /// Sets every node's answer where narrowing left earlier answers on nodes
  /// it did not ask (they did not pass then and do not pass now), so that
  /// edits judge them as the filter in force would. Traps when a row
  /// changes: the filter given to narrowing passed a node the one before it
  /// did not. O(n).
  @usableFromInline
  mutating func settleFilter(answers: [UInt8]) {
    let rewrite = rewriteFilterState(
      in: 0 ..< index.count, topCollapsed: 0, topUnderHidden: false, answersBySlot: answers,
      diff: _RowDiff(firstRow: 0, collectsKeys: false))
    let change = rewrite.diff!.change
    _require(
      change.removedRows.isEmpty && change.insertedRows.isEmpty,
      "Outline.narrowFilter: the filter passes nodes that the filter before it did not; a narrowing filter may only hide more (use setFilter to show more)"
    )
  }
}

/// A set of candidate nodes for narrowing or widening a filter, as preorder
/// offsets (ascending), with each one's slot, depth and the filter's answer
/// for it. Kept by a narrowed filter to widen back to the filter before it,
/// and by a filter as the nodes that pass now, for the next narrowing; the
/// offsets hold until the outline's structure changes.
@usableFromInline
internal struct _FilterCandidates: Sendable {
  @usableFromInline var offsets: [UInt32]
  /// The nodes' slots, where their values are.
  @usableFromInline var slots: [UInt32]
  @usableFromInline var depths: [UInt32]
  @usableFromInline var answers: [UInt8]

  /// No candidates.
  @usableFromInline
  init() {
    (offsets, slots, depths, answers) = ([], [], [], [])
  }

  /// The number of candidates.
  @usableFromInline
  var count: Int { offsets.count }

  mutating func reserveCapacity(_ count: Int) {
    offsets.reserveCapacity(count)
    slots.reserveCapacity(count)
    depths.reserveCapacity(count)
    answers.reserveCapacity(count)
  }

  /// Appends the `c`-th candidate of `other`.
  mutating func append(_ other: _FilterCandidates, _ c: Int) {
    append(offset: other.offsets[c], slot: other.slots[c], depth: other.depths[c], answer: other.answers[c])
  }

  /// Appends a candidate.
  @inline(__always)
  mutating func append(offset: UInt32, slot: UInt32, depth: UInt32, answer: UInt8) {
    offsets.append(offset)
    slots.append(slot)
    depths.append(depth)
    answers.append(answer)
  }
}

/// The forward walk over the candidates, in preorder, a leaf at a time:
/// each candidate's filter bits, expanded and revealed flags and its own
/// excluded count, and the row diff. Collapsed ancestors are counted along
/// the candidates, which hold every ancestor of every candidate.
///
/// Disclosures: whether a candidate has a child that passes now comes from
/// the backward pass. Whether it had one before does too when every
/// candidate passed before (a narrowing), and the reload goes in with the
/// candidate's row. Otherwise (a widening, whose candidates passed under
/// an earlier filter) it is only known once the candidate's children were
/// read from their words, so it is settled as the candidate's subtree ends
/// and the reloads are merged in at the end.
struct _CandidateRewrite {
  /// A candidate whose subtree the walk is in: what settling its
  /// disclosure needs.
  struct OpenCandidate {
    var key: UInt64
    /// Its row before the rewrite when it has one before and after; -1
    /// when not.
    var survivingRow: Int
    var showsChildren: Bool
    var showedChildren = false
  }
  /// The open candidates, by level: the path from a root to the last
  /// candidate visited, in the first `openCount` places (sized once for
  /// the deepest level, so the walk neither grows nor shrinks it).
  var open: [OpenCandidate]
  var openCount = 0
  /// Old rows of surviving candidates whose disclosure turned.
  var disclosureReloads: [Int] = []

  let offsets: [UInt32]
  let locals: [_FilterJudgement.Local]
  var judgement: _FilterJudgement
  let reveals: Bool
  /// Every candidate passed before the rewrite.
  let allPassed: Bool
  var diff: _RowDiff
  /// By level: collapsed ancestors of the children of the open candidate.
  var collapsedForChildren: [Int]
  /// Positions of the candidates the walk expanded (revealing), in preorder.
  var expanded: [UInt32] = []
  /// Positions of the candidates whose under-hidden bit flipped, in
  /// preorder.
  var hiddenChanged: [UInt32] = []
  /// Whether each candidate passes now.
  var passes: [Bool]

  init(
    offsets: [UInt32], locals: [_FilterJudgement.Local], judgement: _FilterJudgement, reveals: Bool, allPassed: Bool,
    diff: _RowDiff
  ) {
    self.offsets = offsets
    self.locals = locals
    passes = [Bool](repeating: false, count: locals.count)
    open = [OpenCandidate](
      repeating: OpenCandidate(key: 0, survivingRow: -1, showsChildren: false),
      count: allPassed ? 0 : judgement.children.count &+ 1)
    self.judgement = judgement
    self.reveals = reveals
    self.allPassed = allPassed
    self.diff = diff
    collapsedForChildren = [Int](repeating: 0, count: judgement.children.count)
  }

  /// Rewrites the candidates `list` of one leaf; returns whether any word
  /// or hidden count changed.
  mutating func forward(
    _ list: Range<Int>, _ firstOffset: Int, _ firstPosition: UInt32, _ hiddenAbove: Int32,
    _ keys: UnsafeBufferPointer<UInt64>, _ words: UnsafeMutableBufferPointer<UInt32>,
    _ hidden: UnsafeMutableBufferPointer<Int32>
  ) -> Bool {
    var changed = false
    let reveals = self.reveals
    let allPassed = self.allPassed
    let offsets = self.offsets
    var passes = self.passes
    self.passes = []
    var open = self.open
    self.open = []
    var openCount = self.openCount
    var settled = Settled(collectsKeys: diff.collectsKeys)
    defer {
      self.passes = passes
      self.open = open
      self.openCount = openCount
      settled.add(to: &self)
    }
    open.withUnsafeMutableBufferPointer { open in
      locals.withUnsafeBufferPointer { locals in
        collapsedForChildren.withUnsafeMutableBufferPointer { collapsedForChildren in
          judgement.underHidden.withUnsafeMutableBufferPointer { underHidden in
            for c in list {
              let i = Int(offsets[c]) &- firstOffset
              let word = words[i]
              let depth = word & _PreorderIndex.depthMask
              let level = Int(depth)
              let collapsed = level == 0 ? 0 : collapsedForChildren[level &- 1]
              if !allPassed {
                while openCount > level {
                  openCount &-= 1
                  settled.close(open[openCount])
                }
                if word & _PreorderIndex.excludedFlag == 0 && level > 0 && openCount == level {
                  open[level &- 1].showedChildren = true
                }
              }
              let (bits, hasMatchBelow, showsChildren) = _FilterJudgement.forward(
                level: level, local: locals[c], topUnderHidden: false, marksMatches: true, underHidden: underHidden)
              let wasExpanded = word & _PreorderIndex.expandedFlag != 0
              var isExpanded = wasExpanded
              var revealed = word & _PreorderIndex.revealedFlag
              let position = firstPosition &+ UInt32(truncatingIfNeeded: i)
              if reveals && hasMatchBelow && !wasExpanded {
                isExpanded = true
                revealed = _PreorderIndex.revealedFlag
                expanded.append(position)
              }
              if (word ^ bits) & _PreorderIndex.underHiddenFlag != 0 { hiddenChanged.append(position) }
              collapsedForChildren[level] = collapsed &+ (isExpanded ? 0 : 1)
              let wasExcluded = word & _PreorderIndex.excludedFlag != 0
              let isExcluded = bits & _PreorderIndex.excludedFlag != 0
              passes[c] = !isExcluded
              let wasVisible = hidden[i] &+ hiddenAbove == 0
              let isVisible = collapsed == 0 && !isExcluded
              if allPassed {
                diff.add(
                  key: keys[i], wasVisible: wasVisible, isVisible: isVisible, wasExpanded: wasExpanded,
                  isExpanded: isExpanded, isRoot: depth == 0,
                  wasShowingChildren: _FilterJudgement.showedChildren(locals[c]), isShowingChildren: showsChildren)
              } else {
                open[openCount] = OpenCandidate(
                  key: keys[i], survivingRow: wasVisible && isVisible ? diff.oldRow : -1, showsChildren: showsChildren)
                openCount &+= 1
                diff.add(
                  key: keys[i], wasVisible: wasVisible, isVisible: isVisible, wasExpanded: wasExpanded,
                  isExpanded: isExpanded, isRoot: depth == 0)
              }
              let newWord = depth | bits | revealed | (isExpanded ? _PreorderIndex.expandedFlag : 0)
              if newWord != word {
                changed = true
                hidden[i] &+= Int32(isExcluded ? 1 : 0) &- Int32(wasExcluded ? 1 : 0)
                words[i] = newWord
              }
            }
          }
        }
      }
    }
    return changed
  }

  /// The disclosures settled during one leaf's walk, added to the walk's
  /// state once the leaf is done (the loop holds the state's buffers).
  struct Settled {
    let collectsKeys: Bool
    var flipped: [(key: UInt64, was: Bool)] = []
    var reloads: [Int] = []

    /// Settles the disclosure of a candidate whose subtree the walk left.
    mutating func close(_ candidate: OpenCandidate) {
      guard candidate.showedChildren != candidate.showsChildren else { return }
      if collectsKeys { flipped.append((candidate.key, candidate.showedChildren)) }
      if candidate.survivingRow >= 0 { reloads.append(candidate.survivingRow) }
    }

    func add(to walk: inout _CandidateRewrite) {
      if !flipped.isEmpty { walk.diff.flippedDisclosures += flipped }
      if !reloads.isEmpty { walk.disclosureReloads += reloads }
    }
  }

  /// Settles the candidates still open once the walk is over, and adds the
  /// disclosures' reloads to the diff's (each row once, in order).
  mutating func finish() {
    var settled = Settled(collectsKeys: diff.collectsKeys)
    while openCount > 0 {
      openCount &-= 1
      settled.close(open[openCount])
    }
    settled.add(to: &self)
    guard !disclosureReloads.isEmpty else { return }
    // Two lists of rows, the flags' in order: merged once, each row once.
    disclosureReloads.sort()
    var merged: [Int] = []
    merged.reserveCapacity(diff.reloaded.count &+ disclosureReloads.count)
    var (k, j) = (0, 0)
    while k < diff.reloaded.count || j < disclosureReloads.count {
      let next =
        j == disclosureReloads.count || (k < diff.reloaded.count && diff.reloaded[k] <= disclosureReloads[j])
        ? diff.reloaded[k] : disclosureReloads[j]
      if merged.last != next { merged.append(next) }
      if k < diff.reloaded.count && diff.reloaded[k] == next { k &+= 1 }
      if j < disclosureReloads.count && disclosureReloads[j] == next { j &+= 1 }
    }
    diff.reloaded = merged
  }
}
