/// The ARIA tree keys: which row the focus goes to, or which expansion to
/// make. The generic layer makes expansions through the outline's public
/// calls, so that everything an expansion does (policies, batches, checks)
/// happens as it does for the app's own calls.
extension _SelectionCore {
  /// One step of a navigation.
  @usableFromInline
  enum NavigationStep: Equatable {
    /// Nothing to do (↑ on the first row, → on a leaf, an empty outline).
    case stay
    /// Move the focus to a row.
    case focusRow(Int)
    /// Expand the focused node.
    case expand(UInt64)
    /// Collapse the focused node.
    case collapse(UInt64)
    /// Expand the focused node's siblings (itself included).
    case expandSiblings(UInt64)
  }

  /// The step `navigation` takes from the current focus. O(log n).
  @usableFromInline
  func step(for navigation: OutlineNavigation, in outline: _OutlineCore) -> NavigationStep {
    let rowCount = outline.index.visibleCount
    guard let focus else {
      guard rowCount > 0 else { return .stay }
      return .focusRow(navigation == .end ? rowCount - 1 : 0)
    }
    let row = Self.requiredRow(ofKey: focus, role: "focused node", in: outline)
    switch navigation {
    case .down: return .focusRow(Swift.min(row + 1, rowCount - 1))
    case .up: return .focusRow(Swift.max(row - 1, 0))
    case .home: return .focusRow(0)
    case .end: return .focusRow(rowCount - 1)
    case .pageDown(let page): return .focusRow(Self.pageDownRow(from: row, page, rowCount: rowCount, in: outline.index))
    case .pageUp(let page): return .focusRow(Self.pageUpRow(from: row, page, in: outline.index))
    case .expandSiblings: return .expandSiblings(focus)
    case .right:
      // Under a filter, a node whose children are all left out is a leaf.
      let position = outline.index.position(atRow: row)
      guard outline.hasIncludedChildren(at: position) else { return .stay }
      guard outline.index.isExpanded(at: position) else { return .expand(focus) }
      // The first child has the next row, unless a filter hides it.
      guard row + 1 < rowCount,
        outline.parentPosition(of: outline.index.position(atRow: row + 1)) == position
      else { return .stay }
      return .focusRow(row + 1)
    case .left:
      let position = outline.index.position(atRow: row)
      if outline.index.isExpanded(at: position) && outline.hasIncludedChildren(at: position) { return .collapse(focus) }
      guard let parent = outline.parentPosition(of: position), let parentRow = outline.index.row(of: parent) else {
        return .stay
      }
      return .focusRow(parentRow)
    }
  }

  /// The row a page down from `row` lands on: `rowCount` rows on, or the
  /// row that holds the offset a page's height below the top of `row`; at
  /// least one row on, at most the last. O(log n) by height.
  static func pageDownRow(from row: Int, _ page: OutlineNavigation.PageSize, rowCount: Int, in index: _PreorderIndex) -> Int {
    guard let height = page.height else { return Swift.min(row + page.rowCount, rowCount - 1) }
    let target = index.row(atOffset: index.offset(ofRow: row) + height)
    return Swift.min(Swift.max(target, row + 1), rowCount - 1)
  }

  /// The row a page up from `row` lands on: `rowCount` rows back, or the
  /// row that holds the offset a page's height above the top of `row`, at
  /// least the first. That row is always before `row` (an offset above a
  /// row's top is held by an earlier row), so it moves one row at least.
  /// O(log n) by height.
  static func pageUpRow(from row: Int, _ page: OutlineNavigation.PageSize, in index: _PreorderIndex) -> Int {
    guard let height = page.height else { return Swift.max(row - page.rowCount, 0) }
    // Offsets before the content give the first row.
    return index.row(atOffset: index.offset(ofRow: row) - height)
  }
}
