/// The state of a rewrite of a range's filter bits, flags and hidden counts
/// (`_OutlineCore.rewriteFilterState`), carried `inout` through the index's
/// leaf walks: the backward pass over each leaf, then the forward pass.
///
/// The per-entry loops read and write the judgement's stacks through
/// buffers sized once per leaf, so they are straight code with no
/// uniqueness checks or growth in the middle.
@usableFromInline
internal struct _FilterRewrite {
  let range: Range<Int>
  /// Depth of the range's top nodes and their collapsed strict ancestors.
  let topDepth: Int
  let topCollapsed: Int
  /// New answers by slot; nil to read the answers the words keep.
  let answersBySlot: [UInt8]?
  /// One node whose kept answer is replaced (a value set), if any.
  let replacing: (slot: UInt32, answer: UInt32)?
  /// Whether ancestors of passing matches are expanded and marked revealed
  /// (a revealing filter).
  let reveals: Bool
  /// Whether nodes marked revealed collapse (the filter goes).
  let restores: Bool
  var judgement: _FilterJudgement
  /// The backward pass's result per offset of the range.
  var locals: [_FilterJudgement.Local]
  /// By level: collapsed ancestors of the children of the open node.
  var collapsedForChildren: [Int] = []
  /// The rows' change, when wanted.
  var diff: _RowDiff?
  /// The entries that pass, as narrowing's candidates, while there are at
  /// most `includedLimit` of them (nil when not wanted, or past the limit).
  var included: _FilterCandidates?
  let includedLimit: Int

  init(
    range: Range<Int>, topDepth: Int, topCollapsed: Int, topUnderHidden: Bool, marksMatches: Bool,
    answersBySlot: [UInt8]?, replacing: (slot: UInt32, answer: UInt32)? = nil, reveals: Bool = false,
    restores: Bool = false, diff: _RowDiff? = nil, includedLimit: Int = -1
  ) {
    self.range = range
    self.topDepth = topDepth
    self.topCollapsed = topCollapsed
    self.answersBySlot = answersBySlot
    self.replacing = replacing
    self.reveals = reveals
    self.restores = restores
    judgement = _FilterJudgement(topUnderHidden: topUnderHidden, marksMatches: marksMatches)
    locals = [_FilterJudgement.Local](repeating: 0, count: range.count)
    self.diff = diff
    self.includedLimit = includedLimit
    if includedLimit >= 0 { included = _FilterCandidates() }
  }

  /// The deepest level among a leaf's words.
  private func deepestLevel(_ words: UnsafeBufferPointer<UInt32>) -> Int {
    var deepest: UInt32 = 0
    for word in words { deepest = Swift.max(deepest, word & _PreorderIndex.depthMask) }
    return Int(deepest) &- topDepth
  }

  /// The backward pass over one leaf's entries (called last leaf first).
  mutating func backward(_ firstOffset: Int, _ keys: UnsafeBufferPointer<UInt64>, _ words: UnsafeBufferPointer<UInt32>) {
    judgement.reserveLevels(deepestLevel(words) &+ 2)
    // A local copy of the answers: reading them through `self` while the
    // loop writes `locals` would copy `locals` for every leaf.
    if let answers = answersBySlot {
      answers.withUnsafeBufferPointer { backward(firstOffset, keys, words, answers: $0) }
    } else {
      backward(firstOffset, keys, words, answers: nil)
    }
  }

  private mutating func backward(
    _ firstOffset: Int, _ keys: UnsafeBufferPointer<UInt64>, _ words: UnsafeBufferPointer<UInt32>,
    answers: UnsafeBufferPointer<UInt8>?
  ) {
    let base = firstOffset &- range.lowerBound
    let topDepth = self.topDepth
    let replacing = self.replacing
    locals.withUnsafeMutableBufferPointer { locals in
      judgement.children.withUnsafeMutableBufferPointer { children in
        var i = keys.count
        while i > 0 {
          i &-= 1
          let word = words[i]
          let slot = Int(UInt32(truncatingIfNeeded: keys[i]))
          var answer = answers.map { UInt32($0[slot]) } ?? _PreorderIndex.answer(of: word)
          if let replacing, slot == Int(replacing.slot) { answer = replacing.answer }
          let level = Int(word & _PreorderIndex.depthMask) &- topDepth
          locals[base &+ i] = _FilterJudgement.backward(
            level: level, answer: answer, wasIncluded: word & _PreorderIndex.excludedFlag == 0, children: children)
        }
      }
    }
  }

  /// The forward pass over one leaf's entries (called in preorder).
  mutating func forward(
    _ firstOffset: Int, _ keys: UnsafeBufferPointer<UInt64>, _ words: UnsafeMutableBufferPointer<UInt32>,
    _ hidden: UnsafeMutableBufferPointer<Int32>
  ) {
    let base = firstOffset &- range.lowerBound
    let levels = deepestLevel(UnsafeBufferPointer(words)) &+ 1
    judgement.reserveLevels(levels)
    while collapsedForChildren.count < levels { collapsedForChildren.append(0) }
    let topDepth = self.topDepth
    let topCollapsed = self.topCollapsed
    let reveals = self.reveals
    let restores = self.restores
    let collectsDiff = diff != nil
    let marksMatches = judgement.marksMatches
    let topUnderHidden = judgement.topUnderHidden
    locals.withUnsafeBufferPointer { locals in
      collapsedForChildren.withUnsafeMutableBufferPointer { collapsedForChildren in
        judgement.underHidden.withUnsafeMutableBufferPointer { underHidden in
          for i in 0 ..< keys.count {
            let word = words[i]
            let depth = word & _PreorderIndex.depthMask
            let level = Int(depth) &- topDepth
            let collapsed = level == 0 ? topCollapsed : collapsedForChildren[level &- 1]
            let local = locals[base &+ i]
            let (bits, hasMatchBelow, showsChildren) = _FilterJudgement.forward(
              level: level, local: local, topUnderHidden: topUnderHidden, marksMatches: marksMatches,
              underHidden: underHidden)
            let wasExpanded = word & _PreorderIndex.expandedFlag != 0
            var isExpanded = wasExpanded
            var revealed = word & _PreorderIndex.revealedFlag
            if reveals && hasMatchBelow && !wasExpanded {
              isExpanded = true
              revealed = _PreorderIndex.revealedFlag
            } else if restores && revealed != 0 {
              isExpanded = false
              revealed = 0
            }
            collapsedForChildren[level] = collapsed &+ (isExpanded ? 0 : 1)
            let newHidden = collapsed &+ (bits & _PreorderIndex.excludedFlag != 0 ? 1 : 0)
            if collectsDiff {
              diff!.add(
                key: keys[i], wasVisible: hidden[i] == 0, isVisible: newHidden == 0, wasExpanded: wasExpanded,
                isExpanded: isExpanded, isRoot: depth == 0, wasShowingChildren: _FilterJudgement.showedChildren(local),
                isShowingChildren: showsChildren)
            }
            hidden[i] = Int32(truncatingIfNeeded: newHidden)
            words[i] = depth | bits | revealed | (isExpanded ? _PreorderIndex.expandedFlag : 0)
            if bits & _PreorderIndex.excludedFlag == 0 && included != nil {
              if included!.count < includedLimit {
                included!.append(
                  offset: UInt32(truncatingIfNeeded: firstOffset &+ i), slot: UInt32(truncatingIfNeeded: keys[i]),
                  depth: depth, answer: UInt8(truncatingIfNeeded: _PreorderIndex.answer(of: bits)))
              } else {
                included = nil
              }
            }
          }
        }
      }
    }
  }
}
