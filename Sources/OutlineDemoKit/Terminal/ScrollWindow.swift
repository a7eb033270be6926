/// Which rows (or lines) of a list a screen shows: the first visible one,
/// kept so that the selection stays in view and the list does not leave
/// blank lines at the bottom when it could show more.
package enum ScrollWindow {
  /// The first visible row of a list of `count` rows in `height` lines,
  /// moved as little as possible from `current` so that `selected` shows.
  ///
  /// ```swift
  /// ScrollWindow.top(current: 0, selected: 30, count: 100, height: 20)   // 11
  /// ```
  ///
  /// Any values are accepted: a negative or too large `selected` or
  /// `current` is clamped, a height of 0 gives 0.
  ///
  /// - Complexity: O(1).
  package static func top(current: Int, selected: Int, count: Int, height: Int) -> Int {
    guard height > 0, count > 0 else { return 0 }
    var top = min(max(0, current), max(0, count - height))
    let selected = min(max(0, selected), count - 1)
    if selected < top { top = selected }
    if selected >= top + height { top = selected - height + 1 }
    return max(0, top)
  }

  /// The first visible line of a content of `content` lines in `height`
  /// lines, moved as little as possible from `current` so that the lines
  /// `span` (the focused row's) show; a span taller than the screen shows
  /// its top. The screen never shows blank lines after the content when it
  /// could show more.
  ///
  /// ```swift
  /// ScrollWindow.top(current: 0, span: 28 ..< 31, content: 100, height: 20)   // 11
  /// ```
  ///
  /// Any values are accepted, as for ``top(current:selected:count:height:)``.
  ///
  /// - Complexity: O(1).
  package static func top(current: Int, span: Range<Int>, content: Int, height: Int) -> Int {
    guard height > 0, content > 0 else { return 0 }
    var top = min(max(0, current), max(0, content - height))
    let lower = min(max(0, span.lowerBound), content - 1)
    let upper = min(max(lower + 1, span.upperBound), content)
    if upper > top + height { top = upper - height }
    if lower < top { top = lower }
    return max(0, top)
  }
}
