/// The tree's shape: parents, children, depths.
extension Outline {
  /// The parent of a node, or nil for a root.
  ///
  /// - Precondition: `id` names a node of this outline.
  /// - Complexity: O(log n), whatever the tree's depth or fan-out.
  @inlinable
  public func parent(of id: NodeID) -> NodeID? {
    _core.parentPosition(of: _position(of: id)).map(_id(at:))
  }

  /// The depth of a node: 0 for a root, 1 for its children, and so on.
  ///
  /// - Precondition: `id` names a node of this outline.
  /// - Complexity: O(1).
  @inlinable
  public func depth(of id: NodeID) -> Int {
    _core.index.depth(at: _position(of: id))
  }

  /// The deepest depth a node can have: 33,554,431.
  ///
  /// Depths share a 32-bit word with a node's flags. Building from a
  /// preorder list deeper than this throws a ``PreorderError``; inserting a
  /// node deeper than this traps.
  ///
  /// - Complexity: O(1).
  @inlinable
  public static var maximumDepth: Int { _PreorderIndex.maximumDepth }

  /// The most nodes an outline holds: 2,147,483,646.
  ///
  /// Node slots and preorder positions are 32-bit, which keeps the index at
  /// about 23 bytes a node. Building from a preorder list longer than this
  /// throws a ``PreorderError``; an insertion, update or build past it
  /// traps, saying so, before any count wraps. (At about 48 bytes a node
  /// with an `Int` payload and row heights, the limit is 100 GB away: the
  /// memory runs out first. Docs/Benchmarks.md measures 10^8 nodes.)
  ///
  /// - Complexity: O(1).
  @inlinable
  public static var maximumNodeCount: Int { _PreorderIndex.maximumNodeCount }

  /// Whether a node is expanded.
  ///
  /// A node's flag is its own: a collapsed ancestor hides an expanded node
  /// without changing its flag, and a node without children can be expanded.
  ///
  /// - Precondition: `id` names a node of this outline.
  /// - Complexity: O(1).
  @inlinable
  public func isExpanded(_ id: NodeID) -> Bool {
    _core.index.isExpanded(at: _position(of: id))
  }

  /// Whether a node has children.
  ///
  /// - Precondition: `id` names a node of this outline.
  /// - Complexity: O(log n).
  @inlinable
  public func hasChildren(_ id: NodeID) -> Bool {
    _core.hasChildren(at: _position(of: id))
  }

  /// The top-level nodes, in order.
  ///
  /// - Complexity: O(log n) to get; the collection's `count` is O(1) and its
  ///   subscript O(log n).
  @inlinable
  public var roots: Children {
    Children(index: _core.index, scope: _core.childScope(of: nil))
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
  @inlinable
  public func children(of id: NodeID) -> Children {
    Children(index: _core.index, scope: _core.childScope(of: _position(of: id)))
  }

  /// The children of a node that pass the filter, in order: the children
  /// a filtered tree shows. All the children when no filter is set.
  ///
  /// ```swift
  /// cell.badge = "\(outline.includedChildren(of: folder).count)"   // matches inside
  /// ```
  ///
  /// - Precondition: `id` names a node of this outline.
  /// - Complexity: O(log n) to get; the collection's `count` is O(1), its
  ///   subscript O(log n), and iterating all c children O(c log n).
  @inlinable
  public func includedChildren(of id: NodeID) -> Children {
    Children(index: _core.index, scope: _core.childScope(of: _position(of: id)), includedOnly: true)
  }

  /// The number of nodes in a node's subtree, the node itself included.
  ///
  /// - Precondition: `id` names a node of this outline.
  /// - Complexity: O(log n).
  @inlinable
  public func subtreeCount(of id: NodeID) -> Int {
    _core.subtreeRange(of: _position(of: id)).count
  }

  /// A node's index among its siblings (among the roots for a root).
  ///
  /// - Precondition: `id` names a node of this outline.
  /// - Complexity: O(log n).
  @inlinable
  public func indexInParent(of id: NodeID) -> Int {
    _core.indexInParent(of: _position(of: id))
  }
}

// MARK: - Children

extension Outline {
  /// The children of one node (or the roots), as a random-access collection
  /// of IDs: all of them, or those that pass the filter.
  ///
  /// It is a snapshot: it describes the outline as it was when it was made,
  /// and does not follow later mutations.
  public struct Children: RandomAccessCollection {
    @usableFromInline internal let _index: _PreorderIndex
    /// Preorder offsets of the parent's descendants (every node for roots).
    @usableFromInline internal let _range: Range<Int>
    @usableFromInline internal let _depth: Int
    /// Whether only children that pass the filter are counted.
    @usableFromInline internal let _includedOnly: Bool

    /// The number of children.
    ///
    /// - Complexity: O(1).
    public let count: Int

    @usableFromInline
    internal init(index: _PreorderIndex, scope: (range: Range<Int>, depth: Int), includedOnly: Bool = false) {
      _index = index
      _range = scope.range
      _depth = scope.depth
      _includedOnly = includedOnly
      count = index.countEntries(atDepth: scope.depth, in: scope.range, includedOnly: includedOnly)
    }

    /// The position of the first child: always 0.
    ///
    /// - Complexity: O(1).
    @inlinable public var startIndex: Int { 0 }

    /// One past the last child: `count`.
    ///
    /// - Complexity: O(1).
    @inlinable public var endIndex: Int { count }

    /// The ID of the child at `position`.
    @inlinable
    ///
    /// - Precondition: `0 <= position < count`.
    /// - Complexity: O(log n).
    public subscript(position: Int) -> NodeID {
      _require(position >= 0 && position < count, "Outline.Children: index \(position) out of range 0..<\(count)")
      guard let found = _index.position(ofEntry: position, atDepth: _depth, in: _range, includedOnly: _includedOnly)
      else {
        _failRequirement("Outline index: child \(position) not found")
      }
      return NodeID(key: _index.key(at: found), position: found)
    }

    /// Returns an iterator that walks the children from sibling to sibling.
    ///
    /// - Complexity: O(1); each step is O(log n).
    @inlinable
    public func makeIterator() -> Iterator {
      Iterator(index: _index, next: _range.lowerBound, end: _range.upperBound, depth: _depth, includedOnly: _includedOnly)
    }

    /// Walks children by jumping from each child to the end of its subtree
    /// (past the children the filter excludes, when asked to).
    public struct Iterator: IteratorProtocol {
      @usableFromInline internal let _index: _PreorderIndex
      @usableFromInline internal var _next: Int
      @usableFromInline internal let _end: Int
      @usableFromInline internal let _depth: Int
      @usableFromInline internal let _includedOnly: Bool

      @usableFromInline
      internal init(index: _PreorderIndex, next: Int, end: Int, depth: Int, includedOnly: Bool) {
        _index = index
        _next = next
        _end = end
        _depth = depth
        _includedOnly = includedOnly
      }

      /// The next child, or nil after the last.
      ///
      /// - Complexity: O(log n).
      @inlinable
      public mutating func next() -> NodeID? {
        guard _next < _end else { return nil }
        var position = _index.position(atOffset: _next)
        if _includedOnly && !_index.isIncluded(at: position) {
          // Jump to the next child that passes, past any run of excluded ones.
          guard let found = _index.position(ofEntry: 0, atDepth: _depth, in: _next ..< _end, includedOnly: true)
          else {
            _next = _end
            return nil
          }
          position = found
          _next = _index.offset(of: found)
        }
        _next = _index.firstOffset(after: position, offset: _next, depthAtMost: _depth)
        return NodeID(key: _index.key(at: position), position: position)
      }
    }
  }
}
