/// Disclosures: a row draws whether its node has a child the filter shows
/// (a triangle, or none), so a change must reload a surviving row whose
/// node gains its first such child or loses its last.
///
/// Every step that changes a node's children, or whether they pass the
/// filter, first notes the node in the open composers with what it shows
/// now; the composers compare with what it shows at the end
/// (`_ChangeComposer.finish`). A step changes the disclosures of the
/// parent of the subtree it inserts, removes or moves, and of every
/// `.recurse` ancestor whose inclusion flips with it, up to the first
/// ancestor whose inclusion stays: O(1) notes per edited parent, each an
/// O(log n) count, and nothing at all while no batch is open. Rewrites of
/// a range's filter state (`_FilterRewrite`, `_CandidateRewrite`) note the
/// nodes whose disclosure flipped as they walk.
extension _OutlineCore {
  /// Notes, in the open composers, whether the node at `position` shows a
  /// disclosure now, before a step changes its children. Nothing for the
  /// top level (nil), or while no composer is open.
  @usableFromInline
  mutating func noteDisclosure(at position: UInt32?) {
    guard !composers.isEmpty, let position else { return }
    let key = index.key(at: position)
    // A node noted before keeps its first note: skip the count.
    guard composers.contains(where: { $0.originalDisclosures[key] == nil }) else { return }
    noteDisclosure(ofKey: key, was: showsDisclosure(at: position))
  }

  /// Whether the node at `position` has a child that passes the filter
  /// (any child, without one): what its row's disclosure shows.
  ///
  /// It counts the children's own bits, so it is right in the middle of a
  /// step too, where a new node deep down passes already and the
  /// `.recurse` ancestors between it and this node not yet (any passing
  /// descendant would say yes too early). O(log n).
  @usableFromInline
  func showsDisclosure(at position: UInt32) -> Bool {
    guard isFiltered else { return hasChildren(at: position) }
    let scope = childScope(of: position)
    return index.countEntries(atDepth: scope.depth, in: scope.range, includedOnly: true) > 0
  }

  /// Notes, in the open composers, what the node with `key` showed before
  /// a step turned it.
  @usableFromInline
  mutating func noteDisclosure(ofKey key: UInt64, was showing: Bool) {
    for k in composers.indices { composers[k].recordDisclosure(of: key, was: showing) }
  }

  /// Notes the disclosures a step turns when the subtree at `position`
  /// stops passing or leaves: its parent's, and along the `.recurse`
  /// ancestors in `excluded` (nearest first) that stop passing with it, the
  /// parent of each. Called before anything changes.
  @usableFromInline
  mutating func noteDisclosures(leaving position: UInt32, excluded: [UInt32]) {
    guard !composers.isEmpty else { return }
    noteDisclosure(at: parentPosition(of: position))
    for ancestor in excluded { noteDisclosure(at: parentPosition(of: ancestor)) }
  }

  /// Passes the disclosures a rewrite saw flip on to the open composers.
  @usableFromInline
  mutating func record(disclosuresOf diff: _RowDiff) {
    for (key, was) in diff.flippedDisclosures { noteDisclosure(ofKey: key, was: was) }
  }
}
