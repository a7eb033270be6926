import XCTest

@testable import OutlineKit

/// Small scenarios with exact expected rows and changes, in the words of the
/// design and the docs.
final class ScenarioTests: XCTestCase {
  /// A  a1 a2  B  b1 b11 b2  C, as in Docs/Internals.md.
  func makeOutline() -> Outline<String> {
    Outline(preorder: [
      (node: "A", depth: 0), (node: "a1", depth: 1), (node: "a2", depth: 1), (node: "B", depth: 0),
      (node: "b1", depth: 1), (node: "b11", depth: 2), (node: "b2", depth: 1), (node: "C", depth: 0),
    ])
  }

  func names(_ outline: Outline<String>) -> [String] { outline.rows.map { outline[$0] } }

  func id(_ outline: Outline<String>, _ name: String) -> Outline<String>.NodeID {
    var stack = Array(outline.roots)
    while let next = stack.popLast() {
      if outline[next] == name { return next }
      stack += outline.children(of: next)
    }
    fatalError("no node \(name)")
  }

  func testEveryNodeStartsCollapsed() {
    let outline = makeOutline()
    XCTAssertEqual(names(outline), ["A", "B", "C"])
    XCTAssertEqual(outline.nodeCount, 8)
  }

  func testExpandReportsTheShownRowsAndTheTurnedIndicator() {
    var outline = makeOutline()
    XCTAssertEqual(outline.expand(id(outline, "B")), OutlineChange(insertedRows: [2 ..< 4], reloadedRows: [1]))
    XCTAssertEqual(names(outline), ["A", "B", "b1", "b2", "C"])
    XCTAssertEqual(outline.expand(id(outline, "B")), OutlineChange(), "expanding an expanded node changes nothing")
  }

  func testCollapseKeepsDescendantFlagsSoReExpandingRestoresTheRows() {
    var outline = makeOutline()
    outline.expandAll()
    XCTAssertEqual(names(outline), ["A", "a1", "a2", "B", "b1", "b11", "b2", "C"])
    XCTAssertEqual(outline.collapse(id(outline, "B")), OutlineChange(removedRows: [4 ..< 7], reloadedRows: [3]))
    XCTAssertTrue(outline.isExpanded(id(outline, "b1")))
    XCTAssertEqual(outline.expand(id(outline, "B")), OutlineChange(insertedRows: [4 ..< 7], reloadedRows: [3]))
    XCTAssertEqual(names(outline), ["A", "a1", "a2", "B", "b1", "b11", "b2", "C"])
  }

  func testHiddenNodesFlipTheirFlagWithoutChangingRows() {
    var outline = makeOutline()
    XCTAssertEqual(outline.expand(id(outline, "b1")), OutlineChange())
    XCTAssertTrue(outline.isExpanded(id(outline, "b1")))
    XCTAssertEqual(outline.expand(id(outline, "B")), OutlineChange(insertedRows: [2 ..< 5], reloadedRows: [1]))
    XCTAssertEqual(names(outline), ["A", "B", "b1", "b11", "b2", "C"])
  }

  func testALeafCanBeExpanded() {
    var outline = makeOutline()
    XCTAssertEqual(outline.expand(id(outline, "C")), OutlineChange(reloadedRows: [2]))
    XCTAssertTrue(outline.isExpanded(id(outline, "C")))
    XCTAssertFalse(outline.hasChildren(id(outline, "C")))
  }

  func testRecursiveCollapseForgetsDescendantFlags() {
    var outline = makeOutline()
    outline.expandAll()
    outline.collapse(id(outline, "B"), recursively: true)
    XCTAssertFalse(outline.isExpanded(id(outline, "b1")))
    outline.expand(id(outline, "B"))
    XCTAssertEqual(names(outline), ["A", "a1", "a2", "B", "b1", "b2", "C"])
  }

  func testExclusiveSiblingsIsAnAccordion() {
    var outline = makeOutline()
    outline.expansionPolicy = .exclusiveSiblings
    outline.expand(id(outline, "A"))
    XCTAssertEqual(
      outline.expand(id(outline, "B")),
      OutlineChange(removedRows: [1 ..< 3], insertedRows: [2 ..< 4], reloadedRows: [0, 3]))
    XCTAssertEqual(names(outline), ["A", "B", "b1", "b2", "C"])
  }

  func testExclusiveLevelClosesSameDepthNodesAnywhere() {
    var outline = makeOutline()
    outline.expandAll()
    outline.expansionPolicy = .exclusiveLevel
    outline.collapse(id(outline, "A"))
    XCTAssertEqual(names(outline), ["A", "B", "b1", "b11", "b2", "C"])
    // Expanding A (depth 0) collapses B and C, the other expanded roots.
    XCTAssertEqual(
      outline.expand(id(outline, "A")),
      OutlineChange(removedRows: [2 ..< 5], insertedRows: [1 ..< 3], reloadedRows: [0, 1, 5]))
    XCTAssertEqual(names(outline), ["A", "a1", "a2", "B", "C"])
    XCTAssertTrue(outline.isExpanded(id(outline, "b1")), "other depths keep their flags")
  }

  func testRevealExpandsTheCollapsedAncestors() {
    var outline = makeOutline()
    let change = outline.reveal(id(outline, "b11"))
    XCTAssertEqual(change, OutlineChange(insertedRows: [2 ..< 5], reloadedRows: [1]))
    XCTAssertEqual(outline.row(of: id(outline, "b11")), 3)
    XCTAssertFalse(outline.isExpanded(id(outline, "b11")), "the node's own flag is unchanged")
  }

  func testBatchComposesAndCancels() {
    var outline = makeOutline()
    let B = id(outline, "B")
    let change = outline.batch { outline in
      outline.expand(B)
      outline.collapse(B)
      outline.expand(B)
      let x = outline.insert("x", under: nil, at: 0)
      outline.remove(x)
      outline[id(outline, "C")] = "C2"
    }
    XCTAssertEqual(change, OutlineChange(insertedRows: [2 ..< 4], reloadedRows: [1, 2]))
    XCTAssertEqual(names(outline), ["A", "B", "b1", "b2", "C2"])
  }

  func testMoveIntoOwnSubtreeThrowsNamingBothNodes() {
    var outline = makeOutline()
    let B = id(outline, "B")
    let b11 = id(outline, "b11")
    XCTAssertThrowsError(try outline.move(B, under: b11, at: 0)) { error in
      let moveError = error as! Outline<String>.MoveError
      XCTAssertEqual(moveError.node, B)
      XCTAssertEqual(moveError.destination, b11)
      XCTAssertEqual("\(moveError)", "cannot move node \(B) under \(b11), which is inside its subtree")
    }
    XCTAssertEqual(outline.description, makeOutline().description)
  }

  func testRemovedIDsStayInvalidWhenTheirSlotIsReused() {
    var outline = makeOutline()
    let a1 = id(outline, "a1")
    outline.remove(a1)
    let newcomer = outline.insert("new", under: nil, at: 0)
    XCTAssertFalse(outline.contains(a1))
    XCTAssertTrue(outline.contains(newcomer))
    XCTAssertNotEqual(a1, newcomer)
  }

  func testSectionsInBothStyles() {
    var outline = makeOutline()
    outline.expand(id(outline, "B"))
    let header = outline.sections(style: .header)
    XCTAssertEqual(header.count, 3)
    XCTAssertEqual((0 ..< 3).map(header.numberOfRows(inSection:)), [0, 2, 0])
    XCTAssertEqual(outline[header.id(at: OutlineIndexPath(section: 1, row: 1))], "b2")
    XCTAssertNil(header.indexPath(of: id(outline, "B")))
    let firstRow = outline.sections(style: .firstRow)
    XCTAssertEqual((0 ..< 3).map(firstRow.numberOfRows(inSection:)), [1, 3, 1])
    XCTAssertEqual(firstRow.indexPath(of: id(outline, "b2")), OutlineIndexPath(section: 1, row: 2))
    XCTAssertEqual(firstRow.section(of: id(outline, "b11")), 1)

    let change = outline.batch { outline in
      outline.remove(id(outline, "A"))
      outline.collapse(id(outline, "B"))
    }
    XCTAssertEqual(
      outline.sections(style: .header).convert(change),
      SectionedChange(deletedSections: [0], reloadedSections: [1], deletedRows: [OutlineIndexPath(section: 1, row: 0), OutlineIndexPath(section: 1, row: 1)]))
    XCTAssertEqual(
      outline.sections(style: .firstRow).convert(change),
      SectionedChange(
        deletedSections: [0], deletedRows: [OutlineIndexPath(section: 1, row: 1), OutlineIndexPath(section: 1, row: 2)],
        reloadedRows: [OutlineIndexPath(section: 1, row: 0)]))
  }

  func testDescriptionDrawsTheTree() {
    var outline = makeOutline()
    outline.expand(id(outline, "B"))
    XCTAssertEqual(outline.description, """
      ▸ A
          · a1
          · a2
      ▾ B
          ▸ b1
              · b11
          · b2
      · C
      """)
    XCTAssertTrue(outline.debugDescription.hasPrefix("Outline(8 nodes, 5 rows)\n▸ A #0 row 0"))
  }
}
