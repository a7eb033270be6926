/// Baseline (d) for row geometry: what an app writes without the engine.
/// It keeps its rows as a list (the flat visible list) and, next to it, the
/// running sum of their heights, rebuilt after every change, so that "where
/// does row r start" is an array read and "which row is at y" a binary
/// search.
struct ByHandGeometryBaseline {
  /// Parent of each preorder node, -1 for roots.
  let parent: [Int32]
  var expanded: [Bool]
  let heights: [Double]
  var rows: [Int32] = []
  /// `offsets[r]`: where row r starts; one more entry, the content height.
  var offsets: [Double] = []

  init(spec: TreeSpec, expanded: [Bool], heights: [Double]) {
    var parent = [Int32](repeating: -1, count: spec.count)
    for node in 0 ..< spec.count {
      for c in Int(spec.childStart[node]) ..< Int(spec.childEnd[node]) { parent[Int(spec.childList[c])] = Int32(node) }
    }
    self.parent = parent
    self.expanded = expanded
    self.heights = heights
    layOut()
  }

  /// A click: the flag flips, the rows and their offsets are rebuilt.
  mutating func toggle(_ node: Int) {
    expanded[node].toggle()
    layOut()
  }

  /// The rows by a walk, then the running sum of their heights.
  mutating func layOut() {
    rows.removeAll(keepingCapacity: true)
    var isRow = [Bool](repeating: false, count: parent.count)
    for node in parent.indices {
      let p = Int(parent[node])
      guard p < 0 || (isRow[p] && expanded[p]) else { continue }
      isRow[node] = true
      rows.append(Int32(node))
    }
    offsets.removeAll(keepingCapacity: true)
    offsets.reserveCapacity(rows.count + 1)
    var sum = 0.0
    offsets.append(0)
    for node in rows {
      sum += heights[Int(node)]
      offsets.append(sum)
    }
  }

  func offset(ofRow row: Int) -> Double { offsets[row] }

  /// The last row starting at or before `y`, by binary search.
  func row(atOffset y: Double) -> Int {
    var low = 0
    var high = rows.count - 1
    while low < high {
      let middle = (low + high + 1) / 2
      if offsets[middle] <= y { low = middle } else { high = middle - 1 }
    }
    return low
  }
}
