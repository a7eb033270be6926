/// The nearest row above a hidden node in the tree.
extension Outline {
  /// The deepest ancestor of a node that has a row, or nil when none has
  /// (a node whose ancestors a filter hides, or a root).
  ///
  /// For a node hidden by a collapse, it is the collapsed node that hides
  /// it: where the focus goes.
  ///
  /// ```swift
  /// let shown = outline.row(of: id) != nil ? id : outline.nearestVisibleAncestor(of: id)
  /// ```
  ///
  /// - Precondition: `id` names a node of this outline.
  /// - Complexity: O(log n), whatever the node's depth: the last row before
  ///   a hidden node is its nearest visible ancestor when that ancestor is
  ///   collapsed. When a filter hides the path instead, a binary search over
  ///   the ancestors' depths: O(log d · log n) for a node at depth d.
  @inlinable
  public func nearestVisibleAncestor(of id: NodeID) -> NodeID? {
    _core.nearestVisibleAncestor(of: _position(of: id)).map(_id(at:))
  }
}
