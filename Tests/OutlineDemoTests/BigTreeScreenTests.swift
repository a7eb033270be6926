import OutlineDemoKit
import OutlineKit
import XCTest

/// The big tree. Node k (from 0, named for k + 1) has children 10k + 10 …
/// 10k + 19: with 1,000 nodes, roots Acacia 1 … Juniper 10, Acacia 1's
/// children Kapok 11 … Teak 20, Kapok 11's Ginkgo 111 … Pine 120, and so on
/// to node 1,000.
final class BigTreeScreenTests: XCTestCase {
  func testTheTreeIsGeneratedWhenTheScreenIsFirstShown() throws {
    var demo = try Harness(self, nodes: 1_000)
    XCTAssertNil(demo.app.bigTreeScreen.outline)
    demo.app.handle(.character("3"))
    XCTAssertTrue(demo.app.hasUrgentWork)
    XCTAssertEqual(demo.rows.first, "  Generating 1,000 nodes with Outline(preorder:)…")
    XCTAssertEqual(demo.statusBar, "generating 1,000 nodes…")
    XCTAssertTrue(demo.app.tick())
    XCTAssertFalse(demo.app.hasUrgentWork)
    XCTAssertEqual(demo.rows.first, "› ▸ Acacia 1 (10)")
    XCTAssertEqual(demo.treeRows.count, 10)
    // Ginkgo 7 (a number ending in 7) takes two lines.
    XCTAssertEqual(demo.rows.count, 11)
    XCTAssertEqual(demo.rows[7], "    #7 · depth 0 · 10 children · a row 2 lines high")
    XCTAssertEqual(demo.messageLine, "Generated 1,000 nodes with Outline(preorder:), rows of 1 to 3 lines, in 0 µs")
    XCTAssertFalse(demo.app.tick())  // once
  }

  func testTheGeneratorMakesAValidPreorderOfTheRequestedSize() throws {
    for count in [0, 1, 9, 10, 11, 110, 111, 1_000, 12_345] {
      let outline = BigTreeGenerator(count: count).makeOutline()
      XCTAssertEqual(outline.nodeCount, count)
      XCTAssertEqual(outline.roots.count, min(10, count))
      // Node k's children are 10k + 10 … 10k + 19.
      for id in outline.roots.prefix(3) {
        let children = outline.children(of: id).map { outline[$0] }
        let first = 10 * (outline[id] + 1)
        XCTAssertEqual(children, first < count ? Array(first ..< min(count, first + 10)) : [])
      }
    }
    XCTAssertEqual(BigTreeGenerator.name(of: 0), "Acacia 1")
    XCTAssertEqual(BigTreeGenerator.name(of: 27), "Birch 28")
  }

  func testArrowsPagingHomeAndEndMoveTheSelection() throws {
    var demo = try Harness(self, screen: .big, height: 12)  // a body of 9 rows
    demo.press("+ down*3")
    XCTAssertEqual(demo.selected, "│  ├─ • Hazel 112")
    demo.press("up")
    XCTAssertEqual(demo.selected, "│  ├─ • Ginkgo 111")
    demo.press("pageDown")
    // A page is 8 lines, by the rows' heights: Maple 117 takes two.
    XCTAssertEqual(demo.statusBar.prefix(15), "row 10 of 120 ·")
    demo.press("end")
    XCTAssertEqual(demo.selected, "▸ Juniper 10 (10)")
    XCTAssertEqual(demo.body.last, "› ▸ Juniper 10 (10)")
    XCTAssertTrue(demo.statusBar.hasPrefix("row 120 of 120 · 1,000 nodes"))
    demo.press("pageUp")
    // 8 lines up: Ginkgo 7 takes two, so Cedar 3 (row 113), not Birch 2.
    XCTAssertTrue(demo.statusBar.hasPrefix("row 113 of 120"), demo.statusBar)
    XCTAssertEqual(demo.body.first.map { String($0.prefix(1)) }, "›")
    demo.press("home")
    XCTAssertEqual(demo.selected, "▾ Acacia 1 (10)")
    XCTAssertEqual(demo.body.first, "› ▾ Acacia 1 (10)")
    demo.press("up pageUp")
    XCTAssertEqual(demo.selected, "▾ Acacia 1 (10)")
  }

  func testRightExpandsOrGoesToTheFirstChildAndLeftCollapsesOrGoesToTheParent() throws {
    var demo = try Harness(self, screen: .big)
    demo.press("right")
    XCTAssertEqual(demo.selected, "▾ Acacia 1 (10)")
    XCTAssertEqual(demo.treeRows[1], "  ├─ ▸ Kapok 11 (10)")
    XCTAssertEqual(demo.treeRows[10], "  └─ ▸ Teak 20 (10)")
    // Quince 17's second line carries the guide on to its next sibling.
    XCTAssertEqual(demo.rows[8], "  │    #17 · depth 1 · 10 children · a row 2 lines high")
    demo.press("right")
    XCTAssertEqual(demo.selected, "├─ ▸ Kapok 11 (10)")
    demo.press("right right")
    XCTAssertEqual(demo.selected, "│  ├─ • Ginkgo 111")
    demo.press("right")  // a leaf
    XCTAssertEqual(demo.selected, "│  ├─ • Ginkgo 111")
    demo.press("left")
    XCTAssertEqual(demo.selected, "├─ ▾ Kapok 11 (10)")
    demo.press("left")
    XCTAssertEqual(demo.selected, "├─ ▸ Kapok 11 (10)")
    demo.press("left")
    XCTAssertEqual(demo.selected, "▾ Acacia 1 (10)")
    demo.press("left")
    XCTAssertEqual(demo.selected, "▸ Acacia 1 (10)")
    XCTAssertEqual(demo.treeRows.count, 10)
    demo.press("left")  // a collapsed root: nothing
    XCTAssertEqual(demo.selected, "▸ Acacia 1 (10)")
    demo.press("enter")
    XCTAssertEqual(demo.selected, "▾ Acacia 1 (10)")
    demo.press("enter")
    XCTAssertEqual(demo.selected, "▸ Acacia 1 (10)")
    XCTAssertFalse(demo.statusBar.contains("selected"), "moves and expansions select nothing")
  }

  func testPlusExpandsAWholeSubtreeAndMinusCollapsesAll() throws {
    var demo = try Harness(self, screen: .big)
    demo.press("down +")
    XCTAssertEqual(demo.selected, "▾ Birch 2 (10)")
    XCTAssertTrue(demo.statusBar.hasPrefix("row 2 of 120 · 1,000 nodes · expand 111 nodes (+):"), demo.statusBar)
    XCTAssertTrue(demo.messageLine.hasPrefix("Expand 111 nodes (+): +110 rows in"), demo.messageLine)
    demo.press("down*2")
    XCTAssertEqual(demo.selected, "│  ├─ • Cedar 211")
    demo.press("-")
    XCTAssertEqual(demo.selected, "▸ Birch 2 (10)")  // its nearest visible ancestor
    XCTAssertTrue(demo.statusBar.hasPrefix("row 2 of 10 · 1,000 nodes · collapse all:"), demo.statusBar)
    demo.press("right")  // collapse all forgot the descendants' flags
    XCTAssertTrue(demo.statusBar.hasPrefix("row 2 of 20 ·"), demo.statusBar)
  }

  func testStarExpandsTheFocusedNodeAndItsSiblings() throws {
    var demo = try Harness(self, screen: .big)
    demo.press("down *")
    XCTAssertEqual(demo.selected, "▾ Birch 2 (10)", "the focus stays")
    XCTAssertTrue(demo.statusBar.hasPrefix("row 12 of 110 ·"), demo.statusBar)
    XCTAssertEqual(demo.body[0], "  ▾ Acacia 1 (10)")
    XCTAssertTrue(demo.messageLine.hasPrefix("Expand siblings (*): +100 rows in"), demo.messageLine)
    demo.press("right *")  // Upas 21's siblings under Birch: all ten open
    XCTAssertEqual(demo.selected, "├─ ▾ Upas 21 (10)")
    XCTAssertTrue(demo.statusBar.hasPrefix("row 13 of 210 ·"), demo.statusBar)
    demo.press("*")  // nothing left to open
    XCTAssertTrue(demo.statusBar.hasPrefix("row 13 of 210 ·"), demo.statusBar)
  }

  func testTheStatusLineShowsRowsNodesAndTheLastOperationsTime() throws {
    var demo = try Harness(self, screen: .big, nodes: 12_345)
    XCTAssertEqual(demo.statusBar, "row 1 of 10 · 12,345 nodes · generate: 0 µs")
    demo.clock.stepPerReading = 0.000_25  // every timed operation takes 0.25 ms
    demo.press("right")
    XCTAssertEqual(demo.statusBar, "row 1 of 20 · 12,345 nodes · expand: 0.25 ms")
    demo.clock.stepPerReading = 0.012_3
    demo.press("left")
    XCTAssertEqual(demo.statusBar, "row 1 of 10 · 12,345 nodes · collapse: 12.3 ms")
    XCTAssertEqual(demo.messageLine, "Collapse: -10 rows in 12.3 ms")
    demo.clock.stepPerReading = 1.5
    demo.press("-")
    XCTAssertEqual(demo.statusBar, "row 1 of 10 · 12,345 nodes · collapse all: 1.5 s")
  }

  func testTypeAheadJumpsAndSaysWhenNothingMatches() throws {
    var demo = try Harness(self, screen: .big)
    demo.press("k")
    XCTAssertEqual(demo.selected, "▸ Acacia 1 (10)")
    XCTAssertEqual(demo.messageLine, "No row starts with \"k\" in the next 10 rows")
    demo.clock.advance(by: 2)
    demo.press("right k")
    XCTAssertEqual(demo.selected, "├─ ▸ Kapok 11 (10)")
    demo.clock.advance(by: 2)
    demo.press("t")
    XCTAssertEqual(demo.selected, "└─ ▸ Teak 20 (10)")
    demo.clock.advance(by: 2)
    demo.press("b i r")
    XCTAssertEqual(demo.selected, "▸ Birch 2 (10)")
    demo.press("x")
    XCTAssertEqual(demo.messageLine, "No row starts with \"birx\" in the next 20 rows")
  }

  func testAMillionNodesScrollAndExpandAnywhere() throws {
    var demo = try Harness(self, screen: .big, nodes: 1_000_000)
    XCTAssertEqual(demo.app.bigTreeScreen.outline?.nodeCount, 1_000_000)
    demo.press("+")
    XCTAssertTrue(demo.messageLine.hasPrefix("Expand 111,111 nodes (+): +111,110 rows in"), demo.messageLine)
    demo.press("end")
    XCTAssertEqual(demo.selected, "▸ Juniper 10 (10)")
    XCTAssertTrue(demo.statusBar.hasPrefix("row 111,120 of 111,120 · 1,000,000 nodes"), demo.statusBar)
    demo.press("up*9")  // the last descendant of Acacia 1, five levels down
    XCTAssertEqual(demo.selected, "└─ • Pine 211110")
    XCTAssertTrue(demo.body.contains("› " + String(repeating: " ", count: 12) + "└─ • Pine 211110"))
    demo.press("left")
    XCTAssertEqual(demo.selected, "└─ ▾ Xylosma 21110 (10)")
    demo.press("left")
    XCTAssertEqual(demo.selected, "└─ ▸ Xylosma 21110 (10)")
    XCTAssertTrue(demo.statusBar.hasPrefix("row 111,101 of 111,110"), demo.statusBar)
    demo.press("pageUp*6500")  // pages of 20 lines: about 18 rows, one in ten two lines tall
    XCTAssertEqual(demo.selected, "▾ Acacia 1 (10)")
    demo.press("-")
    XCTAssertTrue(demo.statusBar.hasPrefix("row 1 of 10 · 1,000,000 nodes · collapse all:"), demo.statusBar)
  }
}
