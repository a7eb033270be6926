import CGtk
import OutlineGtkSupport
import OutlineKit

/// Drag and drop of rows: a GtkDragSource and a GtkDropTarget on the list
/// view, with the engine deciding what is dragged (the selection, or the
/// pressed row alone), where a drop lands (`dropTarget(atRow:fraction:depth:)`)
/// and whether it may (`canMove`), and the move as one undoable step.
extension EnginePresenter {
  func addDragAndDrop() {
    let source = gtk_drag_source_new()!
    gtk_drag_source_set_actions(source, GDK_ACTION_MOVE)
    source.onDragPrepare { [weak self] x, y in self?.prepareDrag(atX: x, y: y, source: source) }
    // The press that began the drag focused its row (GTK's own handling);
    // whatever the drop did, the engine's focus is the one to show.
    source.onDragEnd { [weak self] in
      guard let self else { return }
      self.dragged = []
      self.markDrop(nil)
      whenIdle { [weak self] in self?.showEngineFocus() }
    }
    gtk_widget_add_controller(listView, source)
    controllers.append(source)
    dragSource = source

    let target = gtk_drop_target_new(g_type_from_name("gchararray"), GDK_ACTION_MOVE)!
    target.onDropMotion { [weak self] x, y in
      guard let self, let (_, mark) = self.dropTarget(atX: x, y: y) else {
        self?.markDrop(nil)
        return GdkDragAction(rawValue: 0)
      }
      self.markDrop(mark)
      return GDK_ACTION_MOVE
    }
    target.on("leave") { [weak self] in self?.markDrop(nil) }
    target.onDrop { [weak self] x, y in
      guard let self, let (target, _) = self.dropTarget(atX: x, y: y) else { return false }
      let nodes = self.dragged
      self.markDrop(nil)
      self.record("drop") { $0.perform(movingFocus: true) { $0.move(nodes, to: target) ?? SelectionChange() } }
      return true
    }
    gtk_widget_add_controller(listView, target.opaque)
    controllers.append(target.opaque)
  }

  /// The nodes a drag from a point carries, kept for the drop; the drag's
  /// content is their labels, one per line, for a drop elsewhere.
  private func prepareDrag(atX x: Double, y: Double, source: OpaquePointer) -> OpaquePointer? {
    guard let (widgets, _) = row(atX: x, y: y), let row = widgets.position else { return nil }
    dragged = session.nodesToDrag(fromRow: row)
    guard !dragged.isEmpty else { return nil }
    // The press focused the row (GTK's own handling): so does the engine.
    listModel.perform { $0.moveFocus(toRow: row) }
    if let rowWidget = gtk_widget_get_parent(widgets.box) {
      let icon = gtk_widget_paintable_new(rowWidget)!
      gtk_drag_source_set_icon(source, icon, 0, 0)
      icon.unref()
    }
    let text = dragged.map { session.document.label(of: $0) }.joined(separator: "\n")
    var value = GValue()
    g_value_init(&value, g_type_from_name("gchararray"))
    g_value_set_string(&value, text)
    defer { g_value_unset(&value) }
    return gdk_content_provider_new_for_value(&value).map(OpaquePointer.init)
  }

  /// Where the dragged nodes would land for a pointer at a point of the
  /// list view, and how to mark it: nil when nothing is dragged from this
  /// list or the engine refuses the place.
  private func dropTarget(atX x: Double, y: Double) -> (Outline<Document.Node>.DropTarget, (Widget, String))? {
    guard !dragged.isEmpty else { return nil }
    let depth = max(0, Int(x) / RowWidgets.indentation)
    let outline = session.outline
    // The row under the pointer, or below the last row.
    let row: Int
    let fraction: Double
    let rowWidget: Widget?
    if let (widgets, _) = self.row(atX: x, y: y), let position = widgets.position,
      let widget = gtk_widget_get_parent(widgets.box), let frame = frame(of: widget, in: listView)
    {
      row = position
      fraction = (y - frame.top) / max(1, frame.height)
      rowWidget = widget
    } else {
      row = outline.rowCount
      fraction = 0
      rowWidget = rowWidgets.last { $0.position == outline.rowCount - 1 }.flatMap { gtk_widget_get_parent($0.box) }
    }
    let target = session.dropTarget(atRow: row, fraction: fraction, depth: depth)
    guard session.canMove(dragged, to: target), let rowWidget else { return nil }
    // The mark shows the zone the engine used: into the row, above it, below it.
    let mark: String
    if row == outline.rowCount {
      mark = "drop-after"
    } else if target.parent == outline.id(atRow: row)
      && target.index == outline.children(of: outline.id(atRow: row)).count && fraction >= 0.25 && fraction < 0.75
    {
      mark = "drop-into"
    } else {
      mark = fraction < 0.5 ? "drop-before" : "drop-after"
    }
    return (target, (rowWidget, mark))
  }

  /// Marks the row widget where a drop would land (a CSS class), clearing
  /// the previous mark.
  private func markDrop(_ mark: (Widget, String)?) {
    if let old = dropMark, mark.map({ $0.0 != old.rowWidget || $0.1 != old.cssClass }) ?? true {
      gtk_widget_remove_css_class(old.rowWidget, old.cssClass)
      dropMark = nil
    }
    if let (widget, cssClass) = mark, dropMark == nil {
      gtk_widget_add_css_class(widget, cssClass)
      dropMark = (widget, cssClass)
    }
  }
}
