import CGtk
import OutlineGtkSupport
import OutlineKit

/// A document shown through the engine: an ``EngineListModel`` and a
/// factory of ``RowWidgets``, with keys and clicks going to the engine's
/// selection.
///
/// Keys reach the presenter before GTK's own bindings (the window's key
/// controller runs in the capture phase): the WAI-ARIA tree keys go to
/// `Outline.Selection.navigate`, and GTK's focus then moves to the row the
/// engine focused. A click's press is GTK's (it focuses the row); its
/// release goes to the engine (select, Control toggles, Shift extends) and
/// is claimed, so GTK does not select on its own. Whatever else GTK asks
/// of the selection model (Control+A) goes to the engine too.
final class EnginePresenter<Document: WindowDocument>: ListPresenter {
  let listModel: EngineListModel<Document>
  let listView: Widget
  private(set) var factory: OpaquePointer
  /// The last action's name and seconds, for the status line.
  private var lastAction: (name: String, seconds: Double, calls: Int)? {
    didSet { onChange?() }
  }
  var onChange: (() -> Void)?
  private var recorder: ItemsChangedRecorder<Outline<Document.Node>.NodeID>?
  /// The controllers this presenter put on the list view, removed with it.
  var controllers: [OpaquePointer] = []
  /// The nodes being dragged from this list, and the row widget marked
  /// where they would drop.
  var dragged: [Outline<Document.Node>.NodeID] = []
  var dragSource: OpaquePointer?
  var dropMark: (rowWidget: Widget, cssClass: String)?

  init(document: Document, listView: Widget) {
    listModel = EngineListModel(session: OutlineSession(document: document))
    self.listView = listView
    factory = gtk_signal_list_item_factory_new()
    factory.on("setup") { (item: OpaquePointer) in _ = RowWidgets(listItem: item) }
    factory.on("bind") { [weak self] (item: OpaquePointer) in self?.bind(item) }
    listModel.redrawRows = { [weak self] rows in
      guard let self else { return }
      for widgets in self.rowWidgets where widgets.position.map(rows.contains) == true { self.show(widgets) }
    }
    // GTK's focus follows the engine's when a key or click asks, and
    // whenever the list had the keyboard focus (a search or a collapse can
    // move the engine's focus); otherwise the list scrolls to the engine's
    // focus (after a search, the path to the first match shows).
    listModel.listHasFocus = { [weak self] in self?.listHasFocus == true }
    listModel.moveFocus = { [weak self] row, intoList in
      guard let self else { return }
      if intoList { self.focus(row: row) } else { self.jump(toRow: row) }
    }
    addClickGesture()
    addFocusController()
    addDragAndDrop()
  }

  deinit {
    for controller in controllers { gtk_widget_remove_controller(listView, controller) }
    factory.unref()
  }

  var session: OutlineSession<Document> { listModel.session }
  var title: String { session.document.title }
  var selectionModel: OpaquePointer { listModel.model }
  var canSearch: Bool { true }

  var status: String {
    let outline = session.outline
    var parts = [
      outline.nodeCount.counted("node", "nodes"), outline.rowCount.counted("row", "rows"),
      "\(session.selection.selectedCount.groupedDigits) selected",
    ]
    if outline.isFiltered { parts.append(outline.matchCount.counted("match", "matches")) }
    let checked = outline.checkedLeafCount(in: nil)
    if checked > 0 { parts.append("\(checked.groupedDigits) checked") }
    if let lastAction {
      parts.append(
        "\(lastAction.name): \(milliseconds(lastAction.seconds)) (\(lastAction.calls.counted("items-changed call", "items-changed calls")))")
    }
    return parts.joined(separator: " · ")
  }

  // MARK: - Clicks and focus

  /// One gesture on the list view, in the capture phase, for every row:
  /// a press on a triangle or a check button is claimed (the row neither
  /// takes the focus nor changes the selection, and the check button does
  /// not flip itself) and its release expands or collapses the row, or
  /// checks or unchecks it;
  /// any other press is GTK's (it focuses the row), and its release goes to
  /// the engine (select, Control toggles, Shift extends) and is claimed, so
  /// GTK's own release handling does not select too.
  private func addClickGesture() {
    let click = gtk_gesture_click_new()!
    gtk_event_controller_set_propagation_phase(click.opaque, GTK_PHASE_CAPTURE)
    var pressed: (widgets: RowWidgets, part: RowPart)?
    click.onClick("pressed") { [weak self] _, x, y in
      pressed = self?.row(atX: x, y: y)
      if let part = pressed?.part, part != .row { gtk_gesture_set_state(click.opaque, GTK_EVENT_SEQUENCE_CLAIMED) }
    }
    click.onClick("released") { [weak self] count, _, _ in
      defer {
        pressed = nil
        self?.resetDragSource()
      }
      guard let self, let (widgets, part) = pressed, let row = widgets.position else { return }
      switch part {
      case .triangle:
        self.record("expand or collapse") { $0.perform { $0.toggleExpansion(ofRow: row) } }
        return
      case .check:
        self.record("check") { $0.perform { $0.toggleCheck(ofRow: row) } }
        return
      case .row:
        break
      }
      gtk_gesture_set_state(click.opaque, GTK_EVENT_SEQUENCE_CLAIMED)
      // A double click's second release: the press activated the row.
      guard count == 1 else { return }
      let modifiers = InputModifiers(gtk_event_controller_get_current_event_state(click.opaque))
      self.record("click") { $0.perform { $0.click(row: row, modifiers: modifiers) } }
    }
    gtk_widget_add_controller(listView, click.opaque)
    controllers.append(click.opaque)
  }

  /// Once GTK has handled a click this presenter claimed, sets the drag
  /// source back: a gesture denied a sequence it saw begin keeps waiting
  /// for its end, and would start no drag again.
  private func resetDragSource() {
    whenIdle { [weak self] in
      if let source = self?.dragSource { gtk_event_controller_reset(source) }
    }
  }

  /// The row under a point of the list view, and the part of it there.
  func row(atX x: Double, y: Double) -> (widgets: RowWidgets, part: RowPart)? {
    var widget = gtk_widget_pick(listView, x, y, GTK_PICK_DEFAULT)
    let picked = widget
    while let current = widget, gtk_widget_get_parent(current) != listView { widget = gtk_widget_get_parent(current) }
    guard let rowWidget = widget, let widgets = RowWidgets.of(rowWidget: rowWidget) else { return nil }
    // The check button's indicator is a child of it: anything inside counts.
    var inside = picked
    while let current = inside, current != widgets.box {
      if current == widgets.check { return (widgets, .check) }
      inside = gtk_widget_get_parent(current)
    }
    let onTriangle = picked == widgets.triangle && gtk_image_get_storage_type(widgets.triangle.opaque) != GTK_IMAGE_EMPTY
    return (widgets, onTriangle ? .triangle : .row)
  }

  /// When the list takes the focus back (Tab), GTK focuses the row it last
  /// had; the engine's focus wins, once GTK is done (not inside its focus
  /// change) and unless a click, whose release moves the engine's focus, is
  /// under way.
  private func addFocusController() {
    let focusController = gtk_event_controller_focus_new()!
    focusController.on("enter") { [weak self] in
      whenIdle {
        guard let self, !self.isPrimaryButtonDown else { return }
        self.showEngineFocus()
      }
    }
    gtk_widget_add_controller(listView, focusController)
    controllers.append(focusController)
  }

  // MARK: - Rows

  private func bind(_ listItem: OpaquePointer) {
    guard let box = gtk_list_item_get_child(listItem), let widgets = RowWidgets.of(box: box) else { return }
    show(widgets)
  }

  /// Shows the row of the item a row widget holds, as the outline has it now.
  private func show(_ widgets: RowWidgets) {
    let look = gtk_list_item_get_item(widgets.listItem).flatMap { item in
      RowPayload<Document.Node>.of(item: item).id.flatMap(self.look(of:))
    }
    guard let look else {
      // A row a later call of the same change removes: never painted.
      return widgets.show(label: "", detail: nil, depth: 0, disclosure: .none, check: .unchecked)
    }
    widgets.show(
      label: look.label, detail: look.detail, depth: look.depth, disclosure: look.disclosure,
      check: session.outline.checkState(of: look.id))
  }

  /// What a node's row shows, from the outline; nil when it has no row.
  private func look(of id: Outline<Document.Node>.NodeID) -> (
    id: Outline<Document.Node>.NodeID, label: String, detail: String?, depth: Int, disclosure: RowLook.Disclosure
  )? {
    let outline = session.outline
    guard outline.contains(id), let row = outline.row(of: id) else { return nil }
    return (
      id, session.document.label(of: id), session.document.detail(of: id), outline.rowInfo(atRow: row).depth,
      disclosure(of: id)
    )
  }

  /// A row's triangle: the document says whether it can expand (a folder
  /// not listed yet can).
  private func disclosure(of id: Outline<Document.Node>.NodeID) -> RowLook.Disclosure {
    guard session.document.canExpand(id) else { return .none }
    return session.outline.isExpanded(id) ? .expanded : .collapsed
  }

  /// The row widgets GTK keeps, in the order of the list view's children.
  var rowWidgets: [RowWidgets] {
    var rows: [RowWidgets] = []
    var child = gtk_widget_get_first_child(listView)
    while let rowWidget = child {
      if let widgets = RowWidgets.of(rowWidget: rowWidget) { rows.append(widgets) }
      child = gtk_widget_get_next_sibling(rowWidget)
    }
    return rows
  }

  /// The row widgets GTK made for row `row`, if any.
  private func rowWidgets(at row: Int) -> RowWidgets? {
    rowWidgets.first { $0.position == row }
  }

  /// Whether the primary pointer button is held down over the window.
  private var isPrimaryButtonDown: Bool {
    guard let native = gtk_widget_get_native(listView), let surface = gtk_native_get_surface(native),
      let seat = gdk_display_get_default_seat(gtk_widget_get_display(listView)), let pointer = gdk_seat_get_pointer(seat)
    else { return false }
    var x = 0.0
    var y = 0.0
    var state = GdkModifierType(rawValue: 0)
    _ = gdk_surface_get_device_position(surface, pointer, &x, &y, &state)
    return state.rawValue & GDK_BUTTON1_MASK.rawValue != 0
  }

  /// Moves GTK's keyboard focus to the engine's focused row, if the list
  /// has the focus.
  func showEngineFocus() {
    guard listHasFocus, let row = session.selection.focusedRow(in: session.outline) else { return }
    focus(row: row)
  }

  /// Whether GTK's keyboard focus is in the list.
  private var listHasFocus: Bool {
    gtk_widget_has_focus(listView) != 0 || gtk_widget_get_focus_child(listView) != nil
  }

  /// Moves GTK's keyboard focus to row `row`, as the engine's focus moved.
  private func focus(row: Int) {
    // Scrolling makes the row's widget (GTK keeps one for a row it scrolls to).
    gtk_widget_activate_action_variant(listView, "list.scroll-to-item", g_variant_new_uint32(guint32(row)))
    if let widgets = rowWidgets(at: row), let rowWidget = gtk_widget_get_parent(widgets.box),
      gtk_widget_has_focus(rowWidget) == 0
    {
      gtk_widget_grab_focus(rowWidget)
    }
  }

  // MARK: - Actions

  /// Runs an action and keeps its time and number of calls for the status line.
  func record(_ name: String, _ body: (EngineListModel<Document>) -> Void) {
    let calls = listModel.itemsChangedCount
    let start = monotonicSeconds()
    body(listModel)
    lastAction = (name, monotonicSeconds() - start, listModel.itemsChangedCount - calls)
  }

  func handleKey(_ keyval: guint, modifiers: InputModifiers) -> Bool {
    let navigation: OutlineNavigation
    switch Int32(keyval) {
    case GDK_KEY_Up, GDK_KEY_KP_Up: navigation = .up
    case GDK_KEY_Down, GDK_KEY_KP_Down: navigation = .down
    case GDK_KEY_Left, GDK_KEY_KP_Left: navigation = .left
    case GDK_KEY_Right, GDK_KEY_KP_Right: navigation = .right
    case GDK_KEY_Home, GDK_KEY_KP_Home: navigation = .home
    case GDK_KEY_End, GDK_KEY_KP_End: navigation = .end
    case GDK_KEY_Page_Up, GDK_KEY_KP_Page_Up: navigation = .pageUp(.rows(pageRows))
    case GDK_KEY_Page_Down, GDK_KEY_KP_Page_Down: navigation = .pageDown(.rows(pageRows))
    case GDK_KEY_asterisk, GDK_KEY_KP_Multiply: navigation = .expandSiblings
    case GDK_KEY_z where modifiers.contains(.control), GDK_KEY_Z where modifiers.contains(.control),
      GDK_KEY_y where modifiers.contains(.control):
      let redo = keyval == guint(GDK_KEY_y) || modifiers.contains(.shift)
      redo ? self.redo() : undo()
      return true
    case GDK_KEY_space, GDK_KEY_KP_Space:
      record("space") { $0.perform(movingFocus: true) { $0.activateFocus(modifiers: modifiers) } }
      return true
    default:
      return false
    }
    record("key") { $0.perform(movingFocus: true) { $0.navigate(navigation, modifiers: modifiers) } }
    return true
  }

  /// The rows of a page: those the list view shows, less one kept for context.
  private var pageRows: Int {
    let heights = rowWidgets.lazy.compactMap { gtk_widget_get_parent($0.box) }.map { gtk_widget_get_height($0) }
    let rowHeight = heights.first { $0 > 0 } ?? 30
    return max(1, Int(gtk_widget_get_height(listView) / rowHeight) - 1)
  }

  func activate(row: Int) {
    record("expand or collapse") { $0.perform(movingFocus: true) { $0.toggleExpansion(ofRow: row) } }
  }

  func expandAll() { record("expand all") { $0.perform { $0.expandAll() } } }

  func collapseAll() { record("collapse all") { $0.perform { $0.collapseAll() } } }

  func search(_ text: String) { record("search") { $0.perform { $0.search(text) } } }

  var canExpandAll: Bool { session.document.canExpandAll }

  var undoName: String? { session.undoName }

  var redoName: String? { session.redoName }

  func undo() {
    record("undo") { $0.perform(movingFocus: true) { $0.undo() ?? SelectionChange() } }
  }

  func redo() {
    record("redo") { $0.perform(movingFocus: true) { $0.redo() ?? SelectionChange() } }
  }

  func jump(toRow row: Int) {
    gtk_widget_activate_action_variant(listView, "list.scroll-to-item", g_variant_new_uint32(guint32(row)))
  }

  // MARK: - Inspection

  var inspection: ListInspection {
    let session = self.session
    let outline = session.outline
    // The engine's focused row is drawn focused while the list has the
    // keyboard focus.
    let focusedRow = listHasFocus ? session.selection.focusedRow(in: outline) : nil
    return ListInspection(
      rowCount: outline.rowCount,
      label: { session.label(ofRow: $0) },
      expectedLook: { [self] row in
        RowLook(
          label: session.label(ofRow: row), depth: outline.rowInfo(atRow: row).depth,
          disclosure: disclosure(of: outline.id(atRow: row)),
          isSelected: session.isSelected(row: row), isFocused: row == focusedRow,
          check: outline.checkState(of: outline.id(atRow: row)))
      },
      shownRows: { [self] in shownRows() },
      focusedRow: session.selection.focusedRow(in: outline),
      selectedRows: session.selection.selectedRows(in: outline).flatMap { $0 },
      rowWidgets: { [self] row in
        rowWidgets(at: row).flatMap { widgets in
          gtk_widget_get_parent(widgets.box).map { ($0, widgets.triangle, widgets.check) }
        }
      })
  }

  func recordItemsChanged() {
    recorder = ItemsChangedRecorder(model: selectionModel) { RowPayload<Document.Node>.of(item: $0).id }
  }

  var itemsChangedProblem: String? {
    let session = self.session
    return recorder?.problem(expected: session.outline.rows) { id in
      id.map { session.outline.contains($0) ? "'\(session.document.label(of: $0))'" : "a removed node" } ?? "a placeholder"
    }
  }

  /// The rows GTK keeps widgets for, as they show, with their frames in
  /// the list view.
  private func shownRows() -> [ShownRow] {
    rowWidgets.compactMap { widgets in
      guard let position = widgets.position, let rowWidget = gtk_widget_get_parent(widgets.box) else { return nil }
      return ShownRow(position: position, look: widgets.look, frame: frame(of: rowWidget, in: listView))
    }
  }
}

extension InputModifiers {
  /// The modifiers of a GDK modifier state.
  init(_ state: GdkModifierType) {
    self = []
    if state.rawValue & GDK_SHIFT_MASK.rawValue != 0 { insert(.shift) }
    if state.rawValue & GDK_CONTROL_MASK.rawValue != 0 { insert(.control) }
  }
}
