import OutlineKit

/// A tree screen whose rows move by keys and drags: the categories and the
/// big tree share their move keys, mouse handling and the opening of a row
/// the marker rests in through this, and differ in their rules, how they
/// drop (a step of their history) and how they open a row.
protocol RowMovingScreen {
  /// The outline's node values.
  associatedtype Node

  /// The rows being moved; nil when none are.
  var move: MoveMode<Node>? { get set }
  /// The mouse's pressed row.
  var mouse: TreeMouse<Node> { get set }
  /// The focus and the selection.
  var selection: Outline<Node>.Selection { get set }
  /// The outline the rows are in; nil before there is one.
  var movableOutline: Outline<Node>? { get }
  /// What the screen says about drops.
  var moveRules: MoveMode<Node>.Rules { get }
  /// The body's lines above the list.
  var listTop: Int { get }

  /// The list's lines in a body of `height` lines.
  func listViewport(height: Int) -> TreeViewport<Node>?
  /// Drops the moved rows at the marker (or says why not).
  mutating func drop(context: inout ScreenContext)
  /// Opens a closed row the marker rests in, saying so.
  mutating func openUnderMarker(_ id: Outline<Node>.NodeID, context: inout ScreenContext)
  /// Keeps the focus (or the marker) in view in a body of `height` lines.
  mutating func scroll(height: Int)
}

extension RowMovingScreen {
  /// `m`: starts moving what a drag from the focused row would carry (the
  /// selected rows when the focused one is selected, else the focused
  /// row), the marker where they are.
  mutating func startMove(context: inout ScreenContext) {
    guard let outline = movableOutline, let focus = selection.focus, outline.row(of: focus) != nil else { return }
    move = MoveMode(
      moving: selection.nodesToDrag(pressing: focus, in: outline), in: outline, rules: moveRules, isMouseDrag: false,
      now: context.clock.now())
    context.message = move?.message
  }

  /// Ends the move to drop it: the move, or nil when there is none or its
  /// place is refused (the message says why; a drag ends there, keys go
  /// on).
  mutating func takeMoveToDrop(context: inout ScreenContext) -> MoveMode<Node>? {
    guard let move else { return nil }
    if let refusal = move.refusal {
      context.message = .error("Cannot drop there: \(refusal)" + (move.isMouseDrag ? "; nothing moved" : ""))
      if move.isMouseDrag { self.move = nil }
      return nil
    }
    self.move = nil
    return move
  }

  /// A key while rows are moved: the marker's keys, Enter drops, Esc
  /// cancels; other keys say what to do.
  mutating func handleMoveKey(_ key: Key, context: inout ScreenContext) {
    let outcome: MoveMode<Node>.Outcome
    // The outline's copy goes before a drop edits it (a shared outline
    // would be copied whole).
    do {
      guard let outline = movableOutline, var move else { return }
      let page = max(1, context.bodyHeight - listTop - 2)
      outcome = move.handle(key, page: page, in: outline, rules: moveRules, now: context.clock.now())
      self.move = move
    }
    switch outcome {
    case .moved, .unused:
      context.message = move?.message
    case .drop:
      drop(context: &context)
    case .cancel:
      move = nil
      context.message = StatusMessage("Move cancelled: nothing moved")
    }
  }

  /// A mouse event at a line of the body (from 0) and a column (from 0): a
  /// click focuses the row (a sticky row: scrolled to, below its
  /// ancestors), a drag moves rows, the marker following the pointer.
  ///
  /// - Returns: Whether the screen used it.
  @discardableResult
  mutating func handleMoveMouse(_ event: MouseEvent, line: Int, column: Int, context: inout ScreenContext) -> Bool {
    let outcome: TreeMouse<Node>.Outcome
    let wasMoving = move != nil
    do {
      guard let outline = movableOutline, let viewport = listViewport(height: context.bodyHeight) else { return false }
      let hit = viewport.hit(line: line - listTop, column: column, in: outline)
      var (mouse, selection, move) = (self.mouse, self.selection, self.move)
      outcome = mouse.handle(
        event, hit: hit, selection: &selection, move: &move, in: outline, rules: moveRules, now: context.clock.now())
      (self.mouse, self.selection, self.move) = (mouse, selection, move)
    }
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

  /// Opens the closed row the marker has rested into for half a second
  /// (by `now`; `.infinity` for the `wait` key).
  ///
  /// - Returns: Whether a row opened.
  @discardableResult
  mutating func openRowUnderMarker(at now: Double, context: inout ScreenContext) -> Bool {
    guard let node = movableOutline.flatMap({ move?.nodeToOpen(at: now, in: $0) }) else { return false }
    openUnderMarker(node, context: &context)
    move?.stopHolding()
    if let outline = movableOutline {
      let rules = moveRules
      move?.refresh(in: outline, rules: rules, now: now)
    }
    scroll(height: context.bodyHeight)
    return true
  }
}
