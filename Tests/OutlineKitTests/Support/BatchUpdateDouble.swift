#if !OUTLINE_FUZZ
@testable import OutlineKit
#endif

/// Plays a table view: holds the rows it shows and applies an `OutlineChange`
/// the way `performBatchUpdates` does, failing the test wherever the change
/// breaks a batch-update rule.
struct BatchUpdateDouble {
  var rows: [Int]

  /// Checks the change's shape and applies it; the inserted rows' values
  /// come from `newRows`.
  mutating func apply(_ change: OutlineChange, newRows: [Int], context: @autoclosure () -> String,
                      file: StaticString = #filePath, line: UInt = #line) {
    func report(_ message: String) { fail("\(message) [\(context())]", file: file, line: line) }
    for (name, ranges, limit) in [("removed", change.removedRows, rows.count), ("inserted", change.insertedRows, newRows.count)] {
      for (k, r) in ranges.enumerated() {
        if r.isEmpty { report("\(name) range \(r) is empty") }
        if r.lowerBound < 0 || r.upperBound > limit { report("\(name) range \(r) out of 0..<\(limit)") }
        if k > 0 && ranges[k - 1].upperBound >= r.lowerBound { report("\(name) ranges \(ranges) overlap, touch or are unsorted") }
      }
    }
    for (k, row) in change.reloadedRows.enumerated() {
      if row < 0 || row >= rows.count { report("reloaded row \(row) out of 0..<\(rows.count)") }
      if k > 0 && change.reloadedRows[k - 1] >= row { report("reloaded rows \(change.reloadedRows) unsorted or repeated") }
      if change.removedRows.contains(where: { $0.contains(row) }) { report("reloaded row \(row) is also removed") }
    }
    if rows.count - change.removedCount + change.insertedCount != newRows.count {
      report("counts do not add up: \(rows.count) - \(change.removedCount) + \(change.insertedCount) != \(newRows.count)")
      return
    }
    // Deletes in old indices (descending), then inserts in new indices (ascending).
    var result = rows
    for r in change.removedRows.reversed() where r.upperBound <= result.count { result.removeSubrange(r) }
    for r in change.insertedRows {
      guard r.lowerBound <= result.count, r.upperBound <= newRows.count else {
        report("insertion \(r) past the end")
        return
      }
      result.insert(contentsOf: newRows[r], at: r.lowerBound)
    }
    if result != newRows { report("replaying \(change) on \(rows) gives \(result), expected \(newRows)") }
    rows = result
  }
}

/// The minimal change between two row lists, given which nodes moved and
/// which nodes must be redrawn (flag flipped or value set) when they stay.
func expectedChange(
  old: [Int], new: [Int], moved: Set<Int> = [], redraw: Set<Int>, oldRoots: Set<Int> = [], newRoots: Set<Int> = []
) -> OutlineChange {
  let oldSet = Set(old)
  let newSet = Set(new)
  var removed: [Range<Int>] = []
  var inserted: [Range<Int>] = []
  var reloaded: [Int] = []
  func append(_ row: Int, _ ranges: inout [Range<Int>]) {
    if let last = ranges.last, last.upperBound == row { ranges[ranges.count - 1] = last.lowerBound ..< row + 1 } else { ranges.append(row ..< row + 1) }
  }
  for (row, id) in old.enumerated() {
    if !newSet.contains(id) || moved.contains(id) {
      append(row, &removed)
    } else if redraw.contains(id) {
      reloaded.append(row)
    }
  }
  for (row, id) in new.enumerated() where !oldSet.contains(id) || moved.contains(id) {
    append(row, &inserted)
  }
  let removedRootRows = old.indices.filter { oldRoots.contains(old[$0]) && (!newSet.contains(old[$0]) || moved.contains(old[$0])) }
  let insertedRootRows = new.indices.filter { newRoots.contains(new[$0]) && (!oldSet.contains(new[$0]) || moved.contains(new[$0])) }
  return OutlineChange(
    removedRows: removed, insertedRows: inserted, reloadedRows: reloaded,
    removedRootRows: removedRootRows, insertedRootRows: insertedRootRows)
}
