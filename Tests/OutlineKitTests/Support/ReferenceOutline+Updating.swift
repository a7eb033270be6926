#if !OUTLINE_FUZZ
@testable import OutlineKit
#endif

/// Updating from new data, the obvious way: node values are identities, so
/// a value of the new data that the scope holds is the same node.
extension ReferenceOutline {
  /// The nodes an update matches against: `scope`'s descendants, or every
  /// node, in preorder.
  func updateScope(_ scope: Int?) -> [Int] {
    scope.map { Array(subtree(of: $0).dropFirst()) } ?? preorder
  }

  /// Replaces the descendants of `scope` (every node for nil) with `forest`
  /// (preorder, depths from 0 for the new children of `scope`). A node of
  /// the forest that the scope holds is matched: it keeps its flag (new
  /// ones are collapsed). An unmatched node of the scope stays, under its
  /// parent, when the nearest matched node above it is in `keep` (its
  /// children were kept); every other one goes. Returns the values removed.
  mutating func update(scope: Int?, forest: [(value: Int, depth: Int)], keep: Set<Int>) -> [Int] {
    let scopeNodes = updateScope(scope)
    let old = Set(scopeNodes)
    let matched = Set(forest.map(\.value)).intersection(old)
    // Unmatched nodes that stay: below a kept node, no matched node between.
    var kept: Set<Int> = []
    for v in scopeNodes where !matched.contains(v) {
      var p = nodes[v]!.parent
      while let q = p, q != scope, !matched.contains(q) { p = nodes[q]!.parent }
      if let q = p, q != scope, keep.contains(q) { kept.insert(v) }
    }
    // Parents and children lists of the new data.
    var tops: [Int] = []
    var newChildren: [Int: [Int]] = [:]
    var newParent: [Int: Int?] = [:]
    var stack: [Int] = []
    for item in forest {
      stack.removeSubrange(item.depth...)
      if let p = stack.last {
        newChildren[p, default: []].append(item.value)
        newParent[item.value] = p
      } else {
        tops.append(item.value)
        newParent[item.value] = scope
      }
      stack.append(item.value)
    }
    let removed = scopeNodes.filter { !matched.contains($0) && !kept.contains($0) }
    // Kept nodes, and matched nodes whose children are kept, keep the
    // children that stay.
    var keptChildren: [Int: [Int]] = [:]
    for v in scopeNodes where kept.contains(v) || (matched.contains(v) && keep.contains(v)) {
      keptChildren[v] = nodes[v]!.children.filter { kept.contains($0) }
    }
    for item in forest {
      let v = item.value
      if !old.contains(v) { nodes[v] = Node(value: v) }
      nodes[v]!.parent = newParent[v]!
      nodes[v]!.children = keep.contains(v) && old.contains(v) ? keptChildren[v]! : newChildren[v] ?? []
    }
    for v in kept { nodes[v]!.children = keptChildren[v]! }
    for v in removed { nodes[v] = nil }
    if let scope { nodes[scope]!.children = tops } else { roots = tops }
    return removed
  }

  /// The nodes an update reports moved, worked out on their own: the
  /// matched nodes whose parent changes, and, among each parent's
  /// surviving children, those outside the longest run that kept its
  /// order (`keptByPatienceRule`), then everything below them in the
  /// updated tree (`after`). Also returns the roots of those moves.
  func movesOfUpdate(
    scope: Int?, forest: [(value: Int, depth: Int)], after: ReferenceOutline
  ) -> (moved: Set<Int>, roots: Set<Int>) {
    let old = Set(updateScope(scope))
    var rootsOfMoves: Set<Int> = []
    // New parent of every forest node, and the children lists in order.
    var lists: [Int?: [Int]] = [:]
    var stack: [Int] = []
    for item in forest {
      stack.removeSubrange(item.depth...)
      let parent = stack.last ?? scope
      lists[parent, default: []].append(item.value)
      stack.append(item.value)
    }
    for (parent, list) in lists {
      var survivors: [Int] = []
      for v in list where old.contains(v) {
        if nodes[v]!.parent == parent { survivors.append(v) } else { rootsOfMoves.insert(v) }
      }
      let oldIndices = survivors.map { siblings(of: $0).firstIndex(of: $0)! }
      let kept = keptByPatienceRule(oldIndices)
      for (k, v) in survivors.enumerated() where !kept.contains(k) { rootsOfMoves.insert(v) }
    }
    var moved: Set<Int> = []
    for root in rootsOfMoves { moved.formUnion(after.subtree(of: root)) }
    return (moved, rootsOfMoves)
  }
}

/// The indices of one longest increasing subsequence of `values` (distinct
/// numbers), chosen as the engine documents: it ends at the last element
/// that ends an increasing subsequence of the greatest length, and each
/// element's predecessor is the last earlier one that ends a subsequence
/// one shorter. Worked out by the quadratic dynamic program, not by the
/// engine's patience method, and checked to be increasing.
func keptByPatienceRule(_ values: [Int]) -> Set<Int> {
  guard !values.isEmpty else { return [] }
  var length = [Int](repeating: 1, count: values.count)
  for j in values.indices {
    for i in 0 ..< j where values[i] < values[j] { length[j] = max(length[j], length[i] + 1) }
  }
  let longest = length.max()!
  var e = length.lastIndex(of: longest)!
  var kept: Set<Int> = [e]
  while length[e] > 1 {
    let p = (0 ..< e).last { length[$0] == length[e] - 1 }!
    expect(values[p] < values[e], "the patience rule picked a predecessor that is not smaller")
    e = p
    kept.insert(e)
  }
  expectEqual(kept.count, longest, "kept run length")
  return kept
}
