/// Saving and restoring a selection by stable keys.
extension Outline.Selection {
  /// The focus, anchor and selected nodes, by a stable key of each node, to
  /// save with the app's state.
  ///
  /// Removed nodes (in a selection not reconciled since) are left out.
  /// While a filter hides the focused node (or the anchor), the saved
  /// focus is that node, not its stand-in: restored into an outline that
  /// the filter no longer hides it in, the focus is back on it.
  ///
  /// - Parameters:
  ///   - outline: The outline the selection belongs to.
  ///   - key: A stable key for each node (a path, a database ID), the same
  ///     on every launch.
  /// - Complexity: O(k) for k selected nodes, plus the cost of `key`.
  @inlinable
  public func state<Key: Hashable & Sendable>(in outline: Outline, by key: (Node) -> Key) -> SelectionState<Key> {
    func keyOf(_ nodeKey: UInt64?) -> Key? {
      guard let nodeKey else { return nil }
      let id = Outline.NodeID(key: nodeKey)
      return outline.contains(id) ? key(outline[id]) : nil
    }
    var keys = Set<Key>()
    for nodeKey in _state.selected {
      if let k = keyOf(nodeKey) { keys.insert(k) }
    }
    // The nodes the user chose, not those standing in while a filter hides them.
    return SelectionState(
      focusedKey: keyOf(_state.hiddenFocus ?? _state.focus), anchorKey: keyOf(_state.hiddenAnchor ?? _state.anchor),
      selectedKeys: keys)
  }

  /// Replaces the focus, anchor and selection with the nodes whose keys are
  /// in `state`, then reconciles: a restored node without a row is treated
  /// as after a collapse, or, when a filter hides it, remembered until the
  /// filter shows it (restore the expansion state first).
  ///
  /// Keys that match no node are dropped; an anchor whose key matches no
  /// node becomes the focus (a state saved with no anchor restores none). When several nodes share a key, the first in preorder is focused
  /// and all are selected. The mode applies: in `.single` mode only the
  /// focus (when it is selected) or else the first selected node in
  /// preorder stays selected; in `.none` mode none does.
  ///
  /// ```swift
  /// outline.restoreExpansionState(savedExpansion, by: \.path)
  /// selection.restore(savedSelection, in: outline, by: \.path)
  /// ```
  ///
  /// - Returns: The rows to redraw and the focus's row, to scroll to.
  /// - Complexity: O(n) calls of `key` and hash lookups, plus the
  ///   reconciliation.
  @inlinable @discardableResult
  public mutating func restore<Key: Hashable & Sendable>(
    _ state: SelectionState<Key>, in outline: Outline, by key: (Node) -> Key
  ) -> SelectionChange {
    var focus: UInt64?
    var anchor: UInt64?
    var selected: [UInt64] = []
    outline._core.index.forEachEntry(in: 0 ..< outline.nodeCount) { _, nodeKey, _, _ in
      let k = key(outline._payloads[Int(UInt32(truncatingIfNeeded: nodeKey))].unsafelyUnwrapped)
      if focus == nil && k == state.focusedKey { focus = nodeKey }
      if anchor == nil && k == state.anchorKey { anchor = nodeKey }
      if state.selectedKeys.contains(k) { selected.append(nodeKey) }
    }
    var tracker = _RedrawTracker(focus: _state.focus)
    // A saved anchor whose node is gone falls back to the focus; a state
    // saved without one (only the focus had moved) comes back without one.
    _state.restore(focus: focus, anchor: state.anchorKey == nil ? nil : anchor ?? focus, selected: selected, &tracker)
    _state.reconcile(in: outline._core, after: nil, &tracker)
    return _state.finish(tracker, outlineChange: OutlineChange(), in: outline._core)
  }
}

extension Outline.Selection where Node: Identifiable, Node.ID: Sendable {
  /// The focus, anchor and selected nodes by `Identifiable.id`; see
  /// ``state(in:by:)``.
  ///
  /// - Complexity: O(k) for k selected nodes.
  @inlinable
  public func state(in outline: Outline) -> SelectionState<Node.ID> {
    state(in: outline, by: \.id)
  }

  /// Restores a selection saved by `Identifiable.id`; see
  /// ``restore(_:in:by:)``.
  ///
  /// - Complexity: O(n) hash lookups, plus the reconciliation.
  @inlinable @discardableResult
  public mutating func restore(_ state: SelectionState<Node.ID>, in outline: Outline) -> SelectionChange {
    restore(state, in: outline, by: \.id)
  }
}
