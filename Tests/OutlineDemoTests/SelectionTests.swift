import OutlineDemoKit
import XCTest

/// Multi-selection on the categories and big tree screens, through the
/// engine's `Outline.Selection`: Space toggles the focused row, Shift with
/// the arrows extends from the anchor, Ctrl-A selects every row (again:
/// none), Esc clears; selected rows show `✓` and the selection's style, the
/// status bar counts them, and the selection outlives collapses, expansions
/// and the search.
final class SelectionTests: XCTestCase {
  /// The body line of a row, found by the text after the marks.
  func line(_ demo: Harness, _ prefix: String) -> ScreenLine? {
    demo.app.render().first { String($0.text.dropFirst(2)).trimmingCharacters(in: .whitespaces).hasPrefix(prefix) }
  }

  func testSpaceSelectsAndShiftExtendsOnTheBigTree() throws {
    var demo = try Harness(self, screen: .big)
    demo.press("right down space")
    XCTAssertEqual(demo.rows[1], "›✓├─ ▸ Kapok 11 (10)")
    XCTAssertEqual(line(demo, "├─ ▸ Kapok 11")?.style, [.highlighted, .selected])
    XCTAssertTrue(demo.statusBar.hasPrefix("row 2 of 20 · 1,000 nodes · 1 selected"), demo.statusBar)
    // Plain moves move the focus only.
    demo.press("down down space")
    XCTAssertEqual(Array(demo.rows[1 ... 3]), [" ✓├─ ▸ Kapok 11 (10)", "  ├─ ▸ Larch 12 (10)", "›✓├─ ▸ Maple 13 (10)"])
    XCTAssertEqual(line(demo, "├─ ▸ Larch 12")?.style, [])
    XCTAssertEqual(line(demo, "├─ ▸ Kapok 11")?.style, .selected)
    // Shift extends from the anchor, the row toggled last; Shift-↑ takes back.
    demo.press("shift-down shift-down shift-up")
    XCTAssertEqual(demo.selected, "├─ ▸ Nutmeg 14 (10)")
    XCTAssertEqual(demo.rows.filter { $0.dropFirst().hasPrefix("✓") }.count, 3)
    XCTAssertTrue(demo.statusBar.contains("3 selected"), demo.statusBar)
    // Space again deselects.
    demo.press("space")
    XCTAssertTrue(demo.statusBar.contains("2 selected"), demo.statusBar)
    XCTAssertEqual(demo.rows[4], "› ├─ ▸ Nutmeg 14 (10)")
  }

  func testTheSelectionOutlivesCollapseExpandAndTheSearch() throws {
    var demo = try Harness(self, screen: .big)
    demo.press("right down space down down space")  // Kapok 11, Maple 13
    demo.press("left left")  // to Acacia 1, then collapse it
    XCTAssertEqual(demo.selected, "▸ Acacia 1 (10)")
    XCTAssertEqual(demo.treeRows.count, 10)
    XCTAssertTrue(demo.statusBar.contains("2 selected"), "hidden, still selected: \(demo.statusBar)")
    demo.press("right")
    XCTAssertEqual(demo.rows[1], " ✓├─ ▸ Kapok 11 (10)")
    XCTAssertEqual(demo.rows[3], " ✓├─ ▸ Maple 13 (10)")
    // A search that hides them keeps them; clearing it shows them again.
    demo.press("/ text:birch enter")
    XCTAssertNil(demo.row("├─ ▸ Kapok 11"))
    XCTAssertTrue(demo.statusBar.contains("2 selected"), demo.statusBar)
    demo.press("space")  // select a match while searching
    XCTAssertTrue(demo.statusBar.contains("3 selected"), demo.statusBar)
    demo.press("esc")
    XCTAssertEqual(demo.rows[1], " ✓├─ ▸ Kapok 11 (10)")
    XCTAssertTrue(demo.statusBar.contains("3 selected"), demo.statusBar)
  }

  func testControlASelectsEveryRowThenNoneAndEscapeClears() throws {
    var demo = try Harness(self, screen: .big)
    demo.press("right ctrl-a")
    XCTAssertTrue(demo.statusBar.contains("20 selected"), demo.statusBar)
    XCTAssertTrue(demo.messageLine.hasPrefix("Selected all 20 rows in"), demo.messageLine)
    XCTAssertTrue(demo.treeRows.allSatisfy { $0.dropFirst().hasPrefix("✓") })
    demo.press("ctrl-a")
    XCTAssertFalse(demo.statusBar.contains("selected"), demo.statusBar)
    XCTAssertTrue(demo.messageLine.hasPrefix("Selection cleared in"), demo.messageLine)
    demo.press("space down space esc")
    XCTAssertFalse(demo.statusBar.contains("selected"), demo.statusBar)
    XCTAssertEqual(demo.messageLine, "Selection cleared")
  }

  func testCategoriesSelectAcrossTheAccordionAndTheSearch() throws {
    var demo = try Harness(self, screen: .categories)
    demo.press("space enter down space")  // Books and Fiction
    XCTAssertEqual(Array(demo.rows.prefix(2)), [" ✓▾ Books (124)", "›✓├─ ▸ Fiction (71)"])
    XCTAssertTrue(demo.statusBar.hasPrefix("3 sections · 6 rows · 2 selected · accordion on"), demo.statusBar)
    // Opening Music closes Books (the accordion): Fiction hides, selected.
    demo.press("end up enter")
    XCTAssertEqual(demo.selected, "▾ Music (58)")
    XCTAssertNil(demo.row("├─ ▸ Fiction"))
    XCTAssertTrue(demo.statusBar.contains("2 selected"), demo.statusBar)
    // The anchor, Fiction, went with the collapse to Books: Shift-↓ selects
    // from Books down to Vinyl, the new focus.
    demo.press("shift-down")
    XCTAssertEqual(Array(demo.rows.prefix(3)), [" ✓▸ Books (124)", " ✓▾ Music (58)", "›✓├─ • Vinyl (33)"])
    XCTAssertTrue(demo.statusBar.contains("4 selected"), demo.statusBar)
    demo.press("/ text:fic enter")
    XCTAssertEqual(demo.rows.first, " ✓▾ Books (124)")
    demo.press("esc home enter")
    XCTAssertEqual(demo.row("├─ ▸ Fiction"), "├─ ▸ Fiction (71)")
    XCTAssertTrue(line(demo, "├─ ▸ Fiction")!.style.contains(.selected))
  }

  func testTheHelpListsTheSelectionKeys() throws {
    var demo = try Harness(self, screen: .big, height: 80)
    demo.press("?")
    let help = demo.body.joined(separator: "\n")
    for key in ["Space", "Shift+↑ ↓", "Ctrl-A", "Esc", "*", "+"] {
      XCTAssertTrue(help.contains(key), "\(key) in the help")
    }
  }
}

extension SelectionTests {
  /// A search that finds nothing takes every row away; the engine keeps
  /// the focused node and gives the focus back when the search is cleared.
  func testASearchThatFindsNothingGivesTheFocusBack() throws {
    var demo = try Harness(self, screen: .categories)
    demo.press("down space")
    demo.press("/ text:xyz")
    XCTAssertEqual(demo.rows, ["  No category matches the search. Esc clears it."])
    XCTAssertTrue(demo.statusBar.contains("1 selected"), demo.statusBar)
    demo.press("backspace*3")  // an empty line clears the search
    XCTAssertEqual(demo.selected, "▸ Music (58)")
    XCTAssertEqual(demo.rows[1], "›✓▸ Music (58)")
  }
}
