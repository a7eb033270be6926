import OutlineGtkSupport
import XCTest

final class DisplayCheckTests: XCTestCase {
  private let labels = ["A", "B", "C", "D", "E", "F"]

  private func look(_ row: Int) -> RowLook {
    RowLook(label: labels[row], depth: row % 2, disclosure: .none, isSelected: row == 1, isFocused: row == 1)
  }

  /// Rows 0 ..< 4 on a 100-pixel viewport of 25-pixel rows, and row 4 kept
  /// off screen.
  private func shown() -> [ShownRow] {
    (0 ..< 4).map { ShownRow(position: $0, look: look($0), frame: RowFrame(top: Double($0) * 25, height: 25)) }
      + [ShownRow(position: 4, look: look(4), frame: nil)]
  }

  private func problems(_ rows: [ShownRow], rowCount: Int = 6) -> [String] {
    DisplayCheck.problems(shown: rows, rowCount: rowCount, viewportHeight: 100, expected: look)
  }

  func testTheOutlinesRowsPass() {
    XCTAssertEqual(problems(shown()), [])
  }

  func testAWrongLabelDepthTriangleSelectionOrFocusFails() {
    var rows = shown()
    rows[2].look.label = "D"
    rows[3].look.isSelected = true
    rows[0].look.depth = 2
    rows[0].look.disclosure = .expanded
    rows[1].look.isFocused = false
    rows[4].look.isFocused = true
    XCTAssertEqual(
      problems(rows),
      [
        "row 0: GTK shows 'A' depth 2, expanded, the outline says 'A' depth 0, none",
        "row 1: GTK shows 'B' depth 1, none, selected, the outline says 'B' depth 1, none, selected, focused",
        "row 2: GTK shows 'D' depth 0, none, the outline says 'C' depth 0, none",
        "row 3: GTK shows 'D' depth 1, none, selected, the outline says 'D' depth 1, none",
        "row 4: GTK shows 'E' depth 0, none, focused, the outline says 'E' depth 0, none",
      ])
  }

  func testARowPastTheEndOrTwiceFails() {
    var rows = shown()
    rows[4].position = 6
    rows.append(ShownRow(position: 1, look: look(1), frame: nil))
    XCTAssertEqual(
      problems(rows),
      [
        "GTK shows 'E' depth 0, none at position 6; the outline has 6 rows",
        "GTK has two widgets at position 1",
      ])
  }

  func testAGapOrARowOutOfOrderOnScreenFails() {
    var rows = shown()
    rows[2].frame = RowFrame(top: 60, height: 25)
    XCTAssertEqual(problems(rows), ["on screen, row 2 starts at 60.0 px, row 1 ends at 50.0 px", "on screen, row 3 starts at 75.0 px, row 2 ends at 85.0 px"])
    rows = shown()
    rows[1].frame = RowFrame(top: 50, height: 25)
    rows[2].frame = RowFrame(top: 25, height: 25)
    XCTAssertEqual(
      problems(rows), ["on screen, row 2 follows row 0", "on screen, row 1 follows row 2", "on screen, row 3 follows row 1"])
  }

  func testAViewportLeftEmptyFails() {
    let rows = Array(shown().prefix(2))
    XCTAssertEqual(problems(rows), ["GTK shows nothing below row 1 at 50.0 px; the outline has 6 rows"])
    XCTAssertEqual(problems(rows, rowCount: 2), [])
    XCTAssertEqual(problems([]), ["GTK shows no row; the outline has 6"])
  }
}
