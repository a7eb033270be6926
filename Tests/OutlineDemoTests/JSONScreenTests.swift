import Foundation
import OutlineJSON
import OutlineDemoKit
import XCTest
import OutlineTestSupport

/// The JSON screen: opening, drawing, moving, searching, levels, edits
/// and saving, through keys as a user types them.
final class JSONScreenTests: XCTestCase {
  let sample = #"""
    {"statuses": [{"id": 1, "text": "say \"hi\"\nthere", "user": {"name": "Ada", "screen name": "ada"}},
     {"id": 2, "tags": ["a", "b", "c"], "geo": null, "ok": true, "score": 1.50e3}],
     "search_metadata": {"count": 2, "next": null}}
    """#

  /// A harness on a copy of `text` in a temporary file.
  func harness(_ text: String? = nil, name: String = "sample.json", height: Int = 16) throws -> (Harness, URL) {
    let url = try makeTemporaryDirectory { addTeardownBlock($0) }.appendingPathComponent(name)
    try Data((text ?? sample).utf8).write(to: url)
    return (try Harness(self, screen: .json, documentPath: url.path, width: 160, height: height), url)
  }

  func testOpensTheDocumentWithItsRootOpen() throws {
    let (h, url) = try harness()
    XCTAssertEqual(h.app.screen, .json)
    XCTAssertEqual(h.app.screens, [.form, .categories, .big, .files, .json])
    XCTAssertTrue(h.lines[0].hasPrefix(" outline-demo  1 Form  2 Categories  3 Big tree  4 Files  [5 JSON] "), h.lines[0])
    XCTAssertEqual(h.rows, ["› ▾ {2 keys}", "  ├─ ▸ statuses [2 items]", "  └─ ▸ search_metadata {count, next}"])
    XCTAssertTrue(h.messageLine.hasPrefix("Opened \(url.path): 20 values in"), h.messageLine)
    XCTAssertTrue(h.statusBar.hasPrefix(". · row 1 of 3 · 20 values"), h.statusBar)
  }

  func testRowsShowKeysValuesPreviewsAndThePathOfTheFocus() throws {
    var (h, _) = try harness()
    h.press("down right down right down down")
    XCTAssertEqual(h.rows, [
      "  ▾ {2 keys}",
      "  ├─ ▾ statuses [2 items]",
      "  │  ├─ ▾ [0] {3 keys}",
      "  │  │  ├─ • id: 1",
      #"› │  │  ├─ • text: "say "hi" there""#,
      "  │  │  └─ ▸ user {name, screen name}",
      "  │  └─ ▸ [1] {id, tags, geo, ok, score}",
      "  └─ ▸ search_metadata {count, next}",
    ])
    XCTAssertTrue(h.statusBar.hasPrefix(".statuses[0].text · row 5 of 8"), h.statusBar)
    h.press("down right down down")
    XCTAssertTrue(h.statusBar.hasPrefix(#".statuses[0].user["screen name"] · row 8"#), h.statusBar)
  }

  func testLevelsExpandAndCollapseTheWholeDocument() throws {
    var (h, _) = try harness(height: 30)
    h.press(">")
    XCTAssertEqual(h.rows.count, 7)
    XCTAssertTrue(h.messageLine.hasPrefix("Level 2:"), h.messageLine)
    h.press(">")
    XCTAssertEqual(h.rows.count, 15)
    h.press(">")
    XCTAssertEqual(h.rows.count, 20)
    h.press(">")
    XCTAssertEqual(h.messageLine, "Nothing is nested deeper than level 4")
    h.press("< <")
    XCTAssertEqual(h.rows.count, 7)
    h.press("-")
    XCTAssertEqual(h.rows, ["› ▸ {statuses, search_metadata}"])
    h.press("+")
    XCTAssertEqual(h.rows.count, 20)
  }

  func testSearchFiltersKeysAndValuesAndGoesFromMatchToMatch() throws {
    var (h, _) = try harness(height: 30)
    h.press("/ text:name enter")
    XCTAssertEqual(h.rows, [
      "  ▾ {2 keys}",
      "  └─ ▾ statuses [2 items]",
      "     └─ ▾ [0] {3 keys}",
      "        └─ ▾ user {2 keys}",
      #"›          ├─ • name: "Ada""#,
      #"           └─ • screen name: "ada""#,
    ])
    XCTAssertTrue(h.statusBar.contains("search “name”: 2 matches"), h.statusBar)
    h.press("n")
    XCTAssertEqual(h.selected, #"└─ • screen name: "ada""#)
    h.press("N")
    XCTAssertEqual(h.selected, #"├─ • name: "Ada""#)
    h.press("N")
    XCTAssertEqual(h.selected, #"└─ • screen name: "ada""#, "wraps around")
    h.press("esc")
    XCTAssertEqual(h.rows.count, 3)
    // A number's text and a key match too.
    h.press("/ text:1.50e enter")
    XCTAssertEqual(h.selected, "└─ • score: 1.50e3")
  }

  func testEditingAValueRejectsWhatIsNotJSONAndSaves() throws {
    var (h, url) = try harness()
    h.press("down right down right down")  // [0].id
    h.press("e")
    XCTAssertTrue(h.messageLine.hasPrefix("value of .statuses[0].id: 1▏"), h.messageLine)
    h.press("ctrl-u text:Ada enter")
    XCTAssertEqual(
      h.messageLine, "value of .statuses[0].id: Ada▏    ✗ Set .statuses[0].id: not a JSON value: line 1, column 1: expected a value, found 'Ada'")
    XCTAssertTrue(h.app.isTyping, "the field stays open to be corrected")
    h.press("ctrl-u text:\"\\\"Ada\\\"\" enter")
    XCTAssertFalse(h.app.isTyping)
    XCTAssertEqual(h.messageLine, #".statuses[0].id = "Ada""#)
    XCTAssertEqual(h.selected, #"│  │  ├─ • id: "Ada""#)
    XCTAssertTrue(h.statusBar.contains("modified"), h.statusBar)
    h.press("s")
    XCTAssertTrue(h.messageLine.hasPrefix("Saved \(url.path)"), h.messageLine)
    XCTAssertFalse(h.statusBar.contains("modified"), h.statusBar)
    let saved = try JSONDocument(contentsOf: url)
    XCTAssertTrue(String(decoding: saved.jsonBytes(style: .compact), as: UTF8.self).hasPrefix(#"{"statuses":[{"id":"Ada","text""#))
  }

  func testRenamingInsertingDeletingAndMoving() throws {
    var (h, url) = try harness(height: 30)
    h.press("down down")  // search_metadata
    h.press("r ctrl-u text:meta enter")
    XCTAssertEqual(h.selected, "└─ ▸ meta {count, next}")
    // a: a member at the end of the focused object, "key": value.
    h.press("a ctrl-u text:\"\\\"limit\\\": [1, 2]\" enter")
    XCTAssertEqual(h.selected, "└─ ▸ limit [2 items]")
    XCTAssertTrue(h.statusBar.hasPrefix(".meta.limit"), h.statusBar)
    // i: after the focused value; a bare value in an object is an error.
    h.press("i ctrl-u text:7 enter")
    XCTAssertTrue(h.messageLine.hasPrefix("new value in .meta: 7▏    ✗ Type one member"), h.messageLine)
    h.press("ctrl-u text:\"\\\"after\\\": 7\" enter")
    XCTAssertEqual(h.selected, "└─ • after: 7")
    // [ moves it up past limit, ] back down.
    h.press("[")
    XCTAssertEqual(h.row("├─ • after"), "├─ • after: 7")
    XCTAssertTrue(h.statusBar.hasPrefix(".meta.after"), h.statusBar)
    h.press("]")
    XCTAssertEqual(h.messageLine, "Moved .meta.after down")
    h.press("[ [ [ [")
    XCTAssertEqual(h.messageLine, "Already the first")
    // d deletes it; the root cannot be deleted.
    h.press("d")
    XCTAssertTrue(h.messageLine.hasPrefix("Deleted .meta.after"), h.messageLine)
    h.press("home d")
    XCTAssertEqual(h.messageLine, "The document's value cannot be deleted: delete its members, or edit it (e)")
    h.press("s")
    XCTAssertEqual(
      String(decoding: try JSONDocument(contentsOf: url).jsonBytes(style: .compact), as: UTF8.self),
      #"{"statuses":[{"id":1,"text":"say \"hi\"\nthere","user":{"name":"Ada","screen name":"ada"}},{"id":2,"tags":["a","b","c"],"geo":null,"ok":true,"score":1.50e3}],"meta":{"count":2,"next":null,"limit":[1,2]}}"#
        + "\n")
  }

  func testSelectedValuesMoveAndDeleteTogether() throws {
    var (h, _) = try harness("[1, 2, 3, 4]")
    h.press("down space down space down")  // 1 and 2 selected, focus on 3
    h.press("]")
    XCTAssertEqual(h.rows, ["  ▾ [4 items]", "› ├─ • [0]: 3", " ✓├─ • [1]: 1", " ✓├─ • [2]: 2", "  └─ • [3]: 4"])
    h.press("d")
    XCTAssertEqual(h.rows.count, 3)
    XCTAssertTrue(h.messageLine.hasPrefix("Deleted 2 values"), h.messageLine)
  }

  func testJSONLinesRecordsAreRootsNumbered() throws {
    var (h, _) = try harness("{\"a\": 1}\n\n[true]\n", name: "events.jsonl")
    XCTAssertEqual(h.rows, ["› ▸ #1 {a}", "  ▸ #2 [1 item]"])
    h.press("down right down")
    XCTAssertTrue(h.statusBar.hasPrefix("#2 .[0] · row 3 of 3"), h.statusBar)
  }

  func testStandardInputCannotBeSaved() throws {
    var descriptors: [Int32] = [0, 0]
    XCTAssertEqual(pipe(&descriptors), 0)
    _ = "{\"a\": 1}\n{\"a\": 2}\n".utf8CString.withUnsafeBufferPointer { write(descriptors[1], $0.baseAddress!, $0.count - 1) }
    close(descriptors[1])
    let clock = ManualClock(seconds: 1)
    let environment = DemoEnvironment(clock: clock, formConfiguration: fixedConfiguration, standardInput: descriptors[0])
    let launch = DemoLaunch.decide(arguments: ["-", "--keys", "s", "--width", "60", "--height", "6"], stdinIsTerminal: true, stdoutIsTerminal: false, environment: environment)
    close(descriptors[0])
    guard case .printed(let text) = launch else { return XCTFail("\(launch)") }
    // Not one JSON value, but a value per line: JSON Lines.
    XCTAssertTrue(text.contains("› ▸ #1 {a}"), text)
    XCTAssertTrue(text.contains("Read from standard input: there is no file to save to"), text)
  }

  func testAFileThatIsNotJSONStopsTheDemoWithItsLineAndColumn() throws {
    let url = try makeTemporaryDirectory { addTeardownBlock($0) }.appendingPathComponent("bad.json")
    try Data("{\n  \"a\": [1, 2,]\n}".utf8).write(to: url)
    let launch = DemoLaunch.decide(arguments: [url.path], stdinIsTerminal: true, stdoutIsTerminal: true)
    guard case .documentFailure(let failure) = launch else { return XCTFail("\(launch)") }
    XCTAssertEqual(failure, "\(url.path):2:14: trailing comma before ']': JSON allows no comma after the last element")
    let missing = DemoLaunch.decide(arguments: ["/no/such/file.json", "--print"], stdinIsTerminal: true, stdoutIsTerminal: true)
    guard case .documentFailure(let message) = missing else { return XCTFail("\(missing)") }
    XCTAssertTrue(message.hasPrefix("/no/such/file.json: cannot read: No such file"), message)
  }

  func testPrintPrintsTheScreenOfAValidFile() throws {
    let url = try makeTemporaryDirectory { addTeardownBlock($0) }.appendingPathComponent("ok.json")
    try Data(#"{"a": [1, {"b": null}]}"#.utf8).write(to: url)
    let launch = DemoLaunch.decide(
      arguments: [url.path, "--print", "--keys", "down right", "--width", "72", "--height", "7"], stdinIsTerminal: true, stdoutIsTerminal: true,
      environment: DemoEnvironment(clock: ManualClock(), formConfiguration: fixedConfiguration))
    guard case .printed(let text) = launch else { return XCTFail("\(launch)") }
    XCTAssertEqual(text, """
       outline-demo  1 Form  2 Categories  3 Big tree  4 Files  [5 JSON]
        ▾ {1 key}
      › └─ ▾ a [2 items]
           ├─ • [0]: 1
           └─ ▸ [1] {b}
       Enter open/edit · e value · r key · i insert · a append · d delete · […
       .a · row 2 of 4 · 5 values · open: 0 µs

      """)
  }

  func testOptions() throws {
    XCTAssertEqual(try DemoOptions.parse(["x.json"]).screen, .json)
    XCTAssertEqual(try DemoOptions.parse(["x.json", "--screen", "big"]).screen, .big)
    XCTAssertEqual(try DemoOptions.parse(["-"]).documentPath, "-")
    XCTAssertThrowsError(try DemoOptions.parse(["a.json", "b.json"]))
    XCTAssertThrowsError(try DemoOptions.parse(["--screen", "json"]))
    // Without a document there is no fifth screen.
    var h = try Harness(self)
    XCTAssertEqual(h.app.screens, [.form, .categories, .big, .files])
    h.press("5")
    XCTAssertEqual(h.app.screen, .form)
  }

  func testDeepDocumentsDrawTheirLastLevels() throws {
    let depth = 2_000
    var (h, _) = try harness(String(repeating: "[", count: depth) + String(repeating: "]", count: depth), height: 8)
    h.press("+ end")
    XCTAssertEqual(h.selected?.hasPrefix("…"), true, h.selected ?? "")
    XCTAssertTrue(h.selected!.hasSuffix("└─ ▾ [0] []"), h.selected!)
    XCTAssertTrue(h.statusBar.hasPrefix(".[0][0]"), h.statusBar)
  }

  func testBigDocumentsSearchOnEnter() throws {
    let document = try JSONDocument(bytes: Array(#"{"a": {"needle": 1}, "b": [2, 3]}"#.utf8))
    var screen = JSONScreen(document: document, name: "x.json", path: nil)
    screen.liveSearchLimit = 3
    var context = ScreenContext(clock: ManualClock(), bodyHeight: 10)
    for key in try KeyScript.parse("/ text:needle") { screen.handle(key, context: &context) }
    XCTAssertFalse(screen.document.outline.isFiltered, "no search while typing")
    XCTAssertEqual(context.message?.text, "Enter searches 6 values for “needle”")
    screen.handle(.enter, context: &context)
    XCTAssertEqual(screen.document.outline.matchCount, 1)
    XCTAssertEqual(screen.statusFacts.hasPrefix(".a.needle"), true, screen.statusFacts)
    // Small documents search at every key.
    screen.liveSearchLimit = 100
    for key in try KeyScript.parse("/ backspace*6 text:b") { screen.handle(key, context: &context) }
    XCTAssertEqual(screen.document.outline.matchCount, 1)
  }
}
