/// Baseline (d) for drag and drop: an app's own tree (children arrays,
/// parent links, expanded flags) and the flat list of visible rows it
/// shows, rebuilt by a walk after the moves, since working out which rows
/// moved where is what the engine would do for it.
struct ByHandMoveBaseline {
  var children: [[Int32]]
  /// The top level's children.
  var roots: [Int32]
  var parent: [Int32]
  let expanded: [Bool]
  var rows: [Int32] = []

  init(spec: TreeSpec, expanded: [Bool]) {
    children = (0 ..< spec.count).map { node in
      Array(spec.childList[Int(spec.childStart[node]) ..< Int(spec.childEnd[node])])
    }
    roots = spec.roots.map { Int32($0) }
    parent = [Int32](repeating: -1, count: spec.count)
    for node in 0 ..< spec.count {
      for child in children[node] { parent[Int(child)] = Int32(node) }
    }
    self.expanded = expanded
    layOut()
  }

  /// Moves `tops` (outermost, in preorder) to consecutive places under
  /// `target` (-1: the top level) at the gap `gap` counted before the
  /// move, as `move(_:to:)` does, then rebuilds the rows.
  mutating func move(_ tops: [Int32], under target: Int32, at gap: Int) {
    let list = target < 0 ? roots : children[Int(target)]
    let moving = Set(tops)
    let before = list[..<gap].filter { !moving.contains($0) }
    let after = list[gap...].filter { !moving.contains($0) }
    for top in tops where parent[Int(top)] != target {
      let p = Int(parent[Int(top)])
      if p < 0 { roots.removeAll { $0 == top } } else { children[p].removeAll { $0 == top } }
      parent[Int(top)] = target
    }
    if target < 0 { roots = before + tops + after } else { children[Int(target)] = before + tops + after }
    layOut()
  }

  /// The visible rows, by a walk of the expanded nodes.
  mutating func layOut() {
    rows.removeAll(keepingCapacity: true)
    var stack: [Int32] = roots.reversed()
    while let node = stack.popLast() {
      rows.append(node)
      if expanded[Int(node)] { stack.append(contentsOf: children[Int(node)].reversed()) }
    }
  }
}
