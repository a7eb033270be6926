import Foundation
import OutlineJSON
import OutlineKit
import XCTest

/// jq paths and the one-line previews of collapsed values.
final class JSONPathAndPreviewTests: XCTestCase {
  let text = #"""
    {"statuses": [{"id": 1, "user": {"name": "Ada", "screen name": "ada"}}, 2, 3, {"x": [[], {}]}],
     "a b": {"c\"d": 1, "if": 2, "_ok9": 3, "9lives": 4, "é": 5, "": 6}}
    """#

  /// The node at a path of child indices from the first root.
  func node(_ document: JSONDocument, _ path: [Int]) -> JSONDocument.NodeID {
    path.reduce(document.outline.roots[0]) { document.outline.children(of: $0)[$1] }
  }

  func testPathsInJqSyntax() throws {
    let document = try JSONDocument(bytes: Array(text.utf8))
    XCTAssertEqual(document.path(of: node(document, [])), ".")
    XCTAssertEqual(document.path(of: node(document, [0])), ".statuses")
    XCTAssertEqual(document.path(of: node(document, [0, 0, 1, 0])), ".statuses[0].user.name")
    XCTAssertEqual(document.path(of: node(document, [0, 0, 1, 1])), #".statuses[0].user["screen name"]"#)
    XCTAssertEqual(document.path(of: node(document, [0, 3, 0, 1])), ".statuses[3].x[1]")
    XCTAssertEqual(document.path(of: node(document, [1])), #".["a b"]"#)
    XCTAssertEqual(document.path(of: node(document, [1, 0])), #".["a b"]["c\"d"]"#)
    XCTAssertEqual(document.path(of: node(document, [1, 1])), #".["a b"]["if"]"#)
    XCTAssertEqual(document.path(of: node(document, [1, 2])), #".["a b"]._ok9"#)
    XCTAssertEqual(document.path(of: node(document, [1, 3])), #".["a b"]["9lives"]"#)
    XCTAssertEqual(document.path(of: node(document, [1, 4])), #".["a b"]["é"]"#)
    XCTAssertEqual(document.path(of: node(document, [1, 5])), #".["a b"][""]"#)
    XCTAssertEqual(JSONDocument.pathStep(forKey: "line\nbreak"), #"["line\nbreak"]"#)
    let array = try JSONDocument(bytes: Array("[[1, [2]]]".utf8))
    XCTAssertEqual(array.path(of: node(array, [0, 1, 0])), ".[0][1][0]")
  }

  /// Each path, given to jq (when it is installed), selects the node's value.
  func testPathsSelectTheirValuesInJq() throws {
    guard let jq = ["/usr/bin/jq", "/usr/local/bin/jq"].first(where: FileManager.default.isExecutableFile(atPath:)) else {
      throw XCTSkip("jq is not installed")
    }
    let document = try JSONDocument(bytes: Array(text.utf8))
    var pending = [document.outline.roots[0]]
    while let id = pending.popLast() {
      pending += document.outline.children(of: id)
      guard let value = document.value(of: id) else { continue }
      let process = Process()
      process.executableURL = URL(fileURLWithPath: jq)
      process.arguments = ["-r", document.path(of: id)]
      let input = Pipe()
      let output = Pipe()
      process.standardInput = input
      process.standardOutput = output
      try process.run()
      input.fileHandleForWriting.write(Data(text.utf8))
      try input.fileHandleForWriting.close()
      let result = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
      process.waitUntilExit()
      XCTAssertEqual(result.trimmingCharacters(in: .newlines), value, document.path(of: id))
    }
  }

  func testPreviews() throws {
    let document = try JSONDocument(bytes: Array(text.utf8))
    XCTAssertEqual(document.preview(of: node(document, [])), "{statuses, a b}")
    XCTAssertEqual(document.preview(of: node(document, [0])), "[4 items]")
    XCTAssertEqual(document.preview(of: node(document, [0, 0])), "{id, user}")
    XCTAssertEqual(document.preview(of: node(document, [0, 3, 0, 0])), "[]")
    XCTAssertEqual(document.preview(of: node(document, [0, 3, 0, 1])), "{}")
    XCTAssertEqual(document.preview(of: node(document, [0, 3, 0])), "[2 items]")
    XCTAssertEqual(document.preview(of: node(document, [1]), maxLength: 20), #"{c"d, if, _ok9, …}"#)
    XCTAssertEqual(document.preview(of: node(document, [1]), maxLength: 8), #"{c"d, …}"#)
    XCTAssertEqual(document.preview(of: node(document, [0, 0, 1, 0])), #""Ada""#)
    let long = try JSONDocument(bytes: Array(#"["\#(String(repeating: "x", count: 100))", {"\#(String(repeating: "k", count: 50))": 1}]"#.utf8))
    XCTAssertEqual(document.preview(of: node(document, [0, 1])), "2")
    XCTAssertEqual(long.preview(of: node(long, [0]), maxLength: 10), #""xxxxxxxx…"#)
    XCTAssertEqual(long.preview(of: node(long, [1]), maxLength: 10), "{…}")
    let many = try JSONDocument(bytes: Array(("[" + Array(repeating: "1", count: 1_234).joined(separator: ",") + "]").utf8))
    XCTAssertEqual(many.preview(of: many.outline.roots[0]), "[1,234 items]")
    let one = try JSONDocument(bytes: Array("[[0], {\"a\\nb\": 1}]".utf8))
    XCTAssertEqual(one.preview(of: node(one, [0])), "[1 item]")
    XCTAssertEqual(one.preview(of: node(one, [1])), "{a b}")
  }
}
