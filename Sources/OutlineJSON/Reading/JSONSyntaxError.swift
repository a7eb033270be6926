/// The error thrown when bytes are not a JSON document (RFC 8259): where,
/// by line and column, and what was expected there.
///
/// ```swift
/// do {
///   document = try JSONDocument(bytes: bytes)
/// } catch let error as JSONSyntaxError {
///   print("\(path):\(error.line):\(error.column): \(error.message)")
///   // config.json:3:17: trailing comma before '}': JSON allows no comma after the last member
/// }
/// ```
///
/// Lines and columns count from 1. A line ends at a line feed (a carriage
/// return before it is part of the line's end); a column counts Unicode
/// scalars, as most editors show them (a tab is one column, a byte that is
/// not UTF-8 is one column, a byte order mark at the start is none).
public struct JSONSyntaxError: Error, Hashable, Sendable, CustomStringConvertible {
  /// What is wrong.
  public enum Reason: Hashable, Sendable {
    /// Something else was found where `expected` was: `expected` and
    /// `found` are in words ("',' or '}'", "'True'", "the end of the
    /// document").
    case expected(String, found: String)
    /// A comma before the closing bracket of an object or array.
    case trailingComma(JSONNode.Kind)
    /// A string or key in single quotes.
    case singleQuotes
    /// A number with a leading zero (`01`, `-007`).
    case leadingZero
    /// A backslash not followed by one of `" \ / b f n r t`, or `\u` not
    /// followed by four hex digits: the escape as written (as much of it as
    /// is printable).
    case invalidEscape(String)
    /// A `\uD800`-`\uDBFF` escape not followed by a `\uDC00`-`\uDFFF` one,
    /// or the latter alone: the escape as written.
    case loneSurrogate(String)
    /// A control character (U+0000 to U+001F) in a string, which must be
    /// escaped.
    case controlCharacter(UInt8)
    /// Bytes that are not UTF-8 (a stray continuation byte, an overlong or
    /// truncated sequence, a surrogate, a code point past U+10FFFF): the
    /// first byte of the sequence.
    case invalidUTF8(UInt8)
    /// The input ends inside a string, which starts at the given line and
    /// column.
    case unterminatedString(line: Int, column: Int)
    /// The input (or, in JSON Lines, the line) ends inside an object or
    /// array, which starts at the given line and column.
    case unclosed(JSONNode.Kind, line: Int, column: Int)
    /// More after the document's value (in JSON Lines, after the line's
    /// value): what was found.
    case trailingContent(found: String)
    /// A value nested in more objects and arrays than the limit.
    case tooDeep(limit: Int)
    /// More values than an outline holds (about two billion).
    case tooManyValues
  }

  /// The line of the problem, from 1.
  public var line: Int
  /// The column of the problem in its line, from 1, in Unicode scalars.
  public var column: Int
  /// The byte offset of the problem in the input, from 0.
  public var offset: Int
  /// What is wrong.
  public var reason: Reason

  /// Creates an error.
  ///
  /// - Complexity: O(1).
  public init(line: Int, column: Int, offset: Int, reason: Reason) {
    self.line = line
    self.column = column
    self.offset = offset
    self.reason = reason
  }

  /// What is wrong, in a sentence without the position:
  /// `expected ',' or '}' after a member, found ']'`.
  ///
  /// - Complexity: O(1).
  public var message: String {
    switch reason {
    case .expected(let expected, let found):
      return "expected \(expected), found \(found)"
    case .trailingComma(let kind):
      return kind == .object
        ? "trailing comma before '}': JSON allows no comma after the last member"
        : "trailing comma before ']': JSON allows no comma after the last element"
    case .singleQuotes:
      return "found ''': JSON strings and keys are in double quotes"
    case .leadingZero:
      return "a number cannot start with 0 followed by digits (leading zeros are not allowed)"
    case .invalidEscape(let escape):
      return "invalid escape \(escape) in a string: a backslash is followed by one of \" \\ / b f n r t, or by u and four hex digits"
    case .loneSurrogate(let escape):
      return "lone surrogate \(escape) in a string: \\uD800-\\uDBFF must be followed by \\uDC00-\\uDFFF, which cannot stand alone"
    case .controlCharacter(let byte):
      let hex = String(byte, radix: 16, uppercase: true)
      let code = "U+" + String(repeating: "0", count: 4 - hex.count) + hex
      if byte == 0x0A { return "line break in a string: write it as \\n (or is a closing '\"' missing?)" }
      if byte == 0x09 { return "tab in a string: write it as \\t" }
      return "control character \(code) in a string: write it as \\u\(code.dropFirst(2))"
    case .invalidUTF8(let byte):
      return "invalid UTF-8 (byte 0x\(String(byte, radix: 16, uppercase: true))): JSON text must be UTF-8"
    case .unterminatedString(let line, let column):
      return "unterminated string: no closing '\"' for the string that starts at line \(line), column \(column)"
    case .unclosed(let kind, let line, let column):
      let (open, close) = kind == .object ? ("{", "}") : ("[", "]")
      return "unclosed \(kind): no '\(close)' for the '\(open)' at line \(line), column \(column)"
    case .trailingContent(let found):
      return "found \(found) after the value: a JSON document holds one value (JSON Lines: one per line)"
    case .tooDeep(let limit):
      return "nested deeper than \(limit) levels"
    case .tooManyValues:
      return "more values than an outline holds"
    }
  }

  /// `line 3, column 17: message`.
  ///
  /// - Complexity: O(1).
  public var description: String { "line \(line), column \(column): \(message)" }
}
