/// The engine's side of undo and redo: noting every edit, logging the edits
/// of a step while an `Outline.History` records one, and the primitives
/// that replay a logged edit either way.
extension _OutlineCore {
  // MARK: Noting edits

  /// Notes an edit of the structure or of a value. Outside a history's own
  /// work this moves the edit version on (a history that saw another one
  /// was bypassed and clears itself) and frees the slots a history
  /// retained, since no history can bring those nodes back any more.
  @usableFromInline
  mutating func noteEdit() {
    structureVersion &+= 1
    guard recorder == nil && !isApplyingHistory else { return }
    editVersion &+= 1
    index.releaseAllRetained()
  }

  /// Notes that the value of the node in `slot` is being set, and, while a
  /// step is recorded, logs it: returns the place where the generic side
  /// keeps the node's old value.
  @usableFromInline
  mutating func noteValueEdit(ofSlot slot: UInt32) -> Int? {
    noteEdit()
    guard recorder != nil else { return nil }
    let payload = recorder!.reserveEntries(1).lowerBound
    recorder!.ops.append(.value(key: index.key(ofSlot: slot), payload: payload))
    return payload
  }

  // MARK: Logging

  /// The place of the entry at `position`: its parent's key and its index
  /// among its siblings.
  @usableFromInline
  func historyPlace(of position: UInt32) -> _EditLog.Place {
    let place = parentAndIndex(of: position)
    return _EditLog.Place(parent: place.parent.map { index.key(at: $0) }, index: place.index)
  }

  /// Logs that `count` sibling subtrees, the first at `first`, with
  /// `entries` entries in all, were just put into the outline.
  @usableFromInline
  mutating func logInserted(first: UInt32, count: Int, entries: Int) {
    let place = historyPlace(of: first)
    let range = recorder!.reserveEntries(entries)
    recorder!.ops.append(.presence(place: place, count: count, entries: range, isAttached: true))
  }

  /// Logs that the sibling subtrees at `range`, the first at `first`, are
  /// about to leave the outline for good, keeping their entries; the
  /// caller removes them retaining their slots.
  @usableFromInline
  mutating func logRemoving(_ range: Range<Int>, first: UInt32) {
    let place = historyPlace(of: first)
    let depth = index.depth(at: first)
    let held = index.heldEntries(in: range, topDepth: depth)
    let count = index.countEntries(atDepth: depth, in: range)
    let entries = recorder!.reserveEntries(held.count)
    recorder!.held.replaceSubrange(entries, with: held)
    recorder!.ops.append(.presence(place: place, count: count, entries: entries, isAttached: false))
  }

  /// Logs that `count` sibling subtrees, the first at `first`, are about
  /// to be cut out to be put back elsewhere; returns the run number their
  /// `put` must log.
  @usableFromInline
  mutating func logCut(first: UInt32, count: Int) -> Int {
    let run = recorder!.nextRun
    recorder!.nextRun &+= 1
    recorder!.ops.append(.cut(place: historyPlace(of: first), count: count, run: run))
    return run
  }

  /// Logs that the run `run` of `count` sibling subtrees was just put back
  /// with its first at `first`.
  @usableFromInline
  mutating func logPut(first: UInt32, count: Int, run: Int) {
    recorder!.ops.append(.put(place: historyPlace(of: first), count: count, run: run))
  }

  // MARK: Replaying

  /// The offsets of the `count` sibling subtrees at `place` (to insert
  /// there, `count` 0: an empty range at the gap), the parent's position,
  /// and the children's depth.
  @usableFromInline
  func runRange(at place: _EditLog.Place, count: Int) -> (range: Range<Int>, parent: UInt32?, depth: Int) {
    let parent = place.parent.map { key -> UInt32 in
      guard let position = index.livePosition(ofKey: key) else {
        _failRequirement("Outline.History: a step names a node that is gone; was the history used with another outline?")
      }
      return position
    }
    let scope = childScope(of: parent)
    let children = index.countEntries(atDepth: scope.depth, in: scope.range)
    _require(
      place.index >= 0 && place.index &+ count <= children,
      "Outline.History: a step's place is out of range; was the history used with another outline?")
    func start(ofChild k: Int) -> Int {
      k == children ? scope.range.upperBound : index.offset(of: index.position(ofEntry: k, atDepth: scope.depth, in: scope.range)!)
    }
    let lower = start(ofChild: place.index)
    guard count > 0 else { return (lower ..< lower, parent, scope.depth) }
    let last = index.position(ofEntry: place.index &+ count &- 1, atDepth: scope.depth, in: scope.range)!
    return (lower ..< subtreeRange(of: last).upperBound, parent, scope.depth)
  }

  /// The hidden count a child of the node at `parent` starts with.
  @usableFromInline
  func childHidden(under parent: UInt32?) -> Int {
    parent.map { index.collapsedAncestors(at: $0) &+ (index.isExpanded(at: $0) ? 0 : 1) } ?? 0
  }

  /// Takes the `count` sibling subtrees at `place` out of the outline,
  /// retaining their slots, and returns their entries; `release` gets each
  /// slot, in preorder, before it is retained.
  @usableFromInline
  mutating func detachHeld(at place: _EditLog.Place, count: Int, release: (UInt32) -> Void) -> [_HeldEntry] {
    let (range, parent, depth) = runRange(at: place, count: count)
    let held = index.heldEntries(in: range, topDepth: depth)
    removeSiblingRun(range, under: parent.map { index.slot(at: $0) }, retaining: true, release: release)
    return held
  }

  /// Puts held entries back at `place`, as the sibling subtrees they were,
  /// with their flags and heights, judged by the filter's `answers` (one
  /// per entry, when a filter is set).
  @usableFromInline
  mutating func attachHeld(_ entries: ArraySlice<_HeldEntry>, at place: _EditLog.Place, answers: [UInt32]?) {
    let (range, parent, depth) = runRange(at: place, count: 0)
    var seeds = index.revivingSeeds(entries, depth: depth, hidden: childHidden(under: parent), answers: answers)
    insertRun(&seeds, at: range.lowerBound, under: parent)
    for entry in entries where entry.height >= 0 {
      index.setHeight(entry.height, at: index.position(ofSlot: UInt32(truncatingIfNeeded: entry.key)))
    }
  }

  /// Cuts the `count` sibling subtrees at `place` out, to be put back.
  @usableFromInline
  mutating func cutRun(at place: _EditLog.Place, count: Int) -> _DetachedRun {
    let (range, parent, depth) = runRange(at: place, count: count)
    let scope = index.position(atOffset: range.lowerBound)
    var tops: [UInt32] = []
    var next: Int? = index.offset(of: scope)
    while let offset = next, offset < range.upperBound {
      let position = index.position(atOffset: offset)
      tops.append(index.slot(at: position))
      next = index.firstOffset(after: position, offset: offset, depthAtMost: depth)
    }
    return detachRun(range, tops: tops, under: parent.map { index.slot(at: $0) })
  }

  /// Puts a cut run back at `place`.
  @usableFromInline
  mutating func putRun(_ run: _DetachedRun, at place: _EditLog.Place) {
    let (range, parent, depth) = runRange(at: place, count: 0)
    reattach(run, at: range.lowerBound, under: parent, depth: depth, hidden: childHidden(under: parent))
  }

  /// Sets each node's expanded flag back to what a composer saw first
  /// (after a rolled-back record), for the nodes still in the outline.
  @usableFromInline
  mutating func restoreFlags(_ flags: [UInt64: Bool]) {
    for (key, expanded) in flags {
      guard let position = index.livePosition(ofKey: key), index.isExpanded(at: position) != expanded else { continue }
      _ = setFlag(expanded, at: position)
    }
  }
}
