import OutlineKit

/// Moving rows on the big tree, by keys (`m`, then the arrows, Enter) or a
/// mouse drag, through the shared ``MoveMode`` and ``TreeMouse``; the drop
/// is a step of the history (BigTreeScreen+Editing.swift). The engine's
/// `move(_:to:)` moves every dragged subtree as one change; a drop into a
/// moved row's own subtree is refused.
extension BigTreeScreen {
  /// What the big tree says about drops: every node takes children, and
  /// nothing goes into a moved row's own subtree.
  static var moveRules: MoveMode<Int>.Rules {
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

  /// `m`: starts moving what a drag from the focused row would carry (the
  /// selected rows when the focused one is selected, else the focused
  /// row), the marker where they are.
  mutating func startMove(context: inout ScreenContext) {
    guard let focus, outline != nil else { return }
    move = MoveMode(
      moving: selection.nodesToDrag(pressing: focus, in: outline!), in: outline!, rules: Self.moveRules,
      isMouseDrag: false, now: context.clock.now())
    context.message = move!.message
  }

  /// A key while rows are moved: the marker's keys, Enter drops, Esc
  /// cancels; other keys say so.
  mutating func handleMove(_ key: Key, context: inout ScreenContext) {
    guard outline != nil, move != nil else { return }
    let page = max(1, context.bodyHeight - 2)
    switch move!.handle(key, page: page, in: outline!, rules: Self.moveRules, now: context.clock.now()) {
    case .moved, .unused:
      context.message = move!.message
    case .drop:
      drop(context: &context)
    case .cancel:
      move = nil
      context.message = StatusMessage("Move cancelled: nothing moved")
    }
  }

  /// Drops the moved rows at the marker, as one step of the history; a
  /// refused place says why (a drag ends there; keys go on).
  mutating func drop(context: inout ScreenContext) {
    guard let move else { return }
    if let refusal = move.refusal {
      context.message = .error("Cannot drop there: \(refusal)" + (move.isMouseDrag ? "; nothing moved" : ""))
      if move.isMouseDrag { self.move = nil }
      return
    }
    self.move = nil
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

  // MARK: Holding the marker

  /// Opens the closed row the marker has rested into for half a second
  /// (by `now`; `.infinity` for the `wait` key).
  ///
  /// - Returns: Whether a row opened.
  /// - Complexity: O(log n + the rows it shows).
  @discardableResult
  public mutating func openHeldRow(at now: Double, context: inout ScreenContext) -> Bool {
    guard let node = outline.flatMap({ move?.nodeToOpen(at: now, in: $0) }) else { return false }
    timed("open", context: &context) { $0.expand(node) }
    move?.stopHolding()
    move?.refresh(in: outline!, rules: Self.moveRules, now: now)
    context.message = StatusMessage(
      "Opened \(BigTreeGenerator.name(of: outline![node])) under the marker: ↓ goes on into it")
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
  /// ancestors), a drag moves rows, the marker following the pointer.
  ///
  /// - Returns: Whether the screen used it.
  /// - Complexity: O(height + k log n): the list's layout, and k selected
  ///   rows when a drag starts.
  @discardableResult
  public mutating func handleMouse(_ event: MouseEvent, line: Int, column: Int, context: inout ScreenContext) -> Bool {
    guard outline != nil, let viewport = viewport(height: context.bodyHeight) else { return false }
    let hit = viewport.hit(line: line, column: column, in: outline!)
    let wasMoving = move != nil
    let outcome = mouse.handle(
      event, hit: hit, selection: &selection, move: &move, in: outline!, rules: Self.moveRules, now: context.clock.now())
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
