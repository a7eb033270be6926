import OutlineKit

/// Drag and drop, undo and redo: the edits of an editable document.
extension OutlineSession {
  /// The nodes a drag that starts on row `row` carries: the selected rows
  /// when the row is selected, else that row alone; none when the document
  /// cannot be edited.
  ///
  /// - Precondition: `0 <= row < outline.rowCount`.
  /// - Complexity: O(k log n) for k selected nodes.
  public func nodesToDrag(fromRow row: Int) -> [Outline<Document.Node>.NodeID] {
    guard document.isEditable else { return [] }
    return selection.nodesToDrag(pressing: outline.id(atRow: row), in: outline)
  }

  /// Where a drop lands: the row under the pointer (`rowCount` below the
  /// last), where in it (0 top ... 1 bottom), and the indentation level
  /// under the pointer; the engine's rules, with the document saying which
  /// nodes take children.
  ///
  /// - Precondition: `0 <= row <= outline.rowCount`.
  /// - Complexity: O(log n).
  public func dropTarget(atRow row: Int, fraction: Double, depth: Int?) -> Outline<Document.Node>.DropTarget {
    outline.dropTarget(atRow: row, fraction: fraction, depth: depth) { document.allowsChildren($0) }
  }

  /// Whether `nodes` can be dropped at `target`: the document can be
  /// edited, and the target is not inside them.
  ///
  /// - Complexity: O(m log n) for m nodes.
  public func canMove(_ nodes: [Outline<Document.Node>.NodeID], to target: Outline<Document.Node>.DropTarget) -> Bool {
    document.isEditable && !nodes.isEmpty && outline.canMove(nodes, to: target)
  }

  /// Drops `nodes` at `target` as one step that can be undone; they stay
  /// selected. Nil when they cannot go there (the engine or the document
  /// refuses it, and nothing changes).
  ///
  /// - Returns: The rows that changed, every row to redraw (the selection
  ///   moved with the nodes) and the focus.
  /// - Complexity: As `Outline.move(_:to:)`, plus the history's bookkeeping.
  @discardableResult
  public mutating func move(
    _ nodes: [Outline<Document.Node>.NodeID], to target: Outline<Document.Node>.DropTarget
  ) -> SelectionChange? {
    guard canMove(nodes, to: target) else { return nil }
    let name = nodes.count == 1 ? "Move “\(document.label(of: nodes[0]))”" : "Move \(nodes.count) rows"
    return replacingSelection { document, selection in
      // Refused (a document's own rule): the step was rolled back.
      try? document.drop(nodes, at: target, named: name, selection: &selection)
    }
  }

  /// Whether there is an edit to undo, and its name ("Move 3 rows"): the
  /// history's exact state, so an enabled Undo button always undoes.
  public var undoName: String? {
    document.isEditable && document.canUndo ? document.undoName ?? "Edit" : nil
  }

  /// Whether there is an undone edit to redo, and its name.
  public var redoName: String? {
    document.isEditable && document.canRedo ? document.redoName ?? "Edit" : nil
  }

  /// Undoes the newest edit, giving back the selection it had before;
  /// nil when there is none.
  ///
  /// - Complexity: As `Outline.History.undo(in:selection:)`.
  @discardableResult
  public mutating func undo() -> SelectionChange? {
    guard undoName != nil else { return nil }
    return replacingSelection { document, selection in document.undo(selection: &selection) }
  }

  /// Redoes the newest undone edit, giving back the selection it had
  /// after it; nil when there is none.
  ///
  /// - Complexity: As `Outline.History.redo(in:selection:)`.
  @discardableResult
  public mutating func redo() -> SelectionChange? {
    guard redoName != nil else { return nil }
    return replacingSelection { document, selection in document.redo(selection: &selection) }
  }

  /// Runs an edit that may replace the selection, with the selection taken
  /// out so that it changes in place; every row is redrawn after it.
  private mutating func replacingSelection(
    _ body: (inout Document, inout Outline<Document.Node>.Selection) -> OutlineChange?
  ) -> SelectionChange? {
    var selection = takeSelection()
    defer { self.selection = selection }
    guard let change = body(&document, &selection) else { return nil }
    let rowCount = document.outline.rowCount
    return SelectionChange(
      outlineChange: change, rowsToRedraw: rowCount == 0 ? [] : [0 ..< rowCount],
      focusedRow: selection.focusedRow(in: document.outline))
  }
}
