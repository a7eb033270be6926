/// Bringing a selection up to date after the outline changed under it.
extension _SelectionCore {
  /// Removed nodes leave; a hidden focus or anchor moves to its nearest
  /// visible ancestor; hidden selected nodes follow the collapse policy.
  ///
  /// O(k) for k selected nodes under `.keepHidden`, O(k log n) under
  /// `.selectCollapsedAncestor`, plus O(log n) for the focus and the anchor
  /// (O(log d · log n) when a filter, not a collapse, hides them).
  @usableFromInline
  mutating func reconcile(in outline: _OutlineCore, after change: OutlineChange?, _ tracker: inout _RedrawTracker) {
    if let focus {
      if let position = outline.position(ofKey: focus) {
        if outline.index.row(of: position) == nil { self.focus = Self.place(ofHidden: position, in: outline) }
      } else {
        self.focus = focusAfterRemoval(in: outline, after: change)
      }
    }
    if let anchor {
      if let position = outline.position(ofKey: anchor) {
        if outline.index.row(of: position) == nil {
          self.anchor = outline.nearestVisibleAncestor(of: position).map { outline.index.key(at: $0) } ?? focus
        }
      } else {
        self.anchor = focus
      }
    }
    for key in Array(selected) {
      guard let position = outline.position(ofKey: key) else {
        remove(key, &tracker)
        continue
      }
      // A node is hidden by a collapse when its nearest visible ancestor is
      // collapsed; otherwise a filter hides it, and it stays selected.
      guard collapsePolicy == .selectCollapsedAncestor, outline.index.row(of: position) == nil,
        let ancestor = outline.nearestVisibleAncestor(of: position), !outline.index.isExpanded(at: ancestor)
      else { continue }
      remove(key, &tracker)
      insert(outline.index.key(at: ancestor), &tracker)
    }
  }

  /// Where the focus goes when its node has no row: its nearest visible
  /// ancestor, or (when a filter hides every ancestor) the row that now
  /// holds its place, or the last row.
  @usableFromInline
  static func place(ofHidden position: UInt32, in outline: _OutlineCore) -> UInt64? {
    if let ancestor = outline.nearestVisibleAncestor(of: position) { return outline.index.key(at: ancestor) }
    let rowCount = outline.index.visibleCount
    guard rowCount > 0 else { return nil }
    return key(atRow: Swift.min(outline.rowsBefore(position), rowCount - 1), in: outline)
  }

  /// Where the focus goes when its node was removed: the row that took the
  /// removed row's place (the node that followed it, or the new last row),
  /// found from the remembered row mapped through `change`, or from the
  /// remembered row as it is without one.
  @usableFromInline
  func focusAfterRemoval(in outline: _OutlineCore, after change: OutlineChange?) -> UInt64? {
    let rowCount = outline.index.visibleCount
    guard rowCount > 0 else { return nil }
    var row = focusRowHint ?? 0
    if let change { row = change.newPlace(ofOldRow: row) }
    return Self.key(atRow: Swift.max(0, Swift.min(row, rowCount - 1)), in: outline)
  }
}

extension OutlineChange {
  /// The row, after the change, of the first row at or after `oldRow` that
  /// the change keeps (the new row count when it keeps none): where a removed
  /// row's place is now.
  @usableFromInline
  func newPlace(ofOldRow oldRow: Int) -> Int {
    var survivorsBefore = oldRow
    for range in removedRows {
      if range.lowerBound >= oldRow { break }
      survivorsBefore -= Swift.min(range.upperBound, oldRow) - range.lowerBound
    }
    var row = survivorsBefore
    for range in insertedRows {
      if range.lowerBound > row { break }
      row += range.count
    }
    return row
  }
}
