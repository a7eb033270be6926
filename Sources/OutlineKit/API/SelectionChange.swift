/// What one selection or navigation call changed: the rows an expansion
/// inserted and removed, and the rows whose focus or selection state changed,
/// so an app redraws only those.
///
/// ```swift
/// let change = selection.navigate(.right, in: &outline)
/// tableView.performBatchUpdates {
///   // change.outlineChange, as for any expansion
/// }
/// tableView.reconfigureRows(at: change.rowsToRedraw.flatMap { $0 }.map { IndexPath(row: $0, section: 0) })
/// if let row = change.focusedRow { tableView.scrollToRow(at: IndexPath(row: row, section: 0), at: .none, animated: true) }
/// ```
public struct SelectionChange: Hashable, Sendable {
  /// The rows that an expansion or collapse made by the call inserted,
  /// removed and reloaded (empty for plain moves); apply it first, as any
  /// ``OutlineChange``.
  public var outlineChange: OutlineChange

  /// Rows of the list *after* `outlineChange` whose node gained or lost the
  /// focus or the selection: sorted, non-empty, non-overlapping ranges,
  /// adjacent ones merged. Nodes without a row are left out.
  public var rowsToRedraw: [Range<Int>]

  /// The focused node's row after the call, or nil when nothing is focused:
  /// the row to scroll to.
  public var focusedRow: Int?

  /// Creates a change from its parts.
  ///
  /// - Complexity: O(1).
  public init(outlineChange: OutlineChange = OutlineChange(), rowsToRedraw: [Range<Int>] = [], focusedRow: Int? = nil) {
    self.outlineChange = outlineChange
    self.rowsToRedraw = rowsToRedraw
    self.focusedRow = focusedRow
  }

  /// Whether no row must be inserted, removed or redrawn.
  ///
  /// - Complexity: O(1).
  public var isEmpty: Bool { outlineChange.isEmpty && rowsToRedraw.isEmpty }
}

extension SelectionChange: CustomStringConvertible {
  /// A compact summary, such as `SelectionChange(redraw [2..<4], focus 3)`.
  public var description: String {
    var parts: [String] = []
    if !outlineChange.isEmpty { parts.append("\(outlineChange)") }
    if !rowsToRedraw.isEmpty {
      parts.append("redraw [" + rowsToRedraw.map { "\($0.lowerBound)..<\($0.upperBound)" }.joined(separator: ", ") + "]")
    }
    parts.append("focus " + (focusedRow.map(String.init) ?? "none"))
    return "SelectionChange(" + parts.joined(separator: ", ") + ")"
  }
}
