import OutlineDemoKit

/// ANSI drawing that rewrites only the lines that changed since the last
/// frame, so the demo stays smooth over slow links.
struct FrameWriter {
  /// The last frame drawn, and its width.
  private var previous: [ScreenLine] = []
  private var previousWidth = -1

  /// Forgets the last frame: the next one clears the screen and draws
  /// every line (after a resize).
  mutating func invalidate() {
    previous = []
    previousWidth = -1
  }

  /// The bytes that turn the last frame into `lines`.
  mutating func draw(_ lines: [ScreenLine], width: Int) -> String {
    var output = ""
    if width != previousWidth || lines.count != previous.count {
      output += "\u{1B}[0m\u{1B}[2J"
      previous = []
    }
    for (row, line) in lines.enumerated() where row >= previous.count || previous[row] != line {
      output += "\u{1B}[\(row + 1);1H" + Self.sgr(line.style) + Self.marked(line)
      // The scroll bar takes the last column.
      let textWidth = line.scrollBar == nil ? width : width - 1
      if line.style.contains(.highlighted) {
        // Reverse video to the edge (or the bar): pad with spaces.
        output += String(repeating: " ", count: max(0, textWidth - TerminalText.width(line.text)))
        output += "\u{1B}[0m"
      } else {
        output += "\u{1B}[0m\u{1B}[K"
      }
      if let cell = line.scrollBar {
        // Dim track, plain thumb, whatever the line's style.
        output += "\u{1B}[\(row + 1);\(width)H" + (cell == .thumb ? "\u{1B}[0m" : "\u{1B}[0;2m") + String(cell.character) + "\u{1B}[0m"
      }
    }
    previous = lines
    previousWidth = width
    return output
  }

  /// The line's text with its marks underlined in yellow, the line's own
  /// style restored after each.
  private static func marked(_ line: ScreenLine) -> String {
    guard !line.marks.isEmpty else { return line.text }
    let characters = Array(line.text)
    var output = ""
    var next = 0
    for mark in line.marks where mark.lowerBound >= next && mark.upperBound <= characters.count {
      output += String(characters[next ..< mark.lowerBound])
      output += sgr(line.style, extra: ["4", "33"]) + String(characters[mark]) + sgr(line.style)
      next = mark.upperBound
    }
    return output + String(characters[next...])
  }

  /// The SGR sequence for a style, with extra codes.
  private static func sgr(_ style: ScreenLine.Style, extra: [String] = []) -> String {
    var codes = ["0"] + extra
    if style.contains(.bold) { codes.append("1") }
    if style.contains(.dim) { codes.append("2") }
    if style.contains(.highlighted) { codes.append("7") }
    if style.contains(.error) { codes.append("31") }
    if style.contains(.selected) { codes.append("36") }
    if style.contains(.changed) { codes.append("32") }
    if style.contains(.marker) { codes.append("33") }
    return "\u{1B}[" + codes.joined(separator: ";") + "m"
  }
}
