import OutlineDemoKit
import XCTest

/// What every screen shares: switching, help, quitting, messages, sizes.
final class DemoAppTests: XCTestCase {
  func testTabAndNumbersSwitchScreens() throws {
    var demo = try Harness(self, nodes: 100)
    XCTAssertEqual(demo.app.screen, .form)
    demo.press("tab")
    XCTAssertEqual(demo.app.screen, .categories)
    XCTAssertTrue(demo.lines[0].contains("[2 Categories]"))
    demo.press("tab")
    XCTAssertEqual(demo.app.screen, .big)
    XCTAssertEqual(demo.selected, "▸ Acacia 1 (10)")
    demo.press("tab")
    XCTAssertEqual(demo.app.screen, .files)
    XCTAssertTrue(demo.lines[0].contains("[4 Files]"))
    demo.press("tab")
    XCTAssertEqual(demo.app.screen, .form)
    demo.press("backTab")
    XCTAssertEqual(demo.app.screen, .files)
    demo.press("backTab")
    XCTAssertEqual(demo.app.screen, .big)
    demo.press("1")
    XCTAssertEqual(demo.app.screen, .form)
    demo.press("3 2")
    XCTAssertEqual(demo.app.screen, .categories)
    // Each screen keeps its state.
    demo.press("enter 1 down 2")
    XCTAssertEqual(demo.selected, "▾ Books (124)")
    demo.press("1")
    XCTAssertEqual(demo.selected, "▸ Birthday")
  }

  func testQuestionMarkShowsEveryKeyAndAnyKeyClosesIt() throws {
    var demo = try Harness(self, height: 12)
    demo.press("?")
    XCTAssertTrue(demo.app.isShowingHelp)
    XCTAssertEqual(demo.body[0], "  Everywhere")
    XCTAssertEqual(demo.app.render()[1].style, .bold)
    XCTAssertEqual(demo.messageLine, "↑↓ PgUp PgDn scroll · any other key closes the help")
    demo.press("pageDown end")
    XCTAssertEqual(demo.body.last, "  s                    save the file, atomically (pretty-printed; key order and number text kept)")
    demo.press("x")
    XCTAssertFalse(demo.app.isShowingHelp)
    XCTAssertEqual(demo.selected, "▸ Name")  // the key only closed the help
    XCTAssertEqual(
      HelpText.lines.filter { $0.hasPrefix("# ") },
      [
        "# Everywhere", "# Selection (Categories, Big tree, Files, JSON)", "# Search (Categories, Big tree, Files, JSON: keys and values)",
        "# Form", "# Categories", "# Big tree", "# Files (outline-demo DIR)",
        "# JSON (outline-demo FILE.json, FILE.jsonl, or - for standard input)",
      ])
  }

  func testQQuitsAndCtrlCQuitsEvenWhileTyping() throws {
    var demo = try Harness(self)
    demo.press("q")
    XCTAssertTrue(demo.app.shouldQuit)

    var typing = try Harness(self)
    typing.press("enter down enter q")
    XCTAssertFalse(typing.app.shouldQuit)
    typing.press("ctrl-c")
    XCTAssertTrue(typing.app.shouldQuit)

    var helping = try Harness(self)
    helping.press("? q")
    XCTAssertTrue(helping.app.shouldQuit)
  }

  func testAMessageLastsUntilTheNextKey() throws {
    var demo = try Harness(self)
    XCTAssertTrue(demo.messageLine.hasPrefix("No "))
    demo.press("down")
    XCTAssertEqual(demo.messageLine, "Enter/→ expand · ↑↓ move · s save · letters jump")
    XCTAssertEqual(demo.app.render()[demo.lines.count - 2].style, .dim)
  }

  func testEveryScreenFillsAnySizeWithoutOverflowing() throws {
    let sizes = [(20, 5), (21, 6), (40, 10), (80, 24), (100, 30), (250, 70)]
    var demo = try Harness(self, nodes: 2_000)
    for script in ["", "enter down enter text:Ada", "tab end enter", "tab *"] {
      demo.press(script)
      for (width, height) in sizes {
        demo.app.resize(width: width, height: height)
        let lines = demo.app.render()
        XCTAssertEqual(lines.count, height, "\(script) \(width)x\(height)")
        for line in lines {
          XCTAssertLessThanOrEqual(TerminalText.width(line.text), width, "\(script) \(width)x\(height): \(line.text)")
          XCTAssertFalse(line.text.unicodeScalars.contains { $0.value < 0x20 })
        }
        // The selected row is always on screen.
        XCTAssertEqual(lines.filter { $0.text.hasPrefix("›") }.count, 1, "\(script) \(width)x\(height)")
      }
    }
  }

  func testTinyAndNonsenseSizesDrawANoticeAndNeverTrap() throws {
    var demo = try Harness(self)
    XCTAssertEqual(demo.app.render(width: 0, height: 10), [])
    XCTAssertEqual(demo.app.render(width: 10, height: -3), [])
    let small = demo.app.render(width: 19, height: 4)
    XCTAssertEqual(small.count, 4)
    XCTAssertEqual(small[0].text, "too small (19×4); …")
    demo.app.resize(width: -5, height: -5)
    demo.press("down pageDown pageUp end home tab pageDown")
    XCTAssertEqual(demo.app.render(), [])
    demo.app.resize(width: 80, height: 24)
    XCTAssertEqual(demo.lines.count, 24)
  }

  func testScrollingKeepsTheSelectionInViewAfterAResize() throws {
    var demo = try Harness(self, screen: .big, nodes: 5_000, height: 40)
    demo.press("* end up*5")
    let selected = demo.selected
    demo.app.resize(width: 80, height: 8)
    XCTAssertEqual(demo.selected, selected)
    demo.app.resize(width: 80, height: 40)
    XCTAssertEqual(demo.selected, selected)
    XCTAssertEqual(demo.body.count, 37)
  }
}
