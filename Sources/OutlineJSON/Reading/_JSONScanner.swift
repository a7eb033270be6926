/// The tokens of JSON text (RFC 8259), scanned and checked over raw bytes:
/// whitespace, strings (escapes and UTF-8 checked), numbers, literals.
///
/// Every function takes a byte offset and returns the offset after what it
/// scanned, or throws a ``_JSONFailure`` that says where and why. Nothing is
/// decoded or copied: the reader keeps offsets, and strings are unescaped
/// only when shown.
internal struct _JSONScanner {
  /// The first byte of the input.
  let base: UnsafePointer<UInt8>
  /// The input's length.
  let count: Int
  /// Where the current document ends: `count`, or in JSON Lines the line
  /// feed that ends the current line.
  var limit: Int
  /// Whether the input is JSON Lines (for the words "the end of the line").
  let isJSONLines: Bool

  init(base: UnsafePointer<UInt8>, count: Int, isJSONLines: Bool) {
    self.base = base
    self.count = count
    self.limit = count
    self.isJSONLines = isJSONLines
  }

  // MARK: Whitespace

  /// The offset of the first byte at or after `p` that is not JSON
  /// whitespace (space, tab, line feed, carriage return), or `limit`.
  @inline(__always)
  func skipWhitespace(_ p: Int) -> Int {
    var p = p
    while p < limit {
      let c = base[p]
      if c > 0x20 { return p }
      guard c == 0x20 || c == 0x0A || c == 0x0D || c == 0x09 else { return p }
      p &+= 1
      // An indented line: skip its spaces eight at a time.
      if c == 0x0A {
        while p &+ 8 <= limit && _load8(p) == 0x2020_2020_2020_2020 { p &+= 8 }
      }
    }
    return p
  }

  /// Eight bytes at `p`, the first in the lowest byte.
  @inline(__always)
  func _load8(_ p: Int) -> UInt64 {
    UInt64(littleEndian: UnsafeRawPointer(base + p).loadUnaligned(as: UInt64.self))
  }

  // MARK: Strings

  /// Scans the string whose opening quote is at `start`.
  ///
  /// - Returns: The offset after the closing quote, and whether the string
  ///   has backslash escapes.
  @inline(__always)
  func scanString(_ start: Int) throws(_JSONFailure) -> (end: Int, escaped: Bool) {
    var p = start &+ 1
    var escaped = false
    while true {
      // Eight bytes at a time while none needs a look: a quote, a
      // backslash, a control character or a byte of a multi-byte scalar.
      while p &+ 8 <= limit {
        let special = _specialBytes(_load8(p))
        if special != 0 {
          p &+= special.trailingZeroBitCount &>> 3
          break
        }
        p &+= 8
      }
      guard p < limit else { throw _JSONFailure(at: limit, .unterminatedString(line: 0, column: 0), start: start) }
      let c = base[p]
      if c == UInt8(ascii: "\"") { return (p &+ 1, escaped) }
      if c == UInt8(ascii: "\\") {
        escaped = true
        p = try scanEscape(p, stringStart: start)
      } else if c < 0x20 {
        throw _JSONFailure(at: p, .controlCharacter(c))
      } else if c >= 0x80 {
        p = try scanUTF8(p)
      } else {
        p &+= 1
      }
    }
  }

  /// The high bit of each byte of `w` that is a quote, a backslash, below
  /// 0x20 or 0x80 and above. Bytes above the lowest flagged one may be
  /// flagged wrongly (a borrow), never the lowest.
  @inline(__always)
  func _specialBytes(_ w: UInt64) -> UInt64 {
    let ones: UInt64 = 0x0101_0101_0101_0101
    let highs: UInt64 = 0x8080_8080_8080_8080
    let quotes = w ^ (ones &* 0x22)
    let backslashes = w ^ (ones &* 0x5C)
    let zeroQuote = (quotes &- ones) & ~quotes
    let zeroBackslash = (backslashes &- ones) & ~backslashes
    let control = w &- ones &* 0x20
    return (zeroQuote | zeroBackslash | control | w) & highs
  }

  /// Scans the escape whose backslash is at `p`, in the string that
  /// starts at `stringStart`; returns the offset after it.
  func scanEscape(_ p: Int, stringStart: Int) throws(_JSONFailure) -> Int {
    guard p &+ 1 < limit else {
      throw _JSONFailure(at: limit, .unterminatedString(line: 0, column: 0), start: stringStart)
    }
    switch base[p &+ 1] {
    case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"), UInt8(ascii: "b"), UInt8(ascii: "f"),
      UInt8(ascii: "n"), UInt8(ascii: "r"), UInt8(ascii: "t"):
      return p &+ 2
    case UInt8(ascii: "u"):
      guard let unit = hex4(p &+ 2) else { throw _JSONFailure(at: p, .invalidEscape(escapeText(p))) }
      if unit >= 0xDC00 && unit <= 0xDFFF {
        throw _JSONFailure(at: p, .loneSurrogate(escapeText(p)))
      }
      guard unit >= 0xD800 && unit <= 0xDBFF else { return p &+ 6 }
      // A high surrogate: a low one must follow.
      let next = p &+ 6
      guard next &+ 1 < limit && base[next] == UInt8(ascii: "\\") && base[next &+ 1] == UInt8(ascii: "u") else {
        throw _JSONFailure(at: p, .loneSurrogate(escapeText(p)))
      }
      guard let low = hex4(next &+ 2) else { throw _JSONFailure(at: next, .invalidEscape(escapeText(next))) }
      guard low >= 0xDC00 && low <= 0xDFFF else { throw _JSONFailure(at: p, .loneSurrogate(escapeText(p))) }
      return next &+ 6
    default:
      throw _JSONFailure(at: p, .invalidEscape(escapeText(p)))
    }
  }

  /// The four hex digits at `p` as a number, or nil.
  @inline(__always)
  func hex4(_ p: Int) -> UInt32? {
    guard p &+ 4 <= limit else { return nil }
    var value: UInt32 = 0
    for i in 0 ..< 4 {
      guard let digit = _JSONScanner.hexValue(base[p &+ i]) else { return nil }
      value = value &<< 4 | digit
    }
    return value
  }

  /// The value of a hex digit, or nil.
  @inline(__always)
  static func hexValue(_ c: UInt8) -> UInt32? {
    switch c {
    case UInt8(ascii: "0") ... UInt8(ascii: "9"): return UInt32(c &- UInt8(ascii: "0"))
    case UInt8(ascii: "a") ... UInt8(ascii: "f"): return UInt32(c &- UInt8(ascii: "a") &+ 10)
    case UInt8(ascii: "A") ... UInt8(ascii: "F"): return UInt32(c &- UInt8(ascii: "A") &+ 10)
    default: return nil
    }
  }

  /// An escape as the error shows it: the backslash, then for `\u` the `u`
  /// and up to four printable characters after it, else the character
  /// after the backslash when it is printable ASCII.
  func escapeText(_ p: Int) -> String {
    var text = "\\"
    guard p &+ 1 < limit else { return text }
    let c = base[p &+ 1]
    guard c > 0x20 && c < 0x7F else { return text }
    text.append(Character(Unicode.Scalar(c)))
    guard c == UInt8(ascii: "u") else { return text }
    var q = p &+ 2
    while q < limit && q < p &+ 6 {
      let d = base[q]
      guard d > 0x20 && d < 0x7F && d != UInt8(ascii: "\"") && d != UInt8(ascii: "\\") else { break }
      text.append(Character(Unicode.Scalar(d)))
      q &+= 1
    }
    return text
  }

  /// Checks the UTF-8 sequence whose first byte (0x80 or above) is at `p`;
  /// returns the offset after it. Overlong forms, surrogates, code points
  /// past U+10FFFF, stray continuation bytes and truncated sequences fail.
  @inline(__always)
  func scanUTF8(_ p: Int) throws(_JSONFailure) -> Int {
    let c = base[p]
    @inline(__always) func continuation(_ q: Int) -> Bool { q < limit && base[q] & 0xC0 == 0x80 }
    @inline(__always) func within(_ q: Int, _ low: UInt8, _ high: UInt8) -> Bool {
      q < limit && base[q] >= low && base[q] <= high
    }
    if c >= 0xC2 && c <= 0xDF {
      if continuation(p &+ 1) { return p &+ 2 }
    } else if c >= 0xE0 && c <= 0xEF {
      let low: UInt8 = c == 0xE0 ? 0xA0 : 0x80
      let high: UInt8 = c == 0xED ? 0x9F : 0xBF
      if within(p &+ 1, low, high) && continuation(p &+ 2) { return p &+ 3 }
    } else if c >= 0xF0 && c <= 0xF4 {
      let low: UInt8 = c == 0xF0 ? 0x90 : 0x80
      let high: UInt8 = c == 0xF4 ? 0x8F : 0xBF
      if within(p &+ 1, low, high) && continuation(p &+ 2) && continuation(p &+ 3) { return p &+ 4 }
    }
    throw _JSONFailure(at: p, .invalidUTF8(c))
  }

  // MARK: Numbers and literals

  /// Scans the number that starts at `start` (a `-` or a digit); returns
  /// the offset after it.
  @inline(__always)
  func scanNumber(_ start: Int) throws(_JSONFailure) -> Int {
    var p = start
    if base[p] == UInt8(ascii: "-") { p &+= 1 }
    guard p < limit && _JSONScanner.isDigit(base[p]) else {
      throw _JSONFailure(at: p, .expected("a digit after '-'", found: found(at: p)))
    }
    if base[p] == UInt8(ascii: "0") {
      p &+= 1
      if p < limit && _JSONScanner.isDigit(base[p]) { throw _JSONFailure(at: p &- 1, .leadingZero) }
    } else {
      repeat { p &+= 1 } while p < limit && _JSONScanner.isDigit(base[p])
    }
    if p < limit && base[p] == UInt8(ascii: ".") {
      p &+= 1
      guard p < limit && _JSONScanner.isDigit(base[p]) else {
        throw _JSONFailure(at: p, .expected("a digit after the decimal point", found: found(at: p)))
      }
      repeat { p &+= 1 } while p < limit && _JSONScanner.isDigit(base[p])
    }
    if p < limit && base[p] | 0x20 == UInt8(ascii: "e") {
      p &+= 1
      if p < limit && (base[p] == UInt8(ascii: "+") || base[p] == UInt8(ascii: "-")) { p &+= 1 }
      guard p < limit && _JSONScanner.isDigit(base[p]) else {
        throw _JSONFailure(at: p, .expected("a digit in the exponent", found: found(at: p)))
      }
      repeat { p &+= 1 } while p < limit && _JSONScanner.isDigit(base[p])
    }
    return p
  }

  @inline(__always)
  static func isDigit(_ c: UInt8) -> Bool { c &- UInt8(ascii: "0") < 10 }

  /// The literal at `p` (`true`, `false` or `null`): the offset after it
  /// and its kind; nil when the bytes there are none of them.
  @inline(__always)
  func scanLiteral(_ p: Int) -> (end: Int, kind: JSONNode.Kind)? {
    switch base[p] {
    case UInt8(ascii: "t") where matches("true", at: p): return (p &+ 4, .bool)
    case UInt8(ascii: "f") where matches("false", at: p): return (p &+ 5, .bool)
    case UInt8(ascii: "n") where matches("null", at: p): return (p &+ 4, .null)
    default: return nil
    }
  }

  /// Whether the bytes at `p` are `literal`.
  @inline(__always)
  func matches(_ literal: StaticString, at p: Int) -> Bool {
    let length = literal.utf8CodeUnitCount
    guard p &+ length <= limit else { return false }
    let bytes = literal.utf8Start
    for i in 0 ..< length where base[p &+ i] != bytes[i] { return false }
    return true
  }

  // MARK: Words for errors

  /// What is at `p`, in words, for an error: `'x'`, `'True'` (a run of
  /// letters, digits and `_`), `'é'`, `a line break`, `byte 0xFF`, `the end
  /// of the document` (JSON Lines: `the end of the line`).
  func found(at p: Int) -> String {
    guard p < limit else { return isJSONLines ? "the end of the line" : "the end of the document" }
    let c = base[p]
    if _JSONScanner.isWordByte(c) {
      var end = p
      while end < limit && end < p &+ 24 && _JSONScanner.isWordByte(base[end]) { end &+= 1 }
      let word = String(decoding: UnsafeBufferPointer(start: base + p, count: end &- p), as: UTF8.self)
      let more = end < limit && _JSONScanner.isWordByte(base[end])
      return "'" + word + (more ? "…'" : "'")
    }
    switch c {
    case 0x0A: return "a line break"
    case 0x09: return "a tab"
    case 0x0D: return "a carriage return"
    case 0x20: return "a space"
    case 0x21 ... 0x7E: return "'" + String(Unicode.Scalar(c)) + "'"
    case 0x00 ... 0x1F, 0x7F:
      let hex = String(c, radix: 16, uppercase: true)
      return "control character U+" + String(repeating: "0", count: 4 - hex.count) + hex
    default:
      if let end = try? scanUTF8(p) {
        return "'" + String(decoding: UnsafeBufferPointer(start: base + p, count: end &- p), as: UTF8.self) + "'"
      }
      return "byte 0x" + String(c, radix: 16, uppercase: true)
    }
  }

  /// Letters, digits and `_`: the bytes `found(at:)` shows as a word.
  static func isWordByte(_ c: UInt8) -> Bool {
    (c | 0x20 >= UInt8(ascii: "a") && c | 0x20 <= UInt8(ascii: "z")) || isDigit(c) || c == UInt8(ascii: "_")
  }
}

/// A problem the scanner or the reader found: where, why, and where the
/// unclosed string or container it concerns starts. Turned into a
/// ``JSONSyntaxError`` (with lines and columns) once, when reading fails.
internal struct _JSONFailure: Error {
  /// The byte offset of the problem.
  var offset: Int
  /// What is wrong (lines and columns of a start are filled in later).
  var reason: JSONSyntaxError.Reason
  /// The offset of the unclosed string or container, if any.
  var start: Int?

  init(at offset: Int, _ reason: JSONSyntaxError.Reason, start: Int? = nil) {
    self.offset = offset
    self.reason = reason
    self.start = start
  }

  /// The error, with the offsets turned into lines and columns of `bytes`.
  func syntaxError(in bytes: UnsafeBufferPointer<UInt8>) -> JSONSyntaxError {
    let (line, column) = _JSONPosition.lineAndColumn(of: offset, in: bytes)
    var reason = reason
    if let start {
      let (startLine, startColumn) = _JSONPosition.lineAndColumn(of: start, in: bytes)
      switch reason {
      case .unterminatedString: reason = .unterminatedString(line: startLine, column: startColumn)
      case .unclosed(let kind, _, _): reason = .unclosed(kind, line: startLine, column: startColumn)
      default: break
      }
    }
    return JSONSyntaxError(line: line, column: column, offset: offset, reason: reason)
  }
}

/// Lines and columns of byte offsets.
internal enum _JSONPosition {
  /// The line and column (from 1) of the byte at `offset`: lines end at
  /// line feeds; columns count bytes that are not UTF-8 continuation bytes
  /// (Unicode scalars in UTF-8 text), not counting a byte order mark at the
  /// start.
  ///
  /// O(offset): only errors need it.
  static func lineAndColumn(of offset: Int, in bytes: UnsafeBufferPointer<UInt8>) -> (line: Int, column: Int) {
    let offset = min(offset, bytes.count)
    var line = 1
    var lineStart = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
    for i in 0 ..< offset where bytes[i] == 0x0A {
      line += 1
      lineStart = i + 1
    }
    var column = 1
    if lineStart < offset {
      for i in lineStart ..< offset where bytes[i] & 0xC0 != 0x80 { column += 1 }
    }
    return (line, column)
  }
}
