/// Sticky ancestor rows: where am I in a deep tree.
///
/// Scrolled deep into a big tree, the rows at the top are leaves of
/// something scrolled away. A file explorer's sticky scroll keeps the
/// ancestors of the top row pinned at the viewport's top, the deepest
/// pushed up as its subtree scrolls away. Each sticky row is a few
/// O(log n) queries, whatever the tree's depth.
///
/// ```swift
/// func layoutStickyHeaders(contentOffset y: Double) {
///   for sticky in outline.stickyRows(atOffset: y, limit: 5, maxHeight: viewportHeight / 3) {
///     let view = header(for: sticky.id)
///     view.frame.origin.y = y + sticky.top     // in content coordinates
///   }
/// }
/// ```
///
/// Docs/Geometry.md draws the rules and gives UIKit, AppKit and terminal
/// recipes.
extension Outline {
  /// An ancestor row pinned at the top of a viewport.
  ///
  /// - Complexity: Every operation is O(1).
  public struct StickyRow: Hashable, Sendable, CustomStringConvertible {
    /// The node.
    public var id: NodeID
    /// The node's row (where clicking it should scroll to).
    public var row: Int
    /// Where to draw it, from the viewport's top: the sum of the heights
    /// of the sticky rows above it, or less when it is being pushed up as
    /// its subtree scrolls away.
    public var top: Double

    /// A sticky row.
    ///
    /// - Complexity: O(1).
    public init(id: NodeID, row: Int, top: Double) {
      self.id = id
      self.row = row
      self.top = top
    }

    /// `#3 row 12 at 44.0`.
    public var description: String { "\(id) row \(row) at \(top)" }
  }

  /// The rows to pin at the top of a viewport whose top is at content
  /// offset `y`: the ancestors of the rows under them, from the top level
  /// down.
  ///
  /// With `top` starting at 0, each sticky row is found at the row under
  /// `y + top`: the candidate is that row's ancestor at the next depth (0,
  /// 1, 2, ...), or the row's node itself at that depth. The stack stops
  /// when there is none; when the candidate is the row's own node and it
  /// shows no child; when the candidate's row is wholly in view at its
  /// slot; at `limit` rows; or when the candidate, drawn where it would
  /// go, would end below `maxHeight`. Otherwise the candidate sticks, drawn
  /// at `min(top, end - y - height)`, where `end` is the offset where its
  /// visible subtree ends, so it is pushed up as that subtree scrolls
  /// away; `top` moves below it, and the stack stops after a row that was
  /// pushed up.
  ///
  /// Filters, row heights and sections read the rows as everything else
  /// does: the ancestors of a visible row are visible.
  ///
  /// - Parameters:
  ///   - y: The content offset at the viewport's top.
  ///   - limit: The most rows to pin (default 7).
  ///   - maxHeight: The lowest the pinned rows may reach, from the
  ///     viewport's top (a share of the viewport, say).
  /// - Returns: The sticky rows from the top down; empty when there are
  ///   no rows.
  /// - Complexity: O(k log n) for k sticky rows, whatever the depth (a
  ///   chain of a million nodes included).
  @inlinable
  public func stickyRows(atOffset y: Double, limit: Int = 7, maxHeight: Double = .infinity) -> [StickyRow] {
    _core.stickyRows(atOffset: y, limit: limit, maxHeight: maxHeight).map {
      StickyRow(id: _id(at: $0.position), row: $0.row, top: $0.top)
    }
  }

  /// The content offset to scroll to so that a row is wholly in view below
  /// the sticky rows, moving as little as possible from `y`: the row's top
  /// just below its sticky ancestors when it is above them, its bottom at
  /// the viewport's bottom when it is below it, `y` when it is in view.
  ///
  /// Use it to keep the focused row visible as keys move it, and, with a
  /// sticky row's `row`, to scroll to a sticky row the user clicked (its
  /// row then sits right below its own ancestors).
  ///
  /// ```swift
  /// y = outline.scrollOffset(toShowRow: focusedRow, from: y, viewportHeight: height, stickyLimit: 5)
  /// ```
  ///
  /// - Parameters:
  ///   - row: The row to show, `0 ..< rowCount`.
  ///   - y: The current offset of the viewport's top.
  ///   - viewportHeight: The viewport's height.
  ///   - stickyLimit: The `limit` the sticky rows are drawn with (0: none).
  ///   - maxStickyHeight: Their `maxHeight`.
  /// - Returns: The new offset, never below 0. When the row and its
  ///   sticky ancestors do not fit the viewport together (pass a smaller
  ///   `maxStickyHeight` so that they do), the row's bottom goes to the
  ///   viewport's bottom, or its top to the viewport's top when the row
  ///   alone is taller than the viewport.
  /// - Precondition: `0 <= row < rowCount`.
  /// - Complexity: O(k log n) for k sticky rows.
  @inlinable
  public func scrollOffset(
    toShowRow row: Int, from y: Double, viewportHeight: Double, stickyLimit: Int = 7,
    maxStickyHeight: Double = .infinity
  ) -> Double {
    _require(row >= 0 && row < rowCount, "Outline: row \(row) out of range 0..<\(rowCount)")
    let top = offset(ofRow: row)
    let bottom = offset(ofRow: row + 1)
    let stack = _core.stickyHeight(above: row, limit: stickyLimit, maxHeight: maxStickyHeight)
    let highest = Swift.max(0, contentHeight - viewportHeight)
    var target = Swift.min(Swift.max(y, 0), highest)
    let covered = _core.stickyRows(atOffset: target, limit: stickyLimit, maxHeight: maxStickyHeight).last.map {
      $0.top + _core.rowHeight(at: $0.position)
    } ?? 0
    if top >= target + covered && bottom <= target + viewportHeight { return target }
    if stack + (bottom - top) <= viewportHeight {
      // Up: the row right below its sticky ancestors. Down: its bottom at
      // the viewport's bottom, where only rows above it can stick.
      target = top < target + covered ? top - stack : bottom - viewportHeight
    } else {
      // The row and its sticky ancestors do not fit together: the row's
      // bottom at the viewport's bottom (its top at the top when it is
      // taller than the viewport).
      target = bottom - top > viewportHeight ? top : bottom - viewportHeight
    }
    return Swift.max(0, target)
  }
}
