/// Composes the changes of several successive steps into one `OutlineChange`
/// from the rows before the first step to the rows after the last.
///
/// It keeps two row sets: `removed`, old rows whose nodes left the list, and
/// `inserted`, current rows whose nodes joined it. Every other row is a
/// survivor: shown before and now, in the same order, so a current survivor
/// row maps back to its old row by counting. Reloads are tracked by node and
/// settled at the end, when it is known whether the node survived and whether
/// what its row draws really changed: its value (set), its expanded flag, or
/// its disclosure (whether it has a child the filter shows). Every step that
/// can turn a node's disclosure notes the node first, with the disclosure it
/// had; the first note of a node wins, so the composer keeps what each
/// touched node showed before the first step.
///
/// With `tracksIdentity` (batches), it also remembers which node each removed
/// old row belonged to, so a node hidden and shown again inside one batch
/// (collapse then expand) cancels out instead of being removed and inserted.
/// Nodes that moved never cancel: their place among the survivors changed.
///
/// Cost: linear in the number of separate ranges per step, plus, when
/// tracking identity, one hash-table entry per removed row.
@usableFromInline
internal struct _ChangeComposer: Sendable {
  @usableFromInline var removed = _RowSet()
  @usableFromInline var inserted = _RowSet()
  /// Old rows of removed roots, and current rows of inserted roots.
  @usableFromInline var removedRoots = _RowSet()
  @usableFromInline var insertedRoots = _RowSet()
  /// Node key -> its expanded flag before the first step.
  @usableFromInline var originalFlags: [UInt64: Bool] = [:]
  /// Nodes whose value was set.
  @usableFromInline var valueChanges: Set<UInt64> = []
  /// Node key -> whether it had a child the filter shows before the first
  /// step, for every node whose children (or their inclusion) a step
  /// changed.
  @usableFromInline var originalDisclosures: [UInt64: Bool] = [:]
  /// Node key -> its check state before the first step that turned it
  /// (see `_OutlineCore+Checkmarks`).
  @usableFromInline var originalCheckStates: [UInt64: CheckState] = [:]
  @usableFromInline let tracksIdentity: Bool
  /// Nodes shown before that some step hid, as runs in row order: each
  /// node's key and its old row. A node is in at most one run (only a
  /// survivor's removal is recorded, and a node survives until it first
  /// leaves).
  @usableFromInline var removedRuns: [(keys: [UInt64], oldRows: [Int])] = []
  @usableFromInline var movedNodes: Set<UInt64> = []

  @inlinable
  init(tracksIdentity: Bool) {
    self.tracksIdentity = tracksIdentity
  }

  /// Old row of a node that is shown now on `row` and is a survivor.
  @usableFromInline
  func oldRow(ofSurvivorAt row: Int) -> Int {
    removed.integerNotInSet(row - inserted.rank(row))
  }

  /// Records that a step removes the current rows `range`; `keysOfRows`
  /// gives the keys of the nodes on a run of those rows (asked only when
  /// tracking identity, and only for rows that were shown before the first
  /// step, and not when `nodesMove`: moved nodes never cancel out);
  /// `rootRows` are the rows of the roots among them, sorted.
  @usableFromInline
  mutating func recordRemoval(
    _ range: Range<Int>, keysOfRows: (Range<Int>) -> [UInt64], rootRows: [Int] = [], nodesMove: Bool = false
  ) {
    guard !range.isEmpty else { return }
    // Read every root's state before any is changed: rows are current rows.
    let insertedBefore = rootRows.filter { insertedRoots.contains($0) }
    for rootRow in rootRows where !insertedRoots.contains(rootRow) {
      let old = oldRow(ofSurvivorAt: rootRow)
      removedRoots.formUnion(old ..< old + 1)
    }
    for rootRow in insertedBefore { insertedRoots.subtract(rootRow ..< rootRow + 1) }
    insertedRoots.deleteRows(range)
    // Survivor runs map to old rows; rows inserted earlier just vanish.
    var oldRuns: [Range<Int>] = []
    for gap in inserted.gaps(in: range) {
      let first = oldRow(ofSurvivorAt: gap.lowerBound)
      let last = oldRow(ofSurvivorAt: gap.upperBound - 1)
      oldRuns.append(first ..< last + 1)
      if tracksIdentity && !nodesMove {
        // Consecutive survivors have consecutive old rows, except where old
        // rows already removed lie between them: their old rows are the
        // rows of first ... last not removed.
        let runRows = Array(removed.gaps(in: first ..< last + 1).joined())
        removedRuns.append((keysOfRows(gap), runRows))
      }
    }
    for run in oldRuns { removed.formUnion(run) }
    inserted.deleteRows(range)
  }

  /// Records that a step inserts the rows `range` (rows after the step);
  /// `rootRows` are the rows of the roots among them.
  @usableFromInline
  mutating func recordInsertion(_ range: Range<Int>, rootRows: [Int] = []) {
    guard !range.isEmpty else { return }
    inserted.openRows(range)
    inserted.formUnion(range)
    insertedRoots.openRows(range)
    for rootRow in rootRows { insertedRoots.formUnion(rootRow ..< rootRow + 1) }
  }

  /// Records a node's expanded flag before it first changes.
  @usableFromInline
  mutating func recordFlag(of key: UInt64, was expanded: Bool) {
    if originalFlags[key] == nil { originalFlags[key] = expanded }
  }

  /// Records whether a node showed a disclosure before its children first
  /// change.
  @usableFromInline
  mutating func recordDisclosure(of key: UInt64, was showing: Bool) {
    if originalDisclosures[key] == nil { originalDisclosures[key] = showing }
  }

  /// Records a node's check state before a step first turns it.
  @usableFromInline
  mutating func recordCheckState(of key: UInt64, was state: CheckState) {
    if originalCheckStates[key] == nil { originalCheckStates[key] = state }
  }

  @usableFromInline
  mutating func recordValueChange(of key: UInt64) {
    valueChanges.insert(key)
  }

  @usableFromInline
  mutating func recordMove(of key: UInt64) {
    if tracksIdentity { movedNodes.insert(key) }
  }

  /// The composed change, given each node's current row (nil when hidden or
  /// gone), its current expanded flag, whether it shows a disclosure now,
  /// its check state now, and a way to read the keys of the current rows
  /// from a given row on.
  ///
  /// Nodes hidden and shown again, and not moved, are survivors after all:
  /// they cancel. A run of removed nodes usually comes back as a run (a
  /// collapse undone by an expand), so each run is matched against the
  /// current rows by walking both, O(1) per node, with a lookup only where
  /// the two part.
  @usableFromInline
  mutating func finish(
    currentRow: (UInt64) -> Int?, isExpanded: (UInt64) -> Bool, showsDisclosure: (UInt64) -> Bool,
    checkState: (UInt64) -> CheckState, keysOfRows: (_ from: Int, _ body: (UInt64) -> Bool) -> Void
  ) -> OutlineChange {
    if tracksIdentity && !removedRuns.isEmpty {
      var cancelledOld: [Range<Int>] = []
      var cancelledNew: [Range<Int>] = []
      let checksMoves = !movedNodes.isEmpty
      for run in removedRuns {
        var i = 0
        while i < run.keys.count {
          guard !checksMoves || !movedNodes.contains(run.keys[i]), let start = currentRow(run.keys[i]),
            inserted.contains(start)
          else {
            i += 1
            continue
          }
          // Walk the current rows from `start` alongside the run.
          var row = start
          let first = i
          defer { if i == first { i += 1 } }
          keysOfRows(start) { key in
            guard i < run.keys.count, key == run.keys[i], !checksMoves || !movedNodes.contains(key),
              inserted.contains(row)
            else { return false }
            _RowDiff.append(run.oldRows[i], to: &cancelledOld)
            _RowDiff.append(row, to: &cancelledNew)
            i += 1
            row += 1
            return true
          }
        }
      }
      cancelledOld.sort { $0.lowerBound < $1.lowerBound }
      cancelledNew.sort { $0.lowerBound < $1.lowerBound }
      // A root hidden and shown again by filters cancels like any node.
      let cancelledOldRows = _ChangeComposer.merged(cancelledOld)
      let cancelledNewRows = _ChangeComposer.merged(cancelledNew)
      removed.subtract(sorted: cancelledOldRows)
      inserted.subtract(sorted: cancelledNewRows)
      removedRoots.subtract(sorted: cancelledOldRows)
      insertedRoots.subtract(sorted: cancelledNewRows)
    }
    let rankedRemoved = _RankedRowSet(removed)
    let rankedInserted = _RankedRowSet(inserted)
    var reloaded: [Int] = []
    func reloadIfShown(_ key: UInt64, when changed: (UInt64) -> Bool) {
      guard let row = currentRow(key), !inserted.contains(row), changed(key) else { return }
      reloaded.append(rankedRemoved.integerNotInSet(row - rankedInserted.rank(row)))
    }
    // Each node once: values set, then flags, disclosures and check states
    // not seen yet.
    func drawsDifferently(_ key: UInt64) -> Bool {
      originalFlags[key].map { $0 != isExpanded(key) } == true
        || originalDisclosures[key].map { $0 != showsDisclosure(key) } == true
        || originalCheckStates[key].map { $0 != checkState(key) } == true
    }
    for key in valueChanges { reloadIfShown(key) { _ in true } }
    for key in originalFlags.keys where !valueChanges.contains(key) { reloadIfShown(key, when: drawsDifferently) }
    for key in originalDisclosures.keys where !valueChanges.contains(key) && originalFlags[key] == nil {
      reloadIfShown(key, when: drawsDifferently)
    }
    for key in originalCheckStates.keys
    where !valueChanges.contains(key) && originalFlags[key] == nil && originalDisclosures[key] == nil {
      reloadIfShown(key, when: drawsDifferently)
    }
    reloaded.sort()
    return OutlineChange(
      removedRows: removed.ranges, insertedRows: inserted.ranges, reloadedRows: reloaded,
      removedRootRows: removedRoots.ranges.flatMap { Array($0) },
      insertedRootRows: insertedRoots.ranges.flatMap { Array($0) })
  }

  /// Sorted ranges with touching ones merged.
  @usableFromInline
  static func merged(_ ranges: [Range<Int>]) -> [Range<Int>] {
    var result: [Range<Int>] = []
    for range in ranges {
      if let last = result.last, last.upperBound >= range.lowerBound {
        result[result.count - 1] = last.lowerBound ..< Swift.max(last.upperBound, range.upperBound)
      } else {
        result.append(range)
      }
    }
    return result
  }
}
