/// Type-ahead, as tree views do it (WAI-ARIA): typing a letter moves to
/// the next row whose name starts with it; letters typed in quick
/// succession (within ``pause`` seconds) make a longer prefix; typing the
/// same letter again moves on to the next row starting with it.
///
/// The screens own the rows; `TypeAhead` keeps the typed prefix and says
/// where to look:
///
/// ```swift
/// let search = typeAhead.type("m", at: clock.now())
/// for range in TypeAhead.ranges(from: selectedRow, count: rowCount, continuing: search.continuesAtCurrentRow) {
///   // the first row in these ranges whose name starts with search.prefix
/// }
/// ```
public struct TypeAhead: Hashable, Sendable {
  /// How long a pause, in seconds, starts a new prefix.
  public static let pause = 1.0

  /// The letters typed so far, lowercased.
  public private(set) var buffer = ""
  /// When the last letter was typed.
  private var lastTime = -Double.infinity

  /// Creates an empty type-ahead.
  ///
  /// - Complexity: O(1).
  public init() {}

  /// What to look for after a letter is typed.
  public struct Search: Hashable, Sendable {
    /// The prefix to match, lowercased.
    public var prefix: String
    /// Whether the current row may match (the prefix grew, so the row that
    /// matched the shorter prefix may still match); otherwise the search
    /// starts at the next row.
    public var continuesAtCurrentRow: Bool

    /// Creates a search.
    ///
    /// - Complexity: O(1).
    public init(prefix: String, continuesAtCurrentRow: Bool) {
      self.prefix = prefix
      self.continuesAtCurrentRow = continuesAtCurrentRow
    }
  }

  /// Whether a letter typed at `time` continues the current prefix.
  ///
  /// - Complexity: O(1).
  public func isActive(at time: Double) -> Bool {
    !buffer.isEmpty && time - lastTime < Self.pause
  }

  /// Adds a typed character and returns what to look for.
  ///
  /// - Complexity: O(prefix length).
  public mutating func type(_ character: Character, at time: Double) -> Search {
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
  public mutating func reset() {
    buffer = ""
    lastTime = -.infinity
  }

  /// The rows to search, in order, wrapping around the end: from the
  /// current row (or the one after it) to the end, then from the start; at
  /// most `limit` rows in all.
  ///
  /// - Complexity: O(1).
  public static func ranges(from current: Int, count: Int, continuing: Bool, limit: Int = .max) -> [Range<Int>] {
    guard count > 0 else { return [] }
    let current = min(max(0, current), count - 1)
    let start = continuing ? current : (current + 1) % count
    var budget = max(0, limit)
    var result: [Range<Int>] = []
    let first = start ..< start + min(count - start, budget)
    if !first.isEmpty { result.append(first) }
    budget -= first.count
    let wrapped = 0 ..< min(start, budget)
    if !wrapped.isEmpty { result.append(wrapped) }
    return result
  }

  /// Whether a row's name matches a prefix: case-insensitive, ignoring
  /// leading spaces.
  ///
  /// - Complexity: O(prefix length).
  public static func matches(_ name: String, prefix: String) -> Bool {
    let trimmed = name.drop(while: { $0 == " " })
    return trimmed.prefix(prefix.count).lowercased() == prefix
  }
}
