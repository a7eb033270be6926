import Foundation
import OutlineAdapters
import OutlineDemoKit
import OutlineKit
import XCTest
import OutlineTestSupport

/// Updating from new data on screen: `u` on the big tree (1% of the nodes
/// shuffled, renamed and deleted in the data, then
/// `update(roots:children:id:)`), `r` on the categories (the file reloaded
/// with `CategoryTree.update(json:)`).
final class UpdateKeysTests: XCTestCase {
  // MARK: Big tree: u

  func testUShufflesRenamesAndDeletesOnePercentThroughUpdate() throws {
    var demo = try Harness(self, screen: .big)
    demo.press("right down space")  // Acacia 1 open, Kapok 11 selected and focused
    let kapok = try XCTUnwrap(demo.app.bigTreeScreen.focus)
    demo.press("u")
    XCTAssertTrue(demo.messageLine.hasPrefix("u: update of 997 nodes in 0 µs: rows -"), demo.messageLine)
    XCTAssertTrue(demo.messageLine.hasSuffix(" redrawn (4 moved, 3 renamed, 3 deleted)"), demo.messageLine)
    XCTAssertTrue(demo.statusBar.contains("update 1%: 0 µs"), demo.statusBar)
    demo.assertBigTreeMatchesData()
    // The focus and the selection are on the same node: matched nodes keep their NodeIDs.
    XCTAssertEqual(demo.app.bigTreeScreen.focus, kapok)
    XCTAssertTrue(demo.app.bigTreeScreen.selection.isSelected(kapok))
    XCTAssertTrue(demo.statusBar.contains("1 selected"), demo.statusBar)
    // Again: the same seed makes the same changes, on what the first left.
    demo.press("u u")
    demo.assertBigTreeMatchesData()
    XCTAssertEqual(demo.app.bigTreeScreen.outline?.nodeCount, 1_000 - 9)
  }

  func testARenamedNodeShowsItsNextWordAndStaysInPlace() throws {
    var demo = try Harness(self, screen: .big)
    demo.press("u")
    let outline = try XCTUnwrap(demo.app.bigTreeScreen.outline)
    var renamed: [Int] = []
    var stack = Array(outline.roots)
    while let id = stack.popLast() {
      if BigTreeGenerator.generation(of: outline[id]) > 0 { renamed.append(outline[id]) }
      stack += outline.children(of: id)
    }
    XCTAssertEqual(renamed.count, 3)
    for value in renamed {
      let number = BigTreeGenerator.number(of: value)
      let word = BigTreeGenerator.words[(number + 1) % BigTreeGenerator.words.count]
      XCTAssertEqual(BigTreeGenerator.name(of: value), "\(word) \(number + 1)")
      XCTAssertTrue(BigTreeGenerator.NameMatcher(SearchAsYouType.Matcher(word)).matches(value), "the search sees the new name")
    }
  }

  func testUIsALetterWhileTypingAheadAndWorksUnderASearch() throws {
    var demo = try Harness(self, screen: .big)
    demo.press("right k u")  // type-ahead "ku": no update
    XCTAssertEqual(demo.app.bigTreeScreen.data.nodeCount, 1_000)
    demo.clock.advance(by: 2)
    demo.press("/ text:\"le 1\" enter u")
    XCTAssertTrue(demo.messageLine.hasPrefix("u: update of 997 nodes"), demo.messageLine)
    XCTAssertNotNil(demo.app.bigTreeScreen.search.statusFact, "the search stays in force")
    demo.assertBigTreeMatchesData()
    demo.press("esc")
    demo.assertBigTreeMatchesData()
  }

  func testTheDataChangesAboutTheFractionAskedAndOnlyLeavesGo() {
    var data = BigTreeData(count: 10_000)
    let edits = data.shuffleRenameAndDelete(fraction: 0.01)
    XCTAssertEqual(edits, BigTreeData.Edits(shuffled: 34, renamed: 33, deleted: 33))
    XCTAssertEqual(data.nodeCount, 10_000 - 33)
    let snapshot = data.snapshot()
    var count = 0
    var stack = snapshot.roots
    while let node = stack.popLast() {
      count += 1
      stack += snapshot.children(of: node)
    }
    XCTAssertEqual(count, data.nodeCount)
    var single = BigTreeData(count: 1)
    XCTAssertEqual(single.shuffleRenameAndDelete(fraction: 0.5), BigTreeData.Edits())
  }

  // MARK: Categories: r

  /// A copy of the shipped categories in a temporary file.
  func categoriesFile() throws -> URL {
    let url = try makeTemporaryDirectory { addTeardownBlock($0) }.appendingPathComponent("cats.json")
    try Data(contentsOf: CategoryCatalog.sampleURL).write(to: url)
    return url
  }

  func write(_ catalog: CategoryCatalog, to url: URL) throws {
    try catalog.jsonData().write(to: url)
  }

  func styles(_ demo: Harness) -> [String: ScreenLine.Style] {
    var result: [String: ScreenLine.Style] = [:]
    for line in demo.app.render().dropFirst().dropLast(2) where !line.text.isEmpty {
      result[String(line.text.dropFirst(2)).trimmingCharacters(in: .whitespaces)] = line.style
    }
    return result
  }

  func testRReloadsTheFileWhenItChangedAndMarksTheChangedRows() throws {
    let url = try categoriesFile()
    var demo = try Harness(self, screen: .categories, categoriesPath: url.path)
    demo.press("enter down enter")  // Books and Fiction open
    demo.press("r")
    XCTAssertEqual(demo.messageLine, "cats.json has not changed since it was loaded")

    var catalog = try CategoryCatalog(json: Data(contentsOf: url))
    catalog.sections[0].subcategories[0].count = 72
    catalog.sections[0].subcategories[0].subcategories.insert(.init(name: "Thrillers", count: 9), at: 1)
    try write(catalog, to: url)
    demo.press("r")
    XCTAssertEqual(demo.messageLine, "Reloaded cats.json: rows +1 -0, 1 redrawn (in green); open rows kept")
    XCTAssertEqual(demo.rows, [
      "  ▾ Books (124)",
      "› ├─ ▾ Fiction (72)",
      "  │  ├─ • Mystery (28)",
      "  │  ├─ • Thrillers (9)",
      "  │  ├─ • Science fiction (25)",
      "  │  └─ • Poetry (18)",
      "  ├─ ▸ Non-fiction (46)",
      "  └─ ▸ Rare editions (7)",
      "  ▸ Music (58)",
      "  ▸ Garden (19)",
    ])
    var marks = styles(demo)
    XCTAssertTrue(marks["├─ ▾ Fiction (72)"]!.contains(.changed))
    XCTAssertTrue(marks["│  ├─ • Thrillers (9)"]!.contains(.changed))
    XCTAssertFalse(marks["│  ├─ • Mystery (28)"]!.contains(.changed))
    XCTAssertFalse(marks["▾ Books (124)"]!.contains(.changed))
    XCTAssertTrue(demo.statusBar.hasSuffix("from \(url.path)"), demo.statusBar)
    // The marks last until the next key.
    demo.press("down")
    marks = styles(demo)
    XCTAssertFalse(marks.values.contains { $0.contains(.changed) })
    demo.press("r")
    XCTAssertEqual(demo.messageLine, "cats.json has not changed since it was loaded")
  }

  func testABadFileChangesNothingAndSaysWhere() throws {
    let url = try categoriesFile()
    var demo = try Harness(self, screen: .categories, categoriesPath: url.path)
    demo.press("enter")
    let before = demo.rows
    var catalog = try CategoryCatalog(json: Data(contentsOf: url))
    catalog.sections[1].subcategories[0].id = "v"
    catalog.sections[1].subcategories[1].id = "v"
    try write(catalog, to: url)
    demo.press("r")
    XCTAssertEqual(
      demo.messageLine,
      #"cats.json is not loaded again: sections[1].subcategories[1].id: the id "v" is already the id of sections[1].subcategories[0]. Nothing changed"#)
    XCTAssertEqual(demo.rows, before)
    try Data("{".utf8).write(to: url)
    demo.press("r")
    XCTAssertTrue(demo.messageLine.hasPrefix("cats.json is not loaded again: not valid JSON"), demo.messageLine)
    try FileManager.default.removeItem(at: url)
    demo.press("r")
    XCTAssertTrue(demo.messageLine.hasPrefix("Cannot read cats.json"), demo.messageLine)
    XCTAssertEqual(demo.rows, before)
  }

  func testLoadsUnderWaySurviveAReloadUnlessTheFileListsTheChildren() throws {
    let url = try categoriesFile()
    var demo = try Harness(self, screen: .categories, categoriesPath: url.path)
    demo.press("enter end up up enter")  // Rare editions: loading
    XCTAssertTrue(demo.statusBar.contains("1 loading"))
    var catalog = try CategoryCatalog(json: Data(contentsOf: url))
    catalog.sections[1].count = 59
    try write(catalog, to: url)
    demo.press("r")
    XCTAssertTrue(demo.statusBar.contains("1 loading"), demo.statusBar)
    XCTAssertEqual(demo.selected, "└─ ▾ Rare editions (7)  ⟳ Loading…")
    // The file now lists the subcategories of Rare editions: the catalog wins, the load is over.
    catalog.sections[0].subcategories[2].isLazy = false
    catalog.sections[0].subcategories[2].subcategories = [.init(name: "Maps", count: 7)]
    try write(catalog, to: url)
    demo.press("r")
    XCTAssertFalse(demo.statusBar.contains("loading"), demo.statusBar)
    XCTAssertEqual(Array(demo.rows.suffix(4)), ["› └─ ▾ Rare editions (7)", "     └─ • Maps (7)", "  ▸ Music (59)", "  ▸ Garden (19)"])
    demo.press("wait")
    XCTAssertEqual(Array(demo.rows.suffix(4)), ["› └─ ▾ Rare editions (7)", "     └─ • Maps (7)", "  ▸ Music (59)", "  ▸ Garden (19)"])
  }

  func testRWithoutAFileAndAfterAFileThatFailedAtStart() throws {
    var demo = try Harness(self, screen: .categories)
    demo.press("r")
    XCTAssertEqual(
      demo.messageLine, "Nothing to reload: these are the shipped categories (use --categories FILE)")
    // A file that failed to load at start shows the sample; once repaired, r loads it.
    let url = try categoriesFile()
    try Data(#"{"sections": 3}"#.utf8).write(to: url)
    demo = try Harness(self, screen: .categories, categoriesPath: url.path)
    XCTAssertTrue(demo.rows[0].hasPrefix("  Could not load"), demo.rows[0])
    try write(CategoryCatalog(sections: [.init(name: "Films", count: 3, imageName: "film")]), to: url)
    demo.press("r")
    XCTAssertEqual(demo.rows, ["› • Films (3)"])
    XCTAssertTrue(demo.statusBar.hasSuffix("from \(url.path)"), demo.statusBar)
  }
}
