/// Builds the change of a walk over a run of entries whose visibility or
/// flags are being rewritten in place: each entry says whether it was and is
/// visible, whether its flag flipped, and (for filter rewrites) whether it
/// had and has a child that passes: its disclosure.
///
/// Rows before the run are unchanged, so both row counters start at the
/// number of visible entries before it.
@usableFromInline
internal struct _RowDiff {
  @usableFromInline var oldRow: Int
  @usableFromInline var newRow: Int
  @usableFromInline var removed: [Range<Int>] = []
  @usableFromInline var inserted: [Range<Int>] = []
  @usableFromInline var reloaded: [Int] = []
  /// Keys of the removed rows' nodes, when `collectsKeys`.
  @usableFromInline var removedKeys: [UInt64] = []
  /// Keys and old flags of every node whose flag flipped, when `collectsKeys`.
  @usableFromInline var flippedFlags: [(key: UInt64, was: Bool)] = []
  /// Keys and old disclosures of every node whose disclosure turned, shown
  /// or not, when `collectsKeys`.
  @usableFromInline var flippedDisclosures: [(key: UInt64, was: Bool)] = []
  /// Removed rows (old) and inserted rows (new) of roots: a filter can hide
  /// and show roots.
  @usableFromInline var removedRootRows: [Int] = []
  @usableFromInline var insertedRootRows: [Int] = []
  @usableFromInline let collectsKeys: Bool

  @usableFromInline
  init(firstRow: Int, collectsKeys: Bool) {
    oldRow = firstRow
    newRow = firstRow
    self.collectsKeys = collectsKeys
  }

  @inline(__always)
  mutating func add(
    key: UInt64, wasVisible: Bool, isVisible: Bool, wasExpanded: Bool, isExpanded: Bool, isRoot: Bool = false,
    wasShowingChildren: Bool = false, isShowingChildren: Bool = false
  ) {
    if collectsKeys && wasExpanded != isExpanded { flippedFlags.append((key, wasExpanded)) }
    if collectsKeys && wasShowingChildren != isShowingChildren { flippedDisclosures.append((key, wasShowingChildren)) }
    switch (wasVisible, isVisible) {
    case (true, true):
      if wasExpanded != isExpanded || wasShowingChildren != isShowingChildren { reloaded.append(oldRow) }
      oldRow += 1
      newRow += 1
    case (true, false):
      _RowDiff.append(oldRow, to: &removed)
      if isRoot { removedRootRows.append(oldRow) }
      if collectsKeys { removedKeys.append(key) }
      oldRow += 1
    case (false, true):
      _RowDiff.append(newRow, to: &inserted)
      if isRoot { insertedRootRows.append(newRow) }
      newRow += 1
    case (false, false):
      break
    }
  }

  @inline(__always)
  static func append(_ row: Int, to ranges: inout [Range<Int>]) {
    if let last = ranges.last, last.upperBound == row {
      ranges[ranges.count - 1] = last.lowerBound ..< row + 1
    } else {
      ranges.append(row ..< row + 1)
    }
  }

  @usableFromInline
  var change: OutlineChange {
    OutlineChange(
      removedRows: removed, insertedRows: inserted, reloadedRows: reloaded, removedRootRows: removedRootRows,
      insertedRootRows: insertedRootRows)
  }
}
