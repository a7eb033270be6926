import CGtk
import OutlineGtkC
import OutlineGtkSupport

/// A tree shown through GTK's own model, for comparison: a
/// GtkTreeListModel whose children are GListStores of OutlineGtkRowItems
/// made when GTK asks for them, rows drawn by GtkTreeExpander, selection
/// by GtkMultiSelection.
///
/// GtkTreeListModel has no "expand all": it expands a row's whole subtree
/// as it creates it when `autoexpand` is on. So expanding everything
/// collapses each root and expands it again with `autoexpand` on; and
/// ``setExpanded(row:_:recursively:)`` can ask for the same, so that
/// expanding a node shows the same rows as the engine's expansion, which
/// brings back the expanded descendants.
final class TreeListPresenter: ListPresenter {
  let source: any TreeListSource
  private let listView: Widget
  /// The GtkTreeListModel.
  private(set) var treeModel: OpaquePointer!
  private var selection: OpaquePointer!
  var selectionModel: OpaquePointer { selection }
  private(set) var factory: OpaquePointer
  private var lastAction: (name: String, seconds: Double)? {
    didSet { onChange?() }
  }
  var onChange: (() -> Void)?
  private var recorder: ItemsChangedRecorder<Int>?

  init(source: any TreeListSource, listView: Widget) {
    self.source = source
    self.listView = listView
    factory = gtk_signal_list_item_factory_new()
    let roots = Self.store(of: source.roots)
    // The model holds its owner the way a ListModelAnswers model does:
    // boxed and weak, the box released by the model's destroy callback,
    // so GTK may keep the model past the presenter without a dangling
    // pointer (a child asked for then has none).
    let box = Unmanaged.passRetained(PresenterBox(self)).toOpaque()
    treeModel = gtk_tree_list_model_new(
      roots, 0, 0, { item, data in
        guard let presenter = Unmanaged<PresenterBox>.fromOpaque(data!).takeUnretainedValue().presenter else {
          return nil
        }
        let children = presenter.source.children(of: TreeListPresenter.node(of: item!))
        return children.isEmpty ? nil : TreeListPresenter.store(of: children)
      }, box, { Unmanaged<PresenterBox>.fromOpaque($0!).release() })
    selection = gtk_multi_selection_new(treeModel)
    factory.on("setup") { (item: OpaquePointer) in
      let expander = gtk_tree_expander_new()!
      let box = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 6)!
      let label = gtk_label_new(nil)!
      let detail = gtk_label_new(nil)!
      gtk_label_set_xalign(label.opaque, 0)
      gtk_widget_set_hexpand(label, 1)
      gtk_widget_add_css_class(detail, "dim-label")
      gtk_widget_set_margin_end(box, 8)
      gtk_box_append(box.cast(to: GtkBox.self), label)
      gtk_box_append(box.cast(to: GtkBox.self), detail)
      gtk_tree_expander_set_child(expander.opaque, box)
      gtk_list_item_set_child(item, expander)
    }
    factory.on("bind") { [weak self] (item: OpaquePointer) in
      guard let self, let expander = gtk_list_item_get_child(item), let row = gtk_list_item_get_item(item) else { return }
      gtk_tree_expander_set_list_row(expander.opaque, OpaquePointer(row))
      let node = Self.node(ofRow: OpaquePointer(row))
      let box = gtk_tree_expander_get_child(expander.opaque)!
      let label = gtk_widget_get_first_child(box)!
      gtk_label_set_text(label.opaque, self.source.label(of: node))
      let detail = self.source.detail(of: node)
      gtk_label_set_text(gtk_widget_get_next_sibling(label)!.opaque, detail ?? "")
    }
  }

  // The window shows another model before it lets a presenter go.
  deinit {
    selectionModel.unref()
    factory.unref()
  }

  var title: String { source.title + ", GtkTreeListModel" }
  var canSearch: Bool { false }
  func search(_ text: String) {}
  var canExpandAll: Bool { true }
  // GTK's model is shown for comparison: no drops, nothing to undo.
  var undoName: String? { nil }
  var redoName: String? { nil }
  func undo() {}
  func redo() {}

  var status: String {
    var parts = [
      source.nodeCount.counted("node", "nodes"), rowCount.counted("row", "rows"), "GtkTreeListModel",
    ]
    if let lastAction { parts.append("\(lastAction.name): \(milliseconds(lastAction.seconds))") }
    return parts.joined(separator: " · ")
  }

  var rowCount: Int { Int(g_list_model_get_n_items(treeModel)) }

  // MARK: - Items

  /// A store of the items of `nodes`.
  private static func store(of nodes: [Int]) -> OpaquePointer {
    let store = g_list_store_new(outline_gtk_row_item_get_type())!
    var items: [gpointer?] = nodes.map { node in
      let item: OpaquePointer = outline_gtk_row_item_new(UnsafeMutableRawPointer(bitPattern: node + 1), nil)
      return UnsafeMutableRawPointer(item)
    }
    g_list_store_splice(store, 0, 0, &items, guint(items.count))
    for item in items { g_object_unref(item) }
    return store
  }

  /// The node of an item of a store.
  private static func node(of item: gpointer) -> Int {
    Int(bitPattern: outline_gtk_row_item_get_payload(OpaquePointer(item))) - 1
  }

  /// The node of a GtkTreeListRow.
  private static func node(ofRow row: OpaquePointer) -> Int {
    let item = gtk_tree_list_row_get_item(row)!
    defer { g_object_unref(item) }
    return node(of: item)
  }

  /// The node at row `row`.
  func node(atRow position: Int) -> Int {
    let row = row(position)
    defer { row.unref() }
    return Self.node(ofRow: row)
  }

  /// The GtkTreeListRow at `row` (a new reference).
  func row(_ row: Int) -> OpaquePointer {
    gtk_tree_list_model_get_row(treeModel, guint(row))!
  }

  // MARK: - Expansion

  /// Expands or collapses the node at row `row`; with `recursively`, an
  /// expansion creates the whole subtree expanded.
  func setExpanded(row position: Int, _ expanded: Bool, recursively: Bool) {
    let row = row(position)
    defer { row.unref() }
    gtk_tree_list_model_set_autoexpand(treeModel, recursively ? 1 : 0)
    gtk_tree_list_row_set_expanded(row, expanded ? 1 : 0)
    gtk_tree_list_model_set_autoexpand(treeModel, 0)
  }

  /// Whether the node at row `row` is expanded.
  func isExpanded(row position: Int) -> Bool {
    let row = row(position)
    defer { row.unref() }
    return gtk_tree_list_row_get_expanded(row) != 0
  }

  private func timed(_ name: String, _ body: () -> Void) {
    let start = monotonicSeconds()
    body()
    lastAction = (name, monotonicSeconds() - start)
  }

  func expandAll() {
    timed("expand all") {
      var position = 0
      for _ in source.roots {
        if isExpanded(row: position) { setExpanded(row: position, false, recursively: false) }
        let before = rowCount
        setExpanded(row: position, true, recursively: true)
        position += 1 + rowCount - before
      }
    }
  }

  func collapseAll() {
    timed("collapse all") {
      for position in source.roots.indices { setExpanded(row: position, false, recursively: false) }
    }
  }

  func activate(row: Int) {
    timed("expand or collapse") { setExpanded(row: row, !isExpanded(row: row), recursively: false) }
  }

  func handleKey(_ keyval: guint, modifiers: InputModifiers) -> Bool { false }

  func jump(toRow row: Int) {
    gtk_widget_activate_action_variant(listView, "list.scroll-to-item", g_variant_new_uint32(guint32(row)))
  }

  // MARK: - Inspection

  var inspection: ListInspection {
    // GTK's own focus: the row whose widget has the keyboard focus.
    let focused = rowWidgets.first { gtk_widget_has_focus($0.widget) != 0 }.map { Int(gtk_tree_list_row_get_position($0.row)) }
    return ListInspection(
      rowCount: rowCount,
      label: { [self] in source.label(of: node(atRow: $0)) },
      expectedLook: { [self] position in
        let row = row(position)
        defer { row.unref() }
        var look = look(of: row, label: source.label(of: Self.node(ofRow: row)))
        look.isFocused = position == focused
        return look
      },
      shownRows: { [self] in shownRows() },
      focusedRow: nil,
      selectedRows: (0 ..< rowCount).filter { gtk_selection_model_is_selected(selectionModel, guint($0)) != 0 },
      rowWidgets: { [self] row in rowWidget(at: row).map { ($0, nil, nil) } })
  }

  func recordItemsChanged() {
    recorder = ItemsChangedRecorder(model: selectionModel) { Self.node(ofRow: OpaquePointer($0)) }
  }

  var itemsChangedProblem: String? {
    recorder?.problem(expected: (0 ..< rowCount).map(node(atRow:))) { node in
      node.map { "'\(source.label(of: $0))'" } ?? "no item"
    }
  }

  private func look(of row: OpaquePointer, label: String) -> RowLook {
    let expandable = gtk_tree_list_row_is_expandable(row) != 0
    let position = Int(gtk_tree_list_row_get_position(row))
    return RowLook(
      label: label, depth: Int(gtk_tree_list_row_get_depth(row)),
      disclosure: !expandable ? .none : gtk_tree_list_row_get_expanded(row) != 0 ? .expanded : .collapsed,
      isSelected: gtk_selection_model_is_selected(selectionModel, guint(position)) != 0)
  }

  /// The list view's row widgets with their GtkTreeListRows.
  private var rowWidgets: [(widget: Widget, row: OpaquePointer, label: Widget)] {
    var rows: [(Widget, OpaquePointer, Widget)] = []
    var child = gtk_widget_get_first_child(listView)
    while let rowWidget = child {
      child = gtk_widget_get_next_sibling(rowWidget)
      guard let expander = gtk_widget_get_first_child(rowWidget),
        let row = gtk_tree_expander_get_list_row(expander.opaque),
        let box = gtk_tree_expander_get_child(expander.opaque), let label = gtk_widget_get_first_child(box)
      else { continue }
      rows.append((rowWidget, row, label))
    }
    return rows
  }

  private func rowWidget(at position: Int) -> Widget? {
    rowWidgets.first { Int(gtk_tree_list_row_get_position($0.row)) == position }?.widget
  }

  private func shownRows() -> [ShownRow] {
    rowWidgets.map { rowWidget, row, label in
      var look = look(of: row, label: String(gtk: gtk_label_get_text(label.opaque)))
      let state = gtk_widget_get_state_flags(rowWidget).rawValue
      look.isSelected = state & GTK_STATE_FLAG_SELECTED.rawValue != 0
      look.isFocused = state & GTK_STATE_FLAG_FOCUSED.rawValue != 0
      return ShownRow(
        position: Int(gtk_tree_list_row_get_position(row)), look: look, frame: frame(of: rowWidget, in: listView))
    }
  }
}

/// What GTK's tree model holds of its presenter: a weak reference, so the
/// presenter's lifetime stays the app's.
private final class PresenterBox {
  weak var presenter: TreeListPresenter?
  init(_ presenter: TreeListPresenter) { self.presenter = presenter }
}
