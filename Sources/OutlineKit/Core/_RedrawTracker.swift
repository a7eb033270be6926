/// Notes, during one selection call, the nodes whose selected state it
/// touched, so the call can report the rows to redraw in time proportional
/// to what it changed, not to the size of the selection.
@usableFromInline
internal struct _RedrawTracker: Sendable {
  /// The focus before the call.
  @usableFromInline let oldFocus: UInt64?
  /// Whether each touched node was selected before the call: the first note
  /// for a node wins.
  @usableFromInline var wasSelected: [UInt64: Bool] = [:]

  @usableFromInline
  init(focus: UInt64?) { oldFocus = focus }

  @usableFromInline
  mutating func note(_ key: UInt64, wasSelected was: Bool) {
    if wasSelected[key] == nil { wasSelected[key] = was }
  }
}

extension _SelectionCore {
  /// Adds a node to the selection, noting it.
  @usableFromInline
  mutating func insert(_ key: UInt64, _ tracker: inout _RedrawTracker) {
    if selected.insert(key).inserted { tracker.note(key, wasSelected: false) }
  }

  /// Takes a node out of the selection (and of the pending range), noting it.
  @usableFromInline
  mutating func remove(_ key: UInt64, _ tracker: inout _RedrawTracker) {
    if selected.remove(key) != nil {
      tracker.note(key, wasSelected: true)
      rangeAdded.remove(key)
    }
  }

  /// Deselects everything but `kept` (which stays selected if it was).
  @usableFromInline
  mutating func removeAll(except kept: UInt64?, _ tracker: inout _RedrawTracker) {
    let keep = kept.map { selected.contains($0) } ?? false
    for key in selected where key != kept { tracker.note(key, wasSelected: true) }
    selected = keep ? [kept!] : []
    rangeAdded = []
  }

  /// Ends a call: the rows of the nodes whose focus or selection changed,
  /// and the focus's row, which is remembered for a later removal.
  @usableFromInline
  mutating func finish(
    _ tracker: _RedrawTracker, outlineChange: OutlineChange, in outline: _OutlineCore
  ) -> SelectionChange {
    var keys: [UInt64] = []
    for (key, was) in tracker.wasSelected where was != selected.contains(key) { keys.append(key) }
    if tracker.oldFocus != focus {
      if let old = tracker.oldFocus { keys.append(old) }
      if let new = focus { keys.append(new) }
    }
    let focusedRow = focus.flatMap { Self.row(ofKey: $0, in: outline) }
    if focusedRow != nil { focusRowHint = focusedRow }
    return SelectionChange(
      outlineChange: outlineChange,
      rowsToRedraw: _mergedRanges(keys.compactMap { Self.row(ofKey: $0, in: outline) }),
      focusedRow: focusedRow)
  }
}
