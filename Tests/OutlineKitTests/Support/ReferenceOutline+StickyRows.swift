#if !OUTLINE_FUZZ
@testable import OutlineKit
#endif

/// Sticky rows read straight off the reference's rows and offsets, by the
/// contract's words.
extension ReferenceOutline {
  /// (node, row, top) of each sticky row for a viewport at `y`.
  func stickyRows(atOffset y: Double, limit: Int, maxHeight: Double) -> [(node: Int, row: Int, top: Double)] {
    let rows = visibleRows
    guard !rows.isEmpty else { return [] }
    let offsets = rowOffsets
    var rowOf: [Int: Int] = [:]
    for (row, node) in rows.enumerated() { rowOf[node] = row }
    var result: [(node: Int, row: Int, top: Double)] = []
    var top = 0.0
    while result.count < limit {
      let r = row(atOffset: y + top, offsets: offsets)
      let node = rows[r]
      // The node's ancestors from the top level down, then the node.
      var chain = [node]
      while let parent = nodes[chain[0]]!.parent { chain.insert(parent, at: 0) }
      guard result.count < chain.count else { break }
      let candidate = chain[result.count]
      let showsChild = r + 1 < rows.count && nodes[rows[r + 1]]!.parent == node
      if candidate == node && !showsChild { break }
      let candidateRow = rowOf[candidate]!
      if offsets[candidateRow] >= y + top { break }
      var last = candidateRow
      while last + 1 < rows.count && (rows[last + 1] == candidate || isAncestor(candidate, of: rows[last + 1])) { last += 1 }
      let height = self.height(of: candidate)
      let drawnAt = min(top, offsets[last + 1] - y - height)
      if drawnAt + height > maxHeight { break }
      result.append((candidate, candidateRow, drawnAt))
      if drawnAt < top { break }
      top = drawnAt + height
    }
    return result
  }
}
