import OutlineDemoKit
import XCTest

/// The scroll bar and the line window, on their own: the arithmetic every
/// screen's scrolling rests on.
final class ScrollTests: XCTestCase {
  func testTheBarShowsOnlyWhenTheContentDoesNotFit() {
    XCTAssertNil(ScrollBar.cells(top: 0, height: 4, content: 4))
    XCTAssertNil(ScrollBar.cells(top: 0, height: 4, content: 0))
    XCTAssertNil(ScrollBar.cells(top: 0, height: 0, content: 10))
    XCTAssertEqual(ScrollBar.cells(top: 0, height: 4, content: 8), [.thumb, .thumb, .track, .track])
    XCTAssertEqual(ScrollBar.cells(top: 2, height: 4, content: 8), [.track, .thumb, .thumb, .track])
    XCTAssertEqual(ScrollBar.cells(top: 4, height: 4, content: 8), [.track, .track, .thumb, .thumb])
    XCTAssertEqual(ScrollBar.cells(top: 99, height: 4, content: 8), [.track, .track, .thumb, .thumb], "clamped")
    XCTAssertEqual(ScrollBar.cells(top: -3, height: 4, content: 8), [.thumb, .thumb, .track, .track], "clamped")
  }

  /// On a million lines the thumb is one line, at the top line's share of
  /// the content, rounded: exact from the first line to the last.
  func testTheThumbIsExactOnAMillionLines() {
    let content = 1_234_567
    let height = 21
    for top in [0, 1, 30_864, 61_728, 617_273, content - height - 1, content - height] {
      let cells = ScrollBar.cells(top: top, height: height, content: content)!
      XCTAssertEqual(cells.filter { $0 == .thumb }.count, 1)
      let expected = Int((Double(top) / Double(content - height) * Double(height - 1)).rounded())
      XCTAssertEqual(cells.firstIndex(of: .thumb), expected, "top \(top)")
    }
    // It moves to the next line halfway through a twentieth of the content.
    XCTAssertEqual(ScrollBar.cells(top: 30_863, height: height, content: content)!.firstIndex(of: .thumb), 0)
    XCTAssertEqual(ScrollBar.cells(top: 30_864, height: height, content: content)!.firstIndex(of: .thumb), 1)
  }

  func testTheLineWindowKeepsASpanInViewMovingAsLittleAsPossible() {
    XCTAssertEqual(ScrollWindow.top(current: 0, span: 28 ..< 31, content: 100, height: 20), 11)
    XCTAssertEqual(ScrollWindow.top(current: 11, span: 12 ..< 13, content: 100, height: 20), 11, "in view: no move")
    XCTAssertEqual(ScrollWindow.top(current: 50, span: 40 ..< 43, content: 100, height: 20), 40)
    // A span taller than the screen shows its top.
    XCTAssertEqual(ScrollWindow.top(current: 0, span: 10 ..< 40, content: 100, height: 20), 10)
    XCTAssertEqual(ScrollWindow.top(current: 30, span: 10 ..< 40, content: 100, height: 20), 10)
    // No blank lines after the content when it could show more; small content from the top.
    XCTAssertEqual(ScrollWindow.top(current: 95, span: 90 ..< 91, content: 100, height: 20), 80)
    XCTAssertEqual(ScrollWindow.top(current: 5, span: 2 ..< 3, content: 10, height: 20), 0)
    // Rows of one line: the same as the row window.
    for (current, selected) in [(0, 30), (40, 12), (7, 7), (90, 99)] {
      XCTAssertEqual(
        ScrollWindow.top(current: current, span: selected ..< selected + 1, content: 100, height: 20),
        ScrollWindow.top(current: current, selected: selected, count: 100, height: 20))
    }
  }

  func testPrintedLinesCarryTheBarInTheLastColumn() {
    let lines = [ScreenLine("a", scrollBar: .thumb), ScreenLine("b  "), ScreenLine("", scrollBar: .track)]
    XCTAssertEqual(lines.plainText(width: 5), "a   █\nb\n    │")
    XCTAssertEqual(lines.plainText, "a\nb\n")
    XCTAssertEqual([ScreenLine("x")].withScrollBar(top: 0, height: 3, content: 2), [ScreenLine("x")])
    XCTAssertEqual(
      [ScreenLine("x")].withScrollBar(top: 0, height: 3, content: 6).map(\.scrollBar), [.thumb, .track, .track])
  }
}
