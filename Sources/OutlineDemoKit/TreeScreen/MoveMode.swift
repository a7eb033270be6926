import OutlineKit

/// Moving rows on a tree screen, by keys or by a mouse drag: which nodes
/// move, and where the drop marker stands.
///
/// The marker stands in a gap between rows (*before* / *after* a row, at
/// an indentation level) or *into* a row (its children's end). Keys walk
/// it through every place in order: the gap above a row, into the row,
/// the gap below it, and so on; at a gap below a nested subtree, ← and →
/// go through the levels it may belong to (the engine's `depth`). The
/// mouse points it (``point(at:in:rules:now:)``, from a
/// ``TreeViewport/Hit``). Every place is the engine's
/// `dropTarget(atRow:fraction:depth:allowsChildren:)`, and the screen's
/// ``Rules`` say whether a drop there is refused (into a moved row's own
/// subtree) and why.
///
/// Holding the marker into a closed row opens it after ``holdDelay``
/// seconds, as editors' trees do: ``nodeToOpen(at:in:)`` names it when the
/// time has come (the screen opens it on a tick).
///
/// ```swift
/// var move = MoveMode(moving: selection.nodesToDrag(pressing: focus, in: outline), in: outline,
///                     rules: rules, byMouse: false, now: clock.now())
/// switch move.handle(.down, page: 10, in: outline, rules: rules, now: clock.now()) {
/// case .drop: try history.record(in: &outline) { try $0.move(move.nodes, to: move.target) }
/// ...
/// }
/// ```
package struct MoveMode<Node> {
  /// A node of the outline.
  package typealias NodeID = Outline<Node>.NodeID
  /// A gap among some node's children.
  package typealias DropTarget = Outline<Node>.DropTarget

  /// Where the marker stands, by node, so that rows coming and going
  /// elsewhere leave it in place.
  package enum Place: Hashable {
    /// The gap below a node's row (above the first row for nil), at an
    /// indentation level (the `depth` a drop target takes).
    case gap(after: NodeID?, depth: Int)
    /// Into a node: after its last child.
    case into(NodeID)
  }

  /// What the screen says about drops. The outline comes as an argument,
  /// so that the rules need not hold a copy of it (which would make the
  /// screen's next edit copy the whole outline).
  package struct Rules {
    /// Whether a node takes dropped children.
    package var allowsChildren: (Outline<Node>, NodeID) -> Bool
    /// Why dropping the nodes at a target is refused; nil when it is not.
    package var refusal: (Outline<Node>, [NodeID], DropTarget) -> String?

    /// Rules from their parts.
    ///
    /// - Complexity: O(1).
    package init(
      allowsChildren: @escaping (Outline<Node>, NodeID) -> Bool,
      refusal: @escaping (Outline<Node>, [NodeID], DropTarget) -> String?
    ) {
      self.allowsChildren = allowsChildren
      self.refusal = refusal
    }
  }

  /// What a key did.
  package enum Outcome: Hashable, Sendable {
    /// The marker moved (or stayed at an end).
    case moved
    /// Enter: drop the nodes at ``target`` (unless ``refusal`` says no).
    case drop
    /// Esc: stop moving.
    case cancel
    /// Not a key of the move.
    case unused
  }

  /// The nodes that move, in row order (the subtrees' roots).
  package let nodes: [NodeID]
  /// Whether a mouse drag started the move (its release drops).
  package let isMouseDrag: Bool
  /// Where the marker stands.
  package private(set) var place: Place
  /// The drop target the marker stands for.
  package private(set) var target: DropTarget
  /// Why a drop there is refused; nil when it is allowed.
  package private(set) var refusal: String?
  /// The nodes, for lookups.
  private let moving: Set<NodeID>
  /// When the marker came to rest into a closed row.
  private var heldSince: Double?

  /// How long the marker rests into a closed row before it opens.
  package static var holdDelay: Double { 0.5 }

  /// Starts moving `nodes` (with rows), the marker at the gap right before
  /// the first: where they are, so an immediate drop changes nothing.
  ///
  /// - Precondition: `nodes` is not empty and its first node has a row.
  /// - Complexity: O(m + log n) for m nodes, plus the rules.
  package init(moving nodes: [NodeID], in outline: Outline<Node>, rules: Rules, isMouseDrag: Bool, now: Double) {
    precondition(!nodes.isEmpty, "MoveMode: nothing to move")
    guard let row = outline.row(of: nodes[0]) else { preconditionFailure("MoveMode: the first node has no row") }
    self.nodes = nodes
    self.isMouseDrag = isMouseDrag
    moving = Set(nodes)
    place = .gap(after: row > 0 ? outline.id(atRow: row - 1) : nil, depth: outline.depth(of: nodes[0]))
    target = DropTarget(parent: nil, index: 0)
    set(place, in: outline, rules: rules, now: now)
  }

  /// Whether a node is one of the moved ones.
  ///
  /// - Complexity: O(1).
  package func isMoving(_ id: NodeID) -> Bool { moving.contains(id) }

  /// The marker's label: how many rows go there, or why they cannot.
  ///
  /// - Complexity: O(1).
  package var markerLabel: String {
    if let refusal { return "✗ " + refusal }
    return DemoFormat.count(nodes.count, "row") + " here" + (isMouseDrag ? "" : " · Enter drops · Esc cancels")
  }

  /// What the message line says while the rows move: the keys, or, for
  /// a drag, the release; the refusal when the marker is refused.
  ///
  /// - Complexity: O(1).
  package var message: StatusMessage {
    if let refusal { return .error("Cannot drop there: " + refusal) }
    let rows = DemoFormat.count(nodes.count, "row")
    return StatusMessage(
      isMouseDrag
        ? "Dragging \(rows): release to drop \(nodes.count == 1 ? "it" : "them") at the marker, Esc cancels"
        : "Moving \(rows): ↑ ↓ choose the place, ← → its level, Enter drops, Esc cancels")
  }

  /// The hints line while the rows move.
  ///
  /// - Complexity: O(1).
  package var hints: String {
    let rows = DemoFormat.count(nodes.count, "row")
    return isMouseDrag
      ? "Dragging \(rows): over a name: into it · over the tree lines: below it, at that level · left edge: above it"
      : "Moving \(rows): ↑ ↓ the place · ← → its level · Enter drop · Esc cancel"
  }

  /// The row below the marker's gap (`rowCount` below the last row), or
  /// nil when the marker is into a row.
  ///
  /// - Complexity: O(log n).
  package func gapRow(in outline: Outline<Node>) -> Int? {
    guard case .gap(let after, _) = place else { return nil }
    return after.flatMap(outline.row(of:)).map { $0 + 1 } ?? 0
  }

  /// The rows the screen keeps in view: those on both sides of the gap,
  /// or the row a drop goes into.
  ///
  /// - Complexity: O(log n).
  package func rowsToShow(in outline: Outline<Node>) -> ClosedRange<Int>? {
    guard outline.rowCount > 0 else { return nil }
    switch place {
    case .into(let id):
      return outline.row(of: id).map { $0 ... $0 }
    case .gap:
      let gap = gapRow(in: outline) ?? 0
      return max(0, gap - 1) ... min(gap, outline.rowCount - 1)
    }
  }

  // MARK: Keys

  /// Handles a key of the move: ↑ ↓ (Page Up / Down by `page` rows, Home,
  /// End) walk the marker, ← → change the level at a gap below a nested
  /// subtree, Enter drops, Esc cancels.
  ///
  /// - Complexity: O(log n) per place walked over (a page: O(page log n)),
  ///   plus the rules.
  package mutating func handle(_ key: Key, page: Int, in outline: Outline<Node>, rules: Rules, now: Double) -> Outcome {
    switch key {
    case .enter: return .drop
    case .escape: return .cancel
    case .down: walk(by: 1, in: outline, rules: rules, now: now)
    case .up: walk(by: -1, in: outline, rules: rules, now: now)
    case .pageDown: walk(by: 2 * max(1, page), in: outline, rules: rules, now: now)
    case .pageUp: walk(by: -2 * max(1, page), in: outline, rules: rules, now: now)
    case .home: walk(to: 0, direction: 1, in: outline, rules: rules, now: now)
    case .end: walk(to: 2 * outline.rowCount, direction: -1, in: outline, rules: rules, now: now)
    case .left, .right:
      guard case .gap(let after, let depth) = place, let gap = gapRow(in: outline) else { return .moved }
      let levels = Self.levels(ofGap: gap, in: outline)
      let level = min(max(depth + (key == .left ? -1 : 1), levels.lowerBound), levels.upperBound)
      set(.gap(after: after, depth: level), in: outline, rules: rules, now: now)
    default:
      return .unused
    }
    return .moved
  }

  /// The place's number along the list: gap g is 2g, into row r is 2r + 1.
  private func position(in outline: Outline<Node>) -> Int {
    switch place {
    case .into(let id): return 2 * (outline.row(of: id) ?? 0) + 1
    case .gap: return 2 * (gapRow(in: outline) ?? 0)
    }
  }

  private mutating func walk(by steps: Int, in outline: Outline<Node>, rules: Rules, now: Double) {
    walk(to: position(in: outline) + steps, direction: steps < 0 ? -1 : 1, in: outline, rules: rules, now: now)
  }

  /// Goes to a place, or on from it in `direction` past rows that take no
  /// children (no place into them), within the list.
  private mutating func walk(to position: Int, direction: Int, in outline: Outline<Node>, rules: Rules, now: Double) {
    var position = min(max(0, position), 2 * outline.rowCount)
    if position % 2 == 1 && !rules.allowsChildren(outline, outline.id(atRow: position / 2)) { position += direction }
    position = min(max(0, position), 2 * outline.rowCount)
    if position % 2 == 1 {
      set(.into(outline.id(atRow: position / 2)), in: outline, rules: rules, now: now)
    } else {
      let gap = position / 2
      let after = gap > 0 ? outline.id(atRow: gap - 1) : nil
      set(.gap(after: after, depth: Self.levels(ofGap: gap, in: outline).upperBound), in: outline, rules: rules, now: now)
    }
  }

  /// The levels a drop in the gap above row `gap` may take: from the next
  /// row's depth (0 below the last row) to the previous row's, or the next
  /// row's alone when it is the previous row's child.
  static func levels(ofGap gap: Int, in outline: Outline<Node>) -> ClosedRange<Int> {
    guard outline.rowCount > 0 else { return 0 ... 0 }
    let below = gap < outline.rowCount ? outline.depth(of: outline.id(atRow: gap)) : 0
    guard gap > 0 else { return below ... below }
    let above = outline.depth(of: outline.id(atRow: gap - 1))
    return below > above ? below ... below : below ... above
  }

  // MARK: The mouse

  /// Puts the marker where the pointer is: into a row over its middle,
  /// the gap above or below it over its top or bottom (a row that takes
  /// no children has halves), at the level the hit gives; below the last
  /// row, the gap after it.
  ///
  /// - Complexity: O(log n), plus the rules.
  package mutating func point(at hit: TreeViewport<Node>.Hit, in outline: Outline<Node>, rules: Rules, now: Double) {
    guard outline.rowCount > 0 else { return }
    guard let id = hit.node else {
      set(.gap(after: outline.id(atRow: outline.rowCount - 1), depth: hit.depth ?? 0), in: outline, rules: rules, now: now)
      return
    }
    let allowsChildren = rules.allowsChildren(outline, id)
    let fraction = hit.fraction.isNaN ? 0 : min(max(hit.fraction, 0), 1)
    let newPlace: Place
    if allowsChildren && fraction >= 0.25 && fraction < 0.75 {
      newPlace = .into(id)
    } else if fraction < (allowsChildren ? 0.25 : 0.5) {
      newPlace = .gap(after: hit.row > 0 ? outline.id(atRow: hit.row - 1) : nil, depth: outline.depth(of: id))
    } else {
      newPlace = .gap(after: id, depth: hit.depth ?? outline.depth(of: id))
    }
    set(newPlace, in: outline, rules: rules, now: now)
  }

  // MARK: Opening rows the marker rests in

  /// The closed row the marker has rested into for ``holdDelay`` seconds
  /// by `now`, to open; nil when there is none.
  ///
  /// - Complexity: O(log n).
  package func nodeToOpen(at now: Double, in outline: Outline<Node>) -> NodeID? {
    guard let heldSince, now - heldSince >= Self.holdDelay, case .into(let id) = place, outline.contains(id),
      !outline.isExpanded(id)
    else { return nil }
    return id
  }

  /// Whether the marker rests into a closed row (the screen ticks often
  /// meanwhile, to open it in time).
  ///
  /// - Complexity: O(1).
  package var isHolding: Bool { heldSince != nil }

  /// Notes that the row the marker rests into was opened (or could not be):
  /// it is not opened again.
  ///
  /// - Complexity: O(1).
  package mutating func stopHolding() { heldSince = nil }

  // MARK: Keeping the place

  /// Takes the outline as it is now (rows came or went): a place whose
  /// node has no row any more goes back to the gap before the first moved
  /// node (or the top), and the target and refusal are found again.
  ///
  /// - Complexity: O(log n), plus the rules.
  package mutating func refresh(in outline: Outline<Node>, rules: Rules, now: Double) {
    var place = self.place
    let hasRow: Bool
    switch place {
    case .into(let id): hasRow = outline.contains(id) && outline.row(of: id) != nil
    case .gap(let after, _): hasRow = after.map { outline.contains($0) && outline.row(of: $0) != nil } ?? true
    }
    if !hasRow {
      let row = nodes.first.flatMap { outline.contains($0) ? outline.row(of: $0) : nil } ?? 0
      place = .gap(after: row > 0 ? outline.id(atRow: row - 1) : nil, depth: 0)
    }
    set(place, in: outline, rules: rules, now: now, keepingHold: true)
  }

  /// Moves the marker to a place (clamping a gap's level to the gap's),
  /// finds its target and whether it is refused, and starts the hold
  /// timer when the place is into a closed row with children.
  private mutating func set(_ newPlace: Place, in outline: Outline<Node>, rules: Rules, now: Double, keepingHold: Bool = false) {
    var newPlace = newPlace
    if outline.rowCount == 0 {
      newPlace = .gap(after: nil, depth: 0)
      target = DropTarget(parent: nil, index: outline.roots.count)
    } else {
      switch newPlace {
      case .into(let id):
        target = DropTarget(parent: id, index: outline.children(of: id).count)
      case .gap(nil, _):
        newPlace = .gap(after: nil, depth: outline.depth(of: outline.id(atRow: 0)))
        target = outline.dropTarget(atRow: 0, fraction: 0)
      case .gap(let after?, let depth):
        let row = outline.row(of: after)!
        let levels = Self.levels(ofGap: row + 1, in: outline)
        newPlace = .gap(after: after, depth: min(max(depth, levels.lowerBound), levels.upperBound))
        target = outline.dropTarget(atRow: row, fraction: 1, depth: depth) { rules.allowsChildren(outline, $0) }
      }
    }
    let changed = newPlace != place
    place = newPlace
    refusal = rules.refusal(outline, nodes, target)
    if case .into(let id) = place, outline.hasChildren(id), !outline.isExpanded(id) {
      if changed || (heldSince == nil && !keepingHold) { heldSince = now }
    } else {
      heldSince = nil
    }
  }
}
