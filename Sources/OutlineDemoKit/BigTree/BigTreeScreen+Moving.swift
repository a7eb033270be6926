import OutlineKit

/// Moving rows on the big tree, by keys (`m`, then the arrows, Enter) or a
/// mouse drag, through the tree screens' shared ``MoveMode``,
/// ``TreeMouse`` and `RowMovingScreen`; the drop is a step of the history
/// (BigTreeScreen+Editing.swift). The engine's `move(_:to:)` moves every
/// dragged subtree as one change; a drop into a moved row's own subtree is
/// refused.
extension BigTreeScreen: RowMovingScreen {
  /// What the big tree says about drops: every node takes children, and
  /// nothing goes into a moved row's own subtree.
  var moveRules: MoveMode<Int>.Rules {
    MoveMode<Int>.Rules(
      allowsChildren: { _, _ in true },
      refusal: { outline, nodes, target in
        guard !outline.canMove(nodes, to: target), let parent = target.parent else { return nil }
        let moved = Set(nodes)
        var holder = parent
        while !moved.contains(holder), let up = outline.parent(of: holder) { holder = up }
        let name = BigTreeGenerator.name(of: outline[parent])
        return holder == parent
          ? "not into \(name): it is one of the rows being moved"
          : "not into \(name): it is inside \(BigTreeGenerator.name(of: outline[holder])), which is being moved"
      })
  }

  var movableOutline: Outline<Int>? { outline }

  var listTop: Int { 0 }

  func listViewport(height: Int) -> TreeViewport<Int>? { viewport(height: height) }

  /// Drops the moved rows at the marker, as one step of the history; a
  /// refused place says why (a drag ends there; keys go on).
  mutating func drop(context: inout ScreenContext) {
    guard let move = takeMoveToDrop(context: &context) else { return }
    let count = DemoFormat.count(move.nodes.count, "row")
    let steps = history.undoCount
    do {
      let change = try recorded("moved " + count, timing: "move", context: &context) { outline in
        try outline.move(move.nodes, to: move.target)
        // Into a closed row: open it, so the moved rows show (and stay
        // focused and selected); opening is not a step.
        outline.reveal(move.nodes[0])
      }
      dataMatchesOutline = false
      context.message = StatusMessage(
        change.isEmpty && history.undoCount == steps
          ? "Nothing moved: the rows are there already"
          : "Moved \(count) in \(DemoFormat.duration(lastOperation!.seconds)) · Ctrl-Z puts \(move.nodes.count == 1 ? "it" : "them") back")
    } catch {
      context.message = .error("Nothing moved: \(error)")
    }
  }

  /// Opens the closed row the marker rests in, timed.
  mutating func openUnderMarker(_ id: Outline<Int>.NodeID, context: inout ScreenContext) {
    timed("open", context: &context) { $0.expand(id) }
    context.message = StatusMessage("Opened \(BigTreeGenerator.name(of: outline![id])) under the marker: ↓ goes on into it")
  }
}
