/// Type-ahead's timing, as tree views do it (WAI-ARIA): typing a letter
/// moves to the next row whose name starts with it; letters typed in quick
/// succession (within ``pause`` seconds) make a longer prefix; typing the
/// same letter again moves on to the next row starting with it.
///
/// `TypeAhead` keeps the typed prefix and its timing; the engine's
/// `Outline.Selection.navigate(toNextMatch:)` finds the row:
///
/// ```swift
/// let search = typeAhead.type("m", at: clock.now())
/// selection.navigate(toNextMatch: search.prefix, in: outline,
///                    includingFocus: search.continuesAtCurrentRow, text: \.name)
/// ```
package struct TypeAhead: Hashable, Sendable {
  /// How long a pause, in seconds, starts a new prefix.
  package static let pause = 1.0

  /// The letters typed so far, lowercased.
  package private(set) var buffer = ""
  /// When the last letter was typed.
  private var lastTime = -Double.infinity

  /// Creates an empty type-ahead.
  ///
  /// - Complexity: O(1).
  package init() {}

  /// What to look for after a letter is typed.
  package struct Search: Hashable, Sendable {
    /// The prefix to match, lowercased.
    package var prefix: String
    /// Whether the current row may match (the prefix grew, so the row that
    /// matched the shorter prefix may still match); otherwise the search
    /// starts at the next row.
    package var continuesAtCurrentRow: Bool

    /// Creates a search.
    ///
    /// - Complexity: O(1).
    package init(prefix: String, continuesAtCurrentRow: Bool) {
      self.prefix = prefix
      self.continuesAtCurrentRow = continuesAtCurrentRow
    }
  }

  /// Whether a letter typed at `time` continues the current prefix.
  ///
  /// - Complexity: O(1).
  package func isActive(at time: Double) -> Bool {
    !buffer.isEmpty && time - lastTime < Self.pause
  }

  /// Adds a typed character and returns what to look for.
  ///
  /// - Complexity: O(prefix length).
  package mutating func type(_ character: Character, at time: Double) -> Search {
    let letter = String(character).lowercased()
    if !isActive(at: time) { buffer = "" }
    lastTime = time
    // "mmm" cycles through the rows starting with "m".
    if !buffer.isEmpty && buffer.allSatisfy({ String($0) == letter }) {
      buffer += letter
      return Search(prefix: letter, continuesAtCurrentRow: false)
    }
    buffer += letter
    return Search(prefix: buffer, continuesAtCurrentRow: buffer.count > 1)
  }

  /// Forgets the typed prefix.
  ///
  /// - Complexity: O(1).
  package mutating func reset() {
    buffer = ""
    lastTime = -.infinity
  }
}
