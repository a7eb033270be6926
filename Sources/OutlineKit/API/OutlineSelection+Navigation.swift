/// Keyboard navigation, following the WAI-ARIA tree view pattern.
extension Outline.Selection {
  /// Moves the focus as a key does, expanding or collapsing the focused node
  /// for → and ←, and changes the selection as `effect` says when the focus
  /// moves to another node.
  ///
  /// | key | navigation | effect |
  /// |---|---|---|
  /// | ↓ / ↑ | `.down` / `.up` | the next / previous row; none past the ends |
  /// | → | `.right` | a collapsed node with children expands; an expanded one moves the focus to its first child |
  /// | ← | `.left` | an expanded node with children collapses; any other moves the focus to its parent |
  /// | Home / End | `.home` / `.end` | the first / last row |
  /// | Page Up / Down | `.pageUp(.rows(n))` / `.pageDown(.rows(n))` | n rows, stopping at the ends |
  /// | Page Up / Down by height | `.pageUp(.height(h))` / `.pageDown(.height(h))` | the rows that fill h from the focused row's top (``Outline/offset(ofRow:)``), one row at least, stopping at the ends |
  /// | `*` | `.expandSiblings` | expands the focused node and its siblings that have children |
  ///
  /// With nothing focused, every navigation focuses the first row (`.end`
  /// the last) and expands nothing. Expansions follow the outline's
  /// ``Outline/expansionPolicy``, except `*`, which expands every sibling it
  /// is asked to (as `expandAll()` does). A collapse, by ← or by a policy,
  /// reconciles the selection: the selected nodes it hides follow the
  /// ``collapsePolicy``.
  ///
  /// ```swift
  /// switch event.key {
  /// case .downArrow: change = selection.navigate(.down, in: &outline, selecting: event.shift ? .extend : .replace)
  /// case .rightArrow: change = selection.navigate(.right, in: &outline)
  /// ...
  /// }
  /// tableView.performBatchUpdates { apply(change.outlineChange) }
  /// redraw(change.rowsToRedraw)
  /// ```
  ///
  /// - Parameters:
  ///   - navigation: The key's move.
  ///   - outline: The outline, which → , ← and `*` expand or collapse.
  ///   - effect: What happens to the selection when the focus moves:
  ///     `.replace` (plain keys, the default), `.extend` (with Shift) or
  ///     `.keep` (with Control).
  /// - Returns: The expansion's rows, the rows to redraw (after the
  ///   expansion), and the new focus's row, to scroll to.
  /// - Precondition: The selection has been reconciled since the outline
  ///   last changed: its focus has a row.
  /// - Complexity: O(log n), plus O(m log n) when the selection changes for
  ///   m nodes (a plain move deselects the previous selection; a Shift move
  ///   is O(r) for an r-row range), plus O(k log n) for k selected nodes when
  ///   a collapse hides rows under `.selectCollapsedAncestor`, plus
  ///   O(log d · log n) when an expansion moves the stand-in of an anchor
  ///   a filter hides. `*` is O(s log n) for s siblings.
  @inlinable @discardableResult
  public mutating func navigate(
    _ navigation: OutlineNavigation, in outline: inout Outline,
    selecting effect: OutlineNavigation.SelectionEffect = .replace
  ) -> SelectionChange {
    var tracker = _RedrawTracker(focus: _state.focus)
    var outlineChange = OutlineChange()
    // A key acts on the focus as it is: a focused node a filter hid is
    // forgotten, even when the key leaves the focus where it is.
    _state.hiddenFocus = nil
    switch _state.step(for: navigation, in: outline._core) {
    case .stay:
      break
    case .focusRow(let row):
      _state.moveFocus(toRow: row, effect: effect, in: outline._core, &tracker)
    case .expand(let key):
      outlineChange = outline.expand(Outline.NodeID(key: key))
    case .collapse(let key):
      outlineChange = outline.collapse(Outline.NodeID(key: key))
    case .expandSiblings(let key):
      outlineChange = outline._expandSiblings(of: Outline.NodeID(key: key))
    }
    if !outlineChange.removedRows.isEmpty {
      _state.reconcile(in: outline._core, after: outlineChange, &tracker)
    } else if !outlineChange.insertedRows.isEmpty && _state.hiddenAnchor != nil {
      // New rows can change where an anchor a filter hides stands in.
      _state.reconcileAnchor(in: outline._core)
    }
    return _state.finish(tracker, outlineChange: outlineChange, in: outline._core)
  }
}

extension Outline {
  /// Expands `id` and its siblings that are collapsed and have children
  /// that pass the filter, whatever the policy, as one change.
  @inlinable
  internal mutating func _expandSiblings(of id: NodeID) -> OutlineChange {
    // Gather first: a `Children` snapshot alive across a mutation would make
    // the mutation copy the whole index.
    let siblings = parent(of: id).map { Array(children(of: $0)) } ?? Array(roots)
    // Under a filter, a sibling whose children are all left out is a leaf.
    let collapsed = siblings.filter { !isExpanded($0) && _core.hasIncludedChildren(at: _position(of: $0)) }
    guard !collapsed.isEmpty else { return OutlineChange() }
    let policy = expansionPolicy
    expansionPolicy = .independent
    defer { expansionPolicy = policy }
    return batch { outline in
      for sibling in collapsed { outline.expand(sibling) }
    }
  }
}
