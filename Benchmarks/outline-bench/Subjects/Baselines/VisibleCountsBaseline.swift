/// Baseline (c): per-node visible counts walked level by level, as VS
/// Code's tree (`renderNodeCount`) and GTK's tree view keep them.
///
/// Each node knows how many rows its subtree takes when it is shown
/// (`rows`: itself, plus its children's rows when it is expanded) and the
/// sum of its children's rows even while collapsed (`childRows`), so that
/// expanding or collapsing a node adds a delta up its ancestor chain and
/// stops at the first collapsed ancestor: O(depth). Row -> node descends
/// from the roots, skipping whole siblings by their counts: O(depth x
/// fan-out). Node -> row climbs to the roots, adding the rows of the
/// siblings before each ancestor: the same.
struct VisibleCountsBaseline: OutlineModel {
  var tree: TreeModel
  var expanded: [Bool]
  var rows: [Int32]
  var childRows: [Int32]
  private(set) var rowCount: Int

  static var subject: Subject { .counts }

  static func build(preorder: some Sequence<(node: Int, depth: Int)>) -> VisibleCountsBaseline {
    let tree = TreeModel(preorder: preorder)
    var model = VisibleCountsBaseline(
      tree: tree, expanded: [Bool](repeating: false, count: tree.count),
      rows: [Int32](repeating: 1, count: tree.count), childRows: [], rowCount: tree.roots.count)
    model.recount()
    return model
  }

  init(tree: TreeModel, expanded: [Bool], rows: [Int32], childRows: [Int32], rowCount: Int) {
    self.tree = tree
    self.expanded = expanded
    self.rows = rows
    self.childRows = childRows
    self.rowCount = rowCount
  }

  /// Every count from the flags, children before parents (a child is built
  /// after its parent, so in reverse build order).
  private mutating func recount() {
    if childRows.count != tree.count {
      childRows = [Int32](repeating: 0, count: tree.count)
    } else {
      for k in childRows.indices { childRows[k] = 0 }
    }
    for node in tree.values.indices.reversed() {
      rows[node] = 1 + (expanded[node] ? childRows[node] : 0)
      let p = Int(tree.parent[node])
      if p >= 0 { childRows[p] += rows[node] }
    }
    rowCount = 0
    for root in tree.roots { rowCount += Int(rows[Int(root)]) }
  }

  mutating func prepare(expanded: [Bool]) {
    self.expanded = expanded
    recount()
  }

  func id(ofNode node: Int) -> Int32 { Int32(node) }
  func node(of id: Int32) -> Int { tree.values[Int(id)] }
  @inline(__always)
  static func fold(_ id: Int32) -> UInt64 { UInt64(UInt32(bitPattern: id)) }

  func id(atRow row: Int) -> Int32 {
    var remaining = Int32(row)
    var siblings = tree.roots[...]
    while true {
      for node in siblings {
        let size = rows[Int(node)]
        if remaining < size {
          if remaining == 0 { return node }
          remaining -= 1
          siblings = tree.children(of: node)
          break
        }
        remaining -= size
      }
    }
  }

  func row(of id: Int32) -> Int? {
    var row = 0
    var node = id
    while true {
      let p = tree.parent[Int(node)]
      let siblings = tree.children(of: p)
      for k in siblings.startIndex ..< siblings.startIndex + Int(tree.indexInParent[Int(node)]) {
        row += Int(rows[Int(siblings[k])])
      }
      if p < 0 { return row }
      guard expanded[Int(p)] else { return nil }
      row += 1
      node = p
    }
  }

  func isExpanded(_ id: Int32) -> Bool { expanded[Int(id)] }

  /// The node after `node` in row order, or -1 after the last row.
  private func nextRow(after node: Int32) -> Int32 {
    if expanded[Int(node)] && tree.hasChildren(node) { return tree.children(of: node).first! }
    var node = node
    while true {
      let p = tree.parent[Int(node)]
      let siblings = tree.children(of: p)
      let next = siblings.startIndex + Int(tree.indexInParent[Int(node)]) + 1
      if next < siblings.endIndex { return siblings[next] }
      if p < 0 { return -1 }
      node = p
    }
  }

  func checksum(ofRows range: Range<Int>) -> UInt64 {
    var sum: UInt64 = 0
    guard !range.isEmpty else { return sum }
    var node = id(atRow: range.lowerBound)
    sum = VisibleCountsBaseline.fold(node)
    for _ in range.dropFirst() {
      node = nextRow(after: node)
      sum = sum &+ VisibleCountsBaseline.fold(node)
    }
    return sum
  }

  /// Adds `delta` to the rows of `node`'s subtree and up its ancestors,
  /// stopping at a collapsed one; returns whether the node is visible (the
  /// climb reached the roots).
  private mutating func addRows(_ delta: Int32, at node: Int32) -> Bool {
    rows[Int(node)] += delta
    var node = node
    while true {
      let p = tree.parent[Int(node)]
      if p < 0 {
        rowCount += Int(delta)
        return true
      }
      childRows[Int(p)] += delta
      guard expanded[Int(p)] else { return false }
      rows[Int(p)] += delta
      node = p
    }
  }

  /// The change of a flip: the node's row, found by climbing, when it is
  /// visible.
  private mutating func setFlag(_ flag: Bool, of id: Int32) -> RowChange {
    expanded[Int(id)] = flag
    let delta = flag ? childRows[Int(id)] : -childRows[Int(id)]
    guard addRows(delta, at: id), let row = row(of: id) else { return RowChange(row: -1, delta: 0) }
    return RowChange(row: row, delta: Int(delta))
  }

  mutating func expand(_ id: Int32) -> RowChange {
    expanded[Int(id)] ? RowChange(row: -1, delta: 0) : setFlag(true, of: id)
  }

  mutating func collapse(_ id: Int32) -> RowChange {
    expanded[Int(id)] ? setFlag(false, of: id) : RowChange(row: -1, delta: 0)
  }

  mutating func toggle(_ id: Int32) -> RowChange {
    setFlag(!expanded[Int(id)], of: id)
  }

  mutating func expandAll() {
    for k in expanded.indices { expanded[k] = true }
    recount()
  }

  mutating func collapseAll() {
    for k in expanded.indices { expanded[k] = false }
    recount()
  }

  /// One toggle after another: each keeps the counts up to date.
  mutating func toggleBatch(_ ids: ArraySlice<Int32>) -> RowChange {
    var total = RowChange(row: 0, delta: 0)
    for id in ids { total.delta += toggle(id).delta }
    return total
  }
}
