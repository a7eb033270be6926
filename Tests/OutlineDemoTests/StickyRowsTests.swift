import Foundation
import OutlineDemoKit
import OutlineKit
import XCTest
import OutlineTestSupport

/// Sticky ancestor rows on the tree screens: the first lines of the list
/// show the ancestors of the rows under them, with a line under them; `^`
/// turns them off and on; moving the focus keeps it below them.
final class StickyRowsTests: XCTestCase {
  /// The line under the sticky rows, as the body draws it.
  func isSeparator(_ line: String) -> Bool { !line.isEmpty && line.allSatisfy { $0 == "─" } }

  func testTheBigTreePinsTheAncestorsOfTheTopRowsWithALineUnderThem() throws {
    var demo = try Harness(self, screen: .big, height: 14)  // a body of 11 lines
    demo.press("+ pageDown*2")
    XCTAssertEqual(demo.rows[0], "  ▾ Acacia 1 (10)")
    XCTAssertTrue(isSeparator(demo.rows[1]), demo.rows[1])
    XCTAssertEqual(
      Array(demo.rows[2...]),
      [
        "  ├─ ▾ Larch 12 (10)", "  │  ├─ • Quince 121", "  │  ├─ • Rowan 122", "  │  ├─ • Spruce 123", "  │  ├─ • Teak 124",
        "  │  ├─ • Upas 125", "  │  ├─ • Viburnum 126", "› │  ├─ • Willow 127",
        "  │  │    #127 · depth 2 · a leaf · a row 2 lines high",
      ])
    // Up a page: the focus goes to the top of the list, below Kapok 11, which sticks now.
    demo.press("pageUp")
    XCTAssertEqual(Array(demo.rows[0 ... 3].enumerated().filter { $0.offset != 2 }.map(\.element)), [
      "  ▾ Acacia 1 (10)", "  ├─ ▾ Kapok 11 (10)", "› │  ├─ • Nutmeg 118",
    ])
    XCTAssertTrue(isSeparator(demo.rows[2]))
    // ^ turns them off: the rows they covered show, where they lie; again: on.
    demo.press("^")
    XCTAssertEqual(demo.messageLine, "Sticky rows off (^ turns them on)")
    XCTAssertFalse(demo.rows.contains(where: isSeparator))
    XCTAssertFalse(demo.app.showsStickyRows)
    XCTAssertEqual(Array(demo.rows[0 ... 3]), ["  │  ├─ • Larch 116", "  │  ├─ • Maple 117", "  │  │    #117 · depth 2 · a leaf · a row 2 lines high", "› │  ├─ • Nutmeg 118"])
    demo.press("^")
    XCTAssertTrue(demo.app.showsStickyRows)
    XCTAssertTrue(demo.messageLine.hasPrefix("Sticky rows on"), demo.messageLine)
    XCTAssertEqual(demo.rows[1], "  ├─ ▾ Kapok 11 (10)")
    XCTAssertEqual(demo.rows[3], "› │  ├─ • Nutmeg 118")
  }

  func testTheTopOfTheListPinsNothingAndTinyListsHaveNoStickyRows() throws {
    var demo = try Harness(self, screen: .big, height: 14)
    demo.press("+ down*7")
    XCTAssertEqual(demo.rows[0], "  ▾ Acacia 1 (10)")
    XCTAssertEqual(demo.rows[1], "  ├─ ▾ Kapok 11 (10)")
    XCTAssertFalse(demo.rows.contains(where: isSeparator), "not scrolled: every row is in its place")
    // A list of four lines has no room for them.
    var tiny = try Harness(self, screen: .big, height: 7)
    tiny.press("+ down*30")
    XCTAssertFalse(tiny.rows.contains(where: isSeparator))
    XCTAssertEqual(tiny.app.bigTreeScreen.viewport(height: tiny.app.bodyHeight)?.stickyLines, 0)
    XCTAssertTrue(tiny.rows.contains { $0.hasPrefix("›") })
  }

  /// After any keys, on lists of any height: the focused row shows whole
  /// below the sticky rows; the sticky rows are a chain of ancestors from
  /// the top level down, each pinned only while its own row is out of
  /// place, the line right below each (in the list as it lies) inside its
  /// subtree; the line under them is drawn; and with `^` off there are
  /// none.
  func testStickyRowsAndTheFocusStayTrueUnderRandomKeys() throws {
    let keys = [
      "down", "down", "down", "up", "up", "pageDown", "pageDown", "pageUp", "right", "right", "left", "+", "*", "enter",
      "home", "end", "shift-down", "-", "^",
    ]
    for seed: UInt64 in [1, 2, 3] {
      var random = SplitMix64(seed: seed)
      let height = random.pick([9, 12, 17, 24])
      var demo = try Harness(self, screen: .big, nodes: 2_000, height: height)
      for step in 0 ..< 300 {
        let key = random.pick(keys)
        demo.press(key)
        let context = "seed \(seed), step \(step), key \(key), height \(height)"
        try checkStickyRows(demo, context)
      }
    }
  }

  func checkStickyRows(_ demo: Harness, _ context: String) throws {
    let screen = demo.app.bigTreeScreen
    let outline = try XCTUnwrap(screen.outline)
    let viewport = try XCTUnwrap(screen.viewport(height: demo.app.bodyHeight))
    let body = demo.body
    // The focus: every line of its row, below the sticky rows.
    let focus = try XCTUnwrap(screen.focus, context)
    let focusLines = viewport.lines.indices.filter {
      if case .row(focus, _, _) = viewport.lines[$0] { return true }
      return false
    }
    XCTAssertEqual(focusLines.count, Int(outline.rowHeight(of: focus)), context)
    XCTAssertTrue(focusLines.allSatisfy { $0 >= viewport.stickyLines }, context)
    if let first = focusLines.first { XCTAssertTrue(body[first].hasPrefix("›"), "\(context): \(body[first])") }
    // The sticky rows.
    var stuck: [(id: Outline<Int>.NodeID, bottom: Int)] = []
    for (index, line) in viewport.lines.enumerated() {
      guard case .sticky(let id, _, _) = line else { continue }
      if stuck.last?.id == id { stuck[stuck.count - 1].bottom = index + 1 } else { stuck.append((id, index + 1)) }
      XCTAssertTrue(body[index].contains(BigTreeGenerator.name(of: outline[id])) || body[index].contains(" · "), context)
    }
    XCTAssertTrue(demo.app.showsStickyRows || stuck.isEmpty, context)
    guard let last = stuck.last else {
      XCTAssertEqual(viewport.stickyLines, 0, context)
      XCTAssertFalse(body.contains(where: isSeparator), context)
      return
    }
    XCTAssertEqual(viewport.stickyLines, last.bottom + 1, context)
    XCTAssertTrue(isSeparator(body[last.bottom].replacingOccurrences(of: "\\s+$", with: "", options: .regularExpression)), context)
    for (depth, sticky) in stuck.enumerated() {
      XCTAssertEqual(outline.depth(of: sticky.id), depth, context)
      if depth > 0 { XCTAssertEqual(outline.parent(of: sticky.id), stuck[depth - 1].id, context) }
      // Its own row is not where it would show.
      let row = try XCTUnwrap(outline.row(of: sticky.id), context)
      XCTAssertLessThan(Int(outline.offset(ofRow: row)), viewport.first + viewport.stickyLines, context)
      // The line right below it, in the list as it lies, is inside its subtree.
      var below: Outline<Int>.NodeID? = outline.id(atRow: outline.row(atOffset: Double(viewport.first + sticky.bottom)))
      while let node = below, node != sticky.id { below = outline.parent(of: node) }
      XCTAssertEqual(below, sticky.id, context)
      XCTAssertNotEqual(outline.id(atRow: outline.row(atOffset: Double(viewport.first + sticky.bottom))), sticky.id, context)
    }
  }

  func testTheCategoriesPinTheirSectionAndParents() throws {
    var demo = try Harness(self, screen: .categories, height: 10)  // a body of 7 lines
    // The accordion off; Books, Fiction, Non-fiction and Science open; the focus on Botany.
    demo.press("a enter down enter down*4 enter down*2 enter down*2")
    XCTAssertEqual(demo.rows[0], "  ▾ Books (124)")
    XCTAssertTrue(isSeparator(demo.rows[1]), demo.rows[1])
    XCTAssertEqual(
      Array(demo.rows[2...]),
      ["  ├─ ▾ Non-fiction (46)", "  │  ├─ • History (20)", "  │  └─ ▾ Science (26)", "  │     ├─ • Astronomy (11)", "› │     └─ • Botany (15)"])
    // A line down: Non-fiction's row goes under the line, so it sticks.
    demo.press("down")
    XCTAssertEqual(Array(demo.rows.prefix(2)), ["  ▾ Books (124)", "  ├─ ▾ Non-fiction (46)"])
    XCTAssertTrue(isSeparator(demo.rows[2]), demo.rows[2])
    XCTAssertEqual(Array(demo.rows[3...]), ["  │  └─ ▾ Science (26)", "  │     ├─ • Astronomy (11)", "  │     └─ • Botany (15)", "› └─ ▸ Rare editions (7)"])
    // Up to History, under Non-fiction: the list scrolls so that it shows below the sticky rows.
    demo.press("up*4")
    XCTAssertEqual(demo.rows[0], "  ▾ Books (124)")
    XCTAssertTrue(isSeparator(demo.rows[1]), demo.rows[1])
    XCTAssertEqual(Array(demo.rows[2 ... 3]), ["  ├─ ▾ Non-fiction (46)", "› │  ├─ • History (20)"])
    demo.press("^")
    XCTAssertEqual(Array(demo.rows.prefix(2)), ["  │  ├─ • Science fiction (25)", "  │  └─ • Poetry (18)"])
    XCTAssertEqual(demo.rows[3], "› │  ├─ • History (20)")
  }

  func testTheFileScreenPinsItsFolders() throws {
    let root = try makeTemporaryDirectory { addTeardownBlock($0) }
    let beta = root.appendingPathComponent("alpha/beta", isDirectory: true)
    try FileManager.default.createDirectory(at: beta, withIntermediateDirectories: true)
    for k in 1 ... 20 { try Data("\(k)".utf8).write(to: beta.appendingPathComponent(String(format: "file%02d", k))) }
    try Data("x".utf8).write(to: root.appendingPathComponent("alpha/zeta"))
    try Data("x".utf8).write(to: root.appendingPathComponent("top.txt"))
    var demo = try Harness(self, screen: .files, filesPath: root.path, height: 12)  // a header and 8 rows
    demo.press("wait down right down right down*12")
    let rows = demo.rows.map { String($0.dropFirst(23)) }  // the tree, after the sizes and bars
    XCTAssertEqual(rows[1], "▾ \(root.path)")
    XCTAssertEqual(Array(rows[2 ... 3]), ["├─ ▾ alpha", "│  ├─ ▾ beta"])
    XCTAssertTrue(isSeparator(demo.rows[4]), demo.rows[4])
    XCTAssertEqual(Array(rows[5...]), ["│  │  ├─ • file09", "│  │  ├─ • file10", "│  │  ├─ • file11", "│  │  ├─ • file12"])
    XCTAssertTrue(demo.rows[8].hasPrefix("›"))
    // The sticky folders have their sizes read, as the rows on screen do.
    XCTAssertTrue(demo.rows[2].contains("B "), demo.rows[2])
  }

  func testPrintShowsTheStickyRows() throws {
    let text = DemoLaunch.printScreen(
      try DemoOptions.parse(["--screen", "big", "--nodes", "1000", "--keys", "+ pageDown*2", "--height", "10", "--width", "40"]),
      environment: DemoEnvironment(clock: ManualClock()))
    let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    XCTAssertEqual(lines[1], "  ▾ Acacia 1 (10)                      █")
    XCTAssertEqual(lines[2], "  ├─ ▾ Kapok 11 (10)                   │")
    XCTAssertEqual(lines[3], String(repeating: "─", count: 39) + "│")
    XCTAssertEqual(lines[4], "  │  │    #117 · depth 2 · a leaf · a …│", "the list scrolls by lines: a row's second line")
    XCTAssertTrue(lines[7].hasPrefix("›"), text)
  }

  func testTheJSONScreenPinsItsObjectsAndArraysAndAClickFocuses() throws {
    let url = try makeTemporaryDirectory { addTeardownBlock($0) }.appendingPathComponent("deep.json")
    let items = (1 ... 12).map { "{\"n\": \($0)}" }.joined(separator: ", ")
    try Data("{\"a\": {\"list\": [\(items)]}, \"z\": 0}".utf8).write(to: url)
    var demo = try Harness(self, screen: .json, documentPath: url.path, width: 80, height: 12)  // a body of 9
    demo.press("down right down right down*12")
    XCTAssertEqual(Array(demo.rows.prefix(3)), ["  ▾ {2 keys}", "  ├─ ▾ a {1 key}", "  │  └─ ▾ list [12 items]"])
    XCTAssertTrue(isSeparator(demo.rows[3]), demo.rows[3])
    XCTAssertTrue(demo.rows.last!.hasPrefix("›"), "\(demo.rows)")
    // A click on a sticky row focuses it, shown below its own ancestors.
    demo.mouse(.press, bodyLine: 1, column: 8)
    XCTAssertEqual(demo.app.jsonScreen?.focusedRow, 1)
    XCTAssertEqual(demo.rows[0], "  ▾ {2 keys}")
    XCTAssertEqual(demo.rows[1], "› ├─ ▾ a {1 key}")
    demo.press("^")
    XCTAssertFalse(demo.app.showsStickyRows)
  }
}
