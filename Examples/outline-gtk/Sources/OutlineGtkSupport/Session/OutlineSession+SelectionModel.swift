import OutlineKit

/// The requests a `GtkSelectionModel` receives from GTK (Control+A, the
/// accessibility layer), answered by the engine's selection.
extension OutlineSession {
  /// Whether row `row`'s node is selected.
  ///
  /// - Precondition: `0 <= row < outline.rowCount`.
  /// - Complexity: O(log n).
  public func isSelected(row: Int) -> Bool {
    selection.isSelected(outline.id(atRow: row))
  }

  /// `select_item`: row `row` alone when `alone`, else added to the
  /// selection.
  ///
  /// - Precondition: `0 <= row < outline.rowCount`.
  /// - Complexity: O(log n), plus O(k log n) for k nodes deselected.
  @discardableResult
  public mutating func selectRow(_ row: Int, alone: Bool) -> SelectionChange {
    let id = outline.id(atRow: row)
    if alone { return selection.select(id, in: outline) }
    return selection.isSelected(id) ? SelectionChange() : selection.toggle(id, in: outline)
  }

  /// `unselect_item`: row `row` leaves the selection.
  ///
  /// - Precondition: `0 <= row < outline.rowCount`.
  /// - Complexity: O(log n).
  @discardableResult
  public mutating func deselectRow(_ row: Int) -> SelectionChange {
    let id = outline.id(atRow: row)
    return selection.isSelected(id) ? selection.toggle(id, in: outline) : SelectionChange()
  }

  /// `select_range`: rows `rows` become the selection when `alone` (the
  /// first is the anchor), else join it.
  ///
  /// - Precondition: `rows` is a non-empty range within `0 ..< outline.rowCount`.
  /// - Complexity: O(r log n) for r rows, plus O(k log n) for k nodes deselected.
  @discardableResult
  public mutating func selectRows(_ rows: Range<Int>, alone: Bool) -> SelectionChange {
    if alone {
      let first = selection.select(outline.id(atRow: rows.lowerBound), in: outline)
      let range = selection.extendSelection(to: outline.id(atRow: rows.upperBound - 1), in: outline)
      return SelectionChange(
        rowsToRedraw: (first.rowsToRedraw + range.rowsToRedraw).mergedRanges(), focusedRow: range.focusedRow)
    }
    return changingEach(rows) { session, row in session.selectRow(row, alone: false) }
  }

  /// `unselect_range`: rows `rows` leave the selection.
  ///
  /// - Precondition: `rows` lies within `0 ..< outline.rowCount`.
  /// - Complexity: O(r log n) for r rows.
  @discardableResult
  public mutating func deselectRows(_ rows: Range<Int>) -> SelectionChange {
    changingEach(rows) { session, row in session.deselectRow(row) }
  }

  /// `select_all`: every row.
  ///
  /// - Complexity: As `Outline.Selection.selectAll(in:)`.
  @discardableResult
  public mutating func selectAll() -> SelectionChange { selection.selectAll(in: outline) }

  /// `unselect_all`: no node, shown or hidden.
  ///
  /// - Complexity: O(k log n) for k selected nodes.
  @discardableResult
  public mutating func deselectAll() -> SelectionChange { selection.deselectAll(in: outline) }

  /// One request per row, as one change.
  private mutating func changingEach(
    _ rows: Range<Int>, _ body: (inout OutlineSession, Int) -> SelectionChange
  ) -> SelectionChange {
    var redraw: [Range<Int>] = []
    var focusedRow = selection.focusedRow(in: outline)
    for row in rows {
      let change = body(&self, row)
      redraw = (redraw + change.rowsToRedraw).mergedRanges()
      focusedRow = change.focusedRow ?? focusedRow
    }
    return SelectionChange(rowsToRedraw: redraw, focusedRow: focusedRow)
  }
}
