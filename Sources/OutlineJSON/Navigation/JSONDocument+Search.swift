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
  /// back to the text before (Backspace) asks none (`SearchAsYouType`).
  ///
  /// - Returns: The rows that appeared and disappeared.
  /// - Complexity: O(b) for the b bytes of the keys and scalars (a case-
  ///   insensitive ASCII search needs no decoding where there are no
  ///   escapes); O(m log n) plus the m shown values' bytes when a letter is
  ///   typed or taken back.
  @discardableResult
  public mutating func search(for text: String) -> OutlineChange {
    let source = self.source
    return _typing.search(for: text, in: &outline) { matcher in
      let search = JSONSearch(matcher)
      return { node in search.matches(node, in: source) }
    }
  }

  /// How the last search changed the outline's filter: narrowed (a letter
  /// typed: only what matched before was asked), widened (Backspace: no
  /// node asked), set (every node asked), or cleared; nil before any.
  ///
  /// - Complexity: O(1).
  public var lastSearchStep: SearchAsYouType.Step? { _typing.lastStep }
}

/// A search for text in JSON keys and values, with case and diacritics
/// folded as every search folds them (`SearchAsYouType.Matcher`).
///
/// ```swift
/// let search = JSONSearch("ada")
/// search.matches(document[id], in: document.source)   // key or value contains "ada", "Ada", "ADA", "Adà"
/// ```
///
/// Keys and strings are matched on their bytes where they have no escapes
/// (nothing is decoded; ASCII text is folded on the way), and decoded
/// where they have.
public struct JSONSearch: Hashable, Sendable {
  /// The matcher: the query, folded.
  public let matcher: SearchAsYouType.Matcher

  /// The text searched for.
  public var text: String { matcher.query }

  /// A search for `text`.
  ///
  /// - Complexity: O(k) for a text of k characters.
  public init(_ text: String) {
    self.init(SearchAsYouType.Matcher(text))
  }

  /// A search with a search box's matcher.
  ///
  /// - Complexity: O(1).
  public init(_ matcher: SearchAsYouType.Matcher) {
    self.matcher = matcher
  }

  /// Whether a node's key or scalar value contains the text, case and
  /// diacritics folded.
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

  /// Whether a token contains the text: a string's text (between its
  /// quotes, its escapes decoded), or a number's or literal's bytes.
  private func contains(_ token: UnsafeBufferPointer<UInt8>, escaped: Bool) -> Bool {
    guard token.first == UInt8(ascii: "\"") else { return matcher.matches(utf8: token) }
    let text = UnsafeBufferPointer(rebasing: token[1 ..< token.count - 1])
    guard escaped else { return matcher.matches(utf8: text) }
    return _JSONStrings.withUnescaped(text) { matcher.matches(utf8: $0) }
  }
}
