import OutlineAdapters
import OutlineKit

/// Moving categories on the categories screen, by keys (`m`, then the
/// arrows, Enter) or a mouse drag, through the tree screens' shared
/// ``MoveMode``, ``TreeMouse`` and `RowMovingScreen`:
/// `CategoryTree.move(_:to:)` moves subcategories anywhere (to the top
/// level as sections) and sections among the sections; the marker shows its
/// refusals (`CategoryTree.moveError(_:to:)`) before the drop.
extension CategoriesScreen: RowMovingScreen {
  /// What the category tree says about drops: loaded categories take
  /// children (a lazy one's are not known yet), and the tree's refusals.
  var moveRules: MoveMode<CategoryNode>.Rules {
    let tree = self.tree
    return MoveMode<CategoryNode>.Rules(
      allowsChildren: { outline, id in outline[id].loadState == .loaded },
      refusal: { _, nodes, target in tree.moveError(nodes, to: target).map { "\($0)" } })
  }

  var movableOutline: Outline<CategoryNode>? { tree.outline }

  var listTop: Int { headerHeight }

  func listViewport(height: Int) -> TreeViewport<CategoryNode>? { viewport(height: height) }

  /// Drops the moved categories at the marker, as a step of the tree's
  /// history; a refused place says why (a drag ends there; keys go on).
  mutating func drop(context: inout ScreenContext) {
    guard let move = takeMoveToDrop(context: &context) else { return }
    let count = DemoFormat.count(move.nodes.count, "row")
    do {
      let change = try tree.move(move.nodes, to: move.target)
      // Into a closed row: open it, so the moved rows show.
      if let parent = move.target.parent, !tree.isExpanded(parent) { tree.expand(parent) }
      selection.reconcile(with: tree.outline)
      context.message = StatusMessage(
        change.isEmpty
          ? "Nothing moved: the rows are there already"
          : "Moved \(count) · Ctrl-Z puts \(move.nodes.count == 1 ? "it" : "them") back")
    } catch {
      context.message = .error("Nothing moved: \(error)")
    }
  }

  /// Opens the closed row the marker rests in, as Enter would (the
  /// accordion closes its open sibling).
  mutating func openUnderMarker(_ id: CategoryTree.NodeID, context: inout ScreenContext) {
    toggle(id, context: &context)
    context.message = StatusMessage("Opened \(TerminalText.sanitized(tree[id].name)) under the marker: ↓ goes on into it")
  }

  /// A mouse event at a line of the body (from 0) and a column (from 0): a
  /// click focuses the row (a sticky row: scrolled to, below its
  /// ancestors), a drag moves categories, the marker following the
  /// pointer.
  ///
  /// - Returns: Whether the screen used it.
  /// - Complexity: O(height + k log n): the list's layout, and k selected
  ///   rows when a drag starts.
  @discardableResult
  package mutating func handleMouse(_ event: MouseEvent, line: Int, column: Int, context: inout ScreenContext) -> Bool {
    changedByReload = []
    return handleMoveMouse(event, line: line, column: column, context: &context)
  }
}
