import OutlineKit

/// Editing the big tree, every edit a step of the engine's
/// `Outline.History`: Delete removes rows, a move drops them elsewhere
/// (BigTreeScreen+Moving.swift), `u` updates the tree from new data; Ctrl-Z
/// undoes the last step and Ctrl-Y redoes it, the focus and the selection
/// coming back with it (`undo(in:selection:)`), and the message line says
/// what was undone ("undid: moved 3 rows").
///
/// A step keeps only the nodes it touched: deleting a subtree of 100,000
/// nodes and bringing it back costs that subtree, never a copy of the
/// million-node outline, and the nodes come back under their `NodeID`s,
/// open as they were, with their heights.
extension BigTreeScreen {
  /// Runs an edit as one step of the history (named for the undo message),
  /// times it, gives the rows it shows their heights, and keeps the
  /// selection with the step.
  @discardableResult
  mutating func recorded(
    _ name: String, timing operation: String, context: inout ScreenContext, _ body: (inout Outline<Int>) throws -> Void
  ) throws -> OutlineChange {
    guard var outline = self.outline else { return OutlineChange() }
    // Move the outline out of the screen so that it is not shared while it
    // changes (a shared copy would be copied whole).
    self.outline = nil
    defer { self.outline = outline }
    let start = context.clock.now()
    let change = try history.record(in: &outline, selection: &selection, named: name) { outline, _ in
      try body(&outline)
    }
    let seconds = context.clock.now() - start
    Self.measure(change, in: &outline)
    lastOperation = (operation, seconds)
    return change
  }

  // MARK: Deleting

  /// Delete (or Backspace): removes the rows a drag would carry (the
  /// selected rows when the focused one is selected, else the focused
  /// row), each with its subtree, as one step.
  mutating func deleteRows(context: inout ScreenContext) {
    guard let focus, let nodes = outline.map({ $0.outermost(selection.nodesToDrag(pressing: focus, in: $0)) })
    else { return }
    let nodeCount = nodes.reduce(0) { $0 + outline!.subtreeCount(of: $1) }
    let name = "deleted " + DemoFormat.count(nodes.count, "row")
    do {
      let change = try recorded(name, timing: "delete", context: &context) { outline in
        for id in nodes { outline.remove(id) }
      }
      dataMatchesOutline = false
      context.message = StatusMessage(
        "Deleted \(DemoFormat.count(nodes.count, "row")) (\(DemoFormat.count(nodeCount, "node"))) in \(DemoFormat.duration(lastOperation!.seconds)): rows -\(DemoFormat.count(change.removedCount)) · Ctrl-Z brings \(nodes.count == 1 ? "it" : "them") back")
    } catch {
      context.message = .error("Nothing deleted: \(error)")
    }
  }

  // MARK: Updating from new data

  /// `u`: shuffles, renames and deletes 1% of the nodes in the data, then
  /// updates the outline from a fresh copy of the whole tree, timing the
  /// update alone (making the copy is the server's part). The update is a
  /// step: Ctrl-Z takes it back. After the user's own edits, the data
  /// first takes the outline's tree (``BigTreeData/adopt(_:)``).
  mutating func updateFromData(context: inout ScreenContext) {
    guard outline != nil else { return }
    if !dataMatchesOutline {
      data.adopt(outline!)
      dataMatchesOutline = true
    }
    let edits = data.shuffleRenameAndDelete(fraction: 0.01)
    let fresh = data.snapshot()
    let change: OutlineChange
    do {
      change = try recorded("the update of 1%", timing: "update 1%", context: &context) { outline in
        try outline.update(roots: fresh.roots, children: fresh.children(of:), id: BigTreeGenerator.number(of:))
      }
    } catch {
      context.message = .error("The update failed: \(error)")
      return
    }
    let seconds = DemoFormat.duration(lastOperation!.seconds)
    context.message = StatusMessage(
      "u: update of \(DemoFormat.count(self.outline!.nodeCount, "node")) in \(seconds): rows -\(DemoFormat.count(change.removedCount)) +\(DemoFormat.count(change.insertedCount)), \(DemoFormat.count(change.reloadedRows.count)) redrawn (\(DemoFormat.count(edits.shuffled)) moved, \(DemoFormat.count(edits.renamed)) renamed, \(DemoFormat.count(edits.deleted)) deleted)")
  }

  // MARK: Undo and redo

  /// Ctrl-Z: undoes the last step; the focus and the selection are what
  /// they were before it.
  mutating func undo(context: inout ScreenContext) {
    replay(forwards: false, context: &context)
  }

  /// Ctrl-Y: redoes the last undone step; the focus and the selection are
  /// what they were after it.
  mutating func redo(context: inout ScreenContext) {
    replay(forwards: true, context: &context)
  }

  private mutating func replay(forwards: Bool, context: inout ScreenContext) {
    guard var outline = self.outline else { return }
    guard forwards ? history.canRedo(in: outline) : history.canUndo(in: outline) else {
      context.message = .nothingToReplay(forwards: forwards)
      return
    }
    let name = (forwards ? history.redoName : history.undoName) ?? "an edit"
    self.outline = nil
    let start = context.clock.now()
    let change =
      forwards
      ? history.redo(in: &outline, selection: &selection) : history.undo(in: &outline, selection: &selection)
    let seconds = context.clock.now() - start
    Self.measure(change ?? OutlineChange(), in: &outline)
    self.outline = outline
    dataMatchesOutline = false
    lastOperation = (forwards ? "redo" : "undo", seconds)
    context.message = .replayed(name, forwards: forwards)
  }
}
