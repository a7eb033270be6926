import Foundation
import OutlineDemoKit
import OutlineTestSupport
import XCTest

/// The three screens that search data from outside (categories, files,
/// JSON) find "Ä", "é" and "straße" alike: case and diacritics folded the
/// same way, through the one search the engine owns.
final class SearchFoldingTests: XCTestCase {
  let names = ["Ärger", "Café", "Straße", "Baum"]
  /// What each query finds among the names.
  let finds: [(query: String, found: [String])] = [
    ("ärg", ["Ärger"]), ("ARG", ["Ärger"]), ("aerg", []), ("café", ["Café"]), ("CAFE", ["Café"]),
    ("strasse", ["Straße"]), ("STRAẞE", ["Straße"]), ("straße", ["Straße"]), ("Ä", ["Ärger", "Café", "Straße", "Baum"]),
  ]

  /// Types each query into the screen's search line and checks which of
  /// the names show.
  func check(_ demo: inout Harness, file: StaticString = #filePath, line: UInt = #line) {
    for (query, found) in finds {
      demo.press("/ text:\(query)")
      let shown = names.filter { name in demo.rows.contains { $0.contains(name) } }
      XCTAssertEqual(shown, found, "\"\(query)\" on the \(demo.app.screen) screen", file: file, line: line)
      demo.press("esc")
    }
  }

  func testCategories() throws {
    let url = try makeTemporaryDirectory { addTeardownBlock($0) }.appendingPathComponent("c.json")
    let subcategories = names.map { #"{"name": "\#($0)", "count": 1}"# }.joined(separator: ", ")
    try Data(#"{"sections": [{"name": "Words", "count": 4, "imageName": "w", "subcategories": [\#(subcategories)]}]}"#.utf8)
      .write(to: url)
    var demo = try Harness(self, screen: .categories, categoriesPath: url.path)
    check(&demo)
  }

  func testFiles() throws {
    let folder = try makeTemporaryDirectory { addTeardownBlock($0) }
    for name in names { try Data().write(to: folder.appendingPathComponent(name)) }
    var demo = try Harness(self, screen: .files, filesPath: folder.path)
    check(&demo)
  }

  func testJSON() throws {
    let url = try makeTemporaryDirectory { addTeardownBlock($0) }.appendingPathComponent("words.json")
    // Keys and values both: two names as keys, two as values.
    try Data(#"{"Ärger": 1, "Café": 2, "list": ["Straße", "Baum"]}"#.utf8).write(to: url)
    var demo = try Harness(self, screen: .json, documentPath: url.path, width: 160)
    check(&demo)
  }
}
