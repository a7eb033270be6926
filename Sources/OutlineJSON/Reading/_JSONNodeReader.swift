import OutlineKit

#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Android)
import Android
#else
#error("OutlineJSON reads files through POSIX calls (open, fstat, read): this platform has no C library Swift can import")
#endif

/// Reads JSON text in one pass and hands out its values in document order,
/// each as a ``JSONNode`` with its depth: the sequence that
/// `Outline(preorder:)` builds the outline from, so no tree of values is
/// ever made.
///
/// It is a state machine, not a recursive descent: the open objects and
/// arrays are a stack of offsets, so nesting is limited by
/// `maximumDepth` and memory, never by the call stack.
///
/// An iterator cannot throw: on the first problem it stops, and the
/// failure waits in ``_JSONReadStatus`` for the caller.
internal struct _JSONNodeReader: Sequence, IteratorProtocol {
  typealias Element = (node: JSONNode, depth: Int)

  /// Where the reader is in the grammar.
  enum State: UInt8 {
    /// Before a document's value (JSON Lines: before each line's).
    case beforeRoot
    /// After `{`: a key or `}`.
    case firstMember
    /// After `[`: a value or `]`.
    case firstElement
    /// After a value: `,` or the closing bracket, or the end.
    case afterValue
    /// Done, or failed.
    case finished
  }

  var scanner: _JSONScanner
  /// The next byte to read.
  var position: Int
  var state = State.beforeRoot
  /// The open objects and arrays: each one's opening offset, shifted left
  /// one, with 1 for an array.
  var stack = ContiguousArray<UInt64>()
  /// The deepest depth a value may have.
  let maximumDepth: Int
  /// Values read so far.
  var valueCount = 0
  /// Where the failure goes.
  let status: _JSONReadStatus

  /// The most values an outline holds.
  static let maximumValueCount = Int(Int32.max) - 1

  init(base: UnsafePointer<UInt8>, count: Int, isJSONLines: Bool, maximumDepth: Int, status: _JSONReadStatus) {
    scanner = _JSONScanner(base: base, count: count, isJSONLines: isJSONLines)
    // RFC 8259 lets a reader ignore a byte order mark at the start.
    let hasByteOrderMark = count >= 3 && base[0] == 0xEF && base[1] == 0xBB && base[2] == 0xBF
    position = hasByteOrderMark ? 3 : 0
    self.maximumDepth = maximumDepth
    self.status = status
    if isJSONLines { scanner.limit = 0 }  // the first line is found by `nextLine()`
  }

  /// An estimate of the number of values, which the outline sizes its
  /// arrays by: the commas and opening brackets of the first megabyte,
  /// scaled to the whole input, and a little more.
  ///
  /// It may be more than the count (the sequence then breaks the letter of
  /// `underestimatedCount`, which the outline only reserves by): room
  /// reserved and never written costs address space, not memory, while
  /// arrays grown by doubling leave their old buffers behind and copy
  /// everything they held. The estimate is at most what the bytes can
  /// hold (a value needs two bytes).
  var underestimatedCount: Int {
    let count = scanner.count
    let sample = Swift.min(count, 1 << 20)
    guard sample > 0 else { return 0 }
    var separators = 0
    for i in 0 ..< sample {
      let c = scanner.base[i]
      if c == UInt8(ascii: ",") || c == UInt8(ascii: "{") || c == UInt8(ascii: "[") { separators &+= 1 }
    }
    let estimate = Double(separators + 1) * Double(count) / Double(sample) * 1.05
    return Swift.min(Int(estimate), count / 2 + 1)
  }

  mutating func next() -> Element? {
    do {
      return try step()
    } catch {
      status.failure = error
      state = .finished
      return nil
    }
  }

  // MARK: The grammar

  @inline(__always)
  mutating func step() throws(_JSONFailure) -> Element? {
    switch state {
    case .afterValue:
      return try afterValue()
    case .firstMember:
      let p = scanner.skipWhitespace(position)
      guard p < scanner.limit else { throw unclosed() }
      let c = scanner.base[p]
      if c == UInt8(ascii: "\"") { return try member(at: p) }
      if c == UInt8(ascii: "}") {
        stack.removeLast()
        position = p &+ 1
        return try afterValue()
      }
      throw keyFailure(at: p, afterComma: false)
    case .firstElement:
      let p = scanner.skipWhitespace(position)
      guard p < scanner.limit else { throw unclosed() }
      if scanner.base[p] == UInt8(ascii: "]") {
        stack.removeLast()
        position = p &+ 1
        return try afterValue()
      }
      return try value(at: p, start: p, keyBits: 0)
    case .beforeRoot:
      guard let p = try startOfRoot() else {
        state = .finished
        return nil
      }
      return try value(at: p, start: p, keyBits: 0)
    case .finished:
      return nil
    }
  }

  /// After a value: commas and closing brackets up to the next value, or
  /// the end of the document.
  @inline(__always)
  mutating func afterValue() throws(_JSONFailure) -> Element? {
    var p = position
    while true {
      p = scanner.skipWhitespace(p)
      guard let top = stack.last else {
        // A whole document (a line's, in JSON Lines) has been read.
        guard p >= scanner.limit else {
          throw _JSONFailure(at: p, .trailingContent(found: scanner.found(at: p)))
        }
        position = p
        guard scanner.isJSONLines else {
          state = .finished
          return nil
        }
        position = scanner.limit &+ 1
        guard let start = try startOfRoot() else {
          state = .finished
          return nil
        }
        return try value(at: start, start: start, keyBits: 0)
      }
      guard p < scanner.limit else { throw unclosed() }
      let c = scanner.base[p]
      if top & 1 == 0 {
        if c == UInt8(ascii: ",") {
          p = scanner.skipWhitespace(p &+ 1)
          guard p < scanner.limit else { throw unclosed() }
          let k = scanner.base[p]
          if k == UInt8(ascii: "\"") { return try member(at: p) }
          if k == UInt8(ascii: "}") { throw _JSONFailure(at: p, .trailingComma(.object)) }
          throw keyFailure(at: p, afterComma: true)
        }
        guard c == UInt8(ascii: "}") else {
          throw _JSONFailure(at: p, .expected("',' or '}' after a member", found: scanner.found(at: p)))
        }
      } else {
        if c == UInt8(ascii: ",") {
          p = scanner.skipWhitespace(p &+ 1)
          guard p < scanner.limit else { throw unclosed() }
          if scanner.base[p] == UInt8(ascii: "]") { throw _JSONFailure(at: p, .trailingComma(.array)) }
          return try value(at: p, start: p, keyBits: 0)
        }
        guard c == UInt8(ascii: "]") else {
          throw _JSONFailure(at: p, .expected("',' or ']' after an element", found: scanner.found(at: p)))
        }
      }
      stack.removeLast()
      p &+= 1
    }
  }

  /// A member whose key's opening quote is at `p`.
  @inline(__always)
  mutating func member(at p: Int) throws(_JSONFailure) -> Element? {
    let (keyEnd, escaped) = try scanner.scanString(p)
    var q = scanner.skipWhitespace(keyEnd)
    guard q < scanner.limit else { throw unclosed() }
    guard scanner.base[q] == UInt8(ascii: ":") else {
      throw _JSONFailure(at: q, .expected("':' after the key", found: scanner.found(at: q)))
    }
    q = scanner.skipWhitespace(q &+ 1)
    return try value(at: q, start: p, keyBits: JSONNode.keyFlag | (escaped ? JSONNode.keyEscapedFlag : 0))
  }

  /// The value at `p`, whose node's text starts at `start` (its key's
  /// quote for a member).
  @inline(__always)
  mutating func value(at p: Int, start: Int, keyBits: UInt64) throws(_JSONFailure) -> Element? {
    guard p < scanner.limit else {
      if stack.isEmpty { throw _JSONFailure(at: p, .expected("a value", found: scanner.found(at: p))) }
      throw unclosed()
    }
    let depth = stack.count
    guard depth <= maximumDepth else { throw _JSONFailure(at: p, .tooDeep(limit: maximumDepth)) }
    guard valueCount < _JSONNodeReader.maximumValueCount else { throw _JSONFailure(at: p, .tooManyValues) }
    guard start <= JSONNode.maximumOffset else { throw _JSONFailure(at: p, .tooManyValues) }
    var bits = UInt64(truncatingIfNeeded: start) | keyBits
    switch scanner.base[p] {
    case UInt8(ascii: "{"):
      stack.append(UInt64(truncatingIfNeeded: p) &<< 1)
      position = p &+ 1
      state = .firstMember
      bits |= UInt64(JSONNode.Kind.object.rawValue) &<< JSONNode.kindShift
    case UInt8(ascii: "["):
      stack.append(UInt64(truncatingIfNeeded: p) &<< 1 | 1)
      position = p &+ 1
      state = .firstElement
      bits |= UInt64(JSONNode.Kind.array.rawValue) &<< JSONNode.kindShift
    case UInt8(ascii: "\""):
      let (end, escaped) = try scanner.scanString(p)
      position = end
      state = .afterValue
      bits |= UInt64(JSONNode.Kind.string.rawValue) &<< JSONNode.kindShift | (escaped ? JSONNode.valueEscapedFlag : 0)
    case UInt8(ascii: "-"), UInt8(ascii: "0") ... UInt8(ascii: "9"):
      position = try scanner.scanNumber(p)
      state = .afterValue
      bits |= UInt64(JSONNode.Kind.number.rawValue) &<< JSONNode.kindShift
    case UInt8(ascii: "t"), UInt8(ascii: "f"), UInt8(ascii: "n"):
      guard let (end, kind) = scanner.scanLiteral(p) else {
        throw _JSONFailure(at: p, .expected("a value", found: scanner.found(at: p)))
      }
      position = end
      state = .afterValue
      bits |= UInt64(kind.rawValue) &<< JSONNode.kindShift
    case UInt8(ascii: "'"):
      throw _JSONFailure(at: p, .singleQuotes)
    default:
      throw _JSONFailure(at: p, .expected("a value", found: scanner.found(at: p)))
    }
    valueCount &+= 1
    return (JSONNode(_bits: bits), depth)
  }

  // MARK: Documents and lines

  /// The offset of the next document's first byte, or nil when there is
  /// none: JSON has one document; JSON Lines one per line that is not
  /// blank.
  mutating func startOfRoot() throws(_JSONFailure) -> Int? {
    guard scanner.isJSONLines else {
      guard valueCount == 0 else { return nil }
      let p = scanner.skipWhitespace(position)
      guard p < scanner.limit else { throw _JSONFailure(at: p, .expected("a value", found: scanner.found(at: p))) }
      return p
    }
    while position < scanner.count {
      let lineStart = position
      let rest = scanner.count &- lineStart
      if let feed = memchr(scanner.base + lineStart, 0x0A, rest) {
        scanner.limit = lineStart &+ (UnsafeRawPointer(feed) - UnsafeRawPointer(scanner.base + lineStart))
      } else {
        scanner.limit = scanner.count
      }
      let p = scanner.skipWhitespace(lineStart)
      if p < scanner.limit { return p }
      position = scanner.limit &+ 1
    }
    return nil
  }

  // MARK: Failures

  /// The input (or the line) ended inside the innermost open container.
  func unclosed() -> _JSONFailure {
    let top = stack.last.unsafelyUnwrapped
    let kind: JSONNode.Kind = top & 1 == 0 ? .object : .array
    return _JSONFailure(at: scanner.limit, .unclosed(kind, line: 0, column: 0), start: Int(truncatingIfNeeded: top &>> 1))
  }

  /// Something that is not a key where a key was expected.
  func keyFailure(at p: Int, afterComma: Bool) -> _JSONFailure {
    if scanner.base[p] == UInt8(ascii: "'") { return _JSONFailure(at: p, .singleQuotes) }
    let expected = afterComma ? "a key in double quotes" : "a key in double quotes or '}'"
    return _JSONFailure(at: p, .expected(expected, found: scanner.found(at: p)))
  }
}

/// Where a reader leaves its failure (an iterator cannot throw).
internal final class _JSONReadStatus {
  var failure: _JSONFailure?
}
