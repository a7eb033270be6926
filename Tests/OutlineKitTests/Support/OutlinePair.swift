#if !OUTLINE_FUZZ
@testable import OutlineKit
import OutlineTestSupport
#endif

/// An engine outline and the reference model, kept in step: every operation
/// is applied to both, and `check` compares everything the engine answers.
/// Payloads are the reference's node numbers.
struct OutlinePair {
  typealias ID = Outline<Int>.NodeID

  var outline: Outline<Int>
  var reference = ReferenceOutline()
  var ids: [Int: ID] = [:]
  var nextValue = 0
  /// IDs of removed nodes: `contains` must say no to each.
  var removedIDs: [ID] = []
  /// The answers the filter gives (shared by copies of the pair).
  let book = FilterAnswerBook()
  /// What the last filter call or move of several nodes returned, to
  /// check it too.
  var lastDirectChange: OutlineChange?
  /// What each narrowing since the last edit or other filter call replaced,
  /// oldest first (nil: no filter): what `widenFilter()` goes back to.
  var widenStack: [FilterBeforeNarrowing?] = []

  /// Builds both from a preorder depth list; node k gets value k.
  /// The outline built with `Outline(roots:children:)`.
  init(depths: [Int]) {
    let parentOf = parents(ofDepths: depths)
    var children = [[Int]](repeating: [], count: depths.count)
    var roots: [Int] = []
    for (k, p) in parentOf.enumerated() {
      if p < 0 { roots.append(k) } else { children[p].append(k) }
    }
    self.init(depths: depths, outline: Outline(roots: roots, children: { children[$0] }))
  }

  /// `outline` built by the caller: node k of `depths`' preorder has the
  /// value k.
  init(depths: [Int], outline: Outline<Int>) {
    for (k, p) in parents(ofDepths: depths).enumerated() {
      reference.add(k, under: p < 0 ? nil : p, at: p < 0 ? reference.roots.count : reference.nodes[p]!.children.count)
    }
    self.outline = outline
    nextValue = depths.count
    // Map values to IDs through a full preorder walk of the engine.
    var stack = Array(outline.roots.reversed())
    while let id = stack.popLast() {
      ids[outline[id]] = id
      stack.append(contentsOf: outline.children(of: id).reversed())
    }
  }

  func id(_ value: Int) -> ID { ids[value]! }

  /// Everything observable about an outline, for one cheap comparison.
  struct Snapshot: Equatable {
    var rows: [Int]
    var roots: [Int]
    /// Per node value: row, parent, depth, children, expanded.
    var nodes: [Int: NodeFacts]
  }

  struct NodeFacts: Equatable {
    var row: Int?
    var parent: Int?
    var depth: Int
    var children: [Int]
    var expanded: Bool
    var included: Bool
    var match: Bool
  }

  var engineSnapshot: Snapshot {
    var nodes: [Int: NodeFacts] = [:]
    for value in reference.nodes.keys {
      guard let id = ids[value], outline.contains(id) else { continue }
      nodes[value] = NodeFacts(
        row: outline.row(of: id), parent: outline.parent(of: id).map { outline[$0] },
        depth: outline.depth(of: id), children: outline.children(of: id).map { outline[$0] },
        expanded: outline.isExpanded(id), included: outline.isIncluded(id), match: outline.isMatch(id))
    }
    return Snapshot(
      rows: (0 ..< outline.rowCount).map { outline[outline.id(atRow: $0)] },
      roots: outline.roots.map { outline[$0] }, nodes: nodes)
  }

  var referenceSnapshot: Snapshot {
    let rows = reference.visibleRows
    var rowOf: [Int: Int] = [:]
    for (row, value) in rows.enumerated() { rowOf[value] = row }
    var nodes: [Int: NodeFacts] = [:]
    let depths = reference.depths
    let included = reference.included
    let matches = reference.matches
    for (value, node) in reference.nodes {
      nodes[value] = NodeFacts(
        row: rowOf[value], parent: node.parent, depth: depths[value]!, children: node.children,
        expanded: node.expanded, included: included.contains(value), match: matches.contains(value))
    }
    return Snapshot(rows: rows, roots: reference.roots, nodes: nodes)
  }

  /// A cheaper `check` for exhaustive runs: one comparison of snapshots,
  /// and the detailed check only when they differ.
  func quickCheck(_ context: @autoclosure () -> String, file: StaticString = #filePath, line: UInt = #line) {
    if engineSnapshot != referenceSnapshot || outline.nodeCount != reference.nodes.count
      || outline.isFiltered != (reference.answers != nil)
    {
      check(context(), file: file, line: line)
    }
  }

  /// Compares the rows, every node's row, and the index's invariants: the
  /// part of `check` that stays cheap at thousands of nodes.
  func checkRows(_ context: @autoclosure () -> String, file: StaticString = #filePath, line: UInt = #line) {
    let expectedRows = reference.visibleRows
    expectEqual(outline.nodeCount, reference.nodes.count, "nodeCount [\(context())]", file: file, line: line)
    expectEqual(outline.rows.map { outline[$0] }, expectedRows, "rows [\(context())]", file: file, line: line)
    for (row, value) in expectedRows.enumerated() where outline.row(of: id(value)) != row {
      fail("row(of: \(value)) = \(String(describing: outline.row(of: id(value)))), expected \(row) [\(context())]", file: file, line: line)
      return
    }
    outline._checkInvariants()
  }

  /// Compares every answer of the engine with the reference.
  func check(_ context: @autoclosure () -> String, file: StaticString = #filePath, line: UInt = #line) {
    let expectedRows = reference.visibleRows
    expectEqual(outline.nodeCount, reference.nodes.count, "nodeCount [\(context())]", file: file, line: line)
    expectEqual(outline.canWidenFilter, !widenStack.isEmpty, "canWidenFilter [\(context())]", file: file, line: line)
    expectEqual(outline.rowCount, expectedRows.count, "rowCount [\(context())]", file: file, line: line)
    guard outline.rowCount == expectedRows.count else { return }
    let rowValues = outline.rows.map { outline[$0] }
    expectEqual(rowValues, expectedRows, "rows [\(context())]", file: file, line: line)
    for (row, value) in expectedRows.enumerated() where outline[outline.id(atRow: row)] != value {
      fail("id(atRow: \(row)) is \(outline[outline.id(atRow: row)]), expected \(value) [\(context())]", file: file, line: line)
      return
    }
    expectEqual(outline.roots.map { outline[$0] }, reference.roots, "roots [\(context())]", file: file, line: line)
    var rowOf: [Int: Int] = [:]
    for (row, value) in expectedRows.enumerated() { rowOf[value] = row }
    let depths = reference.depths
    let tallies = reference.tallies
    for (value, node) in reference.nodes {
      let id = self.id(value)
      guard outline.contains(id) else {
        fail("node \(value) missing [\(context())]", file: file, line: line)
        return
      }
      let problems = [
        outline.row(of: id) == rowOf[value] ? nil : "row(of: \(value)) = \(String(describing: outline.row(of: id))), expected \(String(describing: rowOf[value]))",
        outline.parent(of: id).map { outline[$0] } == node.parent ? nil : "parent(of: \(value))",
        outline.depth(of: id) == depths[value] ? nil : "depth(of: \(value))",
        outline.children(of: id).map { outline[$0] } == node.children ? nil : "children(of: \(value)) = \(outline.children(of: id).map { outline[$0] }), expected \(node.children)",
        outline.isExpanded(id) == node.expanded ? nil : "isExpanded(\(value))",
        outline.hasChildren(id) == !node.children.isEmpty ? nil : "hasChildren(\(value))",
        outline.checkState(of: id) == tallies[value]!.state
          ? nil : "checkState(of: \(value)) = \(outline.checkState(of: id)), expected \(tallies[value]!.state)",
        outline.checkedLeafCount(in: id) == tallies[value]!.checked ? nil : "checkedLeafCount(in: \(value))",
        outline.checkState(of: id, countingOnlyWhatPasses: true) == tallies[value]!.passingState
          ? nil : "checkState(of: \(value), countingOnlyWhatPasses: true)",
      ].compactMap { $0 }
      if !problems.isEmpty {
        fail(problems.joined(separator: "; ") + " [\(context())]", file: file, line: line)
        return
      }
    }
    expectEqual(outline.checkedLeafCount(in: nil), reference.checkedLeafCount(in: nil), "checkedLeafCount(in: nil) [\(context())]", file: file, line: line)
    expectEqual(outline.checkedLeaves().map { outline[$0] }, reference.checkedLeaves, "checkedLeaves() [\(context())]", file: file, line: line)
    for id in removedIDs where outline.contains(id) {
      fail("contains(\(id)) is true for a removed node [\(context())]", file: file, line: line)
      return
    }
    checkFilter(context(), expectedRows: expectedRows, file: file, line: line)
    checkGeometry(context(), file: file, line: line)
    outline._checkInvariants()
  }

  /// Compares the row geometry: every node's height, every row's offset,
  /// the content height, and the row at offsets before, at the start of,
  /// inside and after every row.
  func checkGeometry(_ context: @autoclosure () -> String, file: StaticString = #filePath, line: UInt = #line) {
    expectEqual(outline.estimatedRowHeight, reference.estimate, "estimatedRowHeight [\(context())]", file: file, line: line)
    for value in reference.nodes.keys {
      let id = self.id(value)
      if outline.rowHeight(of: id) != reference.height(of: value) || outline.hasRowHeight(id) != (reference.heights[value] != nil) {
        fail("rowHeight(of: \(value)) = \(outline.rowHeight(of: id)), expected \(reference.height(of: value)) [\(context())]", file: file, line: line)
        return
      }
    }
    let offsets = reference.rowOffsets
    expectEqual(outline.contentHeight, offsets.last!, "contentHeight [\(context())]", file: file, line: line)
    let engineOffsets = (0 ... outline.rowCount).map { outline.offset(ofRow: $0) }
    guard engineOffsets == offsets else {
      fail("row offsets \(engineOffsets), expected \(offsets) [\(context())]", file: file, line: line)
      return
    }
    guard outline.rowCount > 0 else { return }
    var probes: [Double] = [-5, offsets.last!, offsets.last! + 7]
    for row in 0 ..< outline.rowCount {
      probes.append(offsets[row])
      probes.append((offsets[row] + offsets[row + 1]) / 2)
      probes.append(offsets[row + 1].nextDown)
    }
    for y in probes {
      let expected = reference.row(atOffset: y, offsets: offsets)
      if outline.row(atOffset: y) != expected {
        fail("row(atOffset: \(y)) = \(outline.row(atOffset: y)), expected \(expected); offsets \(offsets) [\(context())]", file: file, line: line)
        return
      }
    }
    let top = offsets[outline.rowCount / 3]
    let bottom = offsets[outline.rowCount * 2 / 3] + 1
    let visible = outline.rows(inOffsets: top ..< bottom)
    let expectedVisible = (0 ..< outline.rowCount).filter { offsets[$0] < bottom && offsets[$0 + 1] > top }
    if !expectedVisible.isEmpty && (visible.first != expectedVisible.first || visible.last != expectedVisible.last) {
      fail("rows(inOffsets: \(top) ..< \(bottom)) = \(visible), expected \(expectedVisible) [\(context())]", file: file, line: line)
    }
  }

  /// Compares what the filter decides: inclusion, matches, their counts,
  /// row info over the filtered tree, and "find next / previous" from
  /// every row.
  func checkFilter(_ context: @autoclosure () -> String, expectedRows: [Int], file: StaticString = #filePath, line: UInt = #line) {
    expectEqual(outline.isFiltered, reference.answers != nil, "isFiltered [\(context())]", file: file, line: line)
    let included = reference.included
    let matches = reference.matches
    expectEqual(outline.includedCount, included.count, "includedCount [\(context())]", file: file, line: line)
    expectEqual(outline.matchCount, matches.count, "matchCount [\(context())]", file: file, line: line)
    for (value, node) in reference.nodes {
      let id = self.id(value)
      let includedChildren = outline.includedChildren(of: id)
      let expectedChildren = node.children.filter { included.contains($0) }
      if includedChildren.map({ outline[$0] }) != expectedChildren || includedChildren.count != expectedChildren.count
        || (0 ..< includedChildren.count).map({ outline[includedChildren[$0]] }) != expectedChildren
      {
        fail("includedChildren(of: \(value)) differ from \(expectedChildren) [\(context())]", file: file, line: line)
        return
      }
      if outline.isIncluded(id) != included.contains(value) || outline.isMatch(id) != matches.contains(value) {
        fail(
          "node \(value): isIncluded \(outline.isIncluded(id)), isMatch \(outline.isMatch(id)); expected \(included.contains(value)), \(matches.contains(value)) [\(context())]",
          file: file, line: line)
        return
      }
    }
    let infos = Array(outline.rowInfos(in: 0 ..< outline.rowCount).map(\.info))
    if infos != reference.rowInfos {
      fail("row infos \(infos) differ from \(reference.rowInfos) [\(context())]", file: file, line: line)
    }
    let matchRows = expectedRows.indices.filter { matches.contains(expectedRows[$0]) }
    for row in [nil] + expectedRows.indices.map(Optional.some) {
      for wrapping in [false, true] {
        let after = matchRows.first { $0 > (row ?? -1) } ?? (wrapping ? matchRows.first : nil)
        let before = matchRows.last { $0 < (row ?? expectedRows.count) } ?? (wrapping ? matchRows.last : nil)
        let next = outline.nextMatchRow(after: row, wrapping: wrapping)
        let previous = outline.previousMatchRow(before: row, wrapping: wrapping)
        if next != after || previous != before {
          fail(
            "from row \(String(describing: row)) wrapping \(wrapping): next \(String(describing: next)), previous \(String(describing: previous)); expected \(String(describing: after)), \(String(describing: before)) [\(context())]",
            file: file, line: line)
          return
        }
      }
    }
  }

  /// Applies an expansion operation to both and checks the returned change
  /// against the minimal one, through the batch-update double.
  mutating func perform(
    _ operation: ExpansionOperation, context: @autoclosure () -> String,
    file: StaticString = #filePath, line: UInt = #line
  ) {
    let oldRows = reference.visibleRows
    let oldFlags = reference.nodes.mapValues(\.expanded)
    let oldRoots = Set(reference.roots)
    var view = CachedTableView(showing: outline)
    defer { reference.untouch(flagsBefore: oldFlags) }
    let change: OutlineChange
    switch operation {
    case .expand(let v, let recursively):
      change = outline.expand(id(v), recursively: recursively)
      reference.expand(v, recursively: recursively)
    case .collapse(let v, let recursively):
      change = outline.collapse(id(v), recursively: recursively)
      reference.collapse(v, recursively: recursively)
    case .toggle(let v):
      change = outline.toggle(id(v))
      reference.toggle(v)
    case .reveal(let v):
      change = outline.reveal(id(v))
      reference.reveal(v)
    case .expandAll:
      change = outline.expandAll()
      reference.expandAll()
    case .collapseAll:
      change = outline.collapseAll()
      reference.collapseAll()
    case .policy(let policy):
      outline.expansionPolicy = policy
      reference.policy = ReferenceOutline.Policy(policy)
      change = OutlineChange()
    }
    let newRows = reference.visibleRows
    let flipped = Set(reference.nodes.filter { oldFlags[$0.key] != $0.value.expanded }.map(\.key))
    let expected = expectedChange(old: oldRows, new: newRows, redraw: flipped, oldRoots: oldRoots, newRoots: oldRoots)
    expectEqual(change, expected, "change of \(operation) [\(context())]", file: file, line: line)
    var double = BatchUpdateDouble(rows: oldRows)
    double.apply(change, newRows: newRows, context: "\(operation) \(context())", file: file, line: line)
    view.apply(change, to: outline, context: "\(operation) \(context())", file: file, line: line)
  }

  /// A random expansion operation on a random node.
  func randomExpansionOperation(using rng: inout SplitMix64) -> ExpansionOperation {
    let values = reference.nodes.keys.sorted()
    guard let v = values.randomElement(using: &rng) else { return .expandAll }
    switch rng.int(in: 0 ..< 100) {
    case 0 ..< 25: return .expand(v, recursively: rng.chance(0.1))
    case 25 ..< 45: return .collapse(v, recursively: rng.chance(0.1))
    case 45 ..< 80: return .toggle(v)
    case 80 ..< 92: return .reveal(v)
    case 92 ..< 94: return .expandAll
    case 94 ..< 96: return .collapseAll
    default: return .policy(ExpansionPolicy.allCases.randomElement(using: &rng)!)
    }
  }
}

enum ExpansionOperation: CustomStringConvertible {
  case expand(Int, recursively: Bool)
  case collapse(Int, recursively: Bool)
  case toggle(Int)
  case reveal(Int)
  case expandAll
  case collapseAll
  case policy(ExpansionPolicy)

  var description: String {
    switch self {
    case .expand(let v, let r): "expand(\(v)\(r ? ", recursively" : ""))"
    case .collapse(let v, let r): "collapse(\(v)\(r ? ", recursively" : ""))"
    case .toggle(let v): "toggle(\(v))"
    case .reveal(let v): "reveal(\(v))"
    case .expandAll: "expandAll()"
    case .collapseAll: "collapseAll()"
    case .policy(let p): "policy = .\(p)"
    }
  }
}

extension ReferenceOutline.Policy {
  init(_ policy: ExpansionPolicy) {
    switch policy {
    case .independent: self = .independent
    case .exclusiveSiblings: self = .exclusiveSiblings
    case .exclusiveLevel: self = .exclusiveLevel
    }
  }
}

/// The filter a narrowing replaced, in the book's terms.
struct FilterBeforeNarrowing {
  var layers: [FilterLayer]
  var revealing: Bool
}
