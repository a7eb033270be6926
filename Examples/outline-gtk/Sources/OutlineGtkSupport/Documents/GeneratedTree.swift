import OutlineKit

/// A tree of numbered nodes made by arithmetic, so a million-node tree
/// costs nothing to describe and both list models (the engine's and
/// `GtkTreeListModel`) can be built from the same description.
///
/// - `.balanced`: ten roots and ten children per node, numbered
///   breadth-first (node k has children 10k + 10 ... 10k + 19), as the
///   terminal demo's big tree: a million nodes make six levels.
/// - `.wide`: one root whose children are all the other nodes.
///
/// Names are a word and the number from 1 ("Acacia 1", "Birch 2", ...).
///
/// ```swift
/// let tree = GeneratedTree(shape: .balanced, count: 1_000_000)
/// let outline = tree.makeOutline()        // every node collapsed
/// GeneratedTree.name(of: 12)              // "Maple 13"
/// ```
public struct GeneratedTree: Hashable, Sendable {
  /// How the nodes hang together.
  public enum Shape: String, CaseIterable, Hashable, Sendable {
    /// Ten roots, ten children per node.
    case balanced
    /// One root with every other node as its child.
    case wide
  }

  /// The shape.
  public let shape: Shape
  /// The number of nodes, numbered 0 ..< count.
  public let count: Int
  /// Children per node, and roots, of the balanced shape.
  public static let fanOut = 10

  /// A tree of `count` nodes (none when `count` is not positive).
  ///
  /// - Complexity: O(1).
  public init(shape: Shape, count: Int) {
    self.shape = shape
    self.count = max(0, count)
  }

  /// The tree's name: "Big tree (1,000,000 nodes)", "Wide tree (...)".
  public var title: String {
    "\(shape == .balanced ? "Big tree" : "Wide tree") (\(count.groupedDigits) nodes)"
  }

  /// The roots' numbers.
  ///
  /// - Complexity: O(1).
  public var roots: Range<Int> {
    switch shape {
    case .balanced: return 0 ..< min(Self.fanOut, count)
    case .wide: return 0 ..< min(1, count)
    }
  }

  /// The children's numbers of node `node`.
  ///
  /// - Complexity: O(1).
  public func children(of node: Int) -> Range<Int> {
    switch shape {
    case .balanced:
      let first = Self.fanOut * (node + 1)
      return first < count ? first ..< min(count, first + Self.fanOut) : count ..< count
    case .wide:
      return node == 0 ? 1 ..< max(1, count) : count ..< count
    }
  }

  /// The outline of the tree, every node collapsed; node values are the
  /// numbers.
  ///
  /// - Complexity: O(n).
  public func makeOutline() -> Outline<Int32> {
    Outline(preorder: preorder)
  }

  /// The words names start with, one per letter.
  public static let words = [
    "Acacia", "Birch", "Cedar", "Dogwood", "Elm", "Fir", "Ginkgo", "Hazel", "Ivy", "Juniper", "Kapok", "Larch",
    "Maple", "Nutmeg", "Oak", "Pine", "Quince", "Rowan", "Spruce", "Teak", "Upas", "Viburnum", "Willow", "Xylosma",
    "Yew", "Zelkova",
  ]

  /// Node `node`'s name: a word and the number from 1, such as "Maple 13".
  ///
  /// - Complexity: O(1).
  public static func name(of node: Int) -> String {
    "\(words[node % words.count]) \(node + 1)"
  }

  /// The nodes in depth-first preorder with their depths: the rows of the
  /// tree with every node expanded.
  ///
  /// - Complexity: O(1); the walk is O(n).
  public var preorder: Preorder { Preorder(tree: self) }

  /// The nodes in depth-first preorder with their depths, for
  /// `Outline(preorder:)`; the walk keeps one range of siblings per level.
  public struct Preorder: Sequence, IteratorProtocol {
    let tree: GeneratedTree
    /// Per level, the siblings still to visit.
    var stack: [Range<Int>]

    init(tree: GeneratedTree) {
      self.tree = tree
      stack = tree.roots.isEmpty ? [] : [tree.roots]
    }

    /// The next node and its depth.
    ///
    /// - Complexity: O(1) amortized.
    public mutating func next() -> (node: Int32, depth: Int)? {
      while let last = stack.last, last.isEmpty { stack.removeLast() }
      guard let siblings = stack.last else { return nil }
      let depth = stack.count - 1
      let node = siblings.lowerBound
      stack[depth] = siblings.dropFirst()
      let children = tree.children(of: node)
      if !children.isEmpty { stack.append(children) }
      return (Int32(node), depth)
    }
  }
}
