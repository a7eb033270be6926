/// Finding and decoding tokens in JSON text that has been checked: the
/// reader checked every byte, so these functions only walk and decode.
internal enum _JSONStrings {
  /// The offset after the closing quote of the string whose opening quote
  /// is at `start`.
  static func end(ofStringAt start: Int, in bytes: UnsafeBufferPointer<UInt8>) -> Int {
    var p = start + 1
    while p < bytes.count {
      let c = bytes[p]
      if c == UInt8(ascii: "\"") { return p + 1 }
      p += c == UInt8(ascii: "\\") ? 2 : 1
    }
    return bytes.count
  }

  /// The offset of the value of a node whose text is at `offset`: the
  /// offset, or past the node's key and colon.
  static func valueStart(of node: JSONNode, at offset: Int, in bytes: UnsafeBufferPointer<UInt8>) -> Int {
    guard node.hasKey else { return offset }
    return valueStart(afterKeyEndingAt: end(ofStringAt: offset, in: bytes), in: bytes)
  }

  /// The offset of the value after a key that ends (after its quote) at
  /// `keyEnd`: past the colon and the whitespace around it.
  static func valueStart(afterKeyEndingAt keyEnd: Int, in bytes: UnsafeBufferPointer<UInt8>) -> Int {
    var p = keyEnd
    while p < bytes.count && bytes[p] != UInt8(ascii: ":") { p += 1 }
    p += 1
    while p < bytes.count && isWhitespace(bytes[p]) { p += 1 }
    return p
  }

  /// The offset after the value of `kind` that starts at `start` (after
  /// the opening bracket of a container).
  static func valueEnd(of kind: JSONNode.Kind, at start: Int, in bytes: UnsafeBufferPointer<UInt8>) -> Int {
    switch kind {
    case .object, .array: return start + 1
    case .string: return end(ofStringAt: start, in: bytes)
    case .bool: return start + (bytes[start] == UInt8(ascii: "t") ? 4 : 5)
    case .null: return start + 4
    case .number:
      var p = start
      while p < bytes.count, isNumberByte(bytes[p]) { p += 1 }
      return p
    }
  }

  static func isWhitespace(_ c: UInt8) -> Bool {
    c == 0x20 || c == 0x0A || c == 0x0D || c == 0x09
  }

  static func isNumberByte(_ c: UInt8) -> Bool {
    _JSONScanner.isDigit(c) || c == UInt8(ascii: "-") || c == UInt8(ascii: "+") || c == UInt8(ascii: ".")
      || c | 0x20 == UInt8(ascii: "e")
  }

  /// The text of a string token (with its quotes), unescaped.
  static func decode(_ token: UnsafeBufferPointer<UInt8>, escaped: Bool) -> String {
    guard token.count >= 2 else { return "" }
    let inner = UnsafeBufferPointer(rebasing: token[1 ..< token.count - 1])
    guard escaped else { return String(decoding: inner, as: UTF8.self) }
    return withUnescaped(inner) { String(decoding: $0, as: UTF8.self) }
  }

  /// Calls `body` with the UTF-8 bytes a string's text (between its
  /// quotes) stands for: its escapes decoded, in a temporary buffer (on
  /// the stack when it is small).
  static func withUnescaped<R>(_ inner: UnsafeBufferPointer<UInt8>, _ body: (UnsafeBufferPointer<UInt8>) -> R) -> R {
    // An escape is never shorter than what it stands for.
    withUnsafeTemporaryAllocation(of: UInt8.self, capacity: max(1, inner.count)) { out in
      var count = 0
      func append(_ byte: UInt8) {
        out[count] = byte
        count += 1
      }
      var p = 0
      while p < inner.count {
        let c = inner[p]
        guard c == UInt8(ascii: "\\"), p + 1 < inner.count else {
          append(c)
          p += 1
          continue
        }
        let e = inner[p + 1]
        p += 2
        switch e {
        case UInt8(ascii: "b"): append(0x08)
        case UInt8(ascii: "f"): append(0x0C)
        case UInt8(ascii: "n"): append(0x0A)
        case UInt8(ascii: "r"): append(0x0D)
        case UInt8(ascii: "t"): append(0x09)
        case UInt8(ascii: "u"):
          var scalar = hex4(inner, at: p)
          p += 4
          if scalar >= 0xD800 && scalar <= 0xDBFF && p + 6 <= inner.count {
            // The reader checked that a low surrogate follows.
            let low = hex4(inner, at: p + 2)
            scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
            p += 6
          }
          UTF8.encode(Unicode.Scalar(scalar) ?? "\u{FFFD}") { append($0) }
        default: append(e)  // " \ /
        }
      }
      return body(UnsafeBufferPointer(rebasing: out[0 ..< count]))
    }
  }

  static func hex4(_ bytes: UnsafeBufferPointer<UInt8>, at p: Int) -> UInt32 {
    var value: UInt32 = 0
    for i in p ..< min(p + 4, bytes.count) { value = value << 4 | (_JSONScanner.hexValue(bytes[i]) ?? 0) }
    return value
  }
}
