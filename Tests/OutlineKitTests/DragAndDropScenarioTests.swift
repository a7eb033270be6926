import XCTest

@testable import OutlineKit

/// Drop targets and moves of several nodes on hand-made outlines: the
/// zones of Docs/DragAndDrop.md's picture, what a move keeps, and the
/// selection following the moved nodes.
final class DragAndDropScenarioTests: XCTestCase {
  /// A (a1, a2 (x)), B, with A and a2 expanded: rows A a1 a2 x B.
  func makeOutline() -> (Outline<String>, [String: Outline<String>.NodeID]) {
    var outline = Outline(preorder: [
      (node: "A", depth: 0), (node: "a1", depth: 1), (node: "a2", depth: 1), (node: "x", depth: 2), (node: "B", depth: 0),
    ])
    var ids: [String: Outline<String>.NodeID] = [:]
    var stack = Array(outline.roots)
    while let id = stack.popLast() {
      ids[outline[id]] = id
      stack += outline.children(of: id)
    }
    outline.expand(ids["A"]!)
    outline.expand(ids["a2"]!)
    return (outline, ids)
  }

  func describe(_ target: Outline<String>.DropTarget, in outline: Outline<String>) -> String {
    "\(target.parent.map { outline[$0] } ?? "top"):\(target.index)"
  }

  func testTheZonesOfARow() {
    let (outline, _) = makeOutline()
    XCTAssertEqual(outline.rows.map { outline[$0] }, ["A", "a1", "a2", "x", "B"])
    // a1 (row 1): before, into, after.
    XCTAssertEqual(describe(outline.dropTarget(atRow: 1, fraction: 0.1), in: outline), "A:0")
    XCTAssertEqual(describe(outline.dropTarget(atRow: 1, fraction: 0.5), in: outline), "a1:0")
    XCTAssertEqual(describe(outline.dropTarget(atRow: 1, fraction: 0.9), in: outline), "A:1")
    // A row that takes no children has halves.
    let leaves: (Outline<String>.NodeID) -> Bool = { outline.hasChildren($0) }
    XCTAssertEqual(describe(outline.dropTarget(atRow: 1, fraction: 0.4, allowsChildren: leaves), in: outline), "A:0")
    XCTAssertEqual(describe(outline.dropTarget(atRow: 1, fraction: 0.5, allowsChildren: leaves), in: outline), "A:1")
    // After an expanded node: before its first child.
    XCTAssertEqual(describe(outline.dropTarget(atRow: 0, fraction: 0.9), in: outline), "A:0")
    XCTAssertEqual(describe(outline.dropTarget(atRow: 2, fraction: 1), in: outline), "a2:0")
    // Out of range fractions clamp; NaN is the top.
    XCTAssertEqual(describe(outline.dropTarget(atRow: 1, fraction: -3), in: outline), "A:0")
    XCTAssertEqual(describe(outline.dropTarget(atRow: 1, fraction: 7), in: outline), "A:1")
    XCTAssertEqual(describe(outline.dropTarget(atRow: 1, fraction: .nan), in: outline), "A:0")
  }

  func testADropBelowANestedSubtreeBubblesByIndentation() {
    let (outline, _) = makeOutline()
    // Below x (row 3), the last row of a2 and of A: x's level, a2's, A's.
    XCTAssertEqual(describe(outline.dropTarget(atRow: 3, fraction: 0.9), in: outline), "a2:1")
    XCTAssertEqual(describe(outline.dropTarget(atRow: 3, fraction: 0.9, depth: 2), in: outline), "a2:1")
    XCTAssertEqual(describe(outline.dropTarget(atRow: 3, fraction: 0.9, depth: 1), in: outline), "A:2")
    XCTAssertEqual(describe(outline.dropTarget(atRow: 3, fraction: 0.9, depth: 0), in: outline), "top:1")
    XCTAssertEqual(describe(outline.dropTarget(atRow: 3, fraction: 0.9, depth: -4), in: outline), "top:1")
    XCTAssertEqual(describe(outline.dropTarget(atRow: 3, fraction: 0.9, depth: 9), in: outline), "a2:1")
    // Below the last row: the end of the outline, or deeper by indentation.
    XCTAssertEqual(describe(outline.dropTarget(atRow: 5, fraction: 0), in: outline), "top:2")
    XCTAssertEqual(describe(outline.dropTarget(atRow: 5, fraction: 0, depth: 3), in: outline), "top:2")
    // In an empty outline: after the last root, whatever is asked.
    XCTAssertEqual(describe(Outline<String>().dropTarget(atRow: 0, fraction: 0.5, depth: 3), in: outline), "top:0")
  }

  func testMovingSeveralNodesKeepsIDsFlagsAndHeights() throws {
    var (outline, ids) = makeOutline()
    outline.setRowHeight(30, of: ids["x"]!)
    outline.setRowHeight(12, of: ids["a2"]!)
    // a2 (expanded, with x) and B, given in reverse and with x nested and
    // a duplicate, go to the top of A: in tree order, a2 then B.
    let change = try outline.move([ids["B"]!, ids["x"]!, ids["a2"]!, ids["B"]!], to: .init(parent: ids["A"]!, index: 0))
    XCTAssertEqual(outline.rows.map { outline[$0] }, ["A", "a2", "x", "B", "a1"])
    XCTAssertEqual(outline.children(of: ids["A"]!).map { outline[$0] }, ["a2", "B", "a1"])
    XCTAssertTrue(outline.isExpanded(ids["a2"]!))
    XCTAssertEqual(outline.rowHeight(of: ids["x"]!), 30)
    XCTAssertEqual(outline.rowHeight(of: ids["a2"]!), 12)
    XCTAssertEqual(outline.parent(of: ids["x"]!), ids["a2"]!)
    // a1 stays; a2, x and B move: removed at their old rows, inserted at the new.
    XCTAssertEqual(change.removedRows, [2 ..< 5])
    XCTAssertEqual(change.insertedRows, [1 ..< 4])
    XCTAssertEqual(change.reloadedRows, [])
    var rows = ["A", "a1", "a2", "x", "B"]
    change.apply(to: &rows, insertedElement: { outline[outline.id(atRow: $0)] })
    XCTAssertEqual(rows, outline.rows.map { outline[$0] })
  }

  func testAMoveToWhereTheNodesAreChangesNothing() throws {
    var (outline, ids) = makeOutline()
    // a1 and a2 sit at gaps 0 ... 2 of A: any of those gaps keeps them.
    for gap in 0 ... 2 {
      let change = try outline.move([ids["a1"]!, ids["a2"]!], to: .init(parent: ids["A"]!, index: gap))
      XCTAssertTrue(change.isEmpty, "gap \(gap): \(change)")
      XCTAssertEqual(outline.rows.map { outline[$0] }, ["A", "a1", "a2", "x", "B"])
    }
  }

  func testADisclosureThatTurnsIsReloaded() throws {
    var (outline, ids) = makeOutline()
    // x leaves a2 (its last child) for B (its first): both rows reload.
    let change = try outline.move([ids["x"]!], to: .init(parent: ids["B"]!, index: 0))
    XCTAssertEqual(change.removedRows, [3 ..< 4])
    XCTAssertEqual(change.insertedRows, [])
    XCTAssertEqual(change.reloadedRows, [2, 4])
    XCTAssertFalse(outline.hasChildren(ids["a2"]!))
    XCTAssertTrue(outline.hasChildren(ids["B"]!))
  }

  func testAMoveIntoAMovedSubtreeThrowsAndChangesNothing() {
    var (outline, ids) = makeOutline()
    let before = outline
    XCTAssertFalse(outline.canMove([ids["a1"]!, ids["A"]!], to: .init(parent: ids["x"]!, index: 0)))
    XCTAssertFalse(outline.canMove([ids["a2"]!], to: .init(parent: ids["a2"]!, index: 0)))
    XCTAssertTrue(outline.canMove([ids["a2"]!], to: .init(parent: ids["a1"]!, index: 0)))
    XCTAssertThrowsError(try outline.move([ids["a1"]!, ids["A"]!], to: .init(parent: ids["x"]!, index: 0))) { error in
      let error = error as! Outline<String>.MoveError
      XCTAssertEqual(error.node, ids["A"]!)
      XCTAssertEqual(error.destination, ids["x"]!)
      XCTAssertEqual(error.description, "cannot move node \(ids["A"]!) under \(ids["x"]!), which is inside its subtree")
    }
    XCTAssertEqual(outline.rows.map { outline[$0] }, before.rows.map { before[$0] })
    XCTAssertEqual(outline.description, before.description)
  }

  func testInsideABatchTheMoveIsPartOfOneChange() throws {
    var (outline, ids) = makeOutline()
    let change = try outline.batch { outline in
      try outline.move([ids["B"]!], to: .init(parent: nil, index: 0))
      outline.collapse(ids["A"]!)
    }
    XCTAssertEqual(outline.rows.map { outline[$0] }, ["B", "A"])
    XCTAssertEqual(change.removedRows, [1 ..< 5])
    XCTAssertEqual(change.insertedRows, [0 ..< 1])
    XCTAssertEqual(change.reloadedRows, [0])
  }

  func testTheSelectionFollowsTheMovedNodes() throws {
    var (outline, ids) = makeOutline()
    var selection = Outline<String>.Selection(mode: .multiple)
    selection.select(ids["a1"]!, in: outline)
    selection.toggle(ids["B"]!, in: outline)
    XCTAssertEqual(selection.focus, ids["B"]!)
    // Pressing a selected row drags the selection, in row order; pressing
    // another row drags that row alone.
    XCTAssertEqual(selection.nodesToDrag(pressing: ids["B"]!, in: outline), [ids["a1"]!, ids["B"]!])
    XCTAssertEqual(selection.nodesToDrag(pressing: ids["x"]!, in: outline), [ids["x"]!])
    let change = try outline.move(selection.nodesToDrag(pressing: ids["B"]!, in: outline), to: .init(parent: ids["a2"]!, index: 1))
    selection.reconcile(with: outline, after: change)
    XCTAssertEqual(outline.rows.map { outline[$0] }, ["A", "a2", "x", "a1", "B"])
    XCTAssertEqual(selection.selectedNodes, [ids["a1"]!, ids["B"]!])
    XCTAssertEqual(selection.focus, ids["B"]!)
    XCTAssertEqual(selection.selectedRows(in: outline), [3 ..< 5])
    XCTAssertEqual(selection.focusedRow(in: outline), 4)
  }

  func testAFilteredMoveJudgesTheMovedNodesWhereTheyLand() throws {
    var (outline, ids) = makeOutline()
    outline.setFilter { $0 == "x" || $0 == "a1" ? .visible : .recurse }
    XCTAssertEqual(outline.rows.map { outline[$0] }, ["A", "a1", "a2", "x"])
    // x leaves a2, which passed only through it: a2's row goes; B, empty
    // and excluded so far, passes once x is in it.
    let change = try outline.move([ids["x"]!], to: .init(parent: ids["B"]!, index: 0))
    XCTAssertEqual(outline.rows.map { outline[$0] }, ["A", "a1", "B"])
    XCTAssertEqual(change.removedRows, [2 ..< 4])
    XCTAssertEqual(change.insertedRows, [2 ..< 3])
    outline.removeFilter()
    XCTAssertEqual(outline.rows.map { outline[$0] }, ["A", "a1", "a2", "B"])
  }
}
