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
/// Levels count from the run's top depth (0 for the top nodes). The stacks
/// are indexed by level and never shrink: in preorder a level is only read
/// after the node at that level was written. Callers size them
/// (`reserveLevels`) before a run of steps and pass their buffers in.
@usableFromInline
internal struct _FilterJudgement {
  /// What the backward pass learns of one node: its answer (bits 0-1),
  /// passes locally (bit 2), a match passes below it (bit 3), a child
  /// passes locally (bit 4), a child passed before the rewrite (bit 5):
  /// the last two give its disclosure after and before.
  @usableFromInline typealias Local = UInt8

  /// By level: bit 0, a child at this level (of the open node one level
  /// up) passes locally; bit 1, one is or has a passing match; bit 2, one
  /// passed before the rewrite.
  @usableFromInline var children: [UInt8] = []
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

  /// Makes both stacks hold at least `count` levels.
  mutating func reserveLevels(_ count: Int) {
    if children.count < count { children += repeatElement(0, count: count &- children.count) }
    if underHidden.count < count { underHidden += repeatElement(false, count: count &- underHidden.count) }
  }

  /// The backward step for a node at `level` with answer `answer`, after
  /// all its descendants; `wasIncluded` says whether it passed before the
  /// rewrite. `children` holds at least `level + 2` levels.
  @inline(__always)
  static func backward(
    level: Int, answer: UInt32, wasIncluded: Bool, children: UnsafeMutableBufferPointer<UInt8>
  ) -> Local {
    let below = children[level &+ 1]
    children[level &+ 1] = 0
    if wasIncluded { children[level] |= 4 }
    var local = Local(truncatingIfNeeded: answer) | (below & 1 != 0 ? 16 : 0) | (below & 4 != 0 ? 32 : 0)
    guard answer != _FilterAnswer.hidden else { return local }
    let passes = answer == _FilterAnswer.visible || below & 1 != 0
    let hasMatch = below & 2 != 0
    if passes { local |= 4 }
    if hasMatch { local |= 8 }
    children[level] |= (passes ? 1 : 0) | (hasMatch || (passes && answer == _FilterAnswer.visible) ? 2 : 0)
    return local
  }

  /// The forward step for a node at `level`, in preorder: its filter bits
  /// (answer, excluded, under hidden, match), whether a passing match is
  /// below it (its ancestors are what revealing expands), and whether a
  /// child passes (its disclosure); `underHidden` holds at least
  /// `level + 1` levels.
  @inline(__always)
  static func forward(
    level: Int, local: Local, topUnderHidden: Bool, marksMatches: Bool, underHidden: UnsafeMutableBufferPointer<Bool>
  ) -> (bits: UInt32, hasMatchBelow: Bool, showsChildren: Bool) {
    let answer = UInt32(local & 3)
    let isUnderHidden = (level == 0 ? topUnderHidden : underHidden[level &- 1]) || answer == _FilterAnswer.hidden
    underHidden[level] = isUnderHidden
    var bits = answer &<< _PreorderIndex.answerShift
    if isUnderHidden { bits |= _PreorderIndex.underHiddenFlag }
    let passes = !isUnderHidden && local & 4 != 0
    if !passes { bits |= _PreorderIndex.excludedFlag }
    if passes && answer == _FilterAnswer.visible && marksMatches { bits |= _PreorderIndex.matchFlag }
    return (bits, !isUnderHidden && local & 8 != 0, !isUnderHidden && local & 16 != 0)
  }

  /// Whether a node had a child that passed before the rewrite, from its
  /// backward step.
  @inline(__always)
  static func showedChildren(_ local: Local) -> Bool { local & 32 != 0 }

  /// The backward step, sizing the stack itself (for short runs).
  mutating func backward(level: Int, answer: UInt32) -> Local {
    reserveLevels(level &+ 2)
    return children.withUnsafeMutableBufferPointer {
      _FilterJudgement.backward(level: level, answer: answer, wasIncluded: false, children: $0)
    }
  }

  /// The forward step, sizing the stack itself (for short runs).
  mutating func forward(level: Int, local: Local) -> (bits: UInt32, hasMatchBelow: Bool, showsChildren: Bool) {
    reserveLevels(level &+ 1)
    let (topUnderHidden, marksMatches) = (self.topUnderHidden, self.marksMatches)
    return underHidden.withUnsafeMutableBufferPointer {
      _FilterJudgement.forward(
        level: level, local: local, topUnderHidden: topUnderHidden, marksMatches: marksMatches, underHidden: $0)
    }
  }
}
