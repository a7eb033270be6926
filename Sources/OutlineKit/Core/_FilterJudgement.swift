/// Works out the filter bits of a run of preorder entries (the whole
/// outline, one subtree, or a subtree about to be inserted) from the
/// filter's answers, in two passes.
///
/// Backward (reverse preorder, so each node's children come before it),
/// `backward` works out what depends on descendants, as if nothing above
/// the node answered `.hidden`: whether the node passes ("locally"), and
/// whether a match passes below it. Forward (preorder), `forward` adds what
/// depends on ancestors: a node under a `.hidden` answer never passes, and
/// reveals nothing.
///
/// That split is exact: a node not under `.hidden` passes exactly when it
/// passes locally, because the `.hidden` answers that matter to it are all
/// in its own subtree.
///
/// Levels count from the run's top depth (0 for the top nodes).
@usableFromInline
internal struct _FilterJudgement {
  /// What the backward pass learns of one node: its answer (bits 0-1),
  /// passes locally (bit 2), a match passes below it (bit 3).
  @usableFromInline typealias Local = UInt8

  /// By level: a child at this level, of the open node one level up,
  /// passes locally / has or is a passing match.
  @usableFromInline var childPasses: [Bool] = []
  @usableFromInline var childHasMatch: [Bool] = []
  /// By level: the open node at this level is under a `.hidden` answer.
  @usableFromInline var underHidden: [Bool] = []
  /// Whether the parent of the run's top nodes is under a `.hidden` answer.
  @usableFromInline let topUnderHidden: Bool
  /// Whether matches get their bit (while a filter is set).
  @usableFromInline let marksMatches: Bool

  @usableFromInline
  init(topUnderHidden: Bool, marksMatches: Bool) {
    self.topUnderHidden = topUnderHidden
    self.marksMatches = marksMatches
  }

  /// The backward step for a node at `level` with answer `answer`, after
  /// all its descendants.
  @usableFromInline
  mutating func backward(level: Int, answer: UInt32) -> Local {
    if childPasses.count < level &+ 2 {
      let missing = level &+ 2 &- childPasses.count
      childPasses += repeatElement(false, count: missing)
      childHasMatch += repeatElement(false, count: missing)
    }
    let hasPassingChild = childPasses[level &+ 1]
    let matchBelow = childHasMatch[level &+ 1]
    childPasses[level &+ 1] = false
    childHasMatch[level &+ 1] = false
    var local = Local(truncatingIfNeeded: answer)
    guard answer != _FilterAnswer.hidden else { return local }
    let passes = answer == _FilterAnswer.visible || hasPassingChild
    if passes {
      local |= 4
      childPasses[level] = true
    }
    if matchBelow { local |= 8 }
    if matchBelow || (passes && answer == _FilterAnswer.visible) { childHasMatch[level] = true }
    return local
  }

  /// The forward step for a node at `level`, in preorder: its filter bits
  /// (answer, excluded, under hidden, match) and whether a passing match is
  /// below it (its ancestors are what revealing expands).
  @usableFromInline
  mutating func forward(level: Int, local: Local) -> (bits: UInt32, hasMatchBelow: Bool) {
    if underHidden.count > level { underHidden.removeLast(underHidden.count &- level) }
    let answer = UInt32(local & 3)
    let isUnderHidden = (level == 0 ? topUnderHidden : underHidden[level &- 1]) || answer == _FilterAnswer.hidden
    underHidden.append(isUnderHidden)
    var bits = answer &<< _PreorderIndex.answerShift
    if isUnderHidden { bits |= _PreorderIndex.underHiddenFlag }
    let passes = !isUnderHidden && local & 4 != 0
    if !passes { bits |= _PreorderIndex.excludedFlag }
    if passes && answer == _FilterAnswer.visible && marksMatches { bits |= _PreorderIndex.matchFlag }
    return (bits, !isUnderHidden && local & 8 != 0)
  }
}
