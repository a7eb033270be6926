import OutlineGtkSupport
import OutlineKit
import XCTest

final class OutlineSessionTests: XCTestCase {
  private func labels<Document>(_ session: OutlineSession<Document>) -> [String] {
    (0 ..< session.outline.rowCount).map(session.label(ofRow:))
  }

  private func selectedLabels<Document>(_ session: OutlineSession<Document>) -> [String] {
    (0 ..< session.outline.rowCount).filter(session.isSelected(row:)).map(session.label(ofRow:))
  }

  private func focusLabel<Document>(_ session: OutlineSession<Document>) -> String? {
    session.selection.focusedRow(in: session.outline).map(session.label(ofRow:))
  }

  private func bigTree(_ count: Int = 1000) -> OutlineSession<GeneratedTreeDocument> {
    OutlineSession(document: GeneratedTreeDocument(GeneratedTree(shape: .balanced, count: count)))
  }

  func testKeysMoveTheFocusAndTheSelectionThroughTheEngine() {
    var session = bigTree()
    session.navigate(.down)
    XCTAssertEqual(focusLabel(session), "Acacia 1")
    XCTAssertEqual(selectedLabels(session), ["Acacia 1"])
    let expansion = session.navigate(.right)
    XCTAssertEqual(expansion.outlineChange.listSplices, [ListSplice(position: 1, removed: 0, added: 10, oldPosition: 1)])
    session.navigate(.down)
    session.navigate(.down, modifiers: .shift)
    XCTAssertEqual(selectedLabels(session), ["Kapok 11", "Larch 12"])
    session.navigate(.down, modifiers: .control)
    XCTAssertEqual(focusLabel(session), "Maple 13")
    XCTAssertEqual(selectedLabels(session), ["Kapok 11", "Larch 12"])
    session.activateFocus(modifiers: .control)
    XCTAssertEqual(selectedLabels(session), ["Kapok 11", "Larch 12", "Maple 13"])
    session.activateFocus()
    XCTAssertEqual(selectedLabels(session), ["Maple 13"])
    session.navigate(.left)
    XCTAssertEqual(focusLabel(session), "Acacia 1")
  }

  func testClicksSelectToggleAndExtend() {
    var session = bigTree()
    session.click(row: 2)
    session.click(row: 5, modifiers: .shift)
    XCTAssertEqual(selectedLabels(session), ["Cedar 3", "Dogwood 4", "Elm 5", "Fir 6"])
    session.click(row: 3, modifiers: .control)
    XCTAssertEqual(selectedLabels(session), ["Cedar 3", "Elm 5", "Fir 6"])
    XCTAssertEqual(focusLabel(session), "Dogwood 4")
    session.click(row: 0)
    XCTAssertEqual(selectedLabels(session), ["Acacia 1"])
  }

  func testMovingTheFocusLeavesTheSelection() {
    var session = bigTree()
    session.click(row: 2)
    let change = session.moveFocus(toRow: 5)
    XCTAssertEqual(focusLabel(session), "Fir 6")
    XCTAssertEqual(selectedLabels(session), ["Cedar 3"])
    XCTAssertEqual(change.focusedRow, 5)
  }

  func testCollapsingAboveTheFocusMovesItToTheCollapsedRow() {
    var session = bigTree()
    session.toggleExpansion(ofRow: 1)
    session.click(row: 3)
    XCTAssertEqual(focusLabel(session), "Viburnum 22")
    let change = session.toggleExpansion(ofRow: 1)
    XCTAssertEqual(change.outlineChange.listSplices, [ListSplice(position: 2, removed: 10, added: 0, oldPosition: 2)])
    XCTAssertEqual(focusLabel(session), "Birch 2")
    XCTAssertEqual(change.focusedRow, 1)
  }

  func testSearchRevealsTheMatchesAndClearingItClosesThem() throws {
    var session = OutlineSession(document: try CategoryDocument())
    XCTAssertEqual(labels(session), ["Books", "Music", "Garden"])
    session.search("myst")
    XCTAssertEqual(labels(session), ["Books", "Fiction", "Mystery"])
    session.search("")
    XCTAssertEqual(labels(session), ["Books", "Music", "Garden"])
  }

  func testTheSelectionModelRequestsChangeTheEnginesSelection() {
    var session = bigTree()
    session.selectRow(1, alone: true)
    session.selectRow(3, alone: false)
    XCTAssertEqual(selectedLabels(session), ["Birch 2", "Dogwood 4"])
    session.deselectRow(1)
    XCTAssertEqual(selectedLabels(session), ["Dogwood 4"])
    let range = session.selectRows(5 ..< 8, alone: true)
    XCTAssertEqual(selectedLabels(session), ["Fir 6", "Ginkgo 7", "Hazel 8"])
    // The focus leaves row 1, row 3 is deselected, rows 5 ..< 8 selected.
    XCTAssertEqual(range.rowsToRedraw, [1 ..< 2, 3 ..< 4, 5 ..< 8])
    session.deselectRows(6 ..< 7)
    XCTAssertEqual(selectedLabels(session), ["Fir 6", "Hazel 8"])
    session.selectAll()
    XCTAssertEqual(selectedLabels(session).count, 10)
    session.deselectAll()
    XCTAssertEqual(selectedLabels(session), [])
  }

  func testExpandAllAndCollapseAll() {
    var session = bigTree(111)
    session.expandAll()
    XCTAssertEqual(session.outline.rowCount, 111)
    session.collapseAll()
    XCTAssertEqual(labels(session), (0 ..< 10).map(GeneratedTree.name(of:)))
  }
}
