/// Bringing a selection up to date after the outline changed under it.
extension _SelectionCore {
  /// Where a node stands in the outline now.
  @usableFromInline
  enum Standing {
    /// It has a row.
    case shown
    /// It was removed.
    case removed
    /// A filter hides it: its nearest visible ancestor is expanded, or it
    /// has none.
    case hiddenByFilter
    /// A collapse hides it: its nearest visible ancestor, this one, is
    /// collapsed.
    case hiddenByCollapse(UInt32)
  }

  /// Where the node with `key` stands. O(log n); O(log d · log n) when a
  /// filter hides it.
  @usableFromInline
  static func standing(ofKey key: UInt64, in outline: _OutlineCore) -> Standing {
    guard let position = outline.position(ofKey: key) else { return .removed }
    if outline.index.row(of: position) != nil { return .shown }
    if let ancestor = outline.nearestVisibleAncestor(of: position), !outline.index.isExpanded(at: ancestor) {
      return .hiddenByCollapse(ancestor)
    }
    return .hiddenByFilter
  }

  /// Removed nodes leave; a focus or anchor that a collapse hides moves to
  /// the collapsed ancestor; one that a filter hides is remembered and
  /// stands in on its nearest visible ancestor until the filter shows it
  /// again; hidden selected nodes follow the collapse policy.
  ///
  /// O(k) for k selected nodes under `.keepHidden`, O(k log n) under
  /// `.selectCollapsedAncestor`, plus O(log n) for the focus and the anchor
  /// (O(log d · log n) when a filter, not a collapse, hides them).
  @usableFromInline
  mutating func reconcile(in outline: _OutlineCore, after change: OutlineChange?, _ tracker: inout _RedrawTracker) {
    reconcileFocus(in: outline, after: change)
    reconcileAnchor(in: outline)
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

  /// The focus: back on the node a filter hid once it shows, standing in
  /// for it while the filter hides it; otherwise moved off a removed or
  /// hidden node.
  @usableFromInline
  mutating func reconcileFocus(in outline: _OutlineCore, after change: OutlineChange?) {
    if let hidden = hiddenFocus {
      switch Self.standing(ofKey: hidden, in: outline) {
      case .shown:
        focus = hidden
        hiddenFocus = nil
        return
      case .hiddenByFilter:
        focus = Self.standIn(for: outline.position(ofKey: hidden)!, in: outline)
        return
      case .hiddenByCollapse(let ancestor):
        // The user's focus, hidden by a collapse now: the collapsed node.
        focus = outline.index.key(at: ancestor)
        hiddenFocus = nil
        return
      case .removed:
        hiddenFocus = nil
        // With no stand-in (the list was empty), as for a removed focus.
        if focus == nil { focus = focusAfterRemoval(in: outline, after: change) }
      }
    }
    guard let focus else { return }
    switch Self.standing(ofKey: focus, in: outline) {
    case .shown:
      break
    case .removed:
      self.focus = focusAfterRemoval(in: outline, after: change)
    case .hiddenByFilter:
      hiddenFocus = focus
      self.focus = Self.standIn(for: outline.position(ofKey: focus)!, in: outline)
    case .hiddenByCollapse(let ancestor):
      self.focus = outline.index.key(at: ancestor)
    }
  }

  /// The anchor, by the focus's rules, except that a removed anchor moves
  /// to the focus.
  @usableFromInline
  mutating func reconcileAnchor(in outline: _OutlineCore) {
    if let hidden = hiddenAnchor {
      switch Self.standing(ofKey: hidden, in: outline) {
      case .shown:
        anchor = hidden
        hiddenAnchor = nil
        return
      case .hiddenByFilter:
        anchor = Self.standIn(for: outline.position(ofKey: hidden)!, in: outline)
        return
      case .hiddenByCollapse(let ancestor):
        anchor = outline.index.key(at: ancestor)
        hiddenAnchor = nil
        return
      case .removed:
        hiddenAnchor = nil
        if anchor == nil { anchor = focus }
      }
    }
    guard let anchor else { return }
    switch Self.standing(ofKey: anchor, in: outline) {
    case .shown:
      break
    case .removed:
      self.anchor = focus
    case .hiddenByFilter:
      hiddenAnchor = anchor
      self.anchor = Self.standIn(for: outline.position(ofKey: anchor)!, in: outline)
    case .hiddenByCollapse(let ancestor):
      self.anchor = outline.index.key(at: ancestor)
    }
  }

  /// Where the focus or the anchor stands in for a node a filter hides: its
  /// nearest
  /// visible ancestor, or (when the filter hides every ancestor) the row
  /// that now holds its place, or the last row; nil when there is no row.
  /// It depends on the outline alone, so it is the same whenever it is
  /// worked out.
  @usableFromInline
  static func standIn(for position: UInt32, in outline: _OutlineCore) -> UInt64? {
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
