import Foundation
import OutlineAdapters
import OutlineFiles
import OutlineDemoKit
import OutlineKit
import XCTest
import OutlineTestSupport

/// Dates in a fixed locale and time zone, so texts compare.
let fixedConfiguration = DescriptorForm.Configuration(
  locale: Locale(identifier: "en_US_POSIX"), timeZone: TimeZone(identifier: "UTC")!)

/// A demo app on a manual clock, driven by key scripts like a user.
struct Harness {
  var app: DemoApp
  let clock: ManualClock
  let environment: DemoEnvironment

  /// An app whose form file is `formPath` (a missing file in a fresh
  /// temporary directory by default).
  init(
    _ testCase: XCTestCase, screen: DemoScreen = .form, formPath: String? = nil, categoriesPath: String? = nil,
    documentPath: String? = nil, nodes: Int = 1_000, filesPath: String? = nil,
    fileTreeOptions: FileTree.Options = FileTree.Options(), width: Int = 200, height: Int = 24,
    backgroundSearchNodes: Int = 200_000
  ) throws {
    var options = DemoOptions()
    options.screen = screen
    options.formPath = try formPath ?? makeTemporaryDirectory { testCase.addTeardownBlock($0) }.appendingPathComponent("CellDescriptor.plist").path
    options.categoriesPath = categoriesPath
    options.nodeCount = nodes
    // A JSON document, or the directory the file screen shows: an empty
    // one of the test's own by default.
    options.documentPath = try documentPath ?? filesPath ?? makeTemporaryDirectory { testCase.addTeardownBlock($0) }.path
    clock = ManualClock(seconds: 100)
    environment = DemoEnvironment(
      clock: clock, formConfiguration: fixedConfiguration, loadDelay: 1.5, fileTreeOptions: fileTreeOptions,
      backgroundSearchNodes: backgroundSearchNodes)
    app = DemoApp(options: options, environment: environment)
    app.resize(width: width, height: height)
    app.tick()
  }

  /// Handles each key of a script, letting time tick after each as the
  /// terminal does (without moving the clock).
  mutating func press(_ script: String, file: StaticString = #filePath, line: UInt = #line) {
    do {
      for key in try KeyScript.parse(script) {
        app.handle(key)
        app.tick()
      }
    } catch {
      XCTFail("\(error)", file: file, line: line)
    }
  }

  /// The screen's lines.
  var lines: [String] { app.render().map(\.text) }

  /// The body's lines: between the title bar and the message line.
  var body: [String] { Array(lines.dropFirst().dropLast(2)) }

  /// The body's non-empty lines, trailing spaces removed.
  var rows: [String] { body.map { $0.replacingOccurrences(of: "\\s+$", with: "", options: .regularExpression) }.filter { !$0.isEmpty } }

  /// The body's non-empty lines without the big tree's detail lines (the
  /// second and third lines of its taller rows): one line per row.
  var treeRows: [String] { rows.filter { !$0.contains(" · depth ") } }

  /// The body's scroll bar, line by line: nil where there is none.
  var scrollBar: [ScrollBar.Cell?] { Array(app.render().dropFirst().dropLast(2).map(\.scrollBar)) }

  /// The line of the body where the scroll bar's thumb starts, and its
  /// length; nil without a bar.
  var thumb: (first: Int, count: Int)? {
    let cells = scrollBar
    guard let first = cells.firstIndex(of: .thumb) else { return nil }
    return (first, cells.filter { $0 == .thumb }.count)
  }

  /// The selected row's text, without the marker.
  var selected: String? {
    body.first { $0.hasPrefix("›") }.map { String($0.dropFirst(2)).trimmingCharacters(in: .whitespaces) }
  }

  /// The message line (or hints).
  var messageLine: String { lines[lines.count - 2].trimmingCharacters(in: .whitespaces) }

  /// The status bar.
  var statusBar: String { lines[lines.count - 1].trimmingCharacters(in: .whitespaces) }

  /// The row whose text (without marker and indentation) starts with a
  /// prefix.
  func row(_ prefix: String) -> String? {
    body.map { String($0.dropFirst(2)).trimmingCharacters(in: .whitespaces) }.first { $0.hasPrefix(prefix) }
  }
}

extension SplitMix64 {
  /// One of the elements, at random.
  mutating func pick<T>(_ elements: [T]) -> T { elements[int(below: elements.count)] }
}

/// A whole outline as text, one "depth value" per node in preorder
/// (collapsed nodes too): for comparing trees before and after edits.
func preorder<Node>(_ outline: Outline<Node>, _ text: (Node) -> String = { "\($0)" }) -> [String] {
  var result: [String] = []
  var pending = Array(outline.roots.reversed())
  while let id = pending.popLast() {
    result.append("\(outline.depth(of: id)) \(text(outline[id]))")
    pending += outline.children(of: id).reversed()
  }
  return result
}

extension Harness {
  /// The body's line holding the drop marker, and its index.
  var markerLine: (index: Int, text: String)? {
    body.enumerated().first { $0.element.contains("╶──▶") }.map { ($0.offset, $0.element) }
  }

  /// A mouse event at a line of the body (from 0) and a column (from 0),
  /// as the terminal reports it (from 1, the title bar being line 1).
  mutating func mouse(_ action: MouseEvent.Action, bodyLine: Int, column: Int) {
    app.handle(.mouse(MouseEvent(action, column: column + 1, line: bodyLine + 2)))
    app.tick()
  }

  /// The big tree's outline holds exactly its data's tree (`BigTreeData`):
  /// the same roots and children, with the same values, in order.
  func assertBigTreeMatchesData(file: StaticString = #filePath, line: UInt = #line) {
    guard let outline = app.bigTreeScreen.outline else { return XCTFail("no outline", file: file, line: line) }
    let data = app.bigTreeScreen.data.snapshot()
    XCTAssertEqual(outline.roots.map { outline[$0] }, data.roots, file: file, line: line)
    var stack = Array(outline.roots)
    while let id = stack.popLast() {
      let children = outline.children(of: id)
      XCTAssertEqual(children.map { outline[$0] }, data.children(of: outline[id]), file: file, line: line)
      stack += children
    }
    XCTAssertEqual(outline.nodeCount, app.bigTreeScreen.data.nodeCount, file: file, line: line)
  }
}
