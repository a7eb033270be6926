import OutlineDemoKit
import OutlineKit
import XCTest

/// Rows of different heights on screen, through the outline's geometry:
/// the big tree's taller rows (numbers ending in 7: two lines, in 77:
/// three), the form's date picker (three) and slider (two); scrolling by
/// lines, pages by height, the scroll bar.
final class RowHeightTests: XCTestCase {
  // MARK: Big tree

  func testTallerRowsShowDetailsWithTheGuidesCarriedOn() throws {
    var demo = try Harness(self, screen: .big)
    demo.press("down*6 right")  // Ginkgo 7, opened: its children are nodes 70 ... 79, named 71 ... 80
    XCTAssertEqual(Array(demo.rows[6 ... 12]), [
      "› ▾ Ginkgo 7 (10)",
      "  │ #7 · depth 0 · 10 children · a row 2 lines high",
      "  ├─ ▸ Spruce 71 (10)",
      "  ├─ ▸ Teak 72 (10)",
      "  ├─ ▸ Upas 73 (10)",
      "  ├─ ▸ Viburnum 74 (10)",
      "  ├─ ▸ Willow 75 (10)",
    ])
    XCTAssertEqual(Array(demo.rows[14 ... 16]), [
      "  ├─ ▸ Yew 77 (10)",
      "  │    #77 · depth 1 · 10 children · a row 3 lines high",
      "  │    its height is in the outline's geometry: offsets and the scroll bar count it",
    ])
    // The focused row is highlighted on all its lines.
    let styles = demo.app.render().dropFirst().map(\.style)
    XCTAssertEqual(Array(styles[6 ... 8]), [.highlighted, .highlighted, []])
  }

  func testTheScreenScrollsByLinesAndMayStartInsideATallRow() throws {
    var demo = try Harness(self, screen: .big, height: 7)  // a body of 4 lines; 11 lines of rows
    XCTAssertEqual(demo.thumb?.first, 0)
    XCTAssertEqual(demo.thumb?.count, 1)
    demo.press("end")
    XCTAssertEqual(demo.body, [
      "    #7 · depth 0 · 10 children · a row 2 lines high",
      "  ▸ Hazel 8 (10)",
      "  ▸ Ivy 9 (10)",
      "› ▸ Juniper 10 (10)",
    ])
    XCTAssertEqual(demo.thumb?.first, 3)
    demo.press("up*3")  // Ginkgo 7: its first line comes into view, the screen moves one line
    XCTAssertEqual(demo.body.first, "› ▸ Ginkgo 7 (10)")
    XCTAssertEqual(demo.body.count, 4)
    demo.press("home")
    XCTAssertEqual(demo.body.first, "› ▸ Acacia 1 (10)")
    XCTAssertEqual(demo.thumb?.first, 0)
  }

  func testPagesMoveByTheRowsThatFillTheScreen() throws {
    var demo = try Harness(self, screen: .big, height: 7)  // pages of 3 lines
    demo.press("pageDown")
    XCTAssertEqual(demo.selected, "▸ Dogwood 4 (10)")  // line 3
    demo.press("pageDown")
    XCTAssertEqual(demo.selected, "▸ Ginkgo 7 (10)")  // line 6
    demo.press("pageDown")
    XCTAssertEqual(demo.selected, "▸ Ivy 9 (10)")  // line 6 + 3 = 9: Ginkgo took two
    demo.press("pageUp")
    XCTAssertEqual(demo.selected, "▸ Ginkgo 7 (10)")
    demo.press("pageUp")
    XCTAssertEqual(demo.selected, "▸ Dogwood 4 (10)")
    // With Shift, a page extends the selection from the focus: Dogwood 4, Elm 5, Fir 6, Ginkgo 7.
    demo.press("shift-pageDown")
    XCTAssertTrue(demo.statusBar.contains("4 selected"), demo.statusBar)
  }

  /// Every row on screen has its height in the geometry, whatever made it
  /// show (an expansion, `*`, `+`, the search and its end, an update), and
  /// the content height is exactly the sum of the visible rows' lines: the
  /// scroll bar is exact.
  func testEveryShownRowIsMeasuredSoTheScrollBarIsExact() throws {
    var demo = try Harness(self, screen: .big, nodes: 3_000)
    func check(_ context: String) {
      guard let outline = demo.app.bigTreeScreen.outline else { return XCTFail("no outline") }
      var lines = 0
      for id in outline.rows {
        let expected = BigTreeGenerator.lines(of: outline[id])
        XCTAssertEqual(outline.rowHeight(of: id), Double(expected), "\(BigTreeGenerator.name(of: outline[id])), \(context)")
        lines += expected
      }
      XCTAssertEqual(outline.contentHeight, Double(lines), context)
    }
    check("start")
    demo.press("right down *")
    check("*")
    demo.press("end +")
    check("+")
    demo.press("end")
    XCTAssertEqual(demo.thumb.map { $0.first + $0.count }, demo.body.count, "the thumb ends at the last line")
    demo.press("/ text:\"e 7\" enter")
    check("search")
    demo.press("esc")
    check("search cleared")
    demo.press("u")
    check("update")
    demo.press("home")
    XCTAssertEqual(demo.thumb?.first, 0)
  }

  // MARK: Form

  func testTheDatePickerShowsItsWeekAndTheSliderItsScale() throws {
    var demo = try Harness(self)
    demo.press("down enter down")
    XCTAssertEqual(demo.selected, "Date: none yet (Enter types one, + / - step from today)")
    XCTAssertEqual(demo.row("(no date"), "(no date: the week shows when there is one)")
    demo.press("+")  // the manual clock's today is 2000-01-01, a Saturday
    let lines = demo.rows
    let date = try XCTUnwrap(lines.firstIndex { $0.hasPrefix("›") })
    XCTAssertEqual(Array(lines[date ... date + 2]), [
      "›       Date: 2000-01-02   (+ / - a day, Enter types one)",
      "         Mo  Tu  We  Th  Fr  Sa  Su",
      "         27  28  29  30  31   1 [ 2]",
    ])
    XCTAssertEqual(Array(lines.suffix(2)), ["        ███░░░░░░░ 3   (← / →)", "        0·······10"])
  }

  func testTheFormScrollsByLinesIntoTallRows() throws {
    var demo = try Harness(self, height: 6)  // a body of 3 lines
    demo.press("down enter down +")  // the date picker, three lines, fills the screen
    XCTAssertEqual(demo.body.count, 3)
    XCTAssertEqual(demo.body[0], "›       Date: 2000-01-02   (+ / - a day, Enter types one)")
    XCTAssertEqual(demo.thumb?.first, 0)
    demo.press("down")  // Marital status: the screen moves two lines, and starts inside the date picker
    XCTAssertEqual(demo.body, [
      "         Mo  Tu  We  Th  Fr  Sa  Su",
      "         27  28  29  30  31   1 [ 2]",
      "› ▸ Marital status",
    ])
    XCTAssertEqual(demo.thumb?.count, 1)  // 3 lines of 22
  }
}
