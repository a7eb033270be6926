import OutlineAdapters
import OutlineKit

/// Editing the categories, every edit a step of the tree's history
/// (`CategoryTree.undo()`): Delete removes rows, `m` and a drag move them
/// (CategoriesScreen+Moving.swift), `r` reloads the file; Ctrl-Z undoes the
/// last step and Ctrl-Y redoes it, and the message line says what
/// ("undid: move Fiction"). The rows a step brings back come back selected
/// and focused, as editors do it; the rows a reload step changes are
/// marked, as `r` marks them.
extension CategoriesScreen {
  /// Delete (or Backspace): removes the rows a drag would carry (the
  /// selected rows when the focused one is selected, else the focused
  /// row), each with its subcategories; each row is a step.
  mutating func deleteRows(context: inout ScreenContext) {
    guard let focus else { return }
    let nodes = tree.outline.outermost(selection.nodesToDrag(pressing: focus, in: tree.outline))
    let names = nodes.map { TerminalText.sanitized(tree[$0].name) }
    for id in nodes { tree.remove(id) }
    selection.reconcile(with: tree.outline)
    pendingLoads.removeAll { !tree.outline.contains($0.request.node) }
    context.message = StatusMessage(
      nodes.count == 1
        ? "Deleted \(names[0]) · Ctrl-Z brings it back"
        : "Deleted \(DemoFormat.count(nodes.count, "row")) · Ctrl-Z brings them back, one at a time")
  }

  /// Ctrl-Z (`forwards` false) or Ctrl-Y: undoes or redoes the tree's last
  /// step.
  mutating func replay(forwards: Bool, context: inout ScreenContext) {
    guard let (name, before, change) = tree.replay(forwards: forwards, context: &context) else { return }
    selection.reconcile(with: tree.outline)
    pendingLoads.removeAll { !tree.outline.contains($0.request.node) || tree[$0.request.node].loadState != .loading }
    // The file no longer says what the tree holds: r reads it again.
    loadedData = nil
    var shown = change.insertedRows.map(tree.id(at:))
    shown += change.insertedSections.map { tree.sections.root(ofSection: $0) }
    if name == "reload" {
      var changed = Set(shown)
      changed.formUnion(change.reloadedRows.map(before.id(at:)).filter(tree.outline.contains))
      changedByReload = changed
    } else {
      var seen = Set<CategoryTree.NodeID>()
      let candidates = (Self.placed(in: tree.outline, comparedWith: before.outline) + shown).filter { seen.insert($0).inserted }
      let brought = tree.outline.outermost(candidates)
      if let first = brought.first {
        reveal(first)
        select(brought)
      } else if let path = change.reloadedRows.first {
        let id = before.id(at: path)
        if tree.outline.contains(id) && tree.outline.row(of: id) != nil { selection.moveFocus(to: id, in: tree.outline) }
      }
    }
  }

  /// The nodes of `outline` that `before` did not have, or had under
  /// another parent: what an undo or redo brought back or moved, shown or
  /// not (the tree's change lists rows only).
  ///
  /// - Complexity: O(n log n) for the tree's n categories.
  static func placed(in outline: Outline<CategoryNode>, comparedWith before: Outline<CategoryNode>) -> [CategoryTree.NodeID] {
    var placed: [CategoryTree.NodeID] = []
    var pending: [(children: Outline<CategoryNode>.Children, parent: CategoryTree.NodeID?)] = [(outline.roots, nil)]
    while let (children, parent) = pending.popLast() {
      for id in children.reversed() {
        if !before.contains(id) || before.parent(of: id) != parent { placed.append(id) }
        pending.append((outline.children(of: id), id))
      }
    }
    return placed
  }

  /// Opens the ancestors of a node that has no row, as Enter would (the
  /// accordion closes their open siblings).
  private mutating func reveal(_ id: CategoryTree.NodeID) {
    var ancestors: [CategoryTree.NodeID] = []
    var ancestor = tree.outline.parent(of: id)
    while let current = ancestor {
      ancestors.append(current)
      ancestor = tree.outline.parent(of: current)
    }
    for ancestor in ancestors.reversed() where !tree.isExpanded(ancestor) { tree.expand(ancestor) }
    selection.reconcile(with: tree.outline)
  }

  /// Selects the nodes (with rows) alone, the focus on the first in row
  /// order.
  private mutating func select(_ nodes: [CategoryTree.NodeID]) {
    let outline = tree.outline
    let shown = nodes.compactMap { id in outline.row(of: id).map { (row: $0, id: id) } }.sorted { $0.row < $1.row }
    guard let first = shown.first?.id else { return }
    selection.select(first, in: outline)
    for (_, id) in shown.dropFirst() { selection.toggle(id, in: outline) }
    selection.moveFocus(to: first, in: outline)
  }
}
