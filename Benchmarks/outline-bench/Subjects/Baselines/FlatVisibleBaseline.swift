/// Baseline (b): a flat array of the visible nodes' ids, with a range
/// insert on expand and a range removal on collapse, as Qt's `QTreeView`
/// (its `viewItems`) and most tree-view libraries keep it.
///
/// Row -> node indexes the array. Node -> row is a linear search of it: ids
/// are opaque handles in the model, so the array is not sorted by anything
/// a search could use. Expanding appends the newly shown descendants (a
/// walk of the subtree that skips collapsed children) and inserts them
/// after the node; collapsing removes the run of deeper rows after it.
struct FlatVisibleBaseline: OutlineModel {
  var tree: TreeModel
  var expanded: [Bool]
  /// The rows.
  var visible: [Int32]
  /// Reused buffers for the rows an expansion shows and the walk's stack.
  private var shown: [Int32] = []
  private var stack: [(next: Int, end: Int)] = []

  static var subject: Subject { .flat }

  static func build(preorder: some Sequence<(node: Int, depth: Int)>) -> FlatVisibleBaseline {
    let tree = TreeModel(preorder: preorder)
    return FlatVisibleBaseline(
      tree: tree, expanded: [Bool](repeating: false, count: tree.count), visible: tree.roots)
  }

  init(tree: TreeModel, expanded: [Bool], visible: [Int32]) {
    self.tree = tree
    self.expanded = expanded
    self.visible = visible
  }

  mutating func prepare(expanded: [Bool]) {
    self.expanded = expanded
    rebuildRows()
  }

  /// All the rows, from the roots down.
  private mutating func rebuildRows() {
    var rows = visible
    visible = []
    rows.removeAll(keepingCapacity: true)
    for root in tree.roots {
      rows.append(root)
      if expanded[Int(root)] { appendShownDescendants(of: root, to: &rows) }
    }
    visible = rows
  }

  /// Appends, in preorder, the descendants of `node` that its expansion
  /// shows: children, and the children of expanded ones, recursively.
  private mutating func appendShownDescendants(of node: Int32, to rows: inout [Int32]) {
    stack.removeAll(keepingCapacity: true)
    stack.append((Int(tree.childStart[Int(node)]), Int(tree.childStart[Int(node) + 1])))
    while let top = stack.indices.last {
      let (next, end) = stack[top]
      guard next < end else {
        stack.removeLast()
        continue
      }
      stack[top].next = next + 1
      let child = tree.childList[next]
      rows.append(child)
      if expanded[Int(child)] && tree.hasChildren(child) {
        stack.append((Int(tree.childStart[Int(child)]), Int(tree.childStart[Int(child) + 1])))
      }
    }
  }

  func id(ofNode node: Int) -> Int32 { Int32(node) }
  func node(of id: Int32) -> Int { tree.values[Int(id)] }
  @inline(__always)
  static func fold(_ id: Int32) -> UInt64 { UInt64(UInt32(bitPattern: id)) }

  var rowCount: Int { visible.count }
  func id(atRow row: Int) -> Int32 { visible[row] }
  func row(of id: Int32) -> Int? { visible.firstIndex(of: id) }
  func isExpanded(_ id: Int32) -> Bool { expanded[Int(id)] }

  func checksum(ofRows rows: Range<Int>) -> UInt64 {
    var sum: UInt64 = 0
    for id in visible[rows] { sum = sum &+ FlatVisibleBaseline.fold(id) }
    return sum
  }

  mutating func expand(_ id: Int32) -> RowChange {
    guard !expanded[Int(id)] else { return RowChange(row: -1, delta: 0) }
    expanded[Int(id)] = true
    guard let row = visible.firstIndex(of: id) else { return RowChange(row: -1, delta: 0) }
    return showDescendants(of: id, atRow: row)
  }

  /// The splice of an expansion, once the node's row is known.
  private mutating func showDescendants(of id: Int32, atRow row: Int) -> RowChange {
    var rows = shown
    shown = []
    rows.removeAll(keepingCapacity: true)
    appendShownDescendants(of: id, to: &rows)
    visible.insert(contentsOf: rows, at: row + 1)
    shown = rows
    return RowChange(row: row, delta: rows.count)
  }

  mutating func collapse(_ id: Int32) -> RowChange {
    guard expanded[Int(id)] else { return RowChange(row: -1, delta: 0) }
    expanded[Int(id)] = false
    guard let row = visible.firstIndex(of: id) else { return RowChange(row: -1, delta: 0) }
    return hideDescendants(of: id, atRow: row)
  }

  /// The splice of a collapse, once the node's row is known.
  private mutating func hideDescendants(of id: Int32, atRow row: Int) -> RowChange {
    let depth = tree.depth[Int(id)]
    var end = row + 1
    while end < visible.count && tree.depth[Int(visible[end])] > depth { end += 1 }
    visible.removeSubrange(row + 1 ..< end)
    return RowChange(row: row, delta: row + 1 - end)
  }

  mutating func toggle(_ id: Int32) -> RowChange {
    expanded[Int(id)] ? collapse(id) : expand(id)
  }

  static var togglesAtKnownRows: Bool { true }

  /// The best case of this approach: the row is known, only the splice
  /// is paid (the rows below move in the array).
  mutating func toggle(_ id: Int32, atKnownRow row: Int) -> RowChange? {
    expanded[Int(id)].toggle()
    return expanded[Int(id)] ? showDescendants(of: id, atRow: row) : hideDescendants(of: id, atRow: row)
  }

  mutating func expandAll() {
    for k in expanded.indices { expanded[k] = true }
    rebuildRows()
  }

  mutating func collapseAll() {
    for k in expanded.indices { expanded[k] = false }
    visible = tree.roots
  }

  /// One toggle after another: each keeps the rows up to date.
  mutating func toggleBatch(_ ids: ArraySlice<Int32>) -> RowChange {
    var total = RowChange(row: 0, delta: 0)
    for id in ids { total.delta += toggle(id).delta }
    return total
  }
}
