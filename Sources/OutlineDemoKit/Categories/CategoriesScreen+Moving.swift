import OutlineAdapters
import OutlineKit

/// Moving categories on the categories screen, by keys (`m`, then the
/// arrows, Enter) or a mouse drag, through the shared ``MoveMode`` and
/// ``TreeMouse``: `CategoryTree.move(_:to:)` moves subcategories anywhere
/// (to the top level as sections) and sections among the sections; the
/// marker shows its refusals (`CategoryTree.moveError(_:to:)`) before
/// the drop.
extension CategoriesScreen {
  /// What the category tree says about drops: loaded categories take
  /// children (a lazy one's are not known yet), and the tree's refusals.
  var moveRules: MoveMode<CategoryNode>.Rules {
    let tree = self.tree
    return MoveMode<CategoryNode>.Rules(
      allowsChildren: { outline, id in outline[id].loadState == .loaded },
      refusal: { _, nodes, target in tree.moveError(nodes, to: target).map { "\($0)" } })
  }

  /// `m`: starts moving what a drag from the focused row would carry (the
  /// selected rows when the focused one is selected, else the focused
  /// row), the marker where they are.
  mutating func startMove(context: inout ScreenContext) {
    guard let focus else { return }
    move = MoveMode(
      moving: selection.nodesToDrag(pressing: focus, in: tree.outline), in: tree.outline, rules: moveRules,
      isMouseDrag: false, now: context.clock.now())
    context.message = move!.message
  }

  /// A key while rows are moved: the marker's keys, Enter drops, Esc
  /// cancels; other keys say so.
  mutating func handleMove(_ key: Key, context: inout ScreenContext) {
    let page = max(1, context.bodyHeight - headerHeight - 2)
    let rules = moveRules
    switch move?.handle(key, page: page, in: tree.outline, rules: rules, now: context.clock.now()) {
    case .moved?, .unused?:
      context.message = move!.message
    case .drop?:
      drop(context: &context)
    case .cancel?:
      move = nil
      context.message = StatusMessage("Move cancelled: nothing moved")
    case nil:
      break
    }
  }

  /// Drops the moved categories at the marker; a refused place says why
  /// (a drag ends there; keys go on).
  mutating func drop(context: inout ScreenContext) {
    guard let move else { return }
    if let refusal = move.refusal {
      context.message = .error("Cannot drop there: \(refusal)" + (move.isMouseDrag ? "; nothing moved" : ""))
      if move.isMouseDrag { self.move = nil }
      return
    }
    self.move = nil
    let count = DemoFormat.count(move.nodes.count, "row")
    do {
      let change = try tree.move(move.nodes, to: move.target)
      // Into a closed row: open it, so the moved rows show.
      if let parent = move.target.parent, !tree.isExpanded(parent) { tree.expand(parent) }
      selection.reconcile(with: tree.outline)
      context.message = StatusMessage(
        change.isEmpty ? "Nothing moved: the rows are there already" : "Moved \(count) · Ctrl-Z puts \(move.nodes.count == 1 ? "it" : "them") back")
    } catch {
      context.message = .error("Nothing moved: \(error)")
    }
  }

  // MARK: Holding the marker

  /// Opens the closed row the marker has rested into for half a second
  /// (by `now`; `.infinity` for the `wait` key), as Enter would (the
  /// accordion closes its open sibling).
  ///
  /// - Returns: Whether a row opened.
  /// - Complexity: O(log n + the rows it shows).
  @discardableResult
  public mutating func openHeldRow(at now: Double, context: inout ScreenContext) -> Bool {
    guard let node = move?.nodeToOpen(at: now, in: tree.outline) else { return false }
    toggle(node, context: &context)
    move?.stopHolding()
    let rules = moveRules
    move?.refresh(in: tree.outline, rules: rules, now: now)
    context.message = StatusMessage("Opened \(TerminalText.sanitized(tree[node].name)) under the marker: ↓ goes on into it")
    scroll(height: context.bodyHeight)
    return true
  }

  /// Whether the marker rests into a closed row (the app ticks often to
  /// open it in time).
  ///
  /// - Complexity: O(1).
  public var isHoldingMarker: Bool { move?.isHolding ?? false }

  // MARK: The mouse

  /// A mouse event at a line of the body (from 0) and a column (from 0): a
  /// click focuses the row (a sticky row: scrolled to, below its
  /// ancestors), a drag moves categories, the marker following the
  /// pointer.
  ///
  /// - Returns: Whether the screen used it.
  /// - Complexity: O(height + k log n): the list's layout, and k selected
  ///   rows when a drag starts.
  @discardableResult
  public mutating func handleMouse(_ event: MouseEvent, line: Int, column: Int, context: inout ScreenContext) -> Bool {
    changedByReload = []
    let hit = viewport(height: context.bodyHeight).hit(line: line - headerHeight, column: column, in: tree.outline)
    let wasMoving = move != nil
    let rules = moveRules
    let outcome = mouse.handle(
      event, hit: hit, selection: &selection, move: &move, in: tree.outline, rules: rules, now: context.clock.now())
    switch outcome {
    case .drop:
      drop(context: &context)
    case .pointed:
      if let move, !wasMoving || move.refusal != nil { context.message = move.message }
    case .focused, .none:
      break
    }
    scroll(height: context.bodyHeight)
    return outcome != .none
  }
}
