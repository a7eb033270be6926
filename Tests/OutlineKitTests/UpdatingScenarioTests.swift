import XCTest

@testable import OutlineKit

/// Updating from new data on small named trees, with exact rows and
/// changes: the longest run that keeps its rows, kept IDs and flags, moves
/// across parents and a parent swapped with its child, identical data,
/// duplicate identities and a failing `children` (nothing changes), a
/// partial update of a lazy folder, pending expansion, `Identifiable`,
/// batches and filters.
final class UpdatingScenarioTests: XCTestCase {
  /// A node: its name is its identity; `detail` is the rest of its value.
  struct Item: Hashable, Sendable {
    var name: String
    var detail = 0
  }

  /// New data from a preorder (name, depth) list: the top nodes, and the
  /// children of every name.
  struct Data {
    var top: [Item] = []
    var children: [String: [Item]] = [:]

    init(_ preorder: [(String, Int)], details: [String: Int] = [:]) {
      var stack: [String] = []
      for (name, depth) in preorder {
        stack.removeSubrange(depth...)
        let item = Item(name: name, detail: details[name] ?? 0)
        if let parent = stack.last { children[parent, default: []].append(item) } else { top.append(item) }
        stack.append(name)
      }
    }

    func kids(_ item: Item) -> [Item] { children[item.name] ?? [] }
  }

  func makeOutline(_ preorder: [(String, Int)], expanded: Bool = true) -> Outline<Item> {
    let data = Data(preorder)
    var outline = Outline(roots: data.top, children: data.kids)
    if expanded { outline.expandAll() }
    return outline
  }

  func names(_ outline: Outline<Item>) -> [String] { outline.rows.map { outline[$0].name } }

  func id(_ outline: Outline<Item>, _ name: String) -> Outline<Item>.NodeID {
    var stack = Array(outline.roots)
    while let next = stack.popLast() {
      if outline[next].name == name { return next }
      stack += outline.children(of: next)
    }
    fatalError("no node \(name)")
  }

  /// Every node's name with its ID, flag and children, to compare states.
  func state(_ outline: Outline<Item>) -> [String] {
    var result: [String] = []
    var stack = Array(outline.roots.reversed())
    while let next = stack.popLast() {
      let children = outline.children(of: next).map { outline[$0].name }
      result.append("\(outline[next]) \(next) \(outline.isExpanded(next)) \(children)")
      stack += outline.children(of: next).reversed()
    }
    return result
  }

  // MARK: Minimality

  /// The picture in Docs/Updating.md: A B C D E become B C A E D. The
  /// longest run that kept its order has three nodes (B C D, or B C E);
  /// the one kept is B C D, and only A and E are reported moved.
  func testOnlyNodesOutsideTheLongestKeptRunMove() throws {
    var outline = makeOutline([("A", 0), ("B", 0), ("C", 0), ("D", 0), ("E", 0)])
    let before = Dictionary(uniqueKeysWithValues: ["A", "B", "C", "D", "E"].map { ($0, id(outline, $0)) })
    let data = Data([("B", 0), ("C", 0), ("A", 0), ("E", 0), ("D", 0)])
    let change = try outline.update(roots: data.top, children: data.kids, id: \.name)
    XCTAssertEqual(names(outline), ["B", "C", "A", "E", "D"])
    XCTAssertEqual(change.removedRows, [0 ..< 1, 4 ..< 5])
    XCTAssertEqual(change.insertedRows, [2 ..< 4])
    XCTAssertEqual(change.reloadedRows, [])
    XCTAssertEqual(change.removedRootRows, [0, 4])
    XCTAssertEqual(change.insertedRootRows, [2, 3])
    for (name, nodeID) in before { XCTAssertEqual(id(outline, name), nodeID, "\(name) keeps its NodeID") }
  }

  /// Matched nodes keep their IDs and flags and take the new values (a
  /// reload where the value differs); new nodes arrive collapsed.
  func testMatchedNodesKeepIDsAndFlagsAndNewNodesArriveCollapsed() throws {
    var outline = makeOutline([("Docs", 0), ("Readme", 1), ("Guide", 1), ("Src", 0), ("main", 1)], expanded: false)
    outline.expand(id(outline, "Docs"))
    let docs = id(outline, "Docs")
    let guide = id(outline, "Guide")
    XCTAssertEqual(names(outline), ["Docs", "Readme", "Guide", "Src"])
    let data = Data(
      [("Docs", 0), ("Readme", 1), ("Guide", 1), ("API", 1), ("index", 2), ("Src", 0), ("main", 1)],
      details: ["Guide": 2])
    let change = try outline.update(roots: data.top, children: data.kids, id: \.name)
    XCTAssertEqual(names(outline), ["Docs", "Readme", "Guide", "API", "Src"])
    XCTAssertEqual(change, OutlineChange(insertedRows: [3 ..< 4], reloadedRows: [2]))
    XCTAssertEqual(id(outline, "Docs"), docs)
    XCTAssertEqual(id(outline, "Guide"), guide)
    XCTAssertEqual(outline[guide].detail, 2, "the new value")
    XCTAssertTrue(outline.isExpanded(docs))
    XCTAssertFalse(outline.isExpanded(id(outline, "API")), "new nodes arrive collapsed")
    XCTAssertFalse(outline.isExpanded(id(outline, "Src")), "flags are kept, collapsed ones too")
  }

  /// Row heights stay with their nodes through an update that moves,
  /// removes and inserts, whether the engine edits the index run by run or
  /// lays it out again (checked builds take the second way when the
  /// outline has an even number of nodes, so the two trees here, of 6 and
  /// 7 nodes, take one way each); the offsets follow the new rows.
  func testRowHeightsFollowTheirNodesThroughAnUpdate() throws {
    for extra in [[], [("Z", 0)]] {
      var outline = makeOutline([("A", 0), ("a1", 1), ("a2", 1), ("B", 0), ("b1", 1), ("C", 0)] + extra)
      let heights: [String: Double] = ["A": 30, "a1": 11, "a2": 12, "B": 40, "b1": 21, "C": 50, "Z": 60]
      for (name, height) in heights where name != "Z" || !extra.isEmpty {
        outline.setRowHeight(height, of: id(outline, name))
      }
      let kept = ["A", "a2", "B", "b1", "C"].map { ($0, id(outline, $0)) }
      // a1 goes, b1 moves under A, C moves to the top, N is new.
      let data = Data([("C", 0), ("A", 0), ("b1", 1), ("a2", 1), ("N", 1), ("B", 0)] + extra)
      try outline.update(roots: data.top, children: data.kids, id: \.name)
      XCTAssertEqual(names(outline), ["C", "A", "b1", "a2", "N", "B"] + extra.map(\.0))
      for (name, nodeID) in kept {
        XCTAssertEqual(id(outline, name), nodeID, "\(name) keeps its NodeID")
        XCTAssertEqual(outline.rowHeight(of: nodeID), heights[name], "\(name) keeps its height")
      }
      XCTAssertFalse(outline.hasRowHeight(id(outline, "N")), "a new node has the estimate")
      let expected = [50, 30, 21, 12, outline.estimatedRowHeight, 40] + extra.map { heights[$0.0]! }
      var offset = 0.0
      for (row, height) in expected.enumerated() {
        XCTAssertEqual(outline.offset(ofRow: row), offset, "offset of row \(row)")
        offset += height
      }
      XCTAssertEqual(outline.contentHeight, offset)
    }
  }

  /// A node under another parent moves with its subtree; the rows around
  /// it stay.
  func testAMoveAcrossParentsTakesTheSubtree() throws {
    var outline = makeOutline([("A", 0), ("a1", 1), ("x", 2), ("a2", 1), ("B", 0)])
    let x = id(outline, "x")
    let data = Data([("A", 0), ("a2", 1), ("B", 0), ("a1", 1), ("x", 2)])
    let change = try outline.update(roots: data.top, children: data.kids, id: \.name)
    XCTAssertEqual(names(outline), ["A", "a2", "B", "a1", "x"])
    // B gets its first child: its row is redrawn with a disclosure.
    XCTAssertEqual(change, OutlineChange(removedRows: [1 ..< 3], insertedRows: [3 ..< 5], reloadedRows: [4]))
    XCTAssertEqual(id(outline, "x"), x)
    XCTAssertEqual(outline.parent(of: id(outline, "a1")), id(outline, "B"))
  }

  /// New data may put a node under its former child: the child moves up
  /// first, so no node ever goes into its own subtree.
  func testAParentAndItsChildCanSwap() throws {
    var outline = makeOutline([("A", 0), ("B", 1), ("C", 2), ("D", 0)])
    let (a, b, c) = (id(outline, "A"), id(outline, "B"), id(outline, "C"))
    let data = Data([("B", 0), ("A", 1), ("C", 2), ("D", 0)])
    let change = try outline.update(roots: data.top, children: data.kids, id: \.name)
    XCTAssertEqual(names(outline), ["B", "A", "C", "D"])
    XCTAssertEqual(outline.parent(of: a), b)
    XCTAssertEqual(outline.parent(of: c), a)
    XCTAssertEqual(outline.parent(of: b), nil)
    // All three changed parent: moved, though B ends on row 0 again.
    XCTAssertEqual(change, OutlineChange(removedRows: [0 ..< 3], insertedRows: [0 ..< 3], removedRootRows: [0], insertedRootRows: [0]))
  }

  /// The same data again changes nothing; without `Equatable` the outline
  /// cannot tell, and reloads every matched row.
  func testIdenticalDataReturnsAnEmptyChange() throws {
    let preorder = [("A", 0), ("a1", 1), ("B", 0), ("b1", 1), ("b2", 1)]
    var outline = makeOutline(preorder)
    outline.collapse(id(outline, "B"))
    let before = state(outline)
    let data = Data(preorder)
    XCTAssertEqual(try outline.update(roots: data.top, children: data.kids, id: \.name), OutlineChange())
    XCTAssertEqual(state(outline), before)
    let reloads = try updateWithoutEquatable(&outline, childrenOf: nil, to: data.top, children: data.kids, id: \.name)
    XCTAssertEqual(reloads, OutlineChange(reloadedRows: [0, 1, 2]))
    XCTAssertEqual(state(outline), before)
  }

  /// Removing everything, and filling an empty outline.
  func testFromAndToNothing() throws {
    var outline = makeOutline([("A", 0), ("a1", 1), ("B", 0)])
    let empty = Data([])
    XCTAssertEqual(
      try outline.update(roots: empty.top, children: empty.kids, id: \.name),
      OutlineChange(removedRows: [0 ..< 3], removedRootRows: [0, 2]))
    XCTAssertTrue(outline.isEmpty)
    let data = Data([("X", 0), ("x1", 1), ("Y", 0)])
    XCTAssertEqual(
      try outline.update(roots: data.top, children: data.kids, id: \.name),
      OutlineChange(insertedRows: [0 ..< 2], insertedRootRows: [0, 1]))
    XCTAssertEqual(names(outline), ["X", "Y"])
  }

  // MARK: Errors

  /// A repeated identity throws, naming it and both places, and changes
  /// nothing.
  func testADuplicateIdentityThrowsAndChangesNothing() {
    var outline = makeOutline([("A", 0), ("a1", 1), ("B", 0)])
    let before = state(outline)
    let data = Data([("A", 0), ("x", 1), ("B", 0), ("b1", 1), ("x", 2), ("C", 0)])
    XCTAssertThrowsError(try outline.update(roots: data.top, children: data.kids, id: \.name)) { error in
      guard let duplicate = error as? DuplicateIdentityError else { return XCTFail("\(error)") }
      XCTAssertEqual(duplicate.identity, "\"x\"")
      XCTAssertEqual(duplicate.firstIndexPath, [0, 0])
      XCTAssertEqual(duplicate.secondIndexPath, [1, 0, 0])
      XCTAssertEqual(duplicate.description, "identity \"x\" occurs twice in the new data: at [0, 0] and at [1, 0, 0]")
    }
    XCTAssertEqual(state(outline), before)
    XCTAssertEqual(outline.nodeCount, 3)
    outline._checkInvariants()
  }

  /// An error thrown by `children` is rethrown, and nothing changes.
  func testAFailingChildrenClosureChangesNothing() {
    struct Unreadable: Error {}
    var outline = makeOutline([("A", 0), ("a1", 1), ("B", 0)])
    let before = state(outline)
    let data = Data([("A", 0), ("a2", 1), ("B", 0), ("b1", 1)])
    XCTAssertThrowsError(
      try outline.update(
        roots: data.top, children: { item in
          if item.name == "B" { throw Unreadable() }
          return data.kids(item)
        }, id: \.name)
    ) { error in XCTAssertTrue(error is Unreadable) }
    XCTAssertEqual(state(outline), before)
    outline._checkInvariants()
  }

  // MARK: Partial updates

  /// One folder's new listing: nodes outside it are untouched (an identity
  /// from outside is a new node here), and a subfolder whose `children`
  /// returns nil keeps its children.
  func testAPartialUpdateOfALazyFolder() throws {
    var outline = makeOutline([
      ("Root", 0), ("F1", 1), ("f1a", 2), ("f1b", 2), ("F2", 1), ("old", 1), ("Other", 0), ("y", 1),
    ])
    let f1a = id(outline, "f1a")
    let y = id(outline, "y")
    let data = Data([("F2", 0), ("F1", 0), ("y", 0), ("N", 0), ("n1", 1)])
    let change = try outline.update(
      childrenOf: id(outline, "Root"), to: data.top,
      children: { $0.name == "F1" ? nil : data.kids($0) }, id: \.name)
    XCTAssertEqual(names(outline), ["Root", "F2", "F1", "f1a", "f1b", "y", "N", "Other", "y"])
    XCTAssertEqual(id(outline, "f1a"), f1a, "kept below a nil")
    XCTAssertEqual(Array(outline.children(of: id(outline, "Other"))), [y], "outside the scope: untouched")
    XCTAssertNotEqual(outline.children(of: id(outline, "Root"))[2], y, "a new node with an outside identity")
    // F1 and F2 swapped: one of them keeps its rows (F1, with its
    // subtree), F2 moves; `old` goes; y and N arrive (N collapsed).
    XCTAssertEqual(change, OutlineChange(removedRows: [4 ..< 6], insertedRows: [1 ..< 2, 5 ..< 7]))
  }

  /// Nodes kept by a nil, but placed elsewhere by the new data, move there:
  /// fresh data wins over what was kept.
  func testKeptChildrenPlacedElsewhereMove() throws {
    var outline = makeOutline([("F", 0), ("k1", 1), ("k2", 1), ("G", 0)])
    let k2 = id(outline, "k2")
    let data = Data([("F", 0), ("G", 0), ("k2", 1)])
    let change = try outline.update(
      childrenOf: nil, to: data.top, children: { $0.name == "F" ? nil : data.kids($0) }, id: \.name)
    XCTAssertEqual(names(outline), ["F", "k1", "G", "k2"])
    XCTAssertEqual(id(outline, "k2"), k2)
    // G gets its first child: its row is redrawn with a disclosure.
    XCTAssertEqual(change, OutlineChange(removedRows: [2 ..< 3], insertedRows: [3 ..< 4], reloadedRows: [3]))
  }

  // MARK: With the rest of the outline

  /// A restored expansion state still names nodes that arrive later.
  func testPendingExpansionAppliesToNewNodes() throws {
    var outline = makeOutline([("A", 0)])
    outline.restoreExpansionState(ExpansionState(expandedKeys: ["N"]), by: { $0.name })
    let data = Data([("A", 0), ("N", 0), ("n1", 1), ("M", 0), ("m1", 1)])
    let change = try outline.update(roots: data.top, children: data.kids, id: \.name)
    XCTAssertEqual(names(outline), ["A", "N", "n1", "M"])
    XCTAssertEqual(change, OutlineChange(insertedRows: [1 ..< 4], insertedRootRows: [1, 3]))
  }

  /// `Identifiable` nodes need no `id` argument.
  func testIdentifiableNodesMatchByTheirID() throws {
    struct File: Identifiable, Equatable {
      var id: Int
      var name: String
      var children: [File] = []
    }
    var outline = Outline(
      roots: [File(id: 1, name: "a", children: [File(id: 2, name: "b")]), File(id: 3, name: "c")], children: \.children)
    outline.expandAll()
    let b = outline.children(of: outline.roots[0])[0]
    let change = try outline.update(
      roots: [File(id: 3, name: "c"), File(id: 1, name: "a", children: [File(id: 2, name: "B")])], children: \.children)
    XCTAssertEqual(outline.rows.map { outline[$0].name }, ["c", "a", "B"])
    XCTAssertEqual(Array(outline.children(of: outline.roots[1])), [b])
    // c moved before a (the run kept is a, b); a's value changed too (its
    // children are part of it), but a moved.
    XCTAssertEqual(change.removedRows, [2 ..< 3])
    XCTAssertEqual(change.insertedRows, [0 ..< 1])
    XCTAssertEqual(change.reloadedRows, [0, 1], "a and b: values differ")
  }

  /// Inside a batch, an update composes with everything else.
  func testAnUpdateComposesInsideABatch() throws {
    var outline = makeOutline([("A", 0), ("a1", 1), ("B", 0), ("b1", 1)])
    outline.collapse(id(outline, "B"))
    let data = Data([("B", 0), ("b1", 1), ("A", 0), ("a1", 1), ("C", 0)])
    let change = try outline.batch { outline in
      outline.expand(self.id(outline, "B"))
      try outline.update(roots: data.top, children: data.kids, id: \.name)
      outline.collapse(self.id(outline, "A"))
    }
    // Rows before: A a1 B; after: B b1 A C. A and a1 stay in the kept run
    // (one of the two longest), B moved; A's flag flipped.
    XCTAssertEqual(names(outline), ["B", "b1", "A", "C"])
    XCTAssertEqual(change, OutlineChange(removedRows: [1 ..< 3], insertedRows: [0 ..< 2, 3 ..< 4], reloadedRows: [0], removedRootRows: [2], insertedRootRows: [0, 3]))
  }

  /// Under a filter, new nodes and changed values are judged, and their
  /// `.recurse` ancestors with them.
  func testAFilterJudgesNewNodesAndChangedValues() throws {
    var outline = makeOutline([("Fruit", 0), ("Apple", 1), ("Tools", 0), ("Hammer", 1)])
    outline.setFilter { $0.detail > 0 ? .visible : .recurse }
    XCTAssertEqual(names(outline), [])
    let data = Data(
      [("Fruit", 0), ("Apple", 1), ("Pear", 1), ("Tools", 0), ("Hammer", 1)], details: ["Pear": 1, "Hammer": 1])
    let change = try outline.update(roots: data.top, children: data.kids, id: \.name)
    XCTAssertEqual(names(outline), ["Fruit", "Pear", "Tools", "Hammer"])
    XCTAssertEqual(change, OutlineChange(insertedRows: [0 ..< 4], insertedRootRows: [0, 2]))
    let again = Data([("Fruit", 0), ("Apple", 1), ("Pear", 1), ("Tools", 0), ("Hammer", 1)], details: ["Pear": 1])
    XCTAssertEqual(
      try outline.update(roots: again.top, children: again.kids, id: \.name),
      OutlineChange(removedRows: [2 ..< 4], removedRootRows: [2]))
    XCTAssertEqual(names(outline), ["Fruit", "Pear"])
  }
}
