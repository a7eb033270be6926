/// The subjects of the benchmark: the engine and the approaches it replaces.
enum Subject: String, CaseIterable {
  case engine
  /// (a) The seed tutorial: descriptors with `isVisible` flags, the row
  /// index rebuilt by a full rescan after every toggle.
  case tutorial
  /// (b) A flat array of visible ids with range insert/remove (Qt's tree
  /// view, most libraries).
  case flat
  /// (c) Per-node visible counts walked level by level (VS Code, GTK).
  case counts
  /// (d) What an app writes by hand for a feature the engine has and the
  /// other subjects lack (filtering, ...): a full walk of its own tree.
  case byHand = "by-hand"

  var label: String {
    switch self {
    case .engine: "engine"
    case .tutorial: "(a) tutorial"
    case .flat: "(b) flat visible"
    case .counts: "(c) visible counts"
    case .byHand: "(d) by hand"
    }
  }

  /// The subjects compared with the engine, table column order.
  static var baselines: [Subject] { [.tutorial, .flat, .counts, .byHand] }
}

/// What the shared operations need from a subject: building from a preorder
/// list, row <-> node lookups, iteration, expansion.
///
/// Every subject has the same semantics as the engine: a node's expanded
/// flag is its own, collapsing a node keeps its descendants' flags, and
/// re-expanding it brings back exactly the rows it hid. The cross-check
/// (`CrossCheck.swift`) compares each baseline with the engine before
/// anything is timed.
protocol OutlineModel {
  /// A handle to a node.
  associatedtype ID
  /// What an expansion returns: for the engine, the `OutlineChange` a
  /// table view needs; for the baselines, the equivalent they get for free.
  associatedtype Change

  static var subject: Subject { get }

  /// Builds from (node, depth) pairs in preorder, every node collapsed.
  static func build(preorder: some Sequence<(node: Int, depth: Int)>) -> Self

  /// Untimed setup: sets every flag to `expanded[node]`, and prepares the
  /// node <-> handle mapping.
  mutating func prepare(expanded: [Bool])
  /// Untimed: the handle of preorder node `node`, and back.
  func id(ofNode node: Int) -> ID
  func node(of id: ID) -> Int
  /// Folds a handle into a checksum word.
  static func fold(_ id: ID) -> UInt64

  var rowCount: Int { get }
  func id(atRow row: Int) -> ID
  func row(of id: ID) -> Int?
  func isExpanded(_ id: ID) -> Bool
  /// Adds up the folded ids of `rows`, iterating them in order. (A plain
  /// sum: one cycle per row, so that it adds next to nothing to the
  /// iteration it keeps alive.)
  func checksum(ofRows rows: Range<Int>) -> UInt64

  mutating func expand(_ id: ID) -> Change
  mutating func collapse(_ id: ID) -> Change
  mutating func toggle(_ id: ID) -> Change
  mutating func expandAll()
  mutating func collapseAll()
  /// Toggles every node of `ids`, in order, as one update.
  mutating func toggleBatch(_ ids: ArraySlice<ID>) -> Change

  /// Whether `toggle(_:atKnownRow:)` is this subject's own: true for a
  /// subject that must search for a node's row to toggle it.
  static var togglesAtKnownRows: Bool { get }
  /// Toggles `id`, whose row the caller found (`row(of:)`, untimed):
  /// what a subject that must search for the row pays at best. Nil for
  /// subjects that do not search (their toggle is the one to compare).
  mutating func toggle(_ id: ID, atKnownRow row: Int) -> Change?

  /// Untimed: a copy in which most nodes' entries have moved since their
  /// handles were made (a new leaf under every 32nd node), for subjects
  /// whose handles remember where their node was; nil for the others.
  func movingMostEntries() -> Self?
}

extension OutlineModel {
  func movingMostEntries() -> Self? { nil }
}

extension OutlineModel {
  /// Untimed: gives a node the flag `expanded`.
  mutating func setExpanded(_ id: ID, _ expanded: Bool) {
    guard isExpanded(id) != expanded else { return }
    _ = expanded ? expand(id) : collapse(id)
  }
}

/// The change a baseline reports for one expansion: the row of the node and
/// the rows that appeared (positive) or disappeared (negative) after it.
/// (The tutorial reloads the whole table, so it reports the new row count.)
struct RowChange {
  var row: Int
  var delta: Int
}

extension OutlineModel {
  static var togglesAtKnownRows: Bool { false }
  mutating func toggle(_ id: ID, atKnownRow row: Int) -> Change? { nil }
}
