/// The scroll bar on the right edge of a list: where the lines on screen
/// sit in the whole content, from exact line counts.
///
/// ```swift
/// ScrollBar.cells(top: 0, height: 4, content: 8)      // [thumb, thumb, track, track]
/// ScrollBar.cells(top: 4, height: 4, content: 8)      // [track, track, thumb, thumb]
/// ScrollBar.cells(top: 0, height: 4, content: 3)      // nil: everything shows
/// ```
///
/// The thumb is as tall as the screen's share of the content (one line at
/// least) and travels the whole bar: at the top of the content it touches
/// the bar's top, at the end its bottom. The tree screens take `top` and
/// `content` from the outline's geometry (`offset(ofRow:)`,
/// `contentHeight`), so the bar is exact on a million rows of any heights.
package enum ScrollBar {
  /// One line of the bar.
  package enum Cell: Hashable, Sendable {
    /// The bar outside the thumb.
    case track
    /// The part that stands for the lines on screen.
    case thumb

    /// What the terminal draws: `│` for the track, `█` for the thumb.
    ///
    /// - Complexity: O(1).
    package var character: Character {
      switch self {
      case .track: return "│"
      case .thumb: return "█"
      }
    }
  }

  /// The bar's cells for a screen of `height` lines showing lines
  /// `top ..< top + height` of `content`; nil when the content fits (no
  /// bar is drawn).
  ///
  /// `top` is clamped to the content. Integer arithmetic throughout, so
  /// the thumb moves by exactly one line when the content has scrolled
  /// by its share.
  ///
  /// - Complexity: O(height).
  package static func cells(top: Int, height: Int, content: Int) -> [Cell]? {
    guard height > 0, content > height else { return nil }
    let size = max(1, height * height / content)
    let scrollable = content - height
    let top = min(max(0, top), scrollable)
    // The thumb's first line, rounded to the nearest: 0 at the top, the
    // last place at the end.
    let first = (2 * top * (height - size) + scrollable) / (2 * scrollable)
    return (0 ..< height).map { $0 >= first && $0 < first + size ? .thumb : .track }
  }
}
