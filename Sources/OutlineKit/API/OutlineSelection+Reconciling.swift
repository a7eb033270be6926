/// Bringing a selection up to date after the app changed the outline.
extension Outline.Selection {
  /// Brings the selection up to date after the outline changed: expanded,
  /// collapsed, edited, filtered or updated from new data.
  ///
  /// - Removed nodes leave the selection. A removed focus moves to the row
  ///   that took its place (the node that followed it, or the new last row),
  ///   judged from the row it had when the selection last saw it; pass the
  ///   change to ``reconcile(with:after:)`` to have that row carried across
  ///   the change exactly. A removed anchor moves to the focus.
  /// - A focus or anchor that a collapse hides moves to the collapsed node.
  /// - A focus or anchor that a filter hides is remembered
  ///   (``hiddenFocus``) and stands in on its nearest visible ancestor (or,
  ///   when the filter hides every ancestor, on the row that holds its
  ///   place). It
  ///   comes back once the filter shows it again, unless a call moved the
  ///   focus (or set the anchor) in between.
  /// - A hidden selected node follows the ``collapsePolicy`` when a collapse
  ///   hides it (its nearest visible ancestor is collapsed): it stays
  ///   selected under `.keepHidden`; under `.selectCollapsedAncestor` it
  ///   leaves the selection and that ancestor is selected. A node hidden by
  ///   a filter stays selected under either policy.
  /// - Moved nodes and nodes whose value changed keep their state.
  ///
  /// Calls on the selection keep it up to date across the expansions they
  /// make themselves; this is for the app's own changes. Call it after each
  /// one (or after each batch), before the next selection call.
  ///
  /// ```swift
  /// outline.collapse(folder)
  /// let change = selection.reconcile(with: outline)
  /// redraw(change.rowsToRedraw)
  /// ```
  ///
  /// - Returns: The rows to redraw (the new focus, newly selected ancestors)
  ///   and the focus's row.
  /// - Complexity: O(k) for k selected nodes under `.keepHidden`, O(k log n)
  ///   under `.selectCollapsedAncestor`; plus O(log n) for the focus and
  ///   the anchor (O(log d · log n), for a node at depth d, when a filter
  ///   rather than a collapse hides it).
  @inlinable @discardableResult
  public mutating func reconcile(with outline: Outline) -> SelectionChange {
    var tracker = _RedrawTracker(focus: _state.focus)
    _state.reconcile(in: outline._core, after: nil, &tracker)
    return _state.finish(tracker, outlineChange: OutlineChange(), in: outline._core)
  }

  /// Brings the selection up to date after a change whose rows are known,
  /// such as a batch's: as ``reconcile(with:)``, and a removed focus moves
  /// to the row that took its place, carried across `change` exactly.
  ///
  /// ```swift
  /// let change = outline.batch { outline in
  ///   for id in selection.selectedNodes { outline.remove(id) }
  /// }
  /// tableView.performBatchUpdates { apply(change) }
  /// redraw(selection.reconcile(with: outline, after: change).rowsToRedraw)
  /// ```
  ///
  /// - Parameters:
  ///   - outline: The outline, as it is now.
  ///   - change: Everything that happened to the outline since the
  ///     selection last saw it, as one change.
  /// - Complexity: As ``reconcile(with:)``, plus O(r) for the r ranges of
  ///   `change`.
  @inlinable @discardableResult
  public mutating func reconcile(with outline: Outline, after change: OutlineChange) -> SelectionChange {
    var tracker = _RedrawTracker(focus: _state.focus)
    _state.reconcile(in: outline._core, after: change, &tracker)
    return _state.finish(tracker, outlineChange: OutlineChange(), in: outline._core)
  }
}
