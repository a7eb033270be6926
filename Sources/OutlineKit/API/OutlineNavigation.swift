/// A keyboard move through an outline's rows, following the WAI-ARIA tree
/// view pattern; performed by ``Outline/Selection/navigate(_:in:selecting:)``.
///
/// | key | navigation | effect |
/// |---|---|---|
/// | ↓ | `.down` | the next row; none after the last |
/// | ↑ | `.up` | the previous row; none before the first |
/// | → | `.right` | a collapsed node with children expands (the focus stays); an expanded one moves the focus to its first child |
/// | ← | `.left` | an expanded node with children collapses (the focus stays); any other moves the focus to its parent |
/// | Home | `.home` | the first row |
/// | End | `.end` | the last row |
/// | Page Up | `.pageUp(.rows(n))`, `.pageUp(.height(h))` | n rows up, or the rows that fill h, stopping at the first |
/// | Page Down | `.pageDown(.rows(n))`, `.pageDown(.height(h))` | n rows down, or the rows that fill h, stopping at the last |
/// | `*` | `.expandSiblings` | expands the focused node and every sibling with children (the focus stays) |
///
/// With nothing focused, every navigation focuses the first row, except
/// `.end`, which focuses the last, and expands nothing.
public enum OutlineNavigation: Hashable, Sendable {
  /// The next row.
  case down
  /// The previous row.
  case up
  /// Expands a collapsed node, or goes to an expanded node's first child.
  case right
  /// Collapses an expanded node, or goes to the parent.
  case left
  /// The first row.
  case home
  /// The last row.
  case end
  /// A page up: the row a page above, or the first.
  case pageUp(PageSize)
  /// A page down: the row a page below, or the last.
  case pageDown(PageSize)
  /// Expands every sibling of the focused node (itself included) that has
  /// children; the ARIA `*` key.
  case expandSiblings

  /// How far a page moves: a number of rows, or, with row geometry, a
  /// height.
  ///
  /// ```swift
  /// selection.navigate(.pageDown(.rows(visibleRowCount - 1)), in: &outline)
  /// selection.navigate(.pageDown(.height(viewportHeight - outline.estimatedRowHeight)), in: &outline)
  /// ```
  ///
  /// A page by rows moves the focus `n` rows. A page by height moves it by
  /// the rows that fill the height, measured from the top of the focused
  /// row with the outline's row heights (``Outline/offset(ofRow:)``,
  /// ``Outline/row(atOffset:)``): Page Down goes to the row that holds the
  /// offset `offset(ofRow: focused) + height`, Page Up to the row that
  /// holds `offset(ofRow: focused) - height`, stopping at the last and
  /// first rows. Either way a page moves at least one row when there is
  /// one, so a row taller than the page never stops the key. When every row
  /// has the same height `h`, `.height(k * h)` moves exactly as `.rows(k)`.
  public struct PageSize: Hashable, Sendable {
    /// The number of rows in a page by rows, at least 1; 0 for a page by
    /// height (see ``height``).
    public let rowCount: Int
    /// The height of a page by height, more than 0; nil for a page by rows.
    public let height: Double?

    @usableFromInline
    internal init(_rowCount: Int, height: Double? = nil) {
      rowCount = _rowCount
      self.height = height
    }

    /// A page of `count` rows.
    ///
    /// - Precondition: `count >= 1`.
    /// - Complexity: O(1).
    public static func rows(_ count: Int) -> PageSize {
      _require(count >= 1, "OutlineNavigation.PageSize: a page of \(count) rows; a page has at least one row")
      return PageSize(_rowCount: count)
    }

    /// A page of the rows that fill `height`, by the outline's row
    /// heights: the viewport's height, less a row or so to keep for
    /// context.
    ///
    /// ```swift
    /// // A viewport of 600 points; the row at the bottom comes to the top.
    /// selection.navigate(.pageDown(.height(600 - 44)), in: &outline)
    /// ```
    ///
    /// - Precondition: `height` is finite and more than 0.
    /// - Complexity: O(1); a navigation by it is O(log n).
    public static func height(_ height: Double) -> PageSize {
      _require(
        height.isFinite && height > 0,
        "OutlineNavigation.PageSize: a page of height \(height); a page is a finite height more than 0")
      return PageSize(_rowCount: 0, height: height)
    }
  }

  /// What a navigation does to the selection when it moves the focus to
  /// another node. A navigation that leaves the focus where it is (an
  /// expansion, ↑ on the first row) leaves the selection alone.
  public enum SelectionEffect: Hashable, Sendable {
    /// The new focus becomes the selection and the anchor: plain arrow keys
    /// on a desktop, and selection that follows focus in a single-select
    /// tree.
    case replace
    /// The selection extends from the anchor to the new focus: Shift with an
    /// arrow key, Home, End or a page key.
    case extend
    /// Only the focus moves: Control with an arrow key, and ARIA's
    /// recommended multi-select model, where Space then toggles the focused
    /// node.
    case keep
  }
}
