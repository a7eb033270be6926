import Foundation
import OutlineGtkSupport
import OutlineKit
import XCTest

final class JSONFileDocumentTests: XCTestCase {
  private var folder: URL!

  override func setUpWithError() throws {
    folder = FileManager.default.temporaryDirectory.appendingPathComponent("outline-gtk-json-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
  }

  override func tearDownWithError() throws {
    try FileManager.default.removeItem(at: folder)
  }

  private func write(_ text: String, to name: String) throws -> String {
    let url = folder.appendingPathComponent(name)
    try Data(text.utf8).write(to: url)
    return url.path
  }

  private func rows(_ session: OutlineSession<JSONFileDocument>) -> [String] {
    (0 ..< session.outline.rowCount).map { row in
      let id = session.outline.id(atRow: row)
      return "\(session.label(ofRow: row)) \(session.document.detail(of: id) ?? "")"
    }
  }

  func testMembersShowTheirKeysAndElementsTheirIndices() throws {
    let path = try write(#"{"name": "Ada", "tags": ["x", "y"], "born": 1815}"#, to: "person.json")
    guard case .json(let document) = try DocumentFile.open(path) else { return XCTFail("not read as JSON") }
    var session = OutlineSession(document: document)
    session.expandAll()
    XCTAssertEqual(
      rows(session), [#"person.json {name, tags, born}"#, #"name "Ada""#, "tags [2 items]", #"[0] "x""#, #"[1] "y""#, "born 1815"])
  }

  func testAnElementDroppedIntoAnObjectGetsAKeyAndUndoPutsItBack() throws {
    let path = try write(#"{"list": [true, false], "object": {"a": 1}}"#, to: "doc.json")
    var session = OutlineSession(document: try JSONFileDocument(path: path))
    session.expandAll()
    let before = rows(session)
    // Drag "[1] false" into "object" (row 4).
    XCTAssertEqual(session.label(ofRow: 4), "object")
    let dragged = session.nodesToDrag(fromRow: 3)
    let target = session.dropTarget(atRow: 4, fraction: 0.5, depth: nil)
    XCTAssertNotNil(session.move(dragged, to: target))
    XCTAssertEqual(rows(session), [#"doc.json {list, object}"#, "list [1 item]", "[0] true", "object {a, 1}", "a 1", "1 false"])
    XCTAssertEqual(session.undoName, "Move “[1]”")
    session.undo()
    XCTAssertEqual(rows(session), before)
  }

  func testScalarsTakeNoDrops() throws {
    let path = try write(#"[1, 2, 3]"#, to: "numbers.json")
    var session = OutlineSession(document: try JSONFileDocument(path: path))
    session.expandAll()
    // Into "[1] 2": a scalar takes no children, so the middle of its row
    // drops after it.
    let target = session.dropTarget(atRow: 2, fraction: 0.5, depth: nil)
    XCTAssertEqual(target.parent, session.outline.roots[0])
    XCTAssertEqual(target.index, 2)
  }

  func testJSONLinesRootsAreLines() throws {
    let path = try write("{\"a\": 1}\n[2]\n", to: "events.jsonl")
    let session = OutlineSession(document: try JSONFileDocument(path: path))
    XCTAssertEqual(rows(session), ["line 1 {a}", "line 2 [1 item]"])
  }

  func testSearchFindsKeysAndValues() throws {
    let path = try write(#"{"people": [{"name": "Ada"}, {"name": "Grace"}]}"#, to: "people.json")
    var session = OutlineSession(document: try JSONFileDocument(path: path))
    session.search("grace")
    XCTAssertEqual(session.outline.rowCount, 4)
    XCTAssertEqual(session.label(ofRow: 3), "name")
  }

  func testAFileThatIsNotJSONThrowsNamingTheLineAndColumn() throws {
    let path = try write("{\n  \"a\": tru\n}", to: "broken.json")
    XCTAssertThrowsError(try DocumentFile.open(path)) { error in
      XCTAssertEqual("\(error)", "line 2, column 8: expected a value, found 'tru'")
    }
  }
}
