import OutlineKit

/// The big tree's nodes: `count` nodes numbered in breadth-first order, ten
/// roots and ten children per node (node `k` has children `10k + 10` …
/// `10k + 19`), generated depth-first for `Outline(preorder:)` without
/// building a list first.
///
/// A million nodes make six levels: 10 roots, then 100, 1,000, 10,000,
/// 100,000 and 888,890 nodes. Each node's value is its number (its
/// identity), plus, in the high 32 bits, how many times the big tree's `u`
/// key renamed it (its generation); its name, ``name(of:)``, comes from
/// both.
///
/// ```swift
/// let outline = Outline(preorder: BigTreeGenerator(count: 1_000_000))
/// BigTreeGenerator.name(of: outline[outline.roots[0]])   // "Acacia 1"
/// ```
package struct BigTreeGenerator: Sequence, Sendable {
  /// The number of nodes.
  package let count: Int
  /// Children per node, and the number of roots.
  package static let fanOut = 10

  /// A tree of `count` nodes (none when `count` is not positive).
  ///
  /// - Complexity: O(1).
  package init(count: Int) {
    self.count = Swift.max(0, count)
  }

  /// Builds the outline.
  ///
  /// - Complexity: O(n).
  package func makeOutline() -> Outline<Int> {
    Outline(preorder: self)
  }

  /// The number of elements.
  ///
  /// - Complexity: O(1).
  package var underestimatedCount: Int { count }

  /// Starts the depth-first walk.
  ///
  /// - Complexity: O(1).
  package func makeIterator() -> Iterator { Iterator(count: count) }

  /// A depth-first walk over the numbered tree, with a stack of at most
  /// `fanOut` entries per level.
  package struct Iterator: IteratorProtocol {
    private let count: Int
    private var stack: [(node: Int, depth: Int)]

    init(count: Int) {
      self.count = count
      stack = (0 ..< Swift.min(BigTreeGenerator.fanOut, count)).reversed().map { ($0, 0) }
    }

    /// The next node and its depth, in preorder.
    ///
    /// - Complexity: O(1) amortized.
    package mutating func next() -> (node: Int, depth: Int)? {
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
  package static let words = [
    "Acacia", "Birch", "Cedar", "Dogwood", "Elm", "Fir", "Ginkgo", "Hazel", "Ivy", "Juniper", "Kapok", "Larch",
    "Maple", "Nutmeg", "Oak", "Pine", "Quince", "Rowan", "Spruce", "Teak", "Upas", "Viburnum", "Willow", "Xylosma",
    "Yew", "Zelkova",
  ]

  /// A node's name: a word and its number from 1, such as "Maple 13".
  /// Each rename moves the word on by one ("Nutmeg 13").
  ///
  /// - Complexity: O(1).
  package static func name(of node: Int) -> String {
    "\(word(of: node)) \(number(of: node) + 1)"
  }

  /// The word a node's name starts with: by its number, moved on by its
  /// generation.
  ///
  /// - Complexity: O(1).
  package static func word(of node: Int) -> String {
    words[wordIndex(of: node)]
  }

  /// The index in ``words`` of a node's word.
  ///
  /// - Complexity: O(1).
  static func wordIndex(of node: Int) -> Int {
    let index = (number(of: node) + generation(of: node)) % words.count
    return (index + words.count) % words.count
  }

  /// A node's number, its identity: the value's low 32 bits.
  ///
  /// - Complexity: O(1).
  package static func number(of node: Int) -> Int { node & 0xFFFF_FFFF }

  /// How many times a node was renamed: the value's high bits.
  ///
  /// - Complexity: O(1).
  package static func generation(of node: Int) -> Int { node >> 32 }

  /// The value of node `number` renamed `generation` times.
  ///
  /// - Precondition: `0 <= number < 2^32`, `generation >= 0`.
  /// - Complexity: O(1).
  package static func value(number: Int, generation: Int) -> Int {
    precondition(number >= 0 && number <= 0xFFFF_FFFF && generation >= 0, "BigTreeGenerator: no node \(number), \(generation)")
    return number | generation << 32
  }

  /// The lines a node's row takes on screen: 3 when its number (from 1)
  /// ends in 77, 2 when it ends in 7, 1 otherwise. The taller rows show
  /// details below the name: rows of different heights, every so often.
  ///
  /// - Complexity: O(1).
  package static func lines(of node: Int) -> Int {
    let shown = number(of: node) + 1
    if shown % 100 == 77 { return 3 }
    return shown % 10 == 7 ? 2 : 1
  }
}
