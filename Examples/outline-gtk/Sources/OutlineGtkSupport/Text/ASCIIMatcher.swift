/// Finds a text inside names, ignoring the case of ASCII letters, without
/// Foundation: the generated tree's search, asked for a million names on
/// every keystroke.
///
/// ```swift
/// let matcher = ASCIIMatcher("le 1")
/// matcher.matches("Maple 13")    // true
/// ```
public struct ASCIIMatcher: Sendable {
  /// The text's bytes, ASCII letters in lower case.
  private let needle: [UInt8]

  /// A matcher for `text`.
  ///
  /// - Complexity: O(k) for k bytes.
  public init(_ text: String) {
    needle = text.utf8.map(ASCIIMatcher.lowercased)
  }

  /// Whether `name` contains the text, ignoring ASCII case; an empty text
  /// is in every name.
  ///
  /// - Complexity: O(m · k) for a name of m bytes and a text of k.
  public func matches(_ name: String) -> Bool {
    guard !needle.isEmpty else { return true }
    var name = name
    return name.withUTF8 { haystack in
      guard haystack.count >= needle.count else { return false }
      let first = needle[0]
      for start in 0 ... haystack.count - needle.count where ASCIIMatcher.lowercased(haystack[start]) == first {
        var offset = 1
        while offset < needle.count && ASCIIMatcher.lowercased(haystack[start + offset]) == needle[offset] {
          offset += 1
        }
        if offset == needle.count { return true }
      }
      return false
    }
  }

  private static func lowercased(_ byte: UInt8) -> UInt8 {
    byte >= 65 && byte <= 90 ? byte + 32 : byte
  }
}
