import Foundation
import XCTest

@testable import OutlineKit

/// Row geometry scenarios: the tutorial's 60 / 270 / 44 point cells,
/// heights kept through collapse, filtering, moves and archiving, the
/// estimate, viewports and scroll anchors.
final class GeometryScenarioTests: XCTestCase {
  /// Personal ▸ (Name, Birthday ▸ (Date picker)), Preferences ▸ (Sport), Work.
  func makeForm() -> Outline<String> {
    var outline = Outline(preorder: [
      (node: "Personal", depth: 0), (node: "Name", depth: 1), (node: "Birthday", depth: 1),
      (node: "Date picker", depth: 2), (node: "Preferences", depth: 0), (node: "Sport", depth: 1),
      (node: "Work", depth: 0),
    ])
    outline.expandAll()
    return outline
  }

  func id(_ outline: Outline<String>, _ name: String) -> Outline<String>.NodeID {
    var stack = Array(outline.roots)
    while let next = stack.popLast() {
      if outline[next] == name { return next }
      stack += outline.children(of: next)
    }
    fatalError("no node \(name)")
  }

  func testOffsetsFollowTheHeightsAndTheEstimate() {
    var outline = makeForm()
    XCTAssertEqual(outline.contentHeight, 7 * 44, "every row has the estimate")
    outline.setRowHeight(60, of: id(outline, "Name"))
    outline.setRowHeight(270, of: id(outline, "Date picker"))
    // Rows: Personal 44, Name 60, Birthday 44, Date picker 270, Preferences 44, Sport 44, Work 44.
    XCTAssertEqual((0 ... 7).map { outline.offset(ofRow: $0) }, [0, 44, 104, 148, 418, 462, 506, 550])
    XCTAssertEqual(outline.contentHeight, 550)
    XCTAssertEqual(outline.row(atOffset: 150), 3)
    XCTAssertEqual(outline.row(atOffset: 417.5), 3)
    XCTAssertEqual(outline.row(atOffset: 418), 4)
    XCTAssertEqual(outline.row(atOffset: -20), 0)
    XCTAssertEqual(outline.row(atOffset: 10_000), 6)
    // The estimate changes every row without a height at once.
    outline.estimatedRowHeight = 50
    XCTAssertEqual(outline.contentHeight, 60 + 270 + 5 * 50)
    XCTAssertEqual(outline.rowHeight(of: id(outline, "Work")), 50)
    XCTAssertFalse(outline.hasRowHeight(id(outline, "Work")))
    outline.removeRowHeight(of: id(outline, "Date picker"))
    XCTAssertEqual(outline.rowHeight(of: id(outline, "Date picker")), 50)
    XCTAssertEqual(outline.contentHeight, 60 + 6 * 50)
  }

  func testHeightsSurviveCollapseFilteringAndMoves() throws {
    var outline = makeForm()
    let picker = id(outline, "Date picker")
    outline.setRowHeight(270, of: picker)
    outline.collapse(id(outline, "Birthday"))
    XCTAssertEqual(outline.contentHeight, 6 * 44, "a hidden row counts nothing")
    outline.expand(id(outline, "Birthday"))
    XCTAssertEqual(outline.contentHeight, 6 * 44 + 270)
    outline.setFilter { $0 == "Date picker" ? .visible : .recurse }
    XCTAssertEqual(outline.contentHeight, 2 * 44 + 270, "Personal, Birthday, Date picker")
    outline.removeFilter()
    try outline.move(picker, under: id(outline, "Preferences"), at: 0)
    XCTAssertEqual(outline.rowHeight(of: picker), 270)
    XCTAssertEqual(outline.offset(ofRow: outline.row(of: picker)! + 1) - outline.offset(ofRow: outline.row(of: picker)!), 270)
  }

  func testAViewportsRows() {
    var outline = makeForm()
    outline.setRowHeight(270, of: id(outline, "Date picker"))
    // Rows start at 0, 44, 88, 132 (picker, 270 tall), 402, 446, 490; content 534.
    XCTAssertEqual(outline.rows(inOffsets: 100 ..< 200), 2 ..< 4)
    XCTAssertEqual(outline.rows(inOffsets: 132 ..< 402), 3 ..< 4, "the picker fills the viewport")
    XCTAssertEqual(outline.rows(inOffsets: 0 ..< 44), 0 ..< 1)
    XCTAssertEqual(outline.rows(inOffsets: 500 ..< 900), 6 ..< 7)
    XCTAssertEqual(outline.rows(inOffsets: 600 ..< 900), 7 ..< 7, "past the content")
    XCTAssertEqual(outline.rows(inOffsets: -50 ..< -10), 0 ..< 0, "before the content")
  }

  func testAScrollAnchorKeepsTheContentStillWhenRowsAppearAbove() {
    var outline = makeForm()
    outline.collapse(id(outline, "Personal"))
    // Rows: Personal, Preferences, Sport, Work; the viewport's top is 10
    // points into Sport (row 2, at 88).
    let anchor = outline.scrollAnchor(atOffset: 98)!
    XCTAssertEqual(anchor.node, id(outline, "Sport"))
    XCTAssertEqual(anchor.distanceIntoRow, 10)
    let change = outline.expand(id(outline, "Personal"))  // three rows appear above
    XCTAssertEqual(outline.offset(of: anchor, after: change), 98 + 3 * 44)
    XCTAssertEqual(outline.offset(of: anchor), 98 + 3 * 44, "the node is enough while it has a row")
  }

  func testAScrollAnchorWhoseRowWentFollowsTheRowThatTookItsPlace() {
    var outline = makeForm()
    // The viewport's top is inside Sport (row 5, at 220).
    let anchor = outline.scrollAnchor(atOffset: 230)!
    let change = outline.batch { $0.remove(self.id($0, "Sport")) }
    XCTAssertEqual(outline.offset(of: anchor, after: change), 220, "Work took Sport's place")
    var other = makeForm()
    let hidden = other.scrollAnchor(atOffset: 140)!  // Date picker, row 3
    other.collapse(id(other, "Birthday"))
    XCTAssertEqual(other.offset(of: hidden), 88, "without the change: its nearest ancestor with a row")
  }

  func testHeightsAreArchived() throws {
    var outline = makeForm()
    outline.setRowHeight(270, of: id(outline, "Date picker"))
    outline.estimatedRowHeight = 50
    let data = try JSONEncoder().encode(outline)
    let decoded = try JSONDecoder().decode(Outline<String>.self, from: data)
    XCTAssertEqual(decoded.rowHeight(of: id(decoded, "Date picker")), 270)
    XCTAssertFalse(decoded.hasRowHeight(id(decoded, "Work")))
    XCTAssertEqual(decoded.estimatedRowHeight, 50)
    XCTAssertEqual(decoded.contentHeight, outline.contentHeight)
    // An outline without heights archives none.
    let plain = try JSONSerialization.jsonObject(with: JSONEncoder().encode(makeForm())) as! [String: Any]
    XCTAssertNil(plain["heights"])
    XCTAssertNil(plain["estimatedRowHeight"])
  }

  func testABadHeightInAnArchiveThrowsNamingTheNode() throws {
    let json = #"{"version": 1, "expansionPolicy": "independent", "depths": [0, 1], "expanded": [], "values": ["a", "b"], "heights": [null, -3]}"#
    XCTAssertThrowsError(try JSONDecoder().decode(Outline<String>.self, from: Data(json.utf8))) { error in
      XCTAssertTrue("\(error)".contains("height -3.0 of node 1 is not a finite height >= 0"), "\(error)")
    }
    let short = #"{"version": 1, "expansionPolicy": "independent", "depths": [0, 1], "expanded": [], "values": ["a", "b"], "heights": [1]}"#
    XCTAssertThrowsError(try JSONDecoder().decode(Outline<String>.self, from: Data(short.utf8))) { error in
      XCTAssertTrue("\(error)".contains("1 heights for 2 depths"), "\(error)")
    }
  }

  func testZeroHeightRowsHoldNoOffset() {
    var outline = makeForm()
    outline.setRowHeight(0, of: id(outline, "Name"))
    XCTAssertEqual(outline.offset(ofRow: 2), 44)
    XCTAssertEqual(outline.row(atOffset: 44), 2, "Name has no height: the offset is Birthday's")
  }
}
