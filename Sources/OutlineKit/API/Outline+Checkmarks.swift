/// Checkmarks with a mixed state, kept by the index.
///
/// Every node has a mark, but only leaves' marks count: a leaf is checked
/// or not by its mark, and a node with children is derived from the leaves
/// under it (``CheckState``). The index counts, for every run of entries,
/// its leaves and its checked leaves, so a node's state and a subtree's
/// count are O(log n) whatever the subtree's size, and checking a folder
/// of a million files is one lazy assignment, not a walk.
///
/// ```swift
/// let change = outline.setChecked(true, folder)
/// tableView.reloadRows(at: change.reloadedRows)   // the folder, its
///                                                 // ancestors, its rows
/// outline.checkState(of: parent)                  // .mixed
/// outline.checkedLeafCount(in: nil)               // every checked leaf
/// ```
///
/// States count every leaf, shown or not: a filter hides rows, not marks.
/// ``checkState(of:countingOnlyWhatPasses:)`` gives the state of the
/// leaves that pass the filter instead.
///
/// Marks follow their nodes through moves, value sets and identity
/// updates; nodes that undo or redo bring back have the marks they had; a
/// new node is unmarked. A leaf that gets its first child stops counting
/// (its new child is unchecked), and a node that becomes a leaf again
/// counts with its own mark. Marks are not undo steps: `setChecked` neither
/// records a step nor clears the history.
///
/// Every change reloads the surviving rows whose state turned: the rows
/// `setChecked` turns, and, from an edit inside ``batch(_:)``, the
/// ancestors whose derived state turned with it.
extension Outline {
  /// Gives every node of a subtree the mark `checked`, and returns the rows
  /// whose state turned.
  ///
  /// Every leaf under `id` (or `id` itself, when it is a leaf) ends up
  /// checked or unchecked, and so does `id`; its ancestors turn mixed,
  /// checked or unchecked as their leaves now say.
  ///
  /// ```swift
  /// outline.setChecked(true, downloads)
  /// outline.checkState(of: downloads)   // .checked
  /// ```
  ///
  /// - Parameters:
  ///   - checked: The mark to give.
  ///   - id: The root of the subtree to mark.
  /// - Returns: The reloads of the shown rows whose state turned: `id`'s,
  ///   its ancestors' and its shown descendants'. No row is inserted or
  ///   removed.
  /// - Precondition: `id` names a node of this outline.
  /// - Complexity: O(log n) for the marks, plus O(log n) per shown row
  ///   whose state turns and per shown row beside one (a sibling under a
  ///   parent that turns). The first call also starts keeping marks:
  ///   O(n) once.
  @inlinable @discardableResult
  public mutating func setChecked(_ checked: Bool, _ id: NodeID) -> OutlineChange {
    let position = _position(of: id)
    return _mutate(.display) { $0._core.setChecked(checked, at: position) }
  }

  /// The state of a node's checkbox, counting every leaf under it.
  ///
  /// - Parameter id: A node of this outline.
  /// - Returns: A leaf's own mark, or what the leaves under a node say.
  /// - Precondition: `id` names a node of this outline.
  /// - Complexity: O(log n).
  @inlinable
  public func checkState(of id: NodeID) -> CheckState {
    _core.checkState(at: _position(of: id))
  }

  /// How many checked leaves are under a node, or in the whole outline.
  ///
  /// - Parameter id: A node of this outline (a checked leaf counts
  ///   itself), or nil for the whole outline.
  /// - Returns: The number of checked leaves.
  /// - Precondition: `id`, when given, names a node of this outline.
  /// - Complexity: O(log n); O(1) for the whole outline.
  @inlinable
  public func checkedLeafCount(in id: NodeID?) -> Int {
    _core.checkedLeafCount(under: id.map(_position(of:)))
  }

  /// The checked leaves, in tree order.
  ///
  /// The sequence reads a copy of the outline as it is when called.
  ///
  /// ```swift
  /// let selected = outline.checkedLeaves().map { outline[$0] }
  /// ```
  ///
  /// - Returns: The IDs of the checked leaves, in preorder.
  /// - Complexity: O(log n) per element: subtrees with no checked leaf are
  ///   skipped whole.
  public func checkedLeaves() -> some Sequence<NodeID> {
    checkedLeaves(in: nil)
  }

  /// The checked leaves under a node (the node itself, when it is a
  /// checked leaf), or in the whole outline, in tree order.
  ///
  /// The sequence reads a copy of the outline as it is when called.
  ///
  /// - Parameter id: A node of this outline, or nil for the whole outline.
  /// - Returns: The IDs of the checked leaves, in preorder.
  /// - Precondition: `id`, when given, names a node of this outline.
  /// - Complexity: O(log n) to start, then O(log n) per element.
  public func checkedLeaves(in id: NodeID?) -> some Sequence<NodeID> {
    let index = _core.index
    let range = id.map { _core.subtreeRange(of: _position(of: $0)) } ?? 0 ..< index.count
    return sequence(state: range.lowerBound) { (offset: inout Int) -> NodeID? in
      guard let found = index.firstCheckedLeaf(from: offset), found < range.upperBound else { return nil }
      offset = found &+ 1
      let position = index.position(atOffset: found)
      return NodeID(key: index.key(at: position), position: position)
    }
  }

  /// The state of a node's checkbox, counting only the leaves that pass
  /// the filter when `countingOnlyWhatPasses` is true.
  ///
  /// With no filter, or with `countingOnlyWhatPasses` false, this is
  /// ``checkState(of:)``. Otherwise a leaf that does not pass is left out,
  /// as AG Grid's filtered tree data counts: a node whose passing leaves
  /// are all checked is `.checked`, even if hidden leaves are not. A node
  /// with no passing leaf under it has its own state.
  ///
  /// - Parameters:
  ///   - id: A node of this outline.
  ///   - countingOnlyWhatPasses: Whether leaves the filter hides are left
  ///     out.
  /// - Precondition: `id` names a node of this outline.
  /// - Complexity: O(log n): the index counts the passing leaves too.
  @inlinable
  public func checkState(of id: NodeID, countingOnlyWhatPasses: Bool) -> CheckState {
    _core.checkState(at: _position(of: id), countingOnlyWhatPasses: countingOnlyWhatPasses)
  }
}
