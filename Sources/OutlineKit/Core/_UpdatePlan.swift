/// What `Outline.update` learned from the outline and the new data before
/// touching anything: both node lists in preorder, which node matched which,
/// and what the new nodes start as. Not generic: the generic layer fills it
/// (it alone can read payloads, ask for identities and compare values), and
/// `_OutlineCore.applyUpdate` turns it into edits.
///
/// "Old" nodes are the outline's nodes in the update's scope (every node, or
/// one parent's descendants), numbered by preorder within the scope; "new"
/// nodes are the nodes of the new data, numbered the same way.
@usableFromInline
internal struct _UpdatePlan: Sendable {
  /// An old node's mark in `oldMatches`: unmatched, so removed.
  @usableFromInline static var unmatched: Int32 { -1 }
  /// An old node's mark in `oldMatches`: unmatched, but below a matched
  /// node whose `children` returned nil (with no matched node between), so
  /// it stays where it is.
  @usableFromInline static var kept: Int32 { -2 }

  /// The slot of the parent whose descendants are updated; nil for the
  /// whole outline.
  @usableFromInline var scopeSlot: UInt32?

  /// Old nodes: key (slot and generation), parent (old number, -1 at the
  /// top of the scope), and the new node it matched (or `unmatched`,
  /// `kept`).
  @usableFromInline var oldKeys: [UInt64] = []
  @usableFromInline var oldParents: [Int32] = []
  @usableFromInline var oldMatches: [Int32] = []
  /// Whether each old node has a row, and the row of the first one that
  /// would (the rows before the scope).
  @usableFromInline var oldVisible: [Bool] = []
  @usableFromInline var firstRow = 0

  /// New nodes: parent (new number, -1 at the top), and the old node it
  /// matched (-1 for a node to insert).
  @usableFromInline var newParents: [Int32] = []
  @usableFromInline var newMatches: [Int32] = []
  /// For the new nodes to insert (empty when there are none): the slot
  /// key (slot and generation) allocated for each, and its word (expanded
  /// flag, filter answer).
  @usableFromInline var newKeys: [UInt64] = []
  @usableFromInline var newWords: [UInt32] = []

  /// Matched nodes whose value changed (new numbers, in old preorder), with
  /// their old rows (-1 when hidden) and, under a filter, their answers.
  @usableFromInline var changed: [Int32] = []
  @usableFromInline var changedRows: [Int] = []
  @usableFromInline var changedAnswers: [UInt32] = []

  @inlinable
  init(scopeSlot: UInt32?) {
    self.scopeSlot = scopeSlot
  }
}

// MARK: - Places, for errors

extension _UpdatePlan {
  /// Where new node `v` is in the new data: child indices from the top.
  /// O(m); for error messages only.
  @usableFromInline
  func newIndexPath(of v: Int) -> [Int] {
    _UpdatePlan.indexPath(of: v, parents: newParents)
  }

  /// Child indices from the top down to node `v` of a preorder list given
  /// by parents.
  @usableFromInline
  static func indexPath(of v: Int, parents: [Int32]) -> [Int] {
    var childIndices = [Int](repeating: 0, count: parents.count)
    var nextIndex = [Int](repeating: 0, count: parents.count &+ 1)
    for u in 0 ... v {
      let parent = Int(parents[u]) &+ 1
      childIndices[u] = nextIndex[parent]
      nextIndex[parent] &+= 1
    }
    var path: [Int] = []
    var node = v
    while node >= 0 {
      path.append(childIndices[node])
      node = Int(parents[node])
    }
    return path.reversed()
  }
}
