/// The tree's shape: parents, children, depths.
extension Outline {
  /// The parent of a node, or nil for a root.
  ///
  /// - Precondition: `id` names a node of this outline.
  /// - Complexity: O(log n), whatever the tree's depth or fan-out.
  public func parent(of id: NodeID) -> NodeID? {
    let position = _position(of: id)
    let depth = _index.depth(at: position)
    guard depth > 0 else { return nil }
    guard let parent = _index.lastPosition(before: position, depthBelow: depth) else {
      preconditionFailure("Outline index: a node of depth \(depth) has no parent entry")
    }
    return _id(at: parent)
  }

  /// The depth of a node: 0 for a root, 1 for its children, and so on.
  ///
  /// - Precondition: `id` names a node of this outline.
  /// - Complexity: O(1).
  public func depth(of id: NodeID) -> Int {
    _index.depth(at: _position(of: id))
  }

  /// Whether a node is expanded.
  ///
  /// A node's flag is its own: a collapsed ancestor hides an expanded node
  /// without changing its flag, and a node without children can be expanded.
  ///
  /// - Precondition: `id` names a node of this outline.
  /// - Complexity: O(1).
  public func isExpanded(_ id: NodeID) -> Bool {
    _index.isExpanded(at: _position(of: id))
  }

  /// Whether a node has children.
  ///
  /// - Precondition: `id` names a node of this outline.
  /// - Complexity: O(log n).
  public func hasChildren(_ id: NodeID) -> Bool {
    let position = _position(of: id)
    let offset = _index.offset(of: position)
    return offset + 1 < nodeCount && _index.depth(at: _index.position(atOffset: offset + 1)) > _index.depth(at: position)
  }

  /// The top-level nodes, in order.
  ///
  /// - Complexity: O(1) to get; the collection's `count` and subscript are
  ///   O(1) and O(log n).
  public var roots: Children {
    Children(outline: self, range: 0 ..< nodeCount, depth: 0)
  }

  /// The children of a node, in order.
  ///
  /// ```swift
  /// for child in outline.children(of: folder) { print(outline[child]) }
  /// ```
  ///
  /// - Precondition: `id` names a node of this outline.
  /// - Complexity: O(log n) to get; the collection's subscript is O(log n)
  ///   and iterating all c children is O(c log n).
  public func children(of id: NodeID) -> Children {
    let position = _position(of: id)
    let offset = _index.offset(of: position)
    let depth = _index.depth(at: position)
    let end = _index.firstOffset(after: position, offset: offset, depthAtMost: depth)
    return Children(outline: self, range: offset + 1 ..< end, depth: depth + 1)
  }

  /// The number of nodes in a node's subtree, the node itself included.
  ///
  /// - Precondition: `id` names a node of this outline.
  /// - Complexity: O(log n).
  public func subtreeCount(of id: NodeID) -> Int {
    _subtreeRange(of: _position(of: id)).count
  }

  /// A node's index among its siblings (among the roots for a root).
  ///
  /// - Precondition: `id` names a node of this outline.
  /// - Complexity: O(log n).
  public func indexInParent(of id: NodeID) -> Int {
    let position = _position(of: id)
    let offset = _index.offset(of: position)
    let depth = _index.depth(at: position)
    if depth == 0 { return _index.countEntries(atDepth: 0, in: 0 ..< offset) }
    guard let parent = _index.lastPosition(before: position, depthBelow: depth) else {
      preconditionFailure("Outline index: a node of depth \(depth) has no parent entry")
    }
    return _index.countEntries(atDepth: depth, in: _index.offset(of: parent) + 1 ..< offset)
  }

  /// Preorder offsets of the subtree rooted at the entry at `position`.
  @usableFromInline
  internal func _subtreeRange(of position: UInt32) -> Range<Int> {
    let offset = _index.offset(of: position)
    let end = _index.firstOffset(after: position, offset: offset, depthAtMost: _index.depth(at: position))
    return offset ..< end
  }
}

// MARK: - Children

extension Outline {
  /// The children of one node (or the roots), as a random-access collection
  /// of IDs.
  ///
  /// It is a snapshot: it describes the outline as it was when it was made,
  /// and does not follow later mutations.
  public struct Children: RandomAccessCollection {
    @usableFromInline internal let _index: _PreorderIndex
    /// Preorder offsets of the parent's descendants (every node for roots).
    @usableFromInline internal let _range: Range<Int>
    @usableFromInline internal let _depth: Int

    /// The number of children.
    ///
    /// - Complexity: O(1).
    public let count: Int

    @usableFromInline
    internal init(outline: Outline, range: Range<Int>, depth: Int) {
      _index = outline._index
      _range = range
      _depth = depth
      count = outline._index.countEntries(atDepth: depth, in: range)
    }

    /// The position of the first child: always 0.
    ///
    /// - Complexity: O(1).
    public var startIndex: Int { 0 }

    /// One past the last child: `count`.
    ///
    /// - Complexity: O(1).
    public var endIndex: Int { count }

    /// The ID of the child at `position`.
    ///
    /// - Precondition: `0 <= position < count`.
    /// - Complexity: O(log n).
    public subscript(position: Int) -> NodeID {
      precondition(position >= 0 && position < count, "Outline.Children: index \(position) out of range 0..<\(count)")
      guard let found = _index.position(ofEntry: position, atDepth: _depth, in: _range) else {
        preconditionFailure("Outline index: child \(position) not found")
      }
      return NodeID(slot: _index.slot(at: found), generation: _index.generations[Int(_index.slot(at: found))])
    }

    /// Returns an iterator that walks the children from sibling to sibling.
    ///
    /// - Complexity: O(1); each step is O(log n).
    public func makeIterator() -> Iterator {
      Iterator(index: _index, next: _range.lowerBound, end: _range.upperBound, depth: _depth)
    }

    /// Walks children by jumping from each child to the end of its subtree.
    public struct Iterator: IteratorProtocol {
      @usableFromInline internal let _index: _PreorderIndex
      @usableFromInline internal var _next: Int
      @usableFromInline internal let _end: Int
      @usableFromInline internal let _depth: Int

      @usableFromInline
      internal init(index: _PreorderIndex, next: Int, end: Int, depth: Int) {
        _index = index
        _next = next
        _end = end
        _depth = depth
      }

      /// The next child, or nil after the last.
      ///
      /// - Complexity: O(log n).
      public mutating func next() -> NodeID? {
        guard _next < _end else { return nil }
        let position = _index.position(atOffset: _next)
        _next = _index.firstOffset(after: position, offset: _next, depthAtMost: _depth)
        let slot = _index.slot(at: position)
        return NodeID(slot: slot, generation: _index.generations[Int(slot)])
      }
    }
  }
}
