import OutlineKit

extension Outline {
  /// The nodes that are not inside another given node's subtree, in the
  /// order given: what deleting or moving a selection acts on (a selected
  /// row inside a selected folder goes with it).
  ///
  /// - Complexity: O(m · d log n) for m nodes d deep.
  func outermost(_ ids: [NodeID]) -> [NodeID] {
    let all = Set(ids)
    return ids.filter { id in
      var ancestor = parent(of: id)
      while let current = ancestor {
        if all.contains(current) { return false }
        ancestor = parent(of: current)
      }
      return true
    }
  }
}
