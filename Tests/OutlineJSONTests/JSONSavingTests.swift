import Foundation
import OutlineKit
import XCTest
import OutlineTestSupport

@testable import OutlineJSON

/// Writing documents back: the layout, read-save-read, atomic saves.
final class JSONSavingTests: XCTestCase {
  func testPrettyAndCompactLayouts() throws {
    let document = try JSONDocument(bytes: Array(#"{"a":[1,2.50,{"b":"x\u00e9"}],"e":{},"l":[],"d":1,"d":2}"#.utf8))
    XCTAssertEqual(
      String(decoding: document.jsonBytes(), as: UTF8.self),
      """
      {
        "a": [
          1,
          2.50,
          {
            "b": "x\\u00e9"
          }
        ],
        "e": {},
        "l": [],
        "d": 1,
        "d": 2
      }

      """)
    XCTAssertEqual(
      String(decoding: document.jsonBytes(style: .compact), as: UTF8.self),
      #"{"a":[1,2.50,{"b":"x\u00e9"}],"e":{},"l":[],"d":1,"d":2}"# + "\n")
    XCTAssertEqual(
      String(decoding: try JSONDocument(bytes: Array("[1,[2]]".utf8)).jsonBytes(style: .pretty(indent: 4)), as: UTF8.self),
      "[\n    1,\n    [\n        2\n    ]\n]\n")
    XCTAssertEqual(String(decoding: try JSONDocument(bytes: Array(" 7 ".utf8)).jsonBytes(), as: UTF8.self), "7\n")
  }

  func testJSONLinesSaveALinePerRoot() throws {
    let document = try JSONDocument(bytes: Array("{\"a\": [1, 2]}\n\n\"x\"\r\n[]\n".utf8), format: .jsonLines)
    XCTAssertEqual(String(decoding: document.jsonBytes(), as: UTF8.self), "{\"a\":[1,2]}\n\"x\"\n[]\n")
  }

  /// Random documents, JSON and JSON Lines, read, written in every style
  /// and read back: the same values.
  func testReadSaveReadGivesTheSameTree() throws {
    for seed in (0 ..< 120).map({ UInt64($0) &* 0x9E37_79B9 &+ 11 }) {
      for jsonLines in [false, true] {
        var generator = RandomJSON(seed: seed)
        generator.jsonLines = jsonLines
        generator.maximumDepth = Int(seed % 10) + 1
        let format: JSONDocument.Format = jsonLines ? .jsonLines : .json
        let document = try JSONDocument(bytes: generator.document(values: 80), format: format)
        for style in [JSONDocument.WritingStyle.pretty, .compact, .pretty(indent: 1)] {
          let saved = document.jsonBytes(style: style)
          let reread = try JSONDocument(bytes: saved, format: format)
          XCTAssertEqual(reread.referenceValues, document.referenceValues, "seed \(seed), \(style)")
          // Saving what was read back writes the same bytes.
          XCTAssertEqual(reread.jsonBytes(style: style), saved, "seed \(seed), \(style)")
        }
      }
    }
  }

  func testSaveReplacesTheFileAtomically() throws {
    let folder = try makeTemporaryDirectory { addTeardownBlock($0) }
    let url = folder.appendingPathComponent("config.json")
    try Data(#"{"port": 80}"#.utf8).write(to: url)
    var document = try JSONDocument(contentsOf: url)
    try document.setValue(of: document.outline.children(of: document.outline.roots[0])[0], toJSON: "8443")
    try document.save(to: url)
    XCTAssertEqual(try String(contentsOf: url, encoding: .utf8), "{\n  \"port\": 8443\n}\n")
    XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: folder.path), ["config.json"])

    // A write that fails part-way leaves the old file and no temporary file.
    struct DiskFull: Error {}
    try document.setValue(of: document.outline.children(of: document.outline.roots[0])[0], toJSON: "1")
    XCTAssertThrowsError(
      try document._save(to: url) { data, temporary in
        try data.prefix(3).write(to: temporary)
        throw DiskFull()
      }
    ) { error in
      guard case .cannotWrite? = (error as? JSONFileError)?.reason else { return XCTFail("\(error)") }
    }
    XCTAssertEqual(try String(contentsOf: url, encoding: .utf8), "{\n  \"port\": 8443\n}\n")
    XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: folder.path), ["config.json"])

    // A folder that cannot be written to.
    XCTAssertThrowsError(try document.save(to: URL(fileURLWithPath: "/proc/no-such-folder/x.json"))) { error in
      XCTAssertTrue("\(error)".contains("the file is as it was"), "\(error)")
    }
  }

  func testAJSONDocumentSavesOneRoot() throws {
    let folder = try makeTemporaryDirectory { addTeardownBlock($0) }
    let url = folder.appendingPathComponent("two.json")
    var document = try JSONDocument(bytes: Array("[1]".utf8))
    try document.insertValue(json: "2", key: nil, under: nil, at: 1).node
    XCTAssertThrowsError(try document.save(to: url)) { error in
      XCTAssertEqual((error as? JSONFileError)?.reason, .notOneRoot(2))
    }
    XCTAssertFalse(FileManager.default.fileExists(atPath: url.path))
    // As JSON Lines, two roots are two lines.
    let lines = JSONDocument(outline: document.outline, source: document.source, format: .jsonLines)
    try lines.save(to: url)
    XCTAssertEqual(try String(contentsOf: url, encoding: .utf8), "[1]\n2\n")
  }
}
