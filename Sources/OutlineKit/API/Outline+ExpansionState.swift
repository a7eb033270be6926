/// Saving and restoring which nodes are expanded.
extension Outline {
  /// The keys of the expanded nodes.
  ///
  /// - Parameter key: A stable key for each node (a path, a database ID),
  ///   the same on every launch.
  /// - Complexity: O(n).
  public func expansionState<Key: Hashable & Sendable>(by key: (Node) -> Key) -> ExpansionState<Key> {
    var keys = Set<Key>()
    _core.index.forEachEntry(in: 0 ..< nodeCount) { _, nodeKey, _, raw in
      let slot = UInt32(truncatingIfNeeded: nodeKey)
      if raw & _PreorderIndex.expandedFlag != 0 { keys.insert(key(_payloads[Int(slot)].unsafelyUnwrapped)) }
    }
    return ExpansionState(expandedKeys: keys)
  }

  /// Expands exactly the nodes whose keys are in `state` and collapses the
  /// others, and keeps the state pending, so that a node inserted later
  /// whose key is in it arrives expanded.
  ///
  /// Keys that match no node are not an error: they wait in the pending
  /// state, for nodes that arrive later (say, children loaded lazily), until
  /// ``clearPendingExpansion()``. The policy is not applied: the state is
  /// restored as saved.
  ///
  /// ```swift
  /// var outline = Outline(roots: try load(), children: \.children)
  /// outline.restoreExpansionState(saved, by: \.path)
  /// ```
  ///
  /// - Returns: The rows that appeared and disappeared.
  /// - Complexity: O(n) hash lookups.
  @discardableResult
  public mutating func restoreExpansionState<Key: Hashable & Sendable>(
    _ state: ExpansionState<Key>, by key: @escaping @Sendable (Node) -> Key
  ) -> OutlineChange {
    _restore(_KeyedPendingExpansion(keys: state.expandedKeys, key: key))
  }

  /// Sets every node's flag as `pending` says and keeps it for later nodes.
  @usableFromInline
  internal mutating func _restore(_ pending: some _PendingExpansion<Node>) -> OutlineChange {
    let payloads = _payloads
    return _mutate(.display) { outline in
      let change = outline._core.setAllFlags { slot in pending.isExpanded(payloads[Int(slot)].unsafelyUnwrapped) }
      outline._pendingExpansion = pending
      return change
    }
  }

  /// Whether a restored expansion state is still pending for nodes inserted
  /// later.
  ///
  /// - Complexity: O(1).
  public var hasPendingExpansion: Bool { _pendingExpansion != nil }

  /// Forgets the restored expansion state: nodes inserted from now on arrive
  /// collapsed.
  ///
  /// - Complexity: O(1).
  public mutating func clearPendingExpansion() {
    _pendingExpansion = nil
  }
}

extension Outline where Node: Identifiable, Node.ID: Sendable {
  /// The IDs of the expanded nodes.
  ///
  /// - Complexity: O(n).
  public func expansionState() -> ExpansionState<Node.ID> {
    expansionState(by: \.id)
  }

  /// Expands exactly the nodes whose IDs are in `state`, keeping it pending
  /// for nodes inserted later; see ``restoreExpansionState(_:by:)``.
  ///
  /// - Complexity: O(n) hash lookups.
  @discardableResult
  public mutating func restoreExpansionState(_ state: ExpansionState<Node.ID>) -> OutlineChange {
    _restore(_IdentifiablePendingExpansion(keys: state.expandedKeys))
  }
}
