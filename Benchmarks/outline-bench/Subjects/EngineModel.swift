import OutlineKit

/// The engine, `Outline<Int>` whose payloads are preorder node numbers, seen
/// through `OutlineModel`. Every method forwards to one public call; the
/// wrapper compiles away.
struct EngineModel: OutlineModel {
  typealias ID = Outline<Int>.NodeID
  var outline: Outline<Int>
  /// `ids[node]`: the handle of preorder node `node`.
  var ids: [ID] = []

  static var subject: Subject { .engine }

  static func build(preorder: some Sequence<(node: Int, depth: Int)>) -> EngineModel {
    EngineModel(outline: Outline(preorder: preorder))
  }

  mutating func prepare(expanded: [Bool]) {
    // Rows in preorder are the nodes in number order when all are expanded.
    outline.expandAll()
    ids = Array(outline.rows)
    var keys = Set<Int>()
    keys.reserveCapacity(expanded.count / 2)
    for node in expanded.indices where expanded[node] { keys.insert(node) }
    outline.restoreExpansionState(ExpansionState(expandedKeys: keys), by: { $0 })
    // Nothing inserted later should pay for a pending-state lookup.
    outline.clearPendingExpansion()
  }

  /// A new first child under every 32nd node shifts the entries after it
  /// in its leaf, or splits the leaf: few handles made before keep a
  /// fresh hint.
  func movingMostEntries() -> EngineModel? {
    var copy = self
    for node in stride(from: 0, to: ids.count, by: 32) { copy.outline.insert(-1, under: ids[node], at: 0) }
    return copy
  }

  func id(ofNode node: Int) -> ID { ids[node] }
  func node(of id: ID) -> Int { outline[id] }

  /// A `NodeID` is three 32-bit words: the slot and the generation, which
  /// name the node, then where its entry was when the ID was made. The
  /// first two are the checksum word.
  @inline(__always)
  static func fold(_ id: ID) -> UInt64 { withUnsafeBytes(of: id) { $0.loadUnaligned(as: UInt64.self) } }

  var rowCount: Int { outline.rowCount }
  func id(atRow row: Int) -> ID { outline.id(atRow: row) }
  func row(of id: ID) -> Int? { outline.row(of: id) }
  func isExpanded(_ id: ID) -> Bool { outline.isExpanded(id) }

  func checksum(ofRows rows: Range<Int>) -> UInt64 {
    var sum: UInt64 = 0
    for id in outline.rows[rows] { sum = sum &+ EngineModel.fold(id) }
    return sum
  }

  mutating func expand(_ id: ID) -> OutlineChange { outline.expand(id) }
  mutating func collapse(_ id: ID) -> OutlineChange { outline.collapse(id) }
  mutating func toggle(_ id: ID) -> OutlineChange { outline.toggle(id) }
  mutating func expandAll() { outline.expandAll() }
  mutating func collapseAll() { outline.collapseAll() }

  mutating func toggleBatch(_ ids: ArraySlice<ID>) -> OutlineChange {
    outline.batch { outline in
      for id in ids { outline.toggle(id) }
    }
  }
}
