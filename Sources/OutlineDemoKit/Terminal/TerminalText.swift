/// Text as a terminal shows it: in columns, with wide and zero-width
/// characters, and without control characters.
///
/// Every string that reaches the screen passes through ``sanitized(_:)``
/// (names from a user's files may hold escape sequences, which must not
/// reach the terminal) and is cut to the screen's width with
/// ``fit(_:width:)``.
package enum TerminalText {
  /// The text with control characters (C0, DEL, C1) replaced by `?`, and
  /// tabs and newlines by spaces.
  ///
  /// - Complexity: O(n) in the text's length.
  package static func sanitized(_ text: String) -> String {
    guard text.unicodeScalars.contains(where: isControl) else { return text }
    var result = String.UnicodeScalarView()
    for scalar in text.unicodeScalars {
      if scalar == "\t" || scalar == "\n" || scalar == "\r" {
        result.append(" ")
      } else if isControl(scalar) {
        result.append("?")
      } else {
        result.append(scalar)
      }
    }
    return String(result)
  }

  /// The number of terminal columns a text takes: 2 for East Asian wide
  /// characters and most emoji, 0 for combining marks, 1 otherwise.
  ///
  /// - Complexity: O(n) in the text's length.
  package static func width(_ text: String) -> Int {
    var total = 0
    for character in text { total += width(of: character) }
    return total
  }

  /// The columns one character takes.
  ///
  /// - Complexity: O(1) for a character of few scalars.
  package static func width(of character: Character) -> Int {
    guard let first = character.unicodeScalars.first else { return 0 }
    if character.isASCII { return isControl(first) ? 0 : 1 }
    if character.unicodeScalars.contains(where: { $0.value == 0xFE0F }) { return 2 }  // emoji presentation
    return scalarWidth(first)
  }

  /// The text cut to at most `width` columns, ending in `…` when it was
  /// cut.
  ///
  /// - Complexity: O(n) in the text's length.
  package static func fit(_ text: String, width: Int) -> String {
    guard width > 0 else { return "" }
    var total = 0
    var index = text.startIndex
    while index < text.endIndex {
      total += self.width(of: text[index])
      if total > width { break }
      index = text.index(after: index)
    }
    guard index < text.endIndex else { return text }
    // Cut, leaving a column for the ellipsis.
    var result = ""
    var used = 0
    for character in text {
      let columns = self.width(of: character)
      if used + columns > width - 1 { break }
      result.append(character)
      used += columns
    }
    return result + "…"
  }

  /// The text cut or padded with spaces to exactly `width` columns.
  ///
  /// - Complexity: O(n + width).
  package static func pad(_ text: String, to width: Int) -> String {
    let fitted = fit(text, width: width)
    let missing = width - self.width(fitted)
    return missing > 0 ? fitted + String(repeating: " ", count: missing) : fitted
  }

  /// Left text and right text on one line of `width` columns: the right
  /// part flush right when both fit with a space between, otherwise the
  /// left part alone, cut to the width.
  ///
  /// - Complexity: O(n + width).
  package static func spread(_ left: String, _ right: String, width: Int) -> String {
    let leftWidth = self.width(left)
    let rightWidth = self.width(right)
    guard !right.isEmpty, leftWidth + 1 + rightWidth <= width else { return fit(left, width: width) }
    return left + String(repeating: " ", count: width - leftWidth - rightWidth) + right
  }

  // MARK: Helpers

  private static func isControl(_ scalar: Unicode.Scalar) -> Bool {
    scalar.value < 0x20 || (0x7F ..< 0xA0).contains(scalar.value)
  }

  private static func scalarWidth(_ scalar: Unicode.Scalar) -> Int {
    let value = scalar.value
    if isControl(scalar) { return 0 }
    switch value {
    case 0x0300 ... 0x036F, 0x1AB0 ... 0x1AFF, 0x1DC0 ... 0x1DFF, 0x200B ... 0x200F, 0x20D0 ... 0x20FF,
      0xFE00 ... 0xFE0F, 0xFE20 ... 0xFE2F:
      return 0
    case 0x1100 ... 0x115F, 0x2E80 ... 0x303E, 0x3041 ... 0x33FF, 0x3400 ... 0x4DBF, 0x4E00 ... 0x9FFF,
      0xA000 ... 0xA4CF, 0xAC00 ... 0xD7A3, 0xF900 ... 0xFAFF, 0xFE30 ... 0xFE4F, 0xFF00 ... 0xFF60,
      0xFFE0 ... 0xFFE6, 0x1F300 ... 0x1F64F, 0x1F900 ... 0x1F9FF, 0x20000 ... 0x2FFFD, 0x30000 ... 0x3FFFD:
      return 2
    default:
      return 1
    }
  }
}
