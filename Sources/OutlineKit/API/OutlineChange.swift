/// The rows that one mutation of an outline removed, inserted and changed, in
/// the form a table view's batch update accepts.
///
/// The rules are those of `UITableView.performBatchUpdates(_:)` and
/// `NSTableView.beginUpdates()`:
///
/// - `removedRows` and `reloadedRows` are rows of the list *before* the
///   change; `insertedRows` are rows of the list *after* it.
/// - Ranges are sorted, non-empty and non-overlapping, and adjacent ranges
///   are merged; `reloadedRows` is sorted and holds no removed row.
/// - `rowCount(after:) == old count - removed + inserted`.
///
/// A change is minimal: a row is removed only when its node is no longer
/// visible (or moved), inserted only when its node was not visible before (or
/// moved), and reloaded only when its node stays visible and its expanded
/// flag flipped or its value was set, so that its disclosure indicator turns.
///
/// ```swift
/// let change = outline.expand(id)
/// tableView.performBatchUpdates {
///   tableView.deleteRows(at: change.removedRows.flatMap { $0 }.map { IndexPath(row: $0, section: 0) }, with: .fade)
///   tableView.insertRows(at: change.insertedRows.flatMap { $0 }.map { IndexPath(row: $0, section: 0) }, with: .fade)
///   tableView.reloadRows(at: change.reloadedRows.map { IndexPath(row: $0, section: 0) }, with: .none)
/// }
/// ```
public struct OutlineChange: Hashable, Sendable {
  /// Rows of the list before the change whose nodes are no longer shown
  /// there.
  public var removedRows: [Range<Int>]
  /// Rows of the list after the change whose nodes were not shown there
  /// before.
  public var insertedRows: [Range<Int>]
  /// Rows of the list before the change that stay but must be redrawn.
  public var reloadedRows: [Int]

  /// The rows of `removedRows` whose nodes were roots, sorted.
  ///
  /// Only removing or moving a root takes its row away (expansion never
  /// hides a root), so this is empty for every change but an edit's. It lets
  /// ``Outline/Sections`` turn the change into section form without a
  /// snapshot of the old sections.
  public var removedRootRows: [Int]

  /// The rows of `insertedRows` whose nodes are roots, sorted.
  public var insertedRootRows: [Int]

  /// Creates a change from its parts, which must follow the rules above.
  ///
  /// - Complexity: O(1).
  public init(
    removedRows: [Range<Int>] = [], insertedRows: [Range<Int>] = [], reloadedRows: [Int] = [],
    removedRootRows: [Int] = [], insertedRootRows: [Int] = []
  ) {
    self.removedRows = removedRows
    self.insertedRows = insertedRows
    self.reloadedRows = reloadedRows
    self.removedRootRows = removedRootRows
    self.insertedRootRows = insertedRootRows
  }

  /// Whether the change leaves every row as it was.
  ///
  /// - Complexity: O(1).
  public var isEmpty: Bool {
    removedRows.isEmpty && insertedRows.isEmpty && reloadedRows.isEmpty
  }

  /// Number of rows removed.
  ///
  /// - Complexity: O(r), where r is the number of removed ranges.
  public var removedCount: Int { removedRows.reduce(0) { $0 + $1.count } }

  /// Number of rows inserted.
  ///
  /// - Complexity: O(r), where r is the number of inserted ranges.
  public var insertedCount: Int { insertedRows.reduce(0) { $0 + $1.count } }
}

extension OutlineChange: CustomStringConvertible {
  /// A compact summary, such as `OutlineChange(-[3..<5] +[7..<9] ~[2])`.
  public var description: String {
    func ranges(_ ranges: [Range<Int>]) -> String {
      "[" + ranges.map { "\($0.lowerBound)..<\($0.upperBound)" }.joined(separator: ", ") + "]"
    }
    var parts: [String] = []
    if !removedRows.isEmpty { parts.append("-" + ranges(removedRows)) }
    if !insertedRows.isEmpty { parts.append("+" + ranges(insertedRows)) }
    if !reloadedRows.isEmpty { parts.append("~" + reloadedRows.description) }
    return "OutlineChange(" + (parts.isEmpty ? "no change" : parts.joined(separator: " ")) + ")"
  }
}
