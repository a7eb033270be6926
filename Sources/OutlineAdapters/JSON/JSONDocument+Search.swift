import OutlineKit

/// Searching a document's keys and values.
extension JSONDocument {
  /// Shows only the values whose key or (scalar) value contains `text`,
  /// ignoring case, with the objects and arrays that lead to them, and
  /// opens the way to every match; an empty text removes the search and
  /// closes what it opened.
  ///
  /// ```swift
  /// document.search(for: "ada")            // as the user types
  /// document.outline.nextMatchRow(after: row)
  /// document.search(for: "")               // cleared
  /// ```
  ///
  /// It is the outline's filter with `revealingMatches`: every row query
  /// stays O(log n) while it is in force. A text that contains the one
  /// before (a letter typed) asks only the values that matched it, and going
  /// back to the text before (Backspace) asks none (``SearchAsYouType``).
  ///
  /// - Returns: The rows that appeared and disappeared.
  /// - Complexity: O(b) for the b bytes of the keys and scalars (a case-
  ///   insensitive ASCII search needs no decoding where there are no
  ///   escapes); O(m log n) plus the m shown values' bytes when a letter is
  ///   typed or taken back.
  @discardableResult
  public mutating func search(for text: String) -> OutlineChange {
    let source = self.source
    return _typing.search(for: text, in: &outline) { text in
      let search = JSONSearch(text)
      return { node in search.matches(node, in: source) ? .visible : .recurse }
    }
  }

  /// How the last search changed the outline's filter: narrowed (a letter
  /// typed: only what matched before was asked), widened (Backspace: no
  /// node asked), set (every node asked), or cleared; nil before any.
  ///
  /// - Complexity: O(1).
  public var lastSearchStep: SearchAsYouType.Step? { _typing.lastStep }
}

/// A case-insensitive search for text in JSON keys and values.
///
/// ```swift
/// let search = JSONSearch("ada")
/// search.matches(document[id], in: document.source)   // key or value contains "ada", "Ada", "ADA"
/// ```
///
/// An ASCII query is matched on the bytes themselves, folding ASCII case,
/// wherever a key or string has no escapes (nothing is decoded); anything
/// else is decoded and compared lowercased.
public struct JSONSearch: Hashable, Sendable {
  /// The text searched for.
  public let text: String
  /// The text lowercased, as UTF-8 bytes.
  private let needle: [UInt8]
  /// Whether the text is all ASCII.
  private let isASCII: Bool

  /// A search for `text` (not empty).
  ///
  /// - Complexity: O(k) for a text of k characters.
  public init(_ text: String) {
    self.text = text
    needle = Array(text.lowercased().utf8)
    isASCII = text.utf8.allSatisfy { $0 < 0x80 }
  }

  /// Whether a node's key or scalar value contains the text, ignoring case.
  ///
  /// - Complexity: O(k + v) for its key and value's bytes (times the
  ///   text's length in the worst case).
  public func matches(_ node: JSONNode, in source: JSONSource) -> Bool {
    // The key and the value in one walk.
    source._withText(of: node) { bytes, offset in
      var p = offset
      if node.hasKey {
        let end = _JSONStrings.end(ofStringAt: p, in: bytes)
        let key = UnsafeBufferPointer(rebasing: bytes[p ..< end])
        if contains(key, escaped: node._bits & JSONNode.keyEscapedFlag != 0) { return true }
        p = _JSONStrings.valueStart(afterKeyEndingAt: end, in: bytes)
      }
      guard !node.isContainer else { return false }
      let value = UnsafeBufferPointer(rebasing: bytes[p ..< _JSONStrings.valueEnd(of: node.kind, at: p, in: bytes)])
      return contains(value, escaped: node._bits & JSONNode.valueEscapedFlag != 0)
    }
  }

  /// Whether a token contains the text: its bytes compared with ASCII
  /// case folded (a string's escapes decoded first), or, for a text that
  /// is not ASCII, its decoded text lowercased.
  private func contains(_ token: UnsafeBufferPointer<UInt8>, escaped: Bool) -> Bool {
    guard !needle.isEmpty else { return true }
    let isString = token.first == UInt8(ascii: "\"")
    guard isASCII else {
      let text = isString ? _JSONStrings.decode(token, escaped: escaped) : String(decoding: token, as: UTF8.self)
      return Array(text.lowercased().utf8).withUnsafeBufferPointer { find(in: $0, folding: false) }
    }
    if isString && escaped {
      return _JSONStrings.withUnescaped(UnsafeBufferPointer(rebasing: token[1 ..< token.count - 1])) { find(in: $0, folding: true) }
    }
    // A string's text is between its quotes.
    return find(in: isString ? UnsafeBufferPointer(rebasing: token[1 ..< token.count - 1]) : token, folding: true)
  }

  /// Whether `bytes` contain the lowercased text, with ASCII letters in
  /// `bytes` lowercased first when `folding`.
  private func find(in bytes: UnsafeBufferPointer<UInt8>, folding: Bool) -> Bool {
    let last = bytes.count - needle.count
    guard last >= 0 else { return false }
    return needle.withUnsafeBufferPointer { needle in
      let first = needle[0]
      for i in 0 ... last where (folding ? Self.folded(bytes[i]) : bytes[i]) == first {
        var k = 1
        while k < needle.count && (folding ? Self.folded(bytes[i + k]) : bytes[i + k]) == needle[k] { k += 1 }
        if k == needle.count { return true }
      }
      return false
    }
  }

  /// An ASCII letter lowercased; any other byte as it is.
  @inline(__always)
  private static func folded(_ c: UInt8) -> UInt8 {
    c &- UInt8(ascii: "A") < 26 ? c | 0x20 : c
  }
}
