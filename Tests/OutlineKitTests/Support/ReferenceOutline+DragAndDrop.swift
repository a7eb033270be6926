#if !OUTLINE_FUZZ
@testable import OutlineKit
#endif

/// Drop targets and moves of several nodes, written straight from the
/// contract's words over the reference's arrays of children.
extension ReferenceOutline {
  /// The gap a drop lands in (parent, index counted before the move).
  func dropTarget(
    atRow row: Int, fraction: Double, depth: Int?, allowsChildren: (Int) -> Bool
  ) -> (parent: Int?, index: Int) {
    let rows = visibleRows
    guard !rows.isEmpty else { return (nil, roots.count) }
    let depths = self.depths
    func after(_ r: Int, chosen: Int) -> (parent: Int?, index: Int) {
      let n = rows[r]
      if r + 1 < rows.count, nodes[rows[r + 1]]!.parent == n {
        return (n, nodes[n]!.children.firstIndex(of: rows[r + 1])!)
      }
      let lowest = r + 1 < rows.count ? depths[rows[r + 1]]! : 0
      let level = min(max(chosen, lowest), depths[n]!)
      var a = n
      while depths[a]! > level { a = nodes[a]!.parent! }
      return (nodes[a]!.parent, siblings(of: a).firstIndex(of: a)! + 1)
    }
    if row == rows.count { return after(rows.count - 1, chosen: depth ?? 0) }
    let n = rows[row]
    let place = fraction.isNaN ? 0 : min(max(fraction, 0), 1)
    let takesChildren = allowsChildren(n)
    if takesChildren && place >= 0.25 && place < 0.75 { return (n, nodes[n]!.children.count) }
    if place < (takesChildren ? 0.25 : 0.5) { return (nodes[n]!.parent, siblings(of: n).firstIndex(of: n)!) }
    return after(row, chosen: depth ?? depths[n]!)
  }

  /// What a move of several nodes did: the given nodes that moved on their
  /// own (not inside another given one), and those of them that kept their
  /// place; or the given node whose subtree holds the target's parent.
  enum SeveralMove {
    case moved(tops: [Int], kept: Set<Int>)
    case refused(holder: Int)
  }

  /// Moves `values` (each with its subtree) to become consecutive children
  /// of `parent`, in preorder, at `gap` counted before the move.
  mutating func move(_ values: [Int], under parent: Int?, at gap: Int) -> SeveralMove {
    let given = Set(values)
    let tops = preorder.filter { v in
      guard given.contains(v) else { return false }
      var p = nodes[v]!.parent
      while let q = p {
        if given.contains(q) { return false }
        p = nodes[q]!.parent
      }
      return true
    }
    if let parent, let holder = tops.first(where: { $0 == parent || isAncestor($0, of: parent) }) {
      return .refused(holder: holder)
    }
    let old = parent.map { nodes[$0]!.children } ?? roots
    let isTop = Set(tops)
    func stayingBefore(_ index: Int) -> Int { old[..<index].filter { !isTop.contains($0) }.count }
    // A node keeps its place when it stays under the same parent with the
    // same children of that parent, not moved, before it.
    let kept = Set(tops.filter { nodes[$0]!.parent == parent && stayingBefore(old.firstIndex(of: $0)!) == stayingBefore(gap) })
    let newChildren = old[..<gap].filter { !isTop.contains($0) } + tops + old[gap...].filter { !isTop.contains($0) }
    for top in tops where nodes[top]!.parent != parent { detach(top) }
    for top in tops { nodes[top]!.parent = parent }
    if let parent { nodes[parent]!.children = newChildren } else { roots = newChildren }
    return .moved(tops: tops, kept: kept)
  }

  /// The nodes with at least one child that passes the filter: those whose
  /// row shows a disclosure.
  var nodesShowingChildren: Set<Int> {
    let included = self.included
    return Set(nodes.filter { $0.value.children.contains(where: included.contains) }.keys)
  }
}
