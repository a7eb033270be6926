import OutlineKit

/// The mouse on a tree screen: a click focuses the row under the pointer
/// (a sticky row too: the screen then scrolls to it), and a drag (press,
/// motion with the button down, release) moves what the pressed row
/// carries, the drop marker following the pointer.
///
/// What a drag carries is the engine's
/// `Selection.nodesToDrag(pressing:in:)`: the selected rows when the
/// pressed row is one of them, else the pressed row alone, as editors
/// and file managers decide it. The screen owns the outline and the move;
/// `TreeMouse` keeps the pressed row and says what to do:
///
/// ```swift
/// switch mouse.handle(event, hit: viewport.hit(line: line, column: column, in: outline),
///                     selection: &selection, move: &move, in: outline, rules: rules, now: now) {
/// case .drop: dropMove()
/// case .focused, .pointed, .none: break
/// }
/// ```
package struct TreeMouse<Node> {
  /// A node of the outline.
  package typealias NodeID = Outline<Node>.NodeID

  /// The row the button went down on, until it comes up.
  package private(set) var pressed: NodeID?

  /// Nothing pressed.
  ///
  /// - Complexity: O(1).
  package init() {}

  /// What the screen does after an event.
  package enum Outcome: Hashable, Sendable {
    /// Nothing.
    case none
    /// The focus moved to the row under the pointer.
    case focused
    /// A move started, or its marker followed the pointer.
    case pointed
    /// The button came up at the end of a drag: drop the move.
    case drop
  }

  /// Handles a press, a drag or a release (the wheel is the app's: it
  /// moves the focus) at `hit` (nil: a line that keeps the marker where it
  /// is, or outside the list).
  ///
  /// A press focuses the row under it; while a move made by keys is under
  /// way, it points the marker instead. The first motion with the button
  /// down starts a move of what the pressed row carries; every motion
  /// points the marker. The release drops a move the drag started.
  ///
  /// - Complexity: O(k log n) to start a drag of k selected rows; O(log n)
  ///   otherwise, plus the rules.
  package mutating func handle(
    _ event: MouseEvent, hit: TreeViewport<Node>.Hit?, selection: inout Outline<Node>.Selection,
    move: inout MoveMode<Node>?, in outline: Outline<Node>, rules: MoveMode<Node>.Rules, now: Double
  ) -> Outcome {
    switch event.action {
    case .press:
      if move != nil {
        if let hit { move!.point(at: hit, in: outline, rules: rules, now: now) }
        return .pointed
      }
      pressed = nil
      guard let id = hit?.node else { return .none }
      pressed = id
      selection.moveFocus(to: id, in: outline)
      return .focused
    case .drag:
      if move == nil {
        guard let pressed, outline.contains(pressed), outline.row(of: pressed) != nil else { return .none }
        move = MoveMode(
          moving: selection.nodesToDrag(pressing: pressed, in: outline), in: outline, rules: rules, isMouseDrag: true,
          now: now)
      }
      if let hit { move!.point(at: hit, in: outline, rules: rules, now: now) }
      return .pointed
    case .release:
      defer { pressed = nil }
      guard move?.isMouseDrag == true else { return .none }
      // The release's own place counts: it may come without a motion to it.
      if let hit { move!.point(at: hit, in: outline, rules: rules, now: now) }
      return .drop
    case .wheelUp, .wheelDown:
      return .none
    }
  }
}
