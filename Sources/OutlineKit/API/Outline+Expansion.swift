/// Expanding and collapsing nodes.
///
/// Semantics follow UIKit's section snapshots and `NSOutlineView`: a node's
/// expanded flag is its own, so collapsing a node keeps its descendants'
/// flags and re-expanding it brings back exactly the rows it hid; expanding
/// or collapsing a hidden node flips its flag and changes no row; and a node
/// without children can be expanded (an app may load its children later).
extension Outline {
  /// Expands a node, showing its children (and their expanded descendants).
  ///
  /// Under ``expansionPolicy`` `.exclusiveSiblings` or `.exclusiveLevel`,
  /// expanding a single node first collapses the other expanded nodes the
  /// policy names. With `recursively: true`, the node and every descendant
  /// are expanded and the policy is not applied.
  ///
  /// ```swift
  /// let change = outline.expand(id)
  /// change.insertedRows     // the rows of the newly shown descendants
  /// change.reloadedRows     // the node's own row: its indicator turns
  /// ```
  ///
  /// - Parameters:
  ///   - id: The node to expand.
  ///   - recursively: Whether to expand the whole subtree.
  /// - Returns: The rows that appeared, disappeared and must be redrawn;
  ///   empty when nothing changed (expanding an expanded node).
  /// - Precondition: `id` names a node of this outline.
  /// - Complexity: O(log n), whatever the size of the subtree and the shape
  ///   of the tree; O(k log n) more when a policy collapses k nodes;
  ///   O(log n + m) with `recursively`, for an m-node subtree.
  @inlinable @discardableResult
  public mutating func expand(_ id: NodeID, recursively: Bool = false) -> OutlineChange {
    let position = _position(of: id)
    return _mutate(.display) { $0._core.expand(at: position, recursively: recursively) }
  }

  /// Collapses a node, hiding its descendants; their flags are kept.
  ///
  /// With `recursively: true`, every descendant is collapsed too, so that
  /// re-expanding the node shows its children only.
  ///
  /// - Parameters:
  ///   - id: The node to collapse.
  ///   - recursively: Whether to collapse the whole subtree.
  /// - Returns: The rows that disappeared and must be redrawn; empty when
  ///   nothing changed (collapsing a collapsed node).
  /// - Precondition: `id` names a node of this outline.
  /// - Complexity: O(log n), whatever the size of the subtree and the shape
  ///   of the tree; O(log n + m) with `recursively`, for an m-node subtree.
  @inlinable @discardableResult
  public mutating func collapse(_ id: NodeID, recursively: Bool = false) -> OutlineChange {
    let position = _position(of: id)
    return _mutate(.display) { $0._core.collapse(at: position, recursively: recursively) }
  }

  /// Collapses an expanded node, or expands a collapsed one (under the
  /// expansion policy).
  ///
  /// - Precondition: `id` names a node of this outline.
  /// - Complexity: As `expand(_:)` or `collapse(_:)`.
  @inlinable @discardableResult
  public mutating func toggle(_ id: NodeID) -> OutlineChange {
    let position = _position(of: id)
    return _mutate(.display) { $0._core.toggle(at: position) }
  }

  /// Expands every node; every node becomes visible.
  ///
  /// - Complexity: O(n).
  @inlinable @discardableResult
  public mutating func expandAll() -> OutlineChange {
    _mutate(.display) { $0._core.setAllFlags(expanded: true) }
  }

  /// Collapses every node; the rows become the roots.
  ///
  /// - Complexity: O(n).
  @inlinable @discardableResult
  public mutating func collapseAll() -> OutlineChange {
    _mutate(.display) { $0._core.setAllFlags(expanded: false) }
  }

  /// Expands every collapsed ancestor of a node, so that the node is visible.
  ///
  /// Ancestors are expanded from the top down, each under the expansion
  /// policy. The node's own flag is unchanged.
  ///
  /// ```swift
  /// outline.reveal(searchResult)
  /// let row = outline.row(of: searchResult)!   // now visible: scroll to it
  /// ```
  ///
  /// - Precondition: `id` names a node of this outline.
  /// - Complexity: O(d log n) for a node at depth d, plus O(k log n) when a
  ///   policy collapses k nodes.
  @inlinable @discardableResult
  public mutating func reveal(_ id: NodeID) -> OutlineChange {
    let position = _position(of: id)
    return _mutate(.display) { $0._core.reveal(at: position) }
  }
}
