import OutlineAdapters

/// The demo's stand-in for a server that answers lazy category loads.
///
/// The shipped category file has two lazy entries: "Rare editions" (under
/// Books) and the whole "Garden" section. This loader answers them after
/// the categories screen's delay; the first load of "Garden" fails, so the
/// demo shows a failed load and its retry (Enter on the row again). Any
/// other lazy entry (from a `--categories` file) gets three made-up
/// subcategories.
///
/// ```swift
/// let loader = CategoryLoader.demo
/// loader.load("Garden", attempt: 1)   // .failure: a simulated time-out
/// loader.load("Garden", attempt: 2)   // .success: Seeds, Tools, Plants
/// ```
package struct CategoryLoader: Sendable {
  /// The subcategories of each lazy entry, by name.
  package var answers: [String: [CategoryCatalog.Subcategory]]
  /// The entries whose first load fails.
  package var failsFirstAttempt: Set<String>

  /// Creates a loader.
  ///
  /// - Complexity: O(1).
  package init(answers: [String: [CategoryCatalog.Subcategory]] = [:], failsFirstAttempt: Set<String> = []) {
    self.answers = answers
    self.failsFirstAttempt = failsFirstAttempt
  }

  /// The answers for the shipped category file.
  package static let demo = CategoryLoader(
    answers: [
      "Rare editions": [
        .init(name: "First editions", count: 4),
        .init(name: "Signed copies", count: 2),
        .init(name: "Manuscripts", count: 1),
      ],
      "Garden": [
        .init(name: "Seeds", count: 8),
        .init(name: "Tools", count: 6),
        .init(
          name: "Plants", count: 5,
          subcategories: [.init(name: "Roses", count: 3), .init(name: "Herbs", count: 2)]),
      ],
    ],
    failsFirstAttempt: ["Garden"])

  /// The error of a simulated failed load.
  package struct Failure: Error, Hashable, Sendable, CustomStringConvertible {
    /// The entry that failed to load.
    package var name: String

    /// `the server did not answer for "Garden" (simulated)`.
    ///
    /// - Complexity: O(1).
    package var description: String { "the server did not answer for \"\(name)\" (simulated)" }
  }

  /// The answer to the `attempt`-th load (from 1) of an entry's
  /// subcategories.
  ///
  /// - Complexity: O(k) for k subcategories.
  package func load(_ name: String, attempt: Int) -> Result<[CategoryCatalog.Subcategory], any Error> {
    if attempt <= 1 && failsFirstAttempt.contains(name) { return .failure(Failure(name: name)) }
    if let answer = answers[name] { return .success(answer) }
    return .success((1 ... 3).map { CategoryCatalog.Subcategory(name: "\(name) \($0)", count: 0) })
  }
}
