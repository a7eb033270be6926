import OutlineKit

/// Baseline (d) for checkmarks: what an app writes without the engine, in
/// the best of the usual forms: a mark per node, and per node the number
/// of leaves under it and of checked ones, kept up to date. Checking a
/// node walks its subtree (each node's mark and count) and then its
/// ancestors (their counts); a state is then read in O(1). It redraws
/// nothing: finding the rows to reload is left out, in its favour.
struct ByHandCheckBaseline {
  var marks: [Bool]
  var leaves: [Int32]
  var checked: [Int32]
  let parent: [Int32]
  /// `end[k]`: one past the last node of k's subtree (nodes are numbered
  /// in preorder).
  let end: [Int32]

  init(spec: TreeSpec) {
    let n = spec.count
    var parent = [Int32](repeating: -1, count: n)
    for k in 0 ..< n {
      for c in spec.childStart[k] ..< spec.childEnd[k] { parent[Int(spec.childList[Int(c)])] = Int32(k) }
    }
    var end = [Int32](repeating: Int32(n), count: n)
    var open: [Int] = []
    for k in 0 ..< n {
      while let last = open.last, spec.depth[last] >= spec.depth[k] {
        end[last] = Int32(k)
        open.removeLast()
      }
      open.append(k)
    }
    var leaves = [Int32](repeating: 0, count: n)
    for k in stride(from: n - 1, through: 0, by: -1) {
      if spec.childEnd[k] == spec.childStart[k] { leaves[k] += 1 }
      if parent[k] >= 0 { leaves[Int(parent[k])] += leaves[k] }
    }
    self.parent = parent
    self.end = end
    self.leaves = leaves
    marks = [Bool](repeating: false, count: n)
    checked = [Int32](repeating: 0, count: n)
  }

  mutating func setChecked(_ value: Bool, _ node: Int) {
    let delta = (value ? leaves[node] : 0) - checked[node]
    for k in node ..< Int(end[node]) {
      marks[k] = value
      checked[k] = value ? leaves[k] : 0
    }
    var p = Int(parent[node])
    while p >= 0 {
      checked[p] += delta
      p = Int(parent[p])
    }
  }

  func state(of node: Int) -> CheckState {
    checked[node] == 0 ? .unchecked : checked[node] == leaves[node] ? .checked : .mixed
  }
}
