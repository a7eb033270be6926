import OutlineKit

/// The sticky ancestor rows of the tree screens: whether they show, and
/// how many lines they may take.
///
/// Scrolled deep into a tree, the first lines of the list show the
/// ancestors of the rows under them (the engine's
/// `stickyRows(atOffset:limit:maxHeight:)`), the deepest pushed up as its
/// subtree scrolls away, with a line under them:
///
/// ```text
///   ▾ Acacia 1 (10)
///   ├─ ▾ Kapok 11 (10)
///   ──────────────────────────────────────
///   │  │  ├─ • Oak 131
/// › │  │  ├─ • Pine 132
/// ```
///
/// The screens share one setting (`^` turns the rows on and off); the
/// layout and the scrolling that keeps the focused row below the sticky
/// rows are ``TreeViewport``'s.
package struct StickyHeader: Hashable, Sendable {
  /// Whether the sticky rows show.
  package var isOn = true

  /// The most rows that stick, as an editor's sticky scroll keeps them.
  package static let limit = 5

  /// The key that turns them on and off: free on every tree screen (letters
  /// are type-ahead there).
  package static let key: Character = "^"

  /// Sticky rows, on.
  ///
  /// - Complexity: O(1).
  package init(isOn: Bool = true) {
    self.isOn = isOn
  }

  /// The most lines the sticky rows may take in a list of `height` lines
  /// (the line under them not counted): half the list, and room for the
  /// line under them and a row of three lines below; 0 when that leaves
  /// none (or the rows are off).
  ///
  /// - Complexity: O(1).
  package func maximumLines(height: Int) -> Int {
    guard isOn else { return 0 }
    return max(0, min(height / 2, height - 4))
  }

  /// The `limit` to ask the engine for in a list of `height` lines: 0 when
  /// the rows are off or the list is too small for them.
  ///
  /// - Complexity: O(1).
  package func limit(height: Int) -> Int {
    maximumLines(height: height) > 0 ? Self.limit : 0
  }
}
