import Foundation
import OutlineDemoKit
import XCTest
import OutlineTestSupport

/// The categories screen on the shipped sample: Books (Fiction, Non-fiction
/// with Science, lazy Rare editions), Music, lazy Garden (whose first load
/// fails).
final class CategoriesScreenTests: XCTestCase {
  func testTheTreeHasGuideLinesAndCounts() throws {
    var demo = try Harness(self, screen: .categories)
    XCTAssertEqual(demo.rows, ["› ▸ Books (124)", "  ▸ Music (58)", "  ▸ Garden (19)"])
    demo.press("enter right down enter right down enter")
    XCTAssertEqual(demo.rows, [
      "  ▾ Books (124)",
      "  ├─ ▸ Fiction (71)",
      "  ├─ ▾ Non-fiction (46)",
      "  │  ├─ • History (20)",
      "› │  └─ ▾ Science (26)",
      "  │     ├─ • Astronomy (11)",
      "  │     └─ • Botany (15)",
      "  └─ ▸ Rare editions (7)",
      "  ▸ Music (58)",
      "  ▸ Garden (19)",
    ])
    XCTAssertEqual(demo.statusBar, "3 sections · 10 rows · accordion on · from the shipped sample")
    XCTAssertEqual(demo.app.render()[1].style, .bold)  // a section
  }

  /// `x` checks the focused category with everything under it and shows
  /// the boxes; a parent shows a dash while some of it is checked; Space
  /// checks while the boxes show; a lazy category checked before it loads
  /// keeps its subcategories checked; `c` hides the boxes.
  func testCheckboxesShowWhatIsCheckedUnderEachRow() throws {
    var demo = try Harness(self, screen: .categories)
    demo.press("enter right")  // Books open; on Fiction
    demo.press("x")
    XCTAssertEqual(demo.rows, [
      "  [-] ▾ Books (124)",
      "› [x] ├─ ▸ Fiction (71)",
      "  [ ] ├─ ▸ Non-fiction (46)",
      "  [ ] └─ ▸ Rare editions (7)",
      "  [ ] ▸ Music (58)",
      "  [ ] ▸ Garden (19)",
    ])
    XCTAssertEqual(demo.messageLine, "Checked Fiction: 3 categories checked")
    XCTAssertTrue(demo.statusBar.contains("3 categories checked"), demo.statusBar)
    demo.press("down space")  // Non-fiction: History, Astronomy, Botany
    XCTAssertEqual(demo.selected, "[x] ├─ ▸ Non-fiction (46)")
    XCTAssertTrue(demo.statusBar.contains("6 categories checked"), demo.statusBar)
    // Rare editions, not loaded yet, is checked with Books; what it loads
    // arrives checked.
    demo.press("up up x")
    XCTAssertEqual(demo.selected, "[x] ▾ Books (124)")
    demo.press("down down down enter wait")
    XCTAssertEqual(Array(demo.rows.suffix(5).prefix(3)), [
      "  [x]    ├─ • First editions (4)",
      "  [x]    ├─ • Signed copies (2)",
      "  [x]    └─ • Manuscripts (1)",
    ])
    XCTAssertTrue(demo.statusBar.contains("9 categories checked"), demo.statusBar)
    // x on a checked row unchecks it; Books shows a dash again.
    demo.press("x")
    XCTAssertEqual(demo.rows.first, "  [-] ▾ Books (124)")
    demo.press("c")
    XCTAssertEqual(demo.rows.first, "  ▾ Books (124)")
    XCTAssertEqual(demo.messageLine, "Checkboxes hidden (x still checks)")
    XCTAssertTrue(demo.statusBar.contains("6 categories checked"), demo.statusBar)
  }

  /// Deleting the last child of an open category leaves its row without a
  /// triangle: the change redraws it (and Ctrl-Z brings the triangle back).
  func testDeletingTheLastChildOfAnOpenCategoryTakesItsTriangle() throws {
    var demo = try Harness(self, screen: .categories)
    demo.press("enter right down enter right down enter down")  // Books, Non-fiction, Science open; on Astronomy
    func science() -> String? { demo.rows.first { $0.contains("Science") } }
    XCTAssertEqual(science(), "  │  └─ ▾ Science (26)")
    demo.press("delete delete")  // Astronomy, then Botany
    XCTAssertEqual(science(), "  │  └─ • Science (26)")
    XCTAssertNil(demo.rows.first { $0.contains("Botany") })
    demo.press("ctrl-z")
    XCTAssertEqual(science(), "  │  └─ ▾ Science (26)")
  }

  func testTheAccordionKeySwitchesItOnAndOff() throws {
    var demo = try Harness(self, screen: .categories)
    demo.press("enter down*4 enter")  // Books, then Music: Books closes
    XCTAssertEqual(demo.rows, ["  ▸ Books (124)", "› ▾ Music (58)", "  ├─ • Vinyl (33)", "  └─ • Sheet music (25)", "  ▸ Garden (19)"])
    demo.press("a")
    XCTAssertEqual(demo.messageLine, "Accordion off: rows stay open when you open their siblings")
    XCTAssertTrue(demo.statusBar.contains("accordion off"))
    demo.press("home enter")  // Books opens, Music stays open
    XCTAssertEqual(demo.row("▾ Music"), "▾ Music (58)")
    XCTAssertEqual(demo.row("▾ Books"), "▾ Books (124)")
    demo.press("a")
    XCTAssertEqual(demo.messageLine, "Accordion on: opening a row closes its open sibling")
    demo.press("down enter")  // Fiction opens; its siblings were closed anyway
    XCTAssertEqual(demo.row("▾ Music"), "▾ Music (58)")  // the accordion changes no row by itself
    demo.press("-")
    XCTAssertEqual(demo.rows, ["› ▸ Books (124)", "  ▸ Music (58)", "  ▸ Garden (19)"])
    XCTAssertEqual(demo.messageLine, "Closed every row")
  }

  func testALazyBranchShowsLoadingThenItsChildrenAfterWait() throws {
    var demo = try Harness(self, screen: .categories)
    demo.press("enter end up up enter")
    XCTAssertEqual(demo.selected, "└─ ▾ Rare editions (7)  ⟳ Loading…")
    XCTAssertEqual(demo.messageLine, "Loading the subcategories of Rare editions…")
    XCTAssertTrue(demo.statusBar.contains("1 loading"))
    XCTAssertTrue(demo.app.hasPendingLoads)
    demo.press("wait")
    XCTAssertEqual(Array(demo.rows.suffix(6)), [
      "› └─ ▾ Rare editions (7)",
      "     ├─ • First editions (4)",
      "     ├─ • Signed copies (2)",
      "     └─ • Manuscripts (1)",
      "  ▸ Music (58)",
      "  ▸ Garden (19)",
    ])
    XCTAssertEqual(demo.messageLine, "Loaded 3 subcategories of Rare editions")
    XCTAssertFalse(demo.app.hasPendingLoads)
    demo.press("wait")
    XCTAssertEqual(demo.messageLine, "Nothing is loading")
  }

  func testALoadArrivesWhenItsTimeComes() throws {
    var demo = try Harness(self, screen: .categories)  // loads take 1.5 s
    demo.press("end enter")
    demo.press("text:z")  // a key that does nothing (type-ahead finds no z)
    demo.clock.advance(by: 1)
    XCTAssertFalse(demo.app.tick())
    XCTAssertTrue(demo.selected!.hasSuffix("⟳ Loading…"))
    demo.clock.advance(by: 1)
    XCTAssertTrue(demo.app.tick())
    // Garden's first load fails: the row shows the error, collapsed.
    XCTAssertEqual(demo.selected, "▸ Garden (19)  ✗ could not load (Enter retries)")
    XCTAssertEqual(
      demo.messageLine, "Could not load Garden: the server did not answer for \"Garden\" (simulated). Enter on it retries")
    XCTAssertEqual(demo.app.render().first { $0.text.contains("▸ Garden") }?.style, [.bold, .error, .highlighted])
  }

  func testAFailedLoadCanBeRetried() throws {
    var demo = try Harness(self, screen: .categories)
    demo.press("end enter wait")
    XCTAssertTrue(demo.selected!.contains("✗ could not load"))
    XCTAssertEqual(demo.messageLine.prefix(21), "Could not load Garden")
    demo.press("up down")  // the hints show the error once the message is gone
    XCTAssertEqual(demo.messageLine, "Load failed: the server did not answer for \"Garden\" (simulated) · Enter retries")
    demo.press("enter")
    XCTAssertEqual(demo.messageLine, "Retrying the subcategories of Garden…")
    XCTAssertEqual(demo.selected, "▾ Garden (19)  ⟳ Loading…")
    demo.press("wait right end right")
    XCTAssertEqual(Array(demo.rows.suffix(6)), [
      "  ▾ Garden (19)",
      "  ├─ • Seeds (8)",
      "  ├─ • Tools (6)",
      "› └─ ▾ Plants (5)",
      "     ├─ • Roses (3)",
      "     └─ • Herbs (2)",
    ])
  }

  func testAnAnswerForARowClosedMeanwhileIsKeptHidden() throws {
    var demo = try Harness(self, screen: .categories)
    demo.press("enter end up up enter left")  // open Rare editions, close it while it loads
    XCTAssertEqual(demo.selected, "└─ ▸ Rare editions (7)  ⟳ Loading…")
    demo.press("wait")
    XCTAssertEqual(demo.messageLine, "Loaded the subcategories of Rare editions (closed meanwhile: open it to see them)")
    XCTAssertEqual(demo.selected, "└─ ▸ Rare editions (7)")
    demo.press("right")  // no second load
    XCTAssertEqual(demo.row("├─ • First editions"), "├─ • First editions (4)")
    XCTAssertFalse(demo.app.hasPendingLoads)
  }

  func testLeftAndRightFollowTreeViewConventions() throws {
    var demo = try Harness(self, screen: .categories)
    demo.press("right")
    XCTAssertEqual(demo.selected, "▾ Books (124)")
    demo.press("right")
    XCTAssertEqual(demo.selected, "├─ ▸ Fiction (71)")
    demo.press("right right")
    XCTAssertEqual(demo.selected, "│  ├─ • Mystery (28)")
    demo.press("right")  // a leaf: nothing
    XCTAssertEqual(demo.selected, "│  ├─ • Mystery (28)")
    demo.press("left")
    XCTAssertEqual(demo.selected, "├─ ▾ Fiction (71)")
    demo.press("left")
    XCTAssertEqual(demo.selected, "├─ ▸ Fiction (71)")
    demo.press("left left")
    XCTAssertEqual(demo.selected, "▸ Books (124)")
    demo.press("left")  // a closed section: nothing
    XCTAssertEqual(demo.selected, "▸ Books (124)")
  }

  func testTypeAheadFindsCategories() throws {
    var demo = try Harness(self, screen: .categories)
    demo.press("g")
    XCTAssertEqual(demo.selected, "▸ Garden (19)")
    demo.clock.advance(by: 2)
    demo.press("M")  // a capital M searches; a lowercase m moves rows
    XCTAssertEqual(demo.selected, "▸ Music (58)")
    demo.clock.advance(by: 2)
    demo.press("home enter A")  // a capital A searches; a lowercase a is the accordion
    XCTAssertEqual(demo.selected, "▾ Books (124)")
    XCTAssertEqual(demo.messageLine, "No row starts with \"a\"")
  }

  func testACategoriesFileWithItsOwnLazyEntryAndHostileNames() throws {
    let url = try makeTemporaryDirectory { addTeardownBlock($0) }.appendingPathComponent("c.json")
    try Data(#"{"sections":[{"name":"Tools\u001b[2J","count":3,"imageName":"x","subcategories":[{"name":"Saws","count":1,"lazy":true}]}]}"#.utf8)
      .write(to: url)
    var demo = try Harness(self, screen: .categories, categoriesPath: url.path)
    XCTAssertEqual(demo.rows, ["› ▸ Tools?[2J (3)"])
    XCTAssertTrue(demo.statusBar.hasSuffix("from \(url.path)"))
    demo.press("right right right wait")
    XCTAssertEqual(demo.rows, [
      "  ▾ Tools?[2J (3)", "› └─ ▾ Saws (1)", "     ├─ • Saws 1 (0)", "     ├─ • Saws 2 (0)", "     └─ • Saws 3 (0)",
    ])
  }

  func testABadCategoriesFileIsReportedAndTheSampleShown() throws {
    let url = try makeTemporaryDirectory { addTeardownBlock($0) }.appendingPathComponent("c.json")
    try Data(#"{"sections":[{"name":"A","count":-4,"imageName":"x"}]}"#.utf8).write(to: url)
    let demo = try Harness(self, screen: .categories, categoriesPath: url.path)
    XCTAssertEqual(demo.body[0], "  Could not load \(url.path): sections[0].count: must not be negative, found -4")
    XCTAssertEqual(demo.body[1], "  Showing the shipped categories.")
    XCTAssertEqual(demo.rows[2], "› ▸ Books (124)")

    let missing = try Harness(self, screen: .categories, categoriesPath: url.path + ".nope")
    XCTAssertTrue(missing.body[0].hasPrefix("  Could not load \(url.path).nope: cannot read the file"), missing.body[0])
  }

  func testAnEmptyCatalogDrawsAndIgnoresKeys() throws {
    let url = try makeTemporaryDirectory { addTeardownBlock($0) }.appendingPathComponent("c.json")
    try Data(#"{"sections":[]}"#.utf8).write(to: url)
    var demo = try Harness(self, screen: .categories, categoriesPath: url.path)
    demo.press("down up enter right left end home pageDown a - x wait")
    XCTAssertEqual(demo.rows, ["  No categories."])
    XCTAssertEqual(demo.statusBar, "0 sections · 0 rows · accordion on · from \(url.path)")
  }
}
