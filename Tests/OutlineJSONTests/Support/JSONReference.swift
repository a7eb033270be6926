import OutlineJSON

/// A naive JSON reader written for the tests (and compiled into the `json`
/// fuzz target): recursive descent straight from RFC 8259's grammar,
/// decoding every string as it goes, with none of the fast reader's
/// tricks (no word-at-a-time scanning, no state machine, UTF-8 checked by
/// decoding each scalar and then checking its value).
///
/// It produces the values in document order, as the fast reader's outline
/// holds them, and the same errors (offset and reason), so the two can be
/// compared on any input. Its recursion is as deep as the document, so it
/// takes a small `maximumDepth`.
struct ReferenceJSON {
  /// One value, as the outline shows it.
  struct Value: Hashable, CustomStringConvertible {
    var depth: Int
    var kind: JSONNode.Kind
    /// The key, for an object member.
    var key: String?
    /// A scalar's value: a string decoded, anything else as written.
    var value: String?

    var description: String {
      String(repeating: "  ", count: depth) + (key.map { "\($0): " } ?? "") + "\(kind)" + (value.map { " \($0.debugDescription)" } ?? "")
    }
  }

  /// An error: the offset and the reason, as `JSONSyntaxError` has them.
  struct Failure: Error, Hashable {
    var offset: Int
    var reason: JSONSyntaxError.Reason
  }

  let bytes: [UInt8]
  let isJSONLines: Bool
  let maximumDepth: Int
  /// The end of the current document: the input's end, or the line's.
  var limit = 0
  var p = 0
  var values: [Value] = []

  /// Reads `bytes`: the values in document order, or the first error.
  static func read(_ bytes: [UInt8], jsonLines: Bool = false, maximumDepth: Int = 64) -> Result<[Value], Failure> {
    var reader = ReferenceJSON(bytes: bytes, isJSONLines: jsonLines, maximumDepth: maximumDepth)
    do {
      try reader.document()
      return .success(reader.values)
    } catch let failure as Failure {
      return .failure(failure)
    } catch {
      fatalError("unexpected \(error)")
    }
  }

  // MARK: Documents

  mutating func document() throws {
    let start = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
    guard isJSONLines else {
      limit = bytes.count
      p = start
      skipSpace()
      if p >= limit { throw Failure(offset: p, reason: .expected("a value", found: found())) }
      try value(depth: 0, key: nil, container: nil)
      skipSpace()
      if p < limit { throw Failure(offset: p, reason: .trailingContent(found: found())) }
      return
    }
    var lineStart = start
    while lineStart < bytes.count {
      var lineEnd = lineStart
      while lineEnd < bytes.count && bytes[lineEnd] != 0x0A { lineEnd += 1 }
      limit = lineEnd
      p = lineStart
      skipSpace()
      if p < limit {
        try value(depth: 0, key: nil, container: nil)
        skipSpace()
        if p < limit { throw Failure(offset: p, reason: .trailingContent(found: found())) }
      }
      lineStart = lineEnd + 1
    }
  }

  mutating func skipSpace() {
    while p < limit, bytes[p] == 0x20 || bytes[p] == 0x09 || bytes[p] == 0x0A || bytes[p] == 0x0D { p += 1 }
  }

  /// The failure for an input that ends inside `container`.
  func unclosed(_ container: (kind: JSONNode.Kind, start: Int)) -> Failure {
    let (line, column) = ReferenceJSON.lineAndColumn(of: container.start, in: bytes)
    return Failure(offset: limit, reason: .unclosed(container.kind, line: line, column: column))
  }

  // MARK: Values

  mutating func value(depth: Int, key: String?, container: (kind: JSONNode.Kind, start: Int)?) throws {
    if p >= limit {
      if let container { throw unclosed(container) }
      throw Failure(offset: p, reason: .expected("a value", found: found()))
    }
    if depth > maximumDepth { throw Failure(offset: p, reason: .tooDeep(limit: maximumDepth)) }
    let c = bytes[p]
    switch c {
    case UInt8(ascii: "{"):
      values.append(Value(depth: depth, kind: .object, key: key))
      try object(depth: depth)
    case UInt8(ascii: "["):
      values.append(Value(depth: depth, kind: .array, key: key))
      try array(depth: depth)
    case UInt8(ascii: "\""):
      let text = try string()
      values.append(Value(depth: depth, kind: .string, key: key, value: text))
    case UInt8(ascii: "-"), UInt8(ascii: "0") ... UInt8(ascii: "9"):
      let start = p
      try number()
      values.append(Value(depth: depth, kind: .number, key: key, value: String(decoding: bytes[start ..< p], as: UTF8.self)))
    case UInt8(ascii: "'"):
      throw Failure(offset: p, reason: .singleQuotes)
    default:
      for (word, kind) in ReferenceJSON.literals {
        let utf8 = word.utf8
        if p + utf8.count <= limit && bytes[p ..< p + utf8.count].elementsEqual(utf8) {
          p += utf8.count
          values.append(Value(depth: depth, kind: kind, key: key, value: word))
          return
        }
      }
      throw Failure(offset: p, reason: .expected("a value", found: found()))
    }
  }

  static let literals: [(String, JSONNode.Kind)] = [("true", .bool), ("false", .bool), ("null", .null)]

  mutating func object(depth: Int) throws {
    let me = (kind: JSONNode.Kind.object, start: p)
    p += 1
    skipSpace()
    if p >= limit { throw unclosed(me) }
    if bytes[p] == UInt8(ascii: "}") {
      p += 1
      return
    }
    var first = true
    while true {
      if bytes[p] == UInt8(ascii: "'") { throw Failure(offset: p, reason: .singleQuotes) }
      guard bytes[p] == UInt8(ascii: "\"") else {
        throw Failure(offset: p, reason: .expected(first ? "a key in double quotes or '}'" : "a key in double quotes", found: found()))
      }
      first = false
      let key = try string()
      skipSpace()
      if p >= limit { throw unclosed(me) }
      guard bytes[p] == UInt8(ascii: ":") else { throw Failure(offset: p, reason: .expected("':' after the key", found: found())) }
      p += 1
      skipSpace()
      try value(depth: depth + 1, key: key, container: me)
      skipSpace()
      if p >= limit { throw unclosed(me) }
      if bytes[p] == UInt8(ascii: "}") {
        p += 1
        return
      }
      guard bytes[p] == UInt8(ascii: ",") else {
        throw Failure(offset: p, reason: .expected("',' or '}' after a member", found: found()))
      }
      p += 1
      skipSpace()
      if p >= limit { throw unclosed(me) }
      if bytes[p] == UInt8(ascii: "}") { throw Failure(offset: p, reason: .trailingComma(.object)) }
    }
  }

  mutating func array(depth: Int) throws {
    let me = (kind: JSONNode.Kind.array, start: p)
    p += 1
    skipSpace()
    if p >= limit { throw unclosed(me) }
    if bytes[p] == UInt8(ascii: "]") {
      p += 1
      return
    }
    while true {
      try value(depth: depth + 1, key: nil, container: me)
      skipSpace()
      if p >= limit { throw unclosed(me) }
      if bytes[p] == UInt8(ascii: "]") {
        p += 1
        return
      }
      guard bytes[p] == UInt8(ascii: ",") else {
        throw Failure(offset: p, reason: .expected("',' or ']' after an element", found: found()))
      }
      p += 1
      skipSpace()
      if p >= limit { throw unclosed(me) }
      if bytes[p] == UInt8(ascii: "]") { throw Failure(offset: p, reason: .trailingComma(.array)) }
    }
  }

  // MARK: Numbers

  mutating func number() throws {
    func digit() -> Bool { p < limit && bytes[p] >= UInt8(ascii: "0") && bytes[p] <= UInt8(ascii: "9") }
    if bytes[p] == UInt8(ascii: "-") { p += 1 }
    guard digit() else { throw Failure(offset: p, reason: .expected("a digit after '-'", found: found())) }
    if bytes[p] == UInt8(ascii: "0") {
      p += 1
      if digit() { throw Failure(offset: p - 1, reason: .leadingZero) }
    } else {
      while digit() { p += 1 }
    }
    if p < limit && bytes[p] == UInt8(ascii: ".") {
      p += 1
      guard digit() else { throw Failure(offset: p, reason: .expected("a digit after the decimal point", found: found())) }
      while digit() { p += 1 }
    }
    if p < limit && (bytes[p] == UInt8(ascii: "e") || bytes[p] == UInt8(ascii: "E")) {
      p += 1
      if p < limit && (bytes[p] == UInt8(ascii: "+") || bytes[p] == UInt8(ascii: "-")) { p += 1 }
      guard digit() else { throw Failure(offset: p, reason: .expected("a digit in the exponent", found: found())) }
      while digit() { p += 1 }
    }
  }

  // MARK: Strings

  /// Reads the string at `p` (its opening quote) and returns it decoded.
  mutating func string() throws -> String {
    let start = p
    var scalars = String.UnicodeScalarView()
    p += 1
    func unterminated() -> Failure {
      let (line, column) = ReferenceJSON.lineAndColumn(of: start, in: bytes)
      return Failure(offset: limit, reason: .unterminatedString(line: line, column: column))
    }
    while true {
      guard p < limit else { throw unterminated() }
      let c = bytes[p]
      if c == UInt8(ascii: "\"") {
        p += 1
        return String(scalars)
      }
      if c < 0x20 { throw Failure(offset: p, reason: .controlCharacter(c)) }
      if c >= 0x80 {
        guard let (scalar, length) = decodeUTF8(at: p) else { throw Failure(offset: p, reason: .invalidUTF8(c)) }
        scalars.append(scalar)
        p += length
        continue
      }
      guard c == UInt8(ascii: "\\") else {
        scalars.append(Unicode.Scalar(c))
        p += 1
        continue
      }
      guard p + 1 < limit else { throw unterminated() }
      if let byte = ReferenceJSON.simpleEscapes[bytes[p + 1]] {
        scalars.append(Unicode.Scalar(byte))
        p += 2
        continue
      }
      guard bytes[p + 1] == UInt8(ascii: "u"), let unit = hex(at: p + 2) else {
        throw Failure(offset: p, reason: .invalidEscape(escapeText(at: p)))
      }
      if (0xDC00 ... 0xDFFF).contains(unit) { throw Failure(offset: p, reason: .loneSurrogate(escapeText(at: p))) }
      if (0xD800 ... 0xDBFF).contains(unit) {
        guard p + 7 < limit, bytes[p + 6] == UInt8(ascii: "\\"), bytes[p + 7] == UInt8(ascii: "u") else {
          throw Failure(offset: p, reason: .loneSurrogate(escapeText(at: p)))
        }
        guard let low = hex(at: p + 8) else { throw Failure(offset: p + 6, reason: .invalidEscape(escapeText(at: p + 6))) }
        guard (0xDC00 ... 0xDFFF).contains(low) else { throw Failure(offset: p, reason: .loneSurrogate(escapeText(at: p))) }
        scalars.append(Unicode.Scalar(0x10000 + (unit - 0xD800) * 0x400 + (low - 0xDC00))!)
        p += 12
        continue
      }
      scalars.append(Unicode.Scalar(unit)!)
      p += 6
    }
  }

  /// The escapes of one character after the backslash, and what they stand for.
  static let simpleEscapes: [UInt8: UInt8] = [
    UInt8(ascii: "\""): 0x22, UInt8(ascii: "\\"): 0x5C, UInt8(ascii: "/"): 0x2F, UInt8(ascii: "b"): 0x08,
    UInt8(ascii: "f"): 0x0C, UInt8(ascii: "n"): 0x0A, UInt8(ascii: "r"): 0x0D, UInt8(ascii: "t"): 0x09,
  ]

  /// Four hex digits at `q`, or nil.
  func hex(at q: Int) -> UInt32? {
    guard q + 4 <= limit else { return nil }
    return UInt32(String(decoding: bytes[q ..< q + 4], as: UTF8.self), radix: 16).flatMap { value in
      // `UInt32(_:radix:)` takes a sign; JSON does not.
      bytes[q ..< q + 4].allSatisfy { $0 != UInt8(ascii: "+") && $0 != UInt8(ascii: "-") } ? value : nil
    }
  }

  /// The escape at `q` as errors show it: `\` and the next character when
  /// it is printable ASCII; for `\u`, up to four printable characters
  /// after the `u`, stopping at a quote or backslash.
  func escapeText(at q: Int) -> String {
    var text = "\\"
    guard q + 1 < limit, (0x21 ... 0x7E).contains(bytes[q + 1]) else { return text }
    text += String(UnicodeScalar(bytes[q + 1]))
    if bytes[q + 1] == UInt8(ascii: "u") {
      for r in q + 2 ..< min(q + 6, limit) {
        let d = bytes[r]
        if !(0x21 ... 0x7E).contains(d) || d == UInt8(ascii: "\"") || d == UInt8(ascii: "\\") { break }
        text += String(UnicodeScalar(d))
      }
    }
    return text
  }

  /// The scalar encoded at `q` and its length, decoded by the book: the
  /// lead byte gives the length, continuation bytes the bits, and then
  /// the value must need that length, not be a surrogate, and be at most
  /// U+10FFFF.
  func decodeUTF8(at q: Int) -> (Unicode.Scalar, Int)? {
    let lead = bytes[q]
    let length: Int
    var value: UInt32
    switch lead {
    case 0xC0 ... 0xDF: (length, value) = (2, UInt32(lead & 0x1F))
    case 0xE0 ... 0xEF: (length, value) = (3, UInt32(lead & 0x0F))
    case 0xF0 ... 0xF7: (length, value) = (4, UInt32(lead & 0x07))
    default: return nil
    }
    guard q + length <= limit else { return nil }
    for r in q + 1 ..< q + length {
      guard bytes[r] & 0xC0 == 0x80 else { return nil }
      value = value << 6 | UInt32(bytes[r] & 0x3F)
    }
    let smallest: UInt32 = [2: 0x80, 3: 0x800, 4: 0x10000][length]!
    guard value >= smallest, let scalar = Unicode.Scalar(value) else { return nil }
    return (scalar, length)
  }

  // MARK: Errors

  /// What is at `p`, in the words the errors use.
  func found() -> String {
    guard p < limit else { return isJSONLines ? "the end of the line" : "the end of the document" }
    let c = bytes[p]
    func isWord(_ b: UInt8) -> Bool {
      (UInt8(ascii: "a") ... UInt8(ascii: "z")).contains(b) || (UInt8(ascii: "A") ... UInt8(ascii: "Z")).contains(b)
        || (UInt8(ascii: "0") ... UInt8(ascii: "9")).contains(b) || b == UInt8(ascii: "_")
    }
    if isWord(c) {
      var end = p
      while end < limit && isWord(bytes[end]) { end += 1 }
      let shown = min(end, p + 24)
      return "'" + String(decoding: bytes[p ..< shown], as: UTF8.self) + (end > shown ? "…'" : "'")
    }
    switch c {
    case 0x0A: return "a line break"
    case 0x09: return "a tab"
    case 0x0D: return "a carriage return"
    case 0x20: return "a space"
    case 0x00 ..< 0x20, 0x7F:
      let hex = String(c, radix: 16, uppercase: true)
      return "control character U+" + (hex.count == 1 ? "000" : "00") + hex
    case 0x80...:
      if let (scalar, _) = decodeUTF8(at: p) { return "'\(Character(scalar))'" }
      return "byte 0x" + String(c, radix: 16, uppercase: true)
    default:
      return "'\(Character(UnicodeScalar(c)))'"
    }
  }

  /// The line and column of an offset: lines end at line feeds, columns
  /// count characters (bytes that do not continue a UTF-8 sequence) from
  /// 1, after a byte order mark on the first line.
  static func lineAndColumn(of offset: Int, in bytes: [UInt8]) -> (line: Int, column: Int) {
    let before = bytes[..<min(offset, bytes.count)]
    let line = before.filter { $0 == 0x0A }.count + 1
    var lineStart = (before.lastIndex(of: 0x0A).map { $0 + 1 }) ?? 0
    if line == 1 && bytes.starts(with: [0xEF, 0xBB, 0xBF]) { lineStart = 3 }
    let column = lineStart < before.endIndex ? before[lineStart...].filter { $0 < 0x80 || $0 >= 0xC0 }.count + 1 : 1
    return (line, column)
  }
}

extension JSONDocument {
  /// Every value in document order, as ``ReferenceJSON`` lists them: the
  /// outline walked with a stack (so any depth is fine).
  var referenceValues: [ReferenceJSON.Value] {
    var result: [ReferenceJSON.Value] = []
    var pending = Array(outline.roots.reversed())
    while let id = pending.popLast() {
      result.append(
        ReferenceJSON.Value(depth: outline.depth(of: id), kind: kind(of: id), key: key(of: id), value: value(of: id)))
      pending += outline.children(of: id).reversed()
    }
    return result
  }
}
