import OutlineKit

/// The big tree's nodes: `count` nodes numbered in breadth-first order, ten
/// roots and ten children per node (node `k` has children `10k + 10` …
/// `10k + 19`), generated depth-first for `Outline(preorder:)` without
/// building a list first.
///
/// A million nodes make six levels: 10 roots, then 100, 1,000, 10,000,
/// 100,000 and 888,890 nodes. Each node's value is its number; its name,
/// ``name(of:)``, comes from the number.
///
/// ```swift
/// let outline = Outline(preorder: BigTreeGenerator(count: 1_000_000))
/// BigTreeGenerator.name(of: outline[outline.roots[0]])   // "Acacia 1"
/// ```
public struct BigTreeGenerator: Sequence, Sendable {
  /// The number of nodes.
  public let count: Int
  /// Children per node, and the number of roots.
  public static let fanOut = 10

  /// A tree of `count` nodes (none when `count` is not positive).
  ///
  /// - Complexity: O(1).
  public init(count: Int) {
    self.count = Swift.max(0, count)
  }

  /// Builds the outline.
  ///
  /// - Complexity: O(n).
  public func makeOutline() -> Outline<Int> {
    Outline(preorder: self)
  }

  /// The number of elements.
  ///
  /// - Complexity: O(1).
  public var underestimatedCount: Int { count }

  /// Starts the depth-first walk.
  ///
  /// - Complexity: O(1).
  public func makeIterator() -> Iterator { Iterator(count: count) }

  /// A depth-first walk over the numbered tree, with a stack of at most
  /// `fanOut` entries per level.
  public struct Iterator: IteratorProtocol {
    private let count: Int
    private var stack: [(node: Int, depth: Int)]

    init(count: Int) {
      self.count = count
      stack = (0 ..< Swift.min(BigTreeGenerator.fanOut, count)).reversed().map { ($0, 0) }
    }

    /// The next node and its depth, in preorder.
    ///
    /// - Complexity: O(1) amortized.
    public mutating func next() -> (node: Int, depth: Int)? {
      guard let (node, depth) = stack.popLast() else { return nil }
      let firstChild = BigTreeGenerator.fanOut * (node + 1)
      if firstChild < count {
        let lastChild = Swift.min(count, firstChild + BigTreeGenerator.fanOut) - 1
        for child in stride(from: lastChild, through: firstChild, by: -1) { stack.append((child, depth + 1)) }
      }
      return (node, depth)
    }
  }

  /// The words node names start with: one per letter, so type-ahead has
  /// something to find.
  public static let words = [
    "Acacia", "Birch", "Cedar", "Dogwood", "Elm", "Fir", "Ginkgo", "Hazel", "Ivy", "Juniper", "Kapok", "Larch",
    "Maple", "Nutmeg", "Oak", "Pine", "Quince", "Rowan", "Spruce", "Teak", "Upas", "Viburnum", "Willow", "Xylosma",
    "Yew", "Zelkova",
  ]

  /// A node's name: a word and its number from 1, such as "Maple 13".
  ///
  /// - Complexity: O(1).
  public static func name(of node: Int) -> String {
    "\(word(of: node)) \(node + 1)"
  }

  /// The word a node's name starts with.
  ///
  /// - Complexity: O(1).
  public static func word(of node: Int) -> String {
    words[(node % words.count + words.count) % words.count]
  }
}
