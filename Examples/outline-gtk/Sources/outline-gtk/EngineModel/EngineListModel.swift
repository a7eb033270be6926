import CGtk
import OutlineGtkC
import OutlineGtkSupport
import OutlineKit

/// The engine behind a GtkListView: a GListModel and GtkSelectionModel
/// (the C OutlineGtkListModel) whose items are the outline's rows and
/// whose selection is the engine's `Outline.Selection`.
///
/// Everything that changes the rows or the selection is a session call
/// made through ``perform(movingFocus:_:)``; its `SelectionChange` is then
/// reported to GTK: first the outline's change as `items-changed` calls,
/// one per contiguous run of removed and inserted rows, each made after
/// the model answers for the list as it stands after that call; then the
/// reloaded rows' widgets are redrawn (their items, the nodes, stay); then
/// `selection-changed` for the rows whose selection or focus changed; then
/// the focus. The model never changes inside a call GTK makes on it.
final class EngineListModel<Document: WindowDocument>: ListModelAnswers {
  /// The document, the selection and the search.
  private(set) var session: OutlineSession<Document>
  /// The OutlineGtkListModel: a GListModel and a GtkSelectionModel.
  private(set) var model: OpaquePointer!
  /// Redraws the widgets of rows (of the list after the change) that a
  /// change reloaded: a triangle turned, a value changed.
  var redrawRows: ((Set<Int>) -> Void)?
  /// Moves GTK's focus to the engine's focused row after a change: with
  /// `true` when the change came from a key or a click in the list, or the
  /// list had the keyboard focus before the change (a change can remove
  /// the focused row's widget, and GTK's focus with it).
  var moveFocus: ((_ row: Int, _ intoList: Bool) -> Void)?
  /// Whether GTK's keyboard focus is in the list.
  var listHasFocus: (() -> Bool)?
  /// Debugging the display tests: the first `items-changed` call of each
  /// change goes one row off, so GTK shows wrong rows and the checks must
  /// say so.
  var emitsWrongItemsChanged = false
  /// The number of `items-changed` calls made.
  private(set) var itemsChangedCount = 0
  /// The number of changes performed, and where the last one's time went:
  /// the session call (outline and selection), and everything GTK did
  /// while the model reported it (`items-changed` and `selection-changed`
  /// handlers, redrawing and focusing rows), in seconds.
  private(set) var performed = (count: 0, session: 0.0, reporting: 0.0)

  /// The number of rows GTK has been told about.
  private var presentedCount: Int
  /// While the calls of one change are being made: the calls, and how many
  /// have been made.
  private var playback: (sequence: ListSpliceSequence, made: Int)?

  init(session: OutlineSession<Document>) {
    self.session = session
    presentedCount = session.outline.rowCount
    model = makeListModel(answering: self)
  }

  deinit { model.unref() }

  /// Makes a session call and reports its change to GTK.
  ///
  /// - Parameter movingFocus: Whether GTK's focus follows the session's
  ///   into the list (for keys and clicks in the list, not for the search
  ///   entry).
  @discardableResult
  func perform(
    movingFocus: Bool = false, _ body: (inout OutlineSession<Document>) -> SelectionChange
  ) -> SelectionChange {
    let focusInList = movingFocus || listHasFocus?() == true
    let start = monotonicSeconds()
    let change = body(&session)
    let called = monotonicSeconds()
    defer { performed = (performed.count + 1, called - start, monotonicSeconds() - called) }
    report(change.outlineChange)
    let reloaded = change.outlineChange.reloadedRows
    if !reloaded.isEmpty {
      redrawRows?(Set(reloaded.compactMap { change.outlineChange.newRow(forOldRow: $0) }))
    }
    for rows in change.rowsToRedraw where rows.lowerBound < presentedCount {
      outline_gtk_list_model_selection_changed(
        model, guint(rows.lowerBound), guint(min(rows.upperBound, presentedCount) - rows.lowerBound))
    }
    if let row = change.focusedRow { moveFocus?(row, focusInList) }
    return change
  }

  /// Reports a change of the outline's rows as `items-changed` calls.
  private func report(_ change: OutlineChange) {
    let splices = change.listSplices
    guard !splices.isEmpty else { return }
    let sequence = ListSpliceSequence(splices)
    for (index, splice) in splices.enumerated() {
      playback = (sequence, index + 1)
      let countBefore = presentedCount
      presentedCount += splice.added - splice.removed
      var call = (position: splice.position, removed: splice.removed, added: splice.added)
      if emitsWrongItemsChanged && index == 0 { call = Self.wrong(call, countBefore: countBefore) }
      itemsChangedCount += 1
      outline_gtk_list_model_items_changed(model, guint(call.position), guint(call.removed), guint(call.added))
    }
    playback = nil
    precondition(presentedCount == session.outline.rowCount, "EngineListModel: reported \(presentedCount) rows of \(session.outline.rowCount)")
  }

  /// A call that leaves the count right and a row wrong: one row off when
  /// it can be, else one row fewer replaced (GTK keeps a stale widget).
  private static func wrong(
    _ call: (position: Int, removed: Int, added: Int), countBefore: Int
  ) -> (position: Int, removed: Int, added: Int) {
    var call = call
    if call.position + 1 + call.removed <= countBefore {
      call.position += 1
    } else if call.position > 0 {
      call.position -= 1
    } else if call.removed > 0 && call.added > 0 {
      call.removed -= 1
      call.added -= 1
    }
    return call
  }

  /// The outline's row at `position` of the list GTK holds, or nil for a
  /// row that a call still to be made removes.
  private func row(at position: Int) -> Int? {
    guard let playback else { return position }
    return playback.sequence.row(atPosition: position, afterFirst: playback.made)
  }

  // MARK: - GListModel

  var itemCount: Int { presentedCount }

  func item(at position: Int) -> UnsafeMutableRawPointer? {
    guard position < presentedCount else { return nil }
    let id = row(at: position).map { session.outline.id(atRow: $0) }
    let payload = Unmanaged.passRetained(RowPayload<Document.Node>(id)).toOpaque()
    return UnsafeMutableRawPointer(
      outline_gtk_row_item_new(payload) { Unmanaged<AnyObject>.fromOpaque($0!).release() })
  }

  // MARK: - GtkSelectionModel

  func isSelected(at position: Int) -> Bool {
    guard position < presentedCount, let row = row(at: position) else { return false }
    return session.isSelected(row: row)
  }

  func addSelection(in positions: Range<Int>, to bitset: OpaquePointer) {
    let positions = positions.clamped(to: 0 ..< presentedCount)
    if playback != nil {
      for position in positions where isSelected(at: position) { gtk_bitset_add(bitset, guint(position)) }
      return
    }
    for rows in session.selection.selectedRows(in: session.outline) {
      let overlap = rows.clamped(to: positions)
      if !overlap.isEmpty { gtk_bitset_add_range(bitset, guint(overlap.lowerBound), guint(overlap.count)) }
    }
  }

  func selectItem(at position: Int, alone: Bool) -> Bool {
    guard playback == nil, position < presentedCount else { return false }
    perform { $0.selectRow(position, alone: alone) }
    return true
  }

  func deselectItem(at position: Int) -> Bool {
    guard playback == nil, position < presentedCount else { return false }
    perform { $0.deselectRow(position) }
    return true
  }

  func selectItems(in positions: Range<Int>, alone: Bool) -> Bool {
    guard playback == nil, !positions.isEmpty, positions.upperBound <= presentedCount else { return false }
    perform { $0.selectRows(positions, alone: alone) }
    return true
  }

  func deselectItems(in positions: Range<Int>) -> Bool {
    guard playback == nil, positions.upperBound <= presentedCount else { return false }
    perform { $0.deselectRows(positions) }
    return true
  }

  func selectAll() -> Bool {
    guard playback == nil else { return false }
    perform { $0.selectAll() }
    return true
  }

  func deselectAll() -> Bool {
    guard playback == nil else { return false }
    perform { $0.deselectAll() }
    return true
  }
}

/// What a row item holds: its node, or nil for a row that a call still to
/// be made removes (never shown: GTK paints nothing between the calls of
/// one change).
final class RowPayload<Node> {
  let id: Outline<Node>.NodeID?
  init(_ id: Outline<Node>.NodeID?) { self.id = id }

  /// The payload of an OutlineGtkRowItem.
  static func of(item: gpointer) -> RowPayload {
    Unmanaged<RowPayload>.fromOpaque(outline_gtk_row_item_get_payload(OpaquePointer(item))).takeUnretainedValue()
  }
}
