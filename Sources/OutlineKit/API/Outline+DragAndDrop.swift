/// Drag and drop: where a drop lands, and moving several nodes at once.
///
/// A list view reports a drop as a row and a place inside it. The outline
/// turns that into a gap among some node's children (``dropTarget(atRow:fraction:depth:allowsChildren:)``),
/// says whether the dragged nodes may go there (``canMove(_:to:)``), and
/// moves them as one change (``move(_:to:)``):
///
/// ```swift
/// let target = outline.dropTarget(atRow: row, fraction: yInRow / rowHeight, depth: level(atX: x))
/// guard outline.canMove(dragged, to: target) else { return .forbidden }
/// let change = try outline.move(dragged, to: target)
/// tableView.performBatchUpdates { /* apply change */ }
/// ```
///
/// Docs/DragAndDrop.md draws the zones of a row and gives recipes for
/// UIKit, AppKit, GTK and a terminal.
extension Outline {
  /// A gap among the children of one node (or among the roots) where a
  /// drop puts what is dragged.
  ///
  /// `index` counts the parent's children as they are *before* the move,
  /// in the whole tree, filtered or not: index 0 is before the first
  /// child, `children(of: parent).count` after the last. So a target made
  /// while dragging stays right whatever is dragged: moving a node to the
  /// gap right before or after itself changes nothing.
  ///
  /// - Complexity: Every operation on a target is O(1).
  public struct DropTarget: Hashable, Sendable, CustomStringConvertible {
    /// The node the dropped nodes become children of; nil for the top level.
    public var parent: NodeID?
    /// The gap among the parent's children, counted before the move:
    /// `0 ... children(of: parent).count`.
    public var index: Int

    /// A gap among `parent`'s children (the roots for nil), counted before
    /// the move.
    ///
    /// - Complexity: O(1).
    public init(parent: NodeID?, index: Int) {
      self.parent = parent
      self.index = index
    }

    /// `parent: #3, index: 2`, with `nil` for the top level.
    public var description: String {
      "parent: \(parent.map(String.init(describing:)) ?? "nil"), index: \(index)"
    }
  }

  /// The gap a drop lands in, from the row under the pointer, where the
  /// pointer is inside that row, and (for drops below a nested subtree)
  /// the indentation level under it.
  ///
  /// With n the node on `row`:
  /// - **into** n (appended to its children) when `allowsChildren(n)` and
  ///   `0.25 <= fraction < 0.75`;
  /// - **before** n when `fraction < 0.25` (`< 0.5` when n takes no
  ///   children);
  /// - **after** n otherwise: before n's first shown child when the next
  ///   row is one (n is expanded); else the gap after n belongs to n or to
  ///   any ancestor of n whose subtree ends on this row, the levels from the
  ///   next row's depth (0 after the last row) to n's. `depth` picks one,
  ///   clamped to those levels (n's own by default), as an editor's tree
  ///   lets the pointer's indentation pull a drop out of a folder.
  ///
  /// `row == rowCount` (below the last row) is the *after* rule on the last
  /// row with `depth` defaulting to 0: the end of the outline. In an empty
  /// outline every drop goes after the last root.
  ///
  /// ```swift
  /// // A pointer at y inside a row of height h, at indentation x / indent:
  /// let target = outline.dropTarget(atRow: row, fraction: (y - top) / h, depth: Int(x / indent))
  /// ```
  ///
  /// - Parameters:
  ///   - row: The row under the pointer, `0 ... rowCount`.
  ///   - fraction: Where the pointer is in the row, 0 (top) ... 1 (bottom);
  ///     clamped to that range, NaN counts as 0.
  ///   - depth: The indentation level under the pointer, or nil for the
  ///     default.
  ///   - allowsChildren: Whether a node may take dropped children (a
  ///     folder, not a file); asked for the node on `row` only.
  /// - Returns: The gap, with the index counted before the move.
  /// - Precondition: `0 <= row <= rowCount`.
  /// - Complexity: O(log n), plus O(log n) for the ancestor a bubbling
  ///   drop picks, whatever the tree's depth.
  @inlinable
  public func dropTarget(
    atRow row: Int, fraction: Double, depth: Int? = nil, allowsChildren: (NodeID) -> Bool = { _ in true }
  ) -> DropTarget {
    _require(row >= 0 && row <= rowCount, "Outline.dropTarget: row \(row) out of range 0...\(rowCount)")
    let target = _core.dropTarget(atRow: row, fraction: fraction, depth: depth) { allowsChildren(_id(at: $0)) }
    return DropTarget(parent: target.parent.map(_id(at:)), index: target.index)
  }

  /// Whether the nodes can move to a drop target: false when the target's
  /// parent is one of them or inside one of their subtrees.
  ///
  /// ```swift
  /// session.operation = outline.canMove(dragged, to: target) ? .move : .forbidden
  /// ```
  ///
  /// - Precondition: Every ID names a node of this outline, and the
  ///   target's parent too.
  /// - Complexity: O(m log n) for m nodes.
  @inlinable
  public func canMove(_ ids: some Sequence<NodeID>, to target: DropTarget) -> Bool {
    guard let parent = target.parent else {
      for id in ids { _ = _position(of: id) }
      return true
    }
    let tops = _core.index.outermostSubtrees(ids.map(_position(of:)))
    return _core.top(containing: _position(of: parent), in: tops) == nil
  }

  /// Moves several nodes, each with its subtree, to a drop target: they
  /// become consecutive children of `target.parent`, in the order of the
  /// tree (preorder), at the gap `target.index` counted before the move.
  ///
  /// A node inside the subtree of another given node travels with it and
  /// does not move on its own; a node given twice counts once. Expanded
  /// flags, row heights and `NodeID`s are kept, and a filter in force judges
  /// the moved nodes in their new place.
  ///
  /// The change is minimal, as `batch(_:)` composes it: nodes already at
  /// the gap (no other child of the parent between them and it) keep their
  /// place and rows, so a move to where the nodes already are returns an
  /// empty change; every other moved node's visible rows are removed at
  /// their old place and inserted at the new one; a parent that gets its
  /// first child or loses its last (the filter's passing children, when
  /// one is set) is reloaded, so its disclosure indicator turns.
  ///
  /// ```swift
  /// let target = outline.dropTarget(atRow: row, fraction: fraction)
  /// let change = try outline.move(selection.selectedNodes, to: target)
  /// selection.reconcile(with: outline, after: change)   // still selected
  /// ```
  ///
  /// - Parameters:
  ///   - ids: The nodes to move, in any order.
  ///   - target: Where they go; its index counts the parent's children
  ///     before the move.
  /// - Returns: The rows that changed, for one batch update.
  /// - Throws: ``MoveError`` when `target.parent` is one of the nodes or
  ///   inside one of their subtrees; nothing changes.
  /// - Precondition: Every ID names a node of this outline, and the
  ///   target's parent too; `target.index` is in
  ///   `0 ... children(of: target.parent).count`.
  /// - Complexity: O(m log n) for m moved subtrees, plus O(s) for their s
  ///   nodes when their depth changes, plus their visible rows.
  @inlinable @discardableResult
  public mutating func move(_ ids: some Sequence<NodeID>, to target: DropTarget) throws -> OutlineChange {
    let positions = ids.map(_position(of:))
    let parent = target.parent.map(_position(of:))
    return try _mutate(.edit) { outline in
      outline._core.beginBatch()
      if let holder = outline._core.moveSubtrees(positions, under: parent, at: target.index) {
        outline._core.abandonBatch()
        throw MoveError(node: outline._id(at: holder), destination: target.parent!)
      }
      return outline._core.endBatch()
    }
  }
}
