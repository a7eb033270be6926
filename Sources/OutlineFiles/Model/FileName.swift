/// The name of a directory entry, byte for byte.
///
/// File systems store names as bytes, and nothing makes them valid UTF-8:
/// a name written by an old program in Latin-1, or made on purpose, has
/// bytes a `String` would replace. `FileName` keeps the bytes as they are,
/// so that the entry can be opened, compared and refreshed; its
/// `description` shows it escaped for a screen.
///
/// ```swift
/// let name = tree.name(of: id)
/// name.string            // "report.txt", or nil when the bytes are not UTF-8
/// name.description       // "report.txt"; "caf\xE9", "two\nlines" escaped
/// ```
public struct FileName: Hashable, Sendable, Comparable, CustomStringConvertible, ExpressibleByStringLiteral {
  /// The name's bytes, as the file system has them.
  public let bytes: [UInt8]

  /// A name from its bytes.
  ///
  /// - Complexity: O(1).
  public init(bytes: [UInt8]) {
    self.bytes = bytes
  }

  /// A name from a string's UTF-8 bytes.
  ///
  /// - Complexity: O(n) in the string's length.
  public init(_ string: String) {
    bytes = Array(string.utf8)
  }

  /// A name from a string literal.
  ///
  /// - Complexity: O(n) in the literal's length.
  public init(stringLiteral value: String) {
    self.init(value)
  }

  /// The name as a string, or nil when its bytes are not valid UTF-8.
  ///
  /// - Complexity: O(n) in the name's length.
  public var string: String? {
    bytes.withUnsafeBytes { raw in
      var index = 0
      while index < raw.count {
        let length = _validUTF8Length(raw, at: index)
        guard length > 0 else { return nil }
        index += length
      }
      return String(decoding: raw, as: UTF8.self)
    }
  }

  /// The name for display: valid UTF-8 as it is, except that control
  /// characters are escaped (`\n`, `\t`, `\x1B`) and a backslash doubled;
  /// each byte that is not part of valid UTF-8 is shown as `\xNN`.
  ///
  /// The escaping is reversible, so two different names never look the
  /// same.
  ///
  /// - Complexity: O(n) in the name's length.
  public var description: String {
    bytes.withUnsafeBytes { FileName.escaped($0) }
  }

  /// Whether the name starts with a dot: a hidden entry by Unix custom.
  ///
  /// - Complexity: O(1).
  public var isHidden: Bool { bytes.first == UInt8(ascii: ".") }

  /// Whether `lhs` comes before `rhs` in natural order (see
  /// ``naturalOrder(_:_:)``).
  ///
  /// - Complexity: O(n) in the names' length.
  public static func < (lhs: FileName, rhs: FileName) -> Bool {
    naturalOrder(lhs, rhs) < 0
  }

  /// Compares two names in natural order, as file browsers sort: runs of
  /// digits compare as numbers (`file9` before `file10`), letters A-Z
  /// without regard to case, other bytes by value (so UTF-8 names by code
  /// point). Names equal by those rules are ordered by fewer leading
  /// zeros, then by their bytes, so the order is total: only equal names
  /// compare equal.
  ///
  /// ```swift
  /// FileName.naturalOrder("IMG_9.jpg", "img_10.jpg")   // negative
  /// ```
  ///
  /// - Returns: A negative number when `lhs` comes first, 0 when the
  ///   names are equal, a positive number when `rhs` comes first.
  /// - Complexity: O(n) in the names' length.
  public static func naturalOrder(_ lhs: FileName, _ rhs: FileName) -> Int {
    lhs.bytes.withUnsafeBytes { a in rhs.bytes.withUnsafeBytes { b in _naturalOrder(a, b) } }
  }
}

extension FileName {
  /// Escapes name bytes for display (see ``description``).
  static func escaped(_ bytes: UnsafeRawBufferPointer) -> String {
    // The common case: printable ASCII needs no escaping.
    if bytes.allSatisfy({ $0 >= 0x20 && $0 < 0x7F && $0 != UInt8(ascii: "\\") }) {
      return String(decoding: bytes, as: UTF8.self)
    }
    var text = ""
    text.reserveCapacity(bytes.count + 8)
    var index = 0
    while index < bytes.count {
      let byte = bytes[index]
      let length = _validUTF8Length(bytes, at: index)
      if length == 0 {
        text += "\\x" + hex(byte)
        index += 1
        continue
      }
      if length == 1 {
        switch byte {
        case UInt8(ascii: "\\"): text += "\\\\"
        case UInt8(ascii: "\n"): text += "\\n"
        case UInt8(ascii: "\t"): text += "\\t"
        case UInt8(ascii: "\r"): text += "\\r"
        case 0 ..< 0x20, 0x7F: text += "\\x" + hex(byte)
        default: text.unicodeScalars.append(Unicode.Scalar(byte))
        }
      } else {
        let scalar = String(decoding: UnsafeRawBufferPointer(rebasing: bytes[index ..< index + length]), as: UTF8.self)
        // C1 controls (U+0080 ... U+009F) move a terminal's cursor too.
        if let value = scalar.unicodeScalars.first?.value, (0x80 ... 0x9F).contains(value) {
          for byte in bytes[index ..< index + length] { text += "\\x" + hex(byte) }
        } else {
          text += scalar
        }
      }
      index += length
    }
    return text
  }

  private static func hex(_ byte: UInt8) -> String {
    let digits = Array("0123456789ABCDEF")
    return String([digits[Int(byte >> 4)], digits[Int(byte & 15)]])
  }
}

/// The length of the valid UTF-8 sequence at `index`, or 0 when the byte
/// there does not start one.
func _validUTF8Length(_ bytes: UnsafeRawBufferPointer, at index: Int) -> Int {
  let first = bytes[index]
  let count = bytes.count
  func continuation(_ offset: Int) -> Bool {
    index + offset < count && bytes[index + offset] & 0xC0 == 0x80
  }
  switch first {
  case 0x00 ... 0x7F:
    return 1
  case 0xC2 ... 0xDF:
    return continuation(1) ? 2 : 0
  case 0xE0 ... 0xEF:
    guard continuation(1), continuation(2) else { return 0 }
    let second = bytes[index + 1]
    if first == 0xE0 && second < 0xA0 { return 0 }  // overlong
    if first == 0xED && second >= 0xA0 { return 0 }  // surrogates
    return 3
  case 0xF0 ... 0xF4:
    guard continuation(1), continuation(2), continuation(3) else { return 0 }
    let second = bytes[index + 1]
    if first == 0xF0 && second < 0x90 { return 0 }  // overlong
    if first == 0xF4 && second >= 0x90 { return 0 }  // past U+10FFFF
    return 4
  default:
    return 0
  }
}

/// Natural order of two names' bytes; see ``FileName/naturalOrder(_:_:)``.
func _naturalOrder(_ a: UnsafeRawBufferPointer, _ b: UnsafeRawBufferPointer) -> Int {
  let zero = UInt8(ascii: "0")
  @inline(__always) func isDigit(_ byte: UInt8) -> Bool { byte &- zero < 10 }
  @inline(__always) func folded(_ byte: UInt8) -> UInt8 { byte &- UInt8(ascii: "A") < 26 ? byte | 0x20 : byte }
  var i = 0
  var j = 0
  // Fewer leading zeros first, between names otherwise equal.
  var zerosTie = 0
  while i < a.count && j < b.count {
    let x = a[i]
    let y = b[j]
    if isDigit(x) && isDigit(y) {
      var si = i
      while si < a.count && a[si] == zero { si += 1 }
      var ei = si
      while ei < a.count && isDigit(a[ei]) { ei += 1 }
      var sj = j
      while sj < b.count && b[sj] == zero { sj += 1 }
      var ej = sj
      while ej < b.count && isDigit(b[ej]) { ej += 1 }
      // More significant digits: a larger number.
      if ei - si != ej - sj { return ei - si < ej - sj ? -1 : 1 }
      var k = 0
      while k < ei - si {
        if a[si + k] != b[sj + k] { return a[si + k] < b[sj + k] ? -1 : 1 }
        k += 1
      }
      if zerosTie == 0 && si - i != sj - j { zerosTie = si - i < sj - j ? -1 : 1 }
      i = ei
      j = ej
      continue
    }
    let fx = folded(x)
    let fy = folded(y)
    if fx != fy { return fx < fy ? -1 : 1 }
    i += 1
    j += 1
  }
  let restA = a.count - i
  let restB = b.count - j
  if restA != restB { return restA < restB ? -1 : 1 }
  if zerosTie != 0 { return zerosTie }
  // Equal but for case: by the bytes themselves.
  let common = min(a.count, b.count)
  var k = 0
  while k < common {
    if a[k] != b[k] { return a[k] < b[k] ? -1 : 1 }
    k += 1
  }
  return a.count == b.count ? 0 : (a.count < b.count ? -1 : 1)
}
