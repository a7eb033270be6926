import Foundation
import OutlineDemoKit
import XCTest
import OutlineTestSupport

/// The command line and the print / script path the executable calls.
final class PrintModeTests: XCTestCase {
  var environment: DemoEnvironment {
    DemoEnvironment(clock: ManualClock(), formConfiguration: fixedConfiguration)
  }

  func formArguments() throws -> [String] {
    ["--form", try makeTemporaryDirectory { addTeardownBlock($0) }.appendingPathComponent("CellDescriptor.plist").path]
  }

  func testPrintsTheChosenScreenAfterTheKeys() throws {
    let launch = DemoLaunch.decide(
      arguments: try formArguments() + ["--print", "--keys", "enter down enter text:\"Ada Lovelace\" enter", "--width", "60", "--height", "8"],
      stdinIsTerminal: true, stdoutIsTerminal: true, environment: environment)
    guard case .printed(let text) = launch else { return XCTFail("\(launch)") }
    let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
    XCTAssertEqual(lines.count, 9)  // eight lines and a final newline
    XCTAssertEqual(lines.prefix(7).joined(separator: "\n"), """
       outline-demo  [1 Form]  2 Categories  3 Big tree  4 Files
        Personal                                                 █
        ▾ Name                     Ada Lovelace                  │
      ›       First name: Ada Lovelace                           │
              Last name:                                         │
        ▸ Birthday                                               │
       Enter: type the first name · ← parent · s save
      """)
    XCTAssertTrue(lines[7].hasPrefix(" /tmp/") || lines[7].hasPrefix(" /"), String(lines[7]))
    XCTAssertEqual(lines[8], "")
    XCTAssertFalse(lines.contains { $0.hasSuffix(" ") })
  }

  func testPrintsWhenStdoutIsNotATerminal() throws {
    let launch = DemoLaunch.decide(
      arguments: try formArguments() + ["--screen", "categories", "--keys", "end enter wait enter", "--height", "8"],
      stdinIsTerminal: true, stdoutIsTerminal: false, environment: environment)
    guard case .printed(let text) = launch else { return XCTFail("\(launch)") }
    XCTAssertTrue(text.contains("› ▾ Garden (19)  ⟳ Loading…"), text)  // no wait after the retry
    XCTAssertTrue(text.contains(" Retrying the subcategories of Garden…"), text)
  }

  func testTheBigTreeIsPrintedWithItsStatusLine() throws {
    let text = DemoLaunch.printScreen(
      try DemoOptions.parse(try formArguments() + ["--screen", "big", "--nodes", "1,000", "--keys", "right down", "--height", "6"]),
      environment: environment)
    XCTAssertEqual(text, """
       outline-demo  1 Form  2 Categories  [3 Big tree]  4 Files      ? keys · q quit
        ▾ Acacia 1 (10)                                                              █
      › ├─ ▸ Kapok 11 (10)                                                           │
        ├─ ▸ Larch 12 (10)                                                           │
       Space select · m move · Del delete · ^Z undo · ^Y redo · * + open · / search ·…
       row 2 of 20 · 1,000 nodes · expand: 0 µs

      """)
  }

  func testKeysAfterQuitAreIgnored() throws {
    let text = DemoLaunch.printScreen(
      try DemoOptions.parse(try formArguments() + ["--keys", "q tab tab"]), environment: environment)
    XCTAssertTrue(text.hasPrefix(" outline-demo  [1 Form]"))
  }

  func testInteractiveOnlyWithTwoTerminalsAndNoPrint() throws {
    let arguments = try formArguments()
    guard case .interactive(let options, _) = DemoLaunch.decide(
      arguments: arguments + ["--nodes", "5000"], stdinIsTerminal: true, stdoutIsTerminal: true, environment: environment)
    else { return XCTFail() }
    XCTAssertEqual(options.nodeCount, 5_000)
    guard case .printed = DemoLaunch.decide(arguments: arguments, stdinIsTerminal: false, stdoutIsTerminal: true, environment: environment)
    else { return XCTFail() }
  }

  func testHelpListsEveryOption() {
    guard case .help(let text) = DemoLaunch.decide(arguments: ["--help"], stdinIsTerminal: true, stdoutIsTerminal: true)
    else { return XCTFail() }
    for option in ["--form FILE", "./CellDescriptor.plist", "--categories FILE", "--nodes N", "1000000", "--screen", "--keys", "--print", "--width", "--height", "wait"] {
      XCTAssertTrue(text.contains(option), option)
    }
  }

  func testBadCommandLinesAreExplained() {
    let cases: [([String], String)] = [
      (["--bogus"], "outline-demo: unknown option \"--bogus\" (try --help)"),
      (["--nodes"], "outline-demo: --nodes needs a value"),
      (["--nodes", "0"], "outline-demo: --nodes takes a whole number from 1 to 100,000,000, not \"0\""),
      (["--nodes=lots"], "outline-demo: --nodes takes a whole number from 1 to 100,000,000, not \"lots\""),
      (["--screen", "tree2"], "outline-demo: --screen takes form, categories, big, files or json, not \"tree2\""),
      (["--width", "5"], "outline-demo: --width takes a whole number from 20 to 1,000, not \"5\""),
      (["--keys", "down dwon"], "outline-demo: --keys: key script, word 2 (\"dwon\"): not a key; use one of up, down, left, right, pageUp, pageDown, home, end, shift-up, shift-down, shift-pageUp, shift-pageDown, shift-home, shift-end, enter, space, tab, backTab, backspace, delete, esc, ctrl-c, ctrl-a, wait, text:..., click:COL,LINE (press: drag: release: wheelUp: wheelDown:), or one character"),
      (["--form", ""], "outline-demo: --form needs a file name"),
    ]
    for (arguments, message) in cases {
      guard case .failure(let text) = DemoLaunch.decide(arguments: arguments, stdinIsTerminal: true, stdoutIsTerminal: true)
      else { XCTFail("\(arguments)"); continue }
      XCTAssertEqual(text, message)
    }
  }

  func testOptionsParse() throws {
    let options = try DemoOptions.parse([
      "--form=f.plist", "--categories", "c.json", "--nodes", "1_500_000", "--screen", "3", "--keys", "down*2", "--print",
      "--width", "100", "--height=40",
    ])
    XCTAssertEqual(options.formPath, "f.plist")
    XCTAssertEqual(options.categoriesPath, "c.json")
    XCTAssertEqual(options.nodeCount, 1_500_000)
    XCTAssertEqual(options.screen, .big)
    XCTAssertEqual(options.keys, [.down, .down])
    XCTAssertTrue(options.printOnly)
    XCTAssertEqual(options.width, 100)
    XCTAssertEqual(options.height, 40)
    XCTAssertEqual(DemoOptions().formPath, "./CellDescriptor.plist")
    XCTAssertEqual(DemoOptions().nodeCount, 1_000_000)
    XCTAssertEqual(["form", "Categories", "cat", "big", "big-tree", "2"].map { DemoScreen(name: $0) }, [.form, .categories, .categories, .big, .big, .categories])
  }
}
