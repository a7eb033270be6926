import OutlineKit

extension BigTreeGenerator {
  /// Tells whether a node's name ("Maple 13") contains a text, as a search
  /// box's matcher folds it, without making the name: the search filter
  /// of the big tree, fast enough to ask a million nodes on every
  /// keystroke.
  ///
  /// A name is a word, a space and a number, so a text matches inside the
  /// word (worked out once per word), inside the number's digits (compared
  /// as numbers), or across the space (a suffix of the word, the space, a
  /// prefix of the digits).
  ///
  /// ```swift
  /// let matcher = BigTreeGenerator.NameMatcher(SearchAsYouType.Matcher("le 1"))
  /// matcher.matches(12)    // "Maple 13": true
  /// ```
  package struct NameMatcher: Sendable {
    /// Per word: the whole text is in it.
    private let inWord: [Bool]
    /// The text as a number, and its length, when it is all digits.
    private let digits: (value: Int, length: Int)?
    /// When the text holds one space: per word, whether the word ends with
    /// the part before it; and the part after it as a number and a length
    /// (all digits, possibly empty).
    private let acrossSpace: (wordEnds: [Bool], digits: (value: Int, length: Int))?

    /// A matcher for a search box's query. The words and digits are ASCII,
    /// so the folded query is compared with them lowercased.
    ///
    /// - Complexity: O(k) for k characters, and a match per word.
    package init(_ matcher: SearchAsYouType.Matcher) {
      let query = matcher.foldedQuery
      inWord = BigTreeGenerator.words.map { matcher.matches($0) }
      digits = NameMatcher.number(query)
      let parts = query.split(separator: " ", maxSplits: 2, omittingEmptySubsequences: false)
      if parts.count == 2, let after = NameMatcher.number(Substring(parts[1])) ?? (parts[1].isEmpty ? (0, 0) : nil) {
        acrossSpace = (BigTreeGenerator.words.map { $0.lowercased().hasSuffix(parts[0]) }, after)
      } else {
        acrossSpace = nil
      }
    }

    /// The digits of `text` as a number and their count; nil unless it is
    /// 1 to 18 ASCII digits.
    private static func number(_ text: some StringProtocol) -> (value: Int, length: Int)? {
      guard !text.isEmpty, text.count <= 18, text.allSatisfy({ $0.isASCII && $0.isNumber }) else { return nil }
      return (Int(text)!, text.count)
    }

    /// Whether node `node`'s name contains the text.
    ///
    /// - Complexity: O(d) for a number of d digits.
    package func matches(_ node: Int) -> Bool {
      let word = BigTreeGenerator.wordIndex(of: node)
      if inWord[word] { return true }
      guard digits != nil || acrossSpace != nil else { return false }
      let number = BigTreeGenerator.number(of: node) + 1
      var count = 1
      var scale = 10
      while scale <= number {
        count += 1
        scale = scale &* 10
      }
      if let digits, digits.length <= count {
        // Every window of `length` digits, from the right.
        let window = NameMatcher.power(digits.length)
        var rest = number
        for _ in 0 ... (count - digits.length) {
          if rest % window == digits.value { return true }
          rest /= 10
        }
      }
      if let acrossSpace, acrossSpace.wordEnds[word], acrossSpace.digits.length <= count {
        return number / NameMatcher.power(count - acrossSpace.digits.length) == acrossSpace.digits.value
      }
      return false
    }

    private static func power(_ exponent: Int) -> Int {
      var result = 1
      for _ in 0 ..< exponent { result &*= 10 }
      return result
    }
  }
}
