/// Writing JSON text: strings quoted and escaped.
internal enum _JSONEncoding {
  /// `text` as a JSON string token: in quotes, with `"` and `\` escaped,
  /// the usual control characters as `\b \f \n \r \t` and the others as
  /// `\u00XX`. Everything else is written as UTF-8.
  static func quoted(_ text: String) -> [UInt8] {
    var bytes: [UInt8] = [UInt8(ascii: "\"")]
    bytes.reserveCapacity(text.utf8.count + 2)
    for c in text.utf8 {
      switch c {
      case UInt8(ascii: "\""): bytes += [UInt8(ascii: "\\"), UInt8(ascii: "\"")]
      case UInt8(ascii: "\\"): bytes += [UInt8(ascii: "\\"), UInt8(ascii: "\\")]
      case 0x08: bytes += [UInt8(ascii: "\\"), UInt8(ascii: "b")]
      case 0x0C: bytes += [UInt8(ascii: "\\"), UInt8(ascii: "f")]
      case 0x0A: bytes += [UInt8(ascii: "\\"), UInt8(ascii: "n")]
      case 0x0D: bytes += [UInt8(ascii: "\\"), UInt8(ascii: "r")]
      case 0x09: bytes += [UInt8(ascii: "\\"), UInt8(ascii: "t")]
      case 0x00 ..< 0x20:
        let hex = Array("0123456789ABCDEF".utf8)
        bytes += [UInt8(ascii: "\\"), UInt8(ascii: "u"), UInt8(ascii: "0"), UInt8(ascii: "0"), hex[Int(c >> 4)], hex[Int(c & 15)]]
      default: bytes.append(c)
      }
    }
    bytes.append(UInt8(ascii: "\""))
    return bytes
  }
}
