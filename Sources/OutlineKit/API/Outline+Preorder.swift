/// Building an outline from a flat, depth-first list.
extension Outline {
  /// Creates an outline from its nodes in depth-first preorder, each with its
  /// depth; every node starts collapsed.
  ///
  /// This is the fastest way to build a big outline, and the natural one for
  /// data that is already flat (a file listing, an indented text, a table
  /// with a level column). A node's parent is the nearest earlier node one
  /// level up.
  ///
  /// ```swift
  /// let outline = Outline(preorder: [
  ///   (node: "Fruit", depth: 0),
  ///   (node: "Apple", depth: 1),
  ///   (node: "Pear", depth: 1),
  ///   (node: "Vegetables", depth: 0),
  /// ])
  /// ```
  ///
  /// - Precondition: The first depth is 0 and each depth is at most one more
  ///   than the previous one (and not negative). To read untrusted data, use
  ///   ``init(validatingPreorder:)``, which throws instead.
  /// - Complexity: O(n).
  @inlinable
  public init(preorder: some Sequence<(node: Node, depth: Int)>) {
    do {
      try self.init(validatingPreorder: preorder)
    } catch {
      _failRequirement("Outline(preorder:): \(error)")
    }
  }

  /// Creates an outline from its nodes in depth-first preorder, each with its
  /// depth, checking the depths; every node starts collapsed.
  ///
  /// - Throws: ``PreorderError`` naming the first node whose depth is not
  ///   valid (negative, not 0 for the first node, or more than one deeper
  ///   than the node before it).
  /// - Complexity: O(n).
  @inlinable
  public init(validatingPreorder preorder: some Sequence<(node: Node, depth: Int)>) throws {
    try self.init(_preorder: preorder) { ($0.node, $0.depth, false) }
  }

  /// Builds from the elements of `preorder`, which `parts` turns into
  /// (node, depth, expanded) triples; the decoder passes flags. Inlined
  /// into each caller, with `parts` a literal there, rather than taking a
  /// lazily mapped sequence: a map's closure is called indirectly per
  /// element, which was most of the input loop.
  @inlinable @inline(__always)
  internal init<Elements: Sequence>(
    _preorder preorder: Elements, _ parts: (Elements.Element) -> (Node, Int, Bool)
  ) throws {
    self.init()
    let expected = preorder.underestimatedCount
    var loader = _PreorderIndex.LeafLoader(expectedCount: expected, index: &_core.index)
    _payloads._reserveCapacityOnHugePages(expected)
    _core.index.nodeTable._reserveCapacityOnHugePages(expected)
    // hiddenForChildren[d]: hidden count of the children of the open node at
    // depth d. Entries past the current depth are stale but never read: a
    // node's depth is at most one more than the previous node's. It is as
    // deep as the outline (as long as a chain), so 32-bit and on huge
    // pages: 80 MB of `Int`s grown on 4 KiB pages made the 10^7 chain's
    // build 36-38 ns per node instead of 21-24.
    var hiddenForChildren: [Int32] = []
    var previousDepth = -1
    for element in preorder {
      let (node, depth, expanded) = parts(element)
      let offset = _payloads.count
      guard depth >= 0 && depth <= previousDepth + 1 && depth <= _PreorderIndex.maximumDepth else {
        throw PreorderError(offset: offset, depth: depth, previousDepth: previousDepth)
      }
      guard offset < _PreorderIndex.maximumNodeCount else {
        throw PreorderError(offset: offset, depth: depth, previousDepth: -2)
      }
      let hidden = depth == 0 ? 0 : Int(hiddenForChildren[depth - 1])
      let forChildren = Int32(truncatingIfNeeded: hidden + (expanded ? 0 : 1))
      if depth == hiddenForChildren.count {
        hiddenForChildren._growOnHugePages(toHold: 1)
        hiddenForChildren.append(forChildren)
      } else {
        hiddenForChildren[depth] = forChildren
      }
      // A fresh outline's slots are its nodes' offsets, first generation.
      _payloads._growOnHugePages(toHold: 1)
      _payloads.append(node)
      loader.append(.init(key: 1 &<< 32 | UInt64(offset), depth: depth, expanded: expanded, hidden: hidden), to: &_core.index)
      previousDepth = depth
    }
    _core.index.root = loader.finish(into: &_core.index)
    _didMutate()
  }
}

/// The error thrown when a preorder list of depths does not describe a tree.
public struct PreorderError: Error, Hashable, Sendable, CustomStringConvertible {
  /// The preorder position of the first bad node.
  public var offset: Int
  /// Its depth.
  public var depth: Int
  /// The depth of the node before it (-1 for none).
  public var previousDepth: Int

  /// Creates an error.
  ///
  /// - Complexity: O(1).
  public init(offset: Int, depth: Int, previousDepth: Int) {
    self.offset = offset
    self.depth = depth
    self.previousDepth = previousDepth
  }

  /// Says which node is wrong and why.
  public var description: String {
    if previousDepth == -2 { return "node \(offset): too many nodes (at most \(_PreorderIndex.maximumNodeCount))" }
    if depth < 0 { return "node \(offset): depth \(depth) is negative" }
    if depth > _PreorderIndex.maximumDepth {
      return "node \(offset): depth \(depth) is deeper than an outline holds (at most \(_PreorderIndex.maximumDepth))"
    }
    if previousDepth < 0 { return "node \(offset): the first node must have depth 0, not \(depth)" }
    return "node \(offset): depth \(depth) follows depth \(previousDepth); a node can be at most one level deeper than the node before it"
  }
}
