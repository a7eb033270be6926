/// Baseline (d) for filtering: what an app writes without the engine. It
/// keeps its tree as it is (here the preorder numbering with a parent per
/// node), its own expanded flags, and rebuilds the list of rows by a walk
/// whenever the search text changes or a row is toggled while filtered.
///
/// The walk is the competent version: two linear passes, no recursion. A
/// backward pass (children come after their parent in preorder) works out
/// which nodes pass (a match, or an ancestor of one) and, as the engine's
/// revealing filter does, which have a match below them to open; a forward
/// pass lays out the rows: a node is a row when it passes and its parent is
/// a row and expanded.
struct ByHandFilterBaseline {
  /// Parent of each preorder node, -1 for roots.
  let parent: [Int32]
  var expanded: [Bool]
  var included: [Bool]
  var rows: [Int32] = []

  init(spec: TreeSpec, expanded: [Bool]) {
    var parent = [Int32](repeating: -1, count: spec.count)
    for node in 0 ..< spec.count {
      for c in Int(spec.childStart[node]) ..< Int(spec.childEnd[node]) { parent[Int(spec.childList[c])] = Int32(node) }
    }
    self.parent = parent
    self.expanded = expanded
    included = [Bool](repeating: true, count: spec.count)
  }

  /// A new search: which nodes pass, the paths to matches opened, the rows.
  mutating func setFilter(_ isMatch: (Int) -> Bool) {
    let n = parent.count
    var hasMatchBelow = [Bool](repeating: false, count: n)
    for node in stride(from: n - 1, through: 0, by: -1) {
      let passes = isMatch(node) || hasMatchBelow[node]
      included[node] = passes
      if passes, parent[node] >= 0 { hasMatchBelow[Int(parent[node])] = true }
    }
    for node in 0 ..< n where hasMatchBelow[node] { expanded[node] = true }
    layOutRows()
  }

  /// A click while filtered: the flag flips, the rows are laid out again.
  mutating func toggle(_ node: Int) {
    expanded[node].toggle()
    layOutRows()
  }

  /// The forward pass.
  mutating func layOutRows() {
    rows.removeAll(keepingCapacity: true)
    var isRow = [Bool](repeating: false, count: parent.count)
    for node in parent.indices where included[node] {
      let p = Int(parent[node])
      guard p < 0 || (isRow[p] && expanded[p]) else { continue }
      isRow[node] = true
      rows.append(Int32(node))
    }
  }
}
