/// Which rows of a list a screen shows: the first visible row, kept so that
/// the selection stays in view and the list does not leave blank lines at
/// the bottom when it could show more.
public enum ScrollWindow {
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
  public static func top(current: Int, selected: Int, count: Int, height: Int) -> Int {
    guard height > 0, count > 0 else { return 0 }
    var top = min(max(0, current), max(0, count - height))
    let selected = min(max(0, selected), count - 1)
    if selected < top { top = selected }
    if selected >= top + height { top = selected - height + 1 }
    return max(0, top)
  }
}
