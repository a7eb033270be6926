extension SearchAsYouType {
  /// Whether a text contains a query, with case and diacritics folded, the
  /// same for every text a search looks at: "Ä" finds "ä" and "a", "e"
  /// finds "É", "strasse" finds "Straße", "σ" finds "Σ" and "ς".
  ///
  /// Text and query are folded one Unicode scalar at a time (a scalar's
  /// decomposition without combining marks, then Unicode's full case
  /// folding), and the match is "the folded text contains the folded
  /// query". So a query whose folded form contains another's matches only
  /// texts the other matches too (``implies(_:)``): what lets a search
  /// narrow its filter exactly.
  ///
  /// ```swift
  /// let matcher = SearchAsYouType.Matcher("strasse")
  /// matcher.matches("Hauptstraße 5")     // true
  /// matcher.matches(utf8: nameBytes)     // the same on UTF-8 bytes, with no String made
  /// ```
  ///
  /// Text that is all ASCII is matched on its bytes, with A-Z folded on
  /// the way; anything else is folded into a buffer first. Bytes that are
  /// not UTF-8 (a file name can hold any) match only themselves.
  public struct Matcher: Hashable, Sendable {
    /// The query as given.
    public let query: String
    /// The query folded, as UTF-8.
    @usableFromInline internal let _needle: [UInt8]
    /// Whether the folded query is all ASCII.
    @usableFromInline internal let _isASCII: Bool

    /// A matcher for `query`.
    ///
    /// - Complexity: O(k log t) for a query of k scalars (t: the folding
    ///   table's entries).
    public init(_ query: String) {
      self.query = query
      _needle = _SearchFolding.foldedUTF8(query)
      _isASCII = _needle.allSatisfy { $0 < 0x80 }
    }

    /// The query folded (lowercase, diacritics dropped): what a text's
    /// folded form must contain.
    ///
    /// - Complexity: O(k) for k bytes.
    public var foldedQuery: String { String(decoding: _needle, as: UTF8.self) }

    /// Whether the query folds to nothing (it is empty, or only
    /// combining marks): it matches every text.
    ///
    /// - Complexity: O(1).
    public var isEmpty: Bool { _needle.isEmpty }

    /// Whether `text` contains the query, case and diacritics folded.
    ///
    /// - Complexity: O(b · k) for b bytes of text and k of query, in the
    ///   worst case; O(b) for most texts.
    @inlinable
    public func matches(_ text: some StringProtocol) -> Bool {
      if let answer = text.utf8.withContiguousStorageIfAvailable({ matches(utf8: UnsafeRawBufferPointer($0)) }) {
        return answer
      }
      var copy = String(text)
      return copy.withUTF8 { matches(utf8: UnsafeRawBufferPointer($0)) }
    }

    /// Whether the UTF-8 text in `bytes` contains the query, case and
    /// diacritics folded.
    ///
    /// - Complexity: O(b · k) for b bytes of text and k of query, in the
    ///   worst case; O(b) for most texts.
    @inlinable
    public func matches(utf8 bytes: UnsafeRawBufferPointer) -> Bool {
      // ASCII text is matched on its bytes (inlined into the caller: a
      // search asks every node); the rest is folded first.
      guard !_needle.isEmpty else { return true }
      if _isASCII,
        let answer = _needle.withUnsafeBufferPointer({ _SearchFolding.containsFoldingASCII(bytes, $0) })
      {
        return answer
      }
      return _matchesFolding(bytes)
    }

    /// `matches(utf8:)` for text above ASCII (or a query above it): the
    /// text folded into a buffer, then searched.
    @usableFromInline
    internal func _matchesFolding(_ bytes: UnsafeRawBufferPointer) -> Bool {
      _SearchFolding.withFolded(bytes) { haystack in
        _needle.withUnsafeBufferPointer { _SearchFolding.contains(haystack, $0) }
      }
    }

    /// Whether the UTF-8 text in `bytes` contains the query, case and
    /// diacritics folded.
    ///
    /// - Complexity: As ``matches(utf8:)-(UnsafeRawBufferPointer)``.
    @inlinable
    public func matches(utf8 bytes: UnsafeBufferPointer<UInt8>) -> Bool {
      matches(utf8: UnsafeRawBufferPointer(bytes))
    }

    /// Where the query first occurs in `text` (case and diacritics
    /// folded): the characters to highlight; nil when it does not.
    ///
    /// ```swift
    /// Matcher("strasse").firstMatch(in: "Hauptstraße")   // "straße"
    /// ```
    ///
    /// - Complexity: O(b · k) for b bytes of text and k of query.
    public func firstMatch(in text: String) -> Range<String.Index>? {
      guard !_needle.isEmpty else { return nil }
      // The folded text, and where each of its bytes came from.
      var folded: [UInt8] = []
      var origins: [String.Index] = []
      let scalars = text.unicodeScalars
      var index = scalars.startIndex
      while index < scalars.endIndex {
        let value = scalars[index].value
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 4 &* (1 &+ _SearchFolding.expansion)) { buffer in
          var written = 0
          _SearchFolding.writeUTF8(value, into: buffer, at: &written)
          let count = _SearchFolding.fold(
            UnsafeRawBufferPointer(UnsafeMutableBufferPointer(rebasing: buffer[..<written])),
            into: UnsafeMutableBufferPointer(rebasing: buffer[4...]))
          folded += buffer[4 ..< 4 &+ count]
          origins += repeatElement(index, count: count)
        }
        scalars.formIndex(after: &index)
      }
      let found = folded.withUnsafeBytes { haystack in
        _needle.withUnsafeBufferPointer { _SearchFolding.firstIndex(of: $0, in: haystack) }
      }
      guard let start = found else { return nil }
      // Whole characters: from the one the first byte came from to the
      // one the last came from.
      let (first, last) = (origins[start], origins[start &+ _needle.count &- 1])
      var lower = text.startIndex
      var character = text.startIndex
      while character < text.endIndex {
        let next = text.index(after: character)
        if character <= first && first < next { lower = character }
        if last < next { return lower ..< next }
        character = next
      }
      return lower ..< text.endIndex
    }

    /// Whether every text this matcher matches, `other` matches too: this
    /// query, folded, contains `other`'s. A search that goes from
    /// `other` to this one can narrow its filter.
    ///
    /// ```swift
    /// Matcher("Straße").implies(Matcher("STRAS"))   // true
    /// Matcher("ab").implies(Matcher("b"))           // true: "ab" in a text means "b" is
    /// ```
    ///
    /// - Complexity: O(k · j) for the two queries' folded bytes.
    public func implies(_ other: Matcher) -> Bool {
      _needle.withUnsafeBytes { mine in
        other._needle.withUnsafeBufferPointer { _SearchFolding.contains(mine, $0) }
      }
    }
  }
}
