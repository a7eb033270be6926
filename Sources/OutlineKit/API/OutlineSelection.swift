extension Outline {
  /// The interaction state of a tree view over an outline: the focused node
  /// that arrow keys move, the selected nodes, and the anchor that
  /// shift-ranges start from, all held by node, so they stay true while
  /// rows come and go.
  ///
  /// Keep a `Selection` next to the `Outline` it belongs to, and pass the
  /// outline to each call: clicks (`select`, `toggle`, `extendSelection`),
  /// keys (`navigate`, with the WAI-ARIA tree keys, and
  /// `navigate(toNextMatch:)` for type-ahead), and `reconcile(with:)` after
  /// changing the outline yourself. Every call returns a ``SelectionChange``:
  /// the rows an expansion made by the call inserted or removed, and the rows
  /// to redraw.
  ///
  /// ```swift
  /// var outline = Outline(roots: library, children: \.children)
  /// var selection = Outline<Item>.Selection(mode: .multiple)
  ///
  /// selection.select(outline.id(atRow: 0), in: outline)          // click
  /// selection.navigate(.down, in: &outline, selecting: .extend)  // Shift + ↓
  /// selection.navigate(.right, in: &outline)                     // → expands
  /// selection.selectedRows(in: outline)                          // [0..<2]
  ///
  /// let change = outline.batch { $0.remove(someNode) }
  /// selection.reconcile(with: outline, after: change)            // removed nodes leave
  /// ```
  ///
  /// Nodes are addressed by ``Outline/NodeID``; a selection is meaningful
  /// only with the outline whose IDs it holds (and copies of it). To keep a
  /// selection across launches, save it by a stable key with
  /// ``state(in:by:)`` and ``restore(_:in:by:)``.
  ///
  /// ## Keeping it true
  ///
  /// Calls on a selection keep it true across the expansions they make. When
  /// the app changes the outline itself (expanding, collapsing, editing,
  /// filtering, updating from new data), call ``reconcile(with:)`` (or
  /// ``reconcile(with:after:)`` with the change of a batch) before the next
  /// selection call: removed nodes leave the selection, a focus that a
  /// collapse hides moves to the collapsed node, and hidden selected nodes
  /// follow the ``collapsePolicy``. A filter forgets nothing: a focus it
  /// hides stands in on its nearest visible ancestor and comes back when
  /// the filter shows it again (``hiddenFocus``), and selected nodes it
  /// hides stay selected. Moves and value updates keep selected nodes
  /// selected. Navigating from a focus or an anchor that lost its row
  /// is a programming error and traps with a message that says so.
  ///
  /// ## Value semantics
  ///
  /// A `Selection` is a plain value with no reference to its outline:
  /// copies are independent, and it is `Sendable` whatever `Node` is.
  public struct Selection: Sendable, Equatable {
    /// The state, held by node key, and the rules, compiled once for every
    /// `Node`.
    @usableFromInline internal var _state: _SelectionCore

    /// Creates a selection with nothing focused or selected.
    ///
    /// - Parameters:
    ///   - mode: How many nodes can be selected. Default `.single`.
    ///   - collapsePolicy: What becomes of selected nodes that a collapse
    ///     hides. Default `.selectCollapsedAncestor`.
    /// - Complexity: O(1).
    @inlinable
    public init(mode: SelectionMode = .single, collapsePolicy: SelectionCollapsePolicy = .selectCollapsedAncestor) {
      _state = _SelectionCore(mode: mode, collapsePolicy: collapsePolicy)
    }

    /// How many nodes can be selected.
    ///
    /// Changing the mode deselects what the new mode cannot hold: everything
    /// for `.none`; for `.single`, every node but the focused one when more
    /// than one is selected. Redraw the rows that were selected.
    ///
    /// - Complexity: O(1) to read; O(k) to set, for k selected nodes.
    @inlinable
    public var mode: SelectionMode {
      get { _state.mode }
      set { _state.setMode(newValue) }
    }

    /// What becomes of selected nodes that a collapse hides; applied by
    /// ``reconcile(with:)`` and by navigation that collapses.
    ///
    /// - Complexity: O(1).
    @inlinable
    public var collapsePolicy: SelectionCollapsePolicy {
      get { _state.collapsePolicy }
      set { _state.collapsePolicy = newValue }
    }

    /// The focused node, the one arrow keys move from, or nil before
    /// anything is focused. In a reconciled selection it always has a row.
    ///
    /// - Complexity: O(1).
    @inlinable
    public var focus: NodeID? { _state.focus.map(NodeID.init(key:)) }

    /// The focused node while a filter hides it, or nil.
    ///
    /// When a filter (not a collapse) takes the focused node's row,
    /// ``reconcile(with:)`` remembers the node here and the ``focus``
    /// stands in on its nearest visible ancestor (or, when the filter hides
    /// every ancestor, the row that holds its place), so that keys keep
    /// working on a row. Once the filter shows the node again (the search
    /// is cleared or widened), the next reconcile moves the focus back to
    /// it. Every call that moves the focus or acts on it (a click, a key, a
    /// type-ahead match) forgets it, as do removing the node and a collapse
    /// that hides it.
    ///
    /// ```swift
    /// outline.setFilter { $0.title.contains(query) ? .visible : .recurse }
    /// selection.reconcile(with: outline)    // focus: the folder above the hidden node
    /// outline.removeFilter()
    /// selection.reconcile(with: outline)    // focus: the node again
    /// ```
    ///
    /// - Complexity: O(1).
    @inlinable
    public var hiddenFocus: NodeID? { _state.hiddenFocus.map(NodeID.init(key:)) }

    /// The node shift-ranges start from: the last node clicked, toggled or
    /// moved to without Shift. In a reconciled selection it always has a
    /// row.
    ///
    /// - Complexity: O(1).
    @inlinable
    public var anchor: NodeID? { _state.anchor.map(NodeID.init(key:)) }

    /// The selected nodes, shown or hidden.
    ///
    /// - Complexity: O(k) for k selected nodes; use ``isSelected(_:)`` to
    ///   test one node and ``selectedRows(in:)`` for the rows.
    @inlinable
    public var selectedNodes: Set<NodeID> { Set(_state.selected.map(NodeID.init(key:))) }

    /// The number of selected nodes, shown or hidden.
    ///
    /// - Complexity: O(1).
    @inlinable
    public var selectedCount: Int { _state.selected.count }

    /// Whether a node is selected.
    ///
    /// ```swift
    /// cell.isSelected = selection.isSelected(outline.id(atRow: indexPath.row))
    /// ```
    ///
    /// - Complexity: O(1).
    @inlinable
    public func isSelected(_ id: NodeID) -> Bool { _state.selected.contains(id.key) }

    /// The rows of the selected nodes that have one, as sorted ranges with
    /// adjacent rows merged: what a table view's selection shows.
    ///
    /// - Complexity: O(k log n) for k selected nodes.
    @inlinable
    public func selectedRows(in outline: Outline) -> [Range<Int>] {
      _state.selectedRows(in: outline._core)
    }

    /// The focused node's row, or nil when nothing is focused (or, in a
    /// selection not reconciled since the outline changed, when the focused
    /// node has no row).
    ///
    /// - Complexity: O(log n).
    @inlinable
    public func focusedRow(in outline: Outline) -> Int? {
      _state.focus.flatMap { _SelectionCore.row(ofKey: $0, in: outline._core) }
    }

    /// Two selections are equal when they have the same mode and collapse
    /// policy, focus, anchor, selected nodes, pending shift-range, and
    /// nodes a filter hid from the focus and the anchor.
    ///
    /// - Complexity: O(k) for k selected nodes.
    @inlinable
    public static func == (lhs: Selection, rhs: Selection) -> Bool { lhs._state == rhs._state }
  }
}

extension Outline.Selection: CustomStringConvertible {
  /// A compact summary, such as `Selection(focus #3, anchor #1, selected [#1, #2, #3])`.
  public var description: String {
    let selected = selectedNodes.sorted().map(\.description).joined(separator: ", ")
    let hidden = hiddenFocus.map { ", hidden focus \($0)" } ?? ""
    return "Selection(\(mode), focus \(focus?.description ?? "none")\(hidden), anchor \(anchor?.description ?? "none"), selected [\(selected)])"
  }
}

// MARK: - Checking targets

extension Outline {
  /// The row of a node that a selection call targets; traps when the ID is
  /// not a live node of this outline or the node has no row.
  @inlinable
  internal func _rowOfSelectionTarget(_ id: NodeID) -> Int {
    guard let row = _core.index.row(of: _position(of: id)) else {
      _failRequirement(
        "Outline.Selection: node \(id) has no row (a collapsed ancestor or the filter hides it); reveal it before selecting it")
    }
    return row
  }
}
