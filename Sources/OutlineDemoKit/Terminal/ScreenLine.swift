/// One line of the demo's screen: plain text and how to show it.
///
/// ``DemoApp/render(width:height:)`` returns one `ScreenLine` per terminal
/// row. The text is at most the screen's width in terminal columns, holds
/// no control characters, and has no padding: the terminal layer pads and
/// colours it; tests compare it as text.
package struct ScreenLine: Hashable, Sendable, CustomStringConvertible {
  /// How a line is shown.
  package struct Style: OptionSet, Hashable, Sendable {
    /// The option bits.
    package var rawValue: UInt8

    /// Creates a style from its bits.
    ///
    /// - Complexity: O(1).
    package init(rawValue: UInt8) { self.rawValue = rawValue }

    /// Shown in reverse video across the whole width: the focused row,
    /// the title bar and the status bar.
    package static let highlighted = Style(rawValue: 1 << 0)
    /// Bold: section headings, messages.
    package static let bold = Style(rawValue: 1 << 1)
    /// Dim: hints.
    package static let dim = Style(rawValue: 1 << 2)
    /// An error: shown in red where the terminal has colour.
    package static let error = Style(rawValue: 1 << 3)
    /// A selected row: shown in cyan where the terminal has colour (on a
    /// cyan bar when it is also the focused row), beside its `✓` mark.
    package static let selected = Style(rawValue: 1 << 4)
    /// A row the last reload changed (inserted, moved or redrawn): shown in
    /// green where the terminal has colour, until the next key.
    package static let changed = Style(rawValue: 1 << 5)
    /// The drop marker of rows being moved (its line, or the row a drop
    /// goes into): shown in yellow where the terminal has colour.
    package static let marker = Style(rawValue: 1 << 6)
  }

  /// The text, at most the screen's width in columns.
  package var text: String
  /// How to show it.
  package var style: Style
  /// Runs of characters to mark (search matches), as character offsets
  /// into ``text``: sorted, not overlapping.
  package var marks: [Range<Int>]
  /// The scroll bar's cell in the screen's last column, drawn apart from
  /// the text (whose width leaves that column free); nil without a bar.
  package var scrollBar: ScrollBar.Cell?

  /// Creates a line.
  ///
  /// - Complexity: O(1).
  package init(_ text: String = "", style: Style = [], marks: [Range<Int>] = [], scrollBar: ScrollBar.Cell? = nil) {
    self.text = text
    self.style = style
    self.marks = marks
    self.scrollBar = scrollBar
  }

  /// The line with `range` of `source` marked, where `source` was cut to
  /// this line's text after `offset` characters of prefix: the part that
  /// survived the cut.
  ///
  /// - Complexity: O(n) in the source's length.
  package func marking(_ range: Range<String.Index>?, in source: String, after offset: Int) -> ScreenLine {
    guard let range else { return self }
    let lower = offset + source.distance(from: source.startIndex, to: range.lowerBound)
    let upper = min(offset + source.distance(from: source.startIndex, to: range.upperBound), text.count)
    guard lower < upper else { return self }
    var line = self
    line.marks.append(lower ..< upper)
    return line
  }

  /// The text.
  ///
  /// - Complexity: O(1).
  package var description: String { text }
}

extension Array where Element == ScreenLine {
  /// The lines as plain text, one per line, trailing spaces removed,
  /// without the scroll bar.
  ///
  /// - Complexity: O(total length).
  package var plainText: String {
    map { line in
      var text = line.text
      while text.last == " " { text.removeLast() }
      return text
    }.joined(separator: "\n")
  }

  /// The lines as plain text for a screen `width` columns wide, with the
  /// scroll bar in the last column and trailing spaces removed elsewhere:
  /// what `--print` writes.
  ///
  /// - Complexity: O(lines · width).
  package func plainText(width: Int) -> String {
    map { line in
      var text = line.text
      while text.last == " " { text.removeLast() }
      guard let cell = line.scrollBar else { return text }
      let padding = Swift.max(0, width - 1 - TerminalText.width(text))
      return text + String(repeating: " ", count: padding) + String(cell.character)
    }.joined(separator: "\n")
  }

  /// The lines with a scroll bar for a list showing lines
  /// `top ..< top + height` of `content`: each line gets its cell, padded
  /// with blank lines to `height`. Unchanged when the content fits.
  ///
  /// - Complexity: O(height).
  package func withScrollBar(top: Int, height: Int, content: Int) -> [ScreenLine] {
    guard let cells = ScrollBar.cells(top: top, height: height, content: content) else { return self }
    var lines = Array(prefix(height))
    lines += Array(repeating: ScreenLine(), count: height - lines.count)
    for (k, cell) in cells.enumerated() { lines[k].scrollBar = cell }
    return lines
  }
}
