/// Search as you type: a filter that only hides more than the one in force
/// (the user typed one more letter) asks only the nodes that pass now, and
/// going back (Backspace) restores the filter before it from what it kept,
/// so a keystroke costs the matches, not the outline.
///
/// ```swift
/// func searchTextDidChange(from old: String, to new: String) -> OutlineChange {
///   if new.isEmpty { return outline.removeFilter() }
///   if !old.isEmpty, new.hasPrefix(old) {
///     return outline.narrowFilter(revealingMatches: true) { visibility($0, new) }
///   }
///   if old.dropLast() == new, let change = outline.widenFilter() { return change }
///   return outline.setFilter(revealingMatches: true) { visibility($0, new) }
/// }
/// ```
///
/// (`SearchAsYouType`, in OutlineAdapters, keeps track of which text each
/// kept filter was for, so a widening is never applied for another text.)
extension Outline {
  /// Sets a filter that passes no node the current filter excludes, asking
  /// only the nodes that pass now: search as you type, one more letter.
  ///
  /// The result is exactly that of ``setFilter(revealingMatches:_:)`` with
  /// the same filter (the same rows, change, matches and revealed nodes),
  /// as long as the new filter only hides more: every node the current
  /// filter excludes, the new one excludes too. That holds when a query
  /// grows (a name that does not contain "pe" does not contain "pea") and
  /// the rest of the test stays the same.
  ///
  /// The filter in force before is kept, so ``widenFilter()`` can go back
  /// to it as cheaply. Nodes the new filter was not asked about keep their
  /// earlier answers until an edit: the first insertion, removal, move,
  /// value set, update, undo or redo after narrowing asks the filter about
  /// every node (O(n), once), so edits judge them as the filter in force
  /// would. With no filter set, this sets one over the whole outline.
  ///
  /// ```swift
  /// outline.narrowFilter(revealingMatches: true) { $0.title.contains("pea") ? .visible : .recurse }
  /// ```
  ///
  /// - Parameters:
  ///   - revealingMatches: Whether to expand the ancestors of every match.
  ///   - visibility: The test; called once for each node that passes now,
  ///     on several threads at once when there are more than 16,384.
  /// - Returns: The rows that appeared, disappeared and must be redrawn.
  /// - Precondition: The new filter passes no node the current one excludes;
  ///   broken, it traps at the next edit, when every node is asked.
  /// - Complexity: O(m log n) for the m nodes that pass now, plus m calls
  ///   of `visibility`, plus O(s) for the s nodes below any node whose
  ///   answer turns to `.hidden`. When more than a third of the nodes pass
  ///   (a chain's ancestors), the whole pass of `setFilter` costs less and
  ///   is taken: O(n) and n calls.
  @inlinable @discardableResult
  public mutating func narrowFilter(
    revealingMatches: Bool = false, _ visibility: @escaping @Sendable (Node) -> FilterVisibility
  ) -> OutlineChange {
    guard let current = _filter else {
      let change = setFilter(revealingMatches: revealingMatches, visibility)
      _filter!.earlier = [_EarlierFilter(filter: nil, candidates: nil, structureVersion: _core.structureVersion)]
      return change
    }
    let (next, question) = _narrowing(from: current, to: _OutlineFilter(visibility: visibility, revealsMatches: revealingMatches))
    let answers = Self._answers(of: next, to: question, in: _payloads, isCancelled: { false })!
    return _mutate(.display) { $0._install(next, asked: question, answers: answers) }
  }

  /// What narrowing from the filter in force, `current`, to `filter`
  /// asks: the nodes that pass now, or every node when that costs less.
  /// Returns `filter` holding `current` to widen back to.
  @inlinable
  internal func _narrowing(
    from current: _OutlineFilter<Node>, to filter: _OutlineFilter<Node>
  ) -> (next: _OutlineFilter<Node>, question: _FilterQuestion) {
    var next = filter
    next.earlier = current.earlier
    var saved = current
    saved.earlier = []
    saved.included = nil
    // Most nodes pass (a chain's ancestors): the whole pass costs less, and
    // widening back takes it too.
    let wholePass = _EarlierFilter<Node>.wholePassIsCheaper(candidates: includedCount, nodes: nodeCount)
    // The nodes that pass: kept by the last filter call, or found in the
    // index.
    let included =
      wholePass
      ? nil : current.included.flatMap { current.includedVersion == _core.structureVersion ? $0 : nil }
        ?? _core.includedCandidates()
    next.earlier.append(_EarlierFilter(filter: saved, candidates: included, structureVersion: _core.structureVersion))
    if next.earlier.count > _EarlierFilter<Node>.limit { next.earlier.removeFirst() }
    guard let included else { return (next, .everyNode) }
    next.hasUnaskedNodes = current.hasUnaskedNodes || included.count < nodeCount
    return (next, .candidates(included))
  }

  /// Goes back to the filter that the last ``narrowFilter(revealingMatches:_:)``
  /// narrowed: Backspace in a search box.
  ///
  /// The result is exactly that of setting that filter again with
  /// ``setFilter(revealingMatches:_:)`` (its matches are revealed again when
  /// it reveals), or of ``removeFilter()`` when no filter was set before
  /// the narrowing; nodes the narrowed filter revealed stay expanded.
  ///
  /// Returns nil, changing nothing, when there is nothing to go back to:
  /// no narrowing since the last `setFilter`, `refilter` or
  /// `removeFilter`, or an edit of the outline's structure or values since
  /// (it drops what narrowing kept). Set the filter then.
  ///
  /// - Returns: The rows that appeared, disappeared and must be redrawn, or
  ///   nil.
  /// - Complexity: O(m log n) for the m nodes the earlier filter passed,
  ///   with no call of any filter, plus O(s) for the s nodes below any node
  ///   whose answer turns from `.hidden`; O(n) when it removes the filter,
  ///   or when more than a third of the nodes passed (then the earlier
  ///   filter is asked about every node).
  @inlinable
  public mutating func widenFilter() -> OutlineChange? {
    guard let current = _filter, let earlier = current.earlier.last else { return nil }
    guard earlier.structureVersion == _core.structureVersion else {
      _filter!.earlier = []
      return nil
    }
    switch _widening(from: current) {
    case .removeFilter:
      return removeFilter()
    case .askEveryNode(let restored):
      return _setFilter(restored)
    case .restore(var restored, let candidates):
      return _mutate(.display) { outline in
        let result = outline._core.applyFilter(to: candidates, revealing: restored.revealsMatches, allPassed: false)
        restored.included = result.included
        restored.includedVersion = outline._core.structureVersion
        outline._filter = restored
        return result.change
      }
    }
  }

  /// How widening from `current` (which narrowed a filter, with the
  /// structure unchanged since) goes back.
  @usableFromInline
  internal enum _Widening {
    /// No filter was set before the narrowing.
    case removeFilter
    /// Most nodes passed the filter before: asking every node again costs
    /// less than restoring them.
    case askEveryNode(_OutlineFilter<Node>)
    /// The filter before, and its answers for the nodes it passed.
    case restore(_OutlineFilter<Node>, _FilterCandidates)
  }

  /// How ``widenFilter()`` goes back from `current`.
  @inlinable
  internal func _widening(from current: _OutlineFilter<Node>) -> _Widening {
    let earlier = current.earlier.last!
    guard var restored = earlier.filter else { return .removeFilter }
    restored.earlier = current.earlier.dropLast()
    guard let candidates = earlier.candidates,
      !_EarlierFilter<Node>.wholePassIsCheaper(candidates: candidates.offsets.count, nodes: nodeCount)
    else {
      restored.hasUnaskedNodes = false
      return .askEveryNode(restored)
    }
    return .restore(restored, candidates)
  }

  /// Whether ``widenFilter()`` has a filter to go back to.
  ///
  /// - Complexity: O(1).
  @inlinable
  public var canWidenFilter: Bool {
    guard let earlier = _filter?.earlier.last else { return false }
    return earlier.structureVersion == _core.structureVersion
  }

  /// Before an edit: asks the filter about the nodes that narrowing left
  /// with earlier answers, and drops what widening would go back to (the
  /// edit moves the offsets it kept).
  @inlinable
  internal mutating func _settleFilterForEdit() {
    guard let filter = _filter, filter.hasUnaskedNodes || !filter.earlier.isEmpty || filter.included != nil else {
      return
    }
    _filter!.earlier = []
    _filter!.included = nil
    // A search request made against what was kept is stale now, even when
    // the edit turns out to change nothing.
    _core.filterVersion &+= 1
    guard filter.hasUnaskedNodes else { return }
    _filter!.hasUnaskedNodes = false
    _core.settleFilter(answers: _answers(of: filter))
  }
}

/// A filter that a narrowing replaced, with what going back to it needs:
/// the nodes it passed, as candidates with its answers.
@usableFromInline
internal struct _EarlierFilter<Node>: Sendable {
  /// The filter, or nil when none was set.
  @usableFromInline var filter: _OutlineFilter<Node>?
  /// The nodes it passed, with its answers; nil when widening back to it
  /// asks every node (most nodes passed).
  @usableFromInline var candidates: _FilterCandidates?
  /// The outline's structure version when it was kept: the offsets hold
  /// while it is the same.
  @usableFromInline var structureVersion: UInt64

  @inlinable
  init(filter: _OutlineFilter<Node>?, candidates: _FilterCandidates?, structureVersion: UInt64) {
    self.filter = filter
    self.candidates = candidates
    self.structureVersion = structureVersion
  }

  /// How many earlier filters are kept; older ones are dropped (widening
  /// past them returns nil).
  @inlinable
  static var limit: Int { 64 }

  /// Whether asking every node (the whole pass of `setFilter`, which gives
  /// the same result) costs less than the sparse walk over the candidates:
  /// when more than a third of the nodes are candidates. A candidate costs
  /// about three times a node of the whole pass once candidates fill most
  /// leaves (measured at 10^7: 312 ms for 2.7 million candidates, 351 ms
  /// for the whole pass). Checked builds take the sparse walk for an odd
  /// count of candidates whatever the share, so that tests cover both ways.
  @inlinable
  static func wholePassIsCheaper(candidates: Int, nodes: Int) -> Bool {
    #if OUTLINE_INTERNAL_CHECKS
    return candidates &* 3 > nodes && candidates & 1 == 0
    #else
    return candidates &* 3 > nodes
    #endif
  }

  /// The most candidates worth keeping from a whole pass for the next
  /// narrowing: past it, the narrowing takes the whole pass.
  @inlinable
  static func sparseWalkLimit(nodes: Int) -> Int {
    #if OUTLINE_INTERNAL_CHECKS
    return nodes
    #else
    return nodes / 3
    #endif
  }
}
