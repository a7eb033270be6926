/// Inserting, removing and moving subtrees.
///
/// Every edit costs O(log n + m) for an m-node subtree: the index is split at
/// the edit point and joined again, and nothing away from the edit is
/// touched. Edits return what they made or removed; to get the rows they
/// changed, make them inside ``batch(_:)``:
///
/// ```swift
/// let change = outline.batch { outline in
///   outline.insert(newItem, under: folder, at: 0)
///   outline.remove(oldItem)
/// }
/// ```
extension Outline {
  /// Inserts a node (with no children) under a parent; it starts collapsed.
  ///
  /// - Parameters:
  ///   - node: The value of the new node.
  ///   - parent: The parent, or nil to insert a root.
  ///   - index: The new node's index among the parent's children (or the
  ///     roots), from 0 to their count.
  /// - Returns: The new node's ID.
  /// - Precondition: `parent` names a node of this outline and `index` is in
  ///   range.
  /// - Complexity: O(log n).
  @inlinable @discardableResult
  public mutating func insert(_ node: Node, under parent: NodeID?, at index: Int) -> NodeID {
    insert(node, under: parent, at: index, children: { _ in [] })
  }

  /// Inserts a node and its descendants under a parent; every new node
  /// starts collapsed.
  ///
  /// ```swift
  /// outline.insert(folder, under: nil, at: outline.roots.count, children: \.items)
  /// ```
  ///
  /// If `children` throws, the outline is left as it was and the error is
  /// rethrown.
  ///
  /// - Parameters:
  ///   - node: The value of the new node.
  ///   - parent: The parent, or nil to insert a root.
  ///   - index: The new node's index among the parent's children (or the
  ///     roots), from 0 to their count.
  ///   - children: Returns a node's children, in order.
  /// - Returns: The new node's ID.
  /// - Precondition: `parent` names a node of this outline and `index` is in
  ///   range.
  /// - Complexity: O(log n + m) for m new nodes, plus the cost of `children`.
  @inlinable @discardableResult
  public mutating func insert(
    _ node: Node, under parent: NodeID?, at index: Int, children: (Node) throws -> [Node]
  ) rethrows -> NodeID {
    let parentPosition = parent.map(_position(of:))
    return try _mutate(.edit) { outline in
      let place = outline._core.insertionPoint(under: parentPosition, at: index)
      let seeds = try outline._makeSeeds(for: [node], depth: place.depth, hidden: place.hidden, children: children)
      outline._core.insert(seeds, at: place.offset, under: parentPosition)
      let key = seeds[0].key
      return NodeID(key: key, position: outline._core.index.position(ofSlot: UInt32(truncatingIfNeeded: key)))
    }
  }

  /// Removes a node and its whole subtree.
  ///
  /// The IDs of the removed nodes become invalid: `contains(_:)` returns false
  /// for them from now on.
  ///
  /// - Parameter id: The node to remove.
  /// - Returns: The removed node's value.
  /// - Precondition: `id` names a node of this outline.
  /// - Complexity: O(log n + m) for an m-node subtree.
  @inlinable @discardableResult
  public mutating func remove(_ id: NodeID) -> Node {
    let position = _position(of: id)
    return _mutate(.edit) { outline in
      let value = outline._payloads[Int(id.slot)].unsafelyUnwrapped
      outline._core.removeSubtree(at: position) { slot in
        // While a step is recorded, the step keeps the payloads (in the
        // order the core logs the entries).
        outline._recordedPayloads?.append(outline._payloads[Int(slot)])
        outline._payloads[Int(slot)] = nil
      }
      return value
    }
  }

  /// Moves a node and its subtree under another parent, or to another place
  /// among its siblings. Flags are kept: an expanded node stays expanded.
  ///
  /// `index` is the node's place among its new siblings *after* the move, so
  /// moving a node to index 0 makes it the first child, whatever its index
  /// was. Moving a node to the place it already has changes nothing.
  ///
  /// ```swift
  /// try outline.move(item, under: archive, at: 0)
  /// ```
  ///
  /// - Parameters:
  ///   - id: The node to move.
  ///   - parent: The new parent, or nil to make the node a root.
  ///   - index: Its index among the new parent's children after the move,
  ///     from 0 to their count (not counting the node itself).
  /// - Throws: ``MoveError`` when `parent` is the node itself or one of its
  ///   descendants; the outline is left unchanged.
  /// - Precondition: `id` and `parent` name nodes of this outline and `index`
  ///   is in range.
  /// - Complexity: O(log n + m) for an m-node subtree.
  @inlinable
  public mutating func move(_ id: NodeID, under parent: NodeID?, at index: Int) throws {
    let position = _position(of: id)
    let parentPosition = parent.map(_position(of:))
    try _mutate(.edit) { outline in
      switch outline._core.move(at: position, under: parentPosition, at: index) {
      case .moved, .unchanged: return
      case .intoOwnSubtree: throw MoveError(node: id, destination: parent!)
      }
    }
  }

  /// The error thrown when a node would be moved into its own subtree.
  public struct MoveError: Error, Hashable, CustomStringConvertible {
    /// The node that was to move.
    public let node: NodeID
    /// The parent it was to move under: the node itself or a descendant.
    public let destination: NodeID

    @usableFromInline
    internal init(node: NodeID, destination: NodeID) {
      self.node = node
      self.destination = destination
    }

    /// Says which node could not move under which.
    public var description: String {
      node == destination
        ? "cannot move node \(node) under itself"
        : "cannot move node \(node) under \(destination), which is inside its subtree"
    }
  }
}
