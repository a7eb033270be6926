/// What a renderer needs to draw one visible row: indentation, disclosure
/// state, tree guide lines, and the accessibility level / position-in-set /
/// set-size that screen readers announce.
public struct OutlineRowInfo: Hashable, Sendable {
  /// The node's depth: 0 for a root.
  public var depth: Int
  /// The node's index among its siblings.
  public var indexInParent: Int
  /// The number of siblings, the node included.
  public var siblingCount: Int
  /// Whether the node has children.
  public var hasChildren: Bool
  /// Whether the node is expanded.
  public var isExpanded: Bool
  /// Which of the node's ancestors have following siblings.
  public var guides: OutlineGuides

  /// Creates row info from its parts.
  ///
  /// - Complexity: O(1).
  public init(depth: Int, indexInParent: Int, siblingCount: Int, hasChildren: Bool, isExpanded: Bool, guides: OutlineGuides) {
    self.depth = depth
    self.indexInParent = indexInParent
    self.siblingCount = siblingCount
    self.hasChildren = hasChildren
    self.isExpanded = isExpanded
    self.guides = guides
  }

  /// Whether the node is the last of its siblings.
  ///
  /// - Complexity: O(1).
  public var isLastChild: Bool { indexInParent == siblingCount - 1 }

  /// The accessibility level (ARIA `aria-level`): depth + 1.
  ///
  /// - Complexity: O(1).
  public var accessibilityLevel: Int { depth + 1 }

  /// The accessibility position in set (ARIA `aria-posinset`): from 1.
  ///
  /// - Complexity: O(1).
  public var accessibilityPositionInSet: Int { indexInParent + 1 }

  /// The text a terminal or a monospaced list draws before the node:
  /// `│  ` or three spaces for each ancestor below the roots, then `├─ ` or
  /// `└─ ` for the node itself (nothing for a root).
  ///
  /// ```
  /// Fruit
  /// ├─ Apple
  /// │  └─ Granny Smith
  /// └─ Pear
  /// ```
  ///
  /// - Complexity: O(depth).
  public var treePrefix: String {
    guard depth > 0 else { return "" }
    var text = ""
    for level in 1 ..< depth { text += guides.hasFollowingSibling(atDepth: level) ? "│  " : "   " }
    return text + (isLastChild ? "└─ " : "├─ ")
  }
}

/// For each depth above a node, whether the node's ancestor at that depth has
/// a following sibling: where a renderer draws a vertical guide line.
///
/// Stored as a bit mask, with no allocation for nodes up to 64 deep.
public struct OutlineGuides: Hashable, Sendable {
  @usableFromInline internal var low: UInt64 = 0
  @usableFromInline internal var high: [UInt64] = []

  /// The number of depths described: the node's depth.
  public private(set) var depth: Int

  /// Creates guides for a node at `depth` with no following siblings above it.
  ///
  /// - Complexity: O(1).
  public init(depth: Int) {
    self.depth = depth
  }

  /// Whether the ancestor at `level` (0 for the root, up to `depth - 1`)
  /// has a following sibling.
  ///
  /// - Precondition: `0 <= level < depth`.
  /// - Complexity: O(1).
  public func hasFollowingSibling(atDepth level: Int) -> Bool {
    _require(level >= 0 && level < depth, "OutlineGuides: depth \(level) out of range 0..<\(depth)")
    if level < 64 { return low & (1 << UInt64(level)) != 0 }
    let word = (level - 64) / 64
    return word < high.count && high[word] & (1 << UInt64(level % 64)) != 0
  }

  /// Sets whether the ancestor at `level` has a following sibling.
  ///
  /// - Precondition: `0 <= level < depth`.
  /// - Complexity: O(1), or O(depth / 64) the first time a level past 63 is
  ///   set.
  public mutating func setHasFollowingSibling(_ value: Bool, atDepth level: Int) {
    _require(level >= 0 && level < depth, "OutlineGuides: depth \(level) out of range 0..<\(depth)")
    if level < 64 {
      if value { low |= 1 << UInt64(level) } else { low &= ~(1 << UInt64(level)) }
      return
    }
    let word = (level - 64) / 64
    if word >= high.count {
      guard value else { return }
      high += repeatElement(0, count: word + 1 - high.count)
    }
    if value { high[word] |= 1 << UInt64(level % 64) } else { high[word] &= ~(1 << UInt64(level % 64)) }
  }
}
