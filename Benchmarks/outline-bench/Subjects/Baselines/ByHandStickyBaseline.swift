/// Baseline (d) for sticky rows: what an app writes without the engine.
/// Next to its visible rows and their running heights (rebuilt after every
/// change, as `ByHandGeometryBaseline` keeps them) it keeps each row's
/// node, each node's row and the row where each visible subtree ends; a
/// query walks up from the top row's node through its parents to find
/// the ancestors, then applies the sticky rules.
struct ByHandStickyBaseline {
  let geometry: ByHandGeometryBaseline
  /// `rowOf[node]`: the node's row, or -1.
  var rowOf: [Int32]
  /// `subtreeEnd[row]`: one past the last row of the row's visible subtree.
  var subtreeEnd: [Int32]
  let depth: [Int32]

  init(geometry: ByHandGeometryBaseline, depth: [Int32]) {
    self.geometry = geometry
    self.depth = depth
    rowOf = [Int32](repeating: -1, count: geometry.parent.count)
    for (row, node) in geometry.rows.enumerated() { rowOf[Int(node)] = Int32(row) }
    // A row's subtree ends where a row no deeper than it starts.
    subtreeEnd = [Int32](repeating: Int32(geometry.rows.count), count: geometry.rows.count)
    var open: [Int] = []
    for (row, node) in geometry.rows.enumerated() {
      while let last = open.last, depth[Int(geometry.rows[last])] >= depth[Int(node)] {
        subtreeEnd[last] = Int32(row)
        open.removeLast()
      }
      open.append(row)
    }
  }

  /// The sticky rows at `y` (up to `limit`): their rows and tops.
  func stickyRows(atOffset y: Double, limit: Int) -> [(row: Int, top: Double)] {
    var result: [(row: Int, top: Double)] = []
    var top = 0.0
    while result.count < limit {
      let row = geometry.row(atOffset: y + top)
      let node = Int(geometry.rows[row])
      // Up from the node to the root: the ancestors, top level first.
      var chain = [node]
      var parent = Int(geometry.parent[node])
      while parent >= 0 {
        chain.append(parent)
        parent = Int(geometry.parent[parent])
      }
      guard result.count < chain.count else { break }
      let candidate = chain[chain.count - 1 - result.count]
      let candidateRow = Int(rowOf[candidate])
      let end = Int(subtreeEnd[candidateRow])
      if candidate == node && end == candidateRow + 1 { break }
      if geometry.offsets[candidateRow] >= y + top { break }
      let height = geometry.heights[candidate]
      let drawnAt = Swift.min(top, geometry.offsets[end] - y - height)
      result.append((candidateRow, drawnAt))
      if drawnAt < top { break }
      top = drawnAt + height
    }
    return result
  }
}
