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
/// moved), and reloaded only when its node stays visible and unmoved and
/// what its row draws changed.
///
/// ## What a view that caches its cells can trust
///
/// A row draws its node's value and its ``OutlineRowInfo``'s `depth`,
/// `hasChildren` (counting the children the filter shows) and `isExpanded`.
/// `reloadedRows` holds exactly the surviving rows whose value was set,
/// whose expanded flag flipped, or whose `hasChildren` turned (a first
/// child in, a last child out, a filter that hides a parent's only child
/// that passes or shows it again), whatever call made the change. A turn
/// and a turn back inside one batch reload nothing. `indexInParent`,
/// `siblingCount` and guide lines are not reported: they can change for
/// every row below an edit, so an app that draws guides redraws its
/// visible rows after a change that inserts or removes rows.
///
/// ```swift
/// let change = outline.expand(id)
/// tableView.performBatchUpdates {
///   tableView.deleteRows(at: change.removedRows.flatMap { $0 }.map { IndexPath(row: $0, section: 0) }, with: .fade)
///   tableView.insertRows(at: change.insertedRows.flatMap { $0 }.map { IndexPath(row: $0, section: 0) }, with: .fade)
///   tableView.reloadRows(at: change.reloadedRows.map { IndexPath(row: $0, section: 0) }, with: .none)
/// }
/// ```
///
/// A change keeps a list of at most one range or row inline, so the change
/// of a single expansion (one range of rows, one row to redraw) costs no
/// heap allocation until its lists are read as arrays.
public struct OutlineChange: Hashable, Sendable {
  @usableFromInline internal var _removed: _ShortList<Range<Int>>
  @usableFromInline internal var _inserted: _ShortList<Range<Int>>
  @usableFromInline internal var _reloaded: _ShortList<Int>
  @usableFromInline internal var _removedRoots: _ShortList<Int>
  @usableFromInline internal var _insertedRoots: _ShortList<Int>

  /// Rows of the list before the change whose nodes are no longer shown
  /// there.
  ///
  /// - Complexity: O(r) for r ranges, to read or set (reading makes the
  ///   array).
  @inlinable
  public var removedRows: [Range<Int>] {
    get { _removed.array }
    set { _removed = _ShortList(newValue) }
  }

  /// Rows of the list after the change whose nodes were not shown there
  /// before.
  ///
  /// - Complexity: O(r) for r ranges, to read or set (reading makes the
  ///   array).
  @inlinable
  public var insertedRows: [Range<Int>] {
    get { _inserted.array }
    set { _inserted = _ShortList(newValue) }
  }

  /// Rows of the list before the change that stay but must be redrawn.
  ///
  /// - Complexity: O(k) for k rows, to read or set (reading makes the
  ///   array).
  @inlinable
  public var reloadedRows: [Int] {
    get { _reloaded.array }
    set { _reloaded = _ShortList(newValue) }
  }

  /// The rows of `removedRows` whose nodes were roots, sorted.
  ///
  /// Only removing or moving a root takes its row away (expansion never
  /// hides a root), so this is empty for every change but an edit's. It lets
  /// ``Outline/Sections`` turn the change into section form without a
  /// snapshot of the old sections.
  ///
  /// - Complexity: O(k) for k rows, to read or set.
  @inlinable
  public var removedRootRows: [Int] {
    get { _removedRoots.array }
    set { _removedRoots = _ShortList(newValue) }
  }

  /// The rows of `insertedRows` whose nodes are roots, sorted.
  ///
  /// - Complexity: O(k) for k rows, to read or set.
  @inlinable
  public var insertedRootRows: [Int] {
    get { _insertedRoots.array }
    set { _insertedRoots = _ShortList(newValue) }
  }

  /// Creates a change from its parts, which must follow the rules above.
  ///
  /// - Complexity: O(1).
  @inlinable
  public init(
    removedRows: [Range<Int>] = [], insertedRows: [Range<Int>] = [], reloadedRows: [Int] = [],
    removedRootRows: [Int] = [], insertedRootRows: [Int] = []
  ) {
    _removed = _ShortList(removedRows)
    _inserted = _ShortList(insertedRows)
    _reloaded = _ShortList(reloadedRows)
    _removedRoots = _ShortList(removedRootRows)
    _insertedRoots = _ShortList(insertedRootRows)
  }

  /// The change of one node's expansion: `row` redrawn, and the rows
  /// `removed` (before) or `inserted` (after) it, each possibly empty.
  @inlinable
  internal init(reloading row: Int, removing removed: Range<Int>, inserting inserted: Range<Int>) {
    _removed = removed.isEmpty ? .empty : .one(removed)
    _inserted = inserted.isEmpty ? .empty : .one(inserted)
    _reloaded = .one(row)
    _removedRoots = .empty
    _insertedRoots = .empty
  }

  /// Whether the change leaves every row as it was.
  ///
  /// - Complexity: O(1).
  @inlinable
  public var isEmpty: Bool {
    _removed.isEmpty && _inserted.isEmpty && _reloaded.isEmpty
  }

  /// Number of rows removed.
  ///
  /// - Complexity: O(r), where r is the number of removed ranges.
  @inlinable
  public var removedCount: Int { _removed.reduce(0) { $0 + $1.count } }

  /// Number of rows inserted.
  ///
  /// - Complexity: O(r), where r is the number of inserted ranges.
  @inlinable
  public var insertedCount: Int { _inserted.reduce(0) { $0 + $1.count } }
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
