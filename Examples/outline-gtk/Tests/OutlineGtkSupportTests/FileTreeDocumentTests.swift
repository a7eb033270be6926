import Foundation
import OutlineGtkSupport
import OutlineKit
import XCTest

final class FileTreeDocumentTests: XCTestCase {
  private var root: URL!

  override func setUpWithError() throws {
    root = FileManager.default.temporaryDirectory.appendingPathComponent("outline-gtk-\(UUID().uuidString)")
    for folder in ["docs/notes", "src", "empty"] {
      try FileManager.default.createDirectory(at: root.appendingPathComponent(folder), withIntermediateDirectories: true)
    }
    for (file, size) in [("docs/readme.txt", 1500), ("docs/notes/a.txt", 10), ("src/main.swift", 12_345)] {
      try Data(repeating: 65, count: size).write(to: root.appendingPathComponent(file))
    }
  }

  override func tearDownWithError() throws {
    try FileManager.default.removeItem(at: root)
  }

  private func labels(_ session: OutlineSession<FileTreeDocument>) -> [String] {
    (0 ..< session.outline.rowCount).map(session.label(ofRow:))
  }

  func testFoldersAreListedWhenTheyOpenByKeyOrTriangle() throws {
    var session = OutlineSession(document: try FileTreeDocument(path: root.path))
    XCTAssertEqual(Array(labels(session).dropFirst()), ["docs", "empty", "src"])
    session.navigate(.down)
    session.navigate(.down)
    XCTAssertTrue(session.document.canExpand(session.selection.focus!))
    let opened = session.navigate(.right)
    XCTAssertFalse(opened.outlineChange.isEmpty)
    XCTAssertEqual(Array(labels(session).dropFirst()), ["docs", "notes", "readme.txt", "empty", "src"])
    session.navigate(.right)
    XCTAssertEqual(session.label(ofRow: session.selection.focusedRow(in: session.outline)!), "notes")
    session.navigate(.left)
    session.navigate(.left)
    XCTAssertEqual(Array(labels(session).dropFirst()), ["docs", "empty", "src"])
    session.toggleExpansion(ofRow: 3)
    XCTAssertEqual(Array(labels(session).dropFirst()), ["docs", "empty", "src", "main.swift"])
    // A lazy listing reads names and kinds only: no sizes.
    XCTAssertNil(session.document.detail(of: session.outline.id(atRow: 4)))
  }

  func testADirectoryIsReadNotEdited() throws {
    var session = OutlineSession(document: try FileTreeDocument(path: root.path))
    XCTAssertFalse(session.document.isEditable)
    XCTAssertFalse(session.document.canExpandAll)
    XCTAssertEqual(session.nodesToDrag(fromRow: 1), [])
    XCTAssertTrue(session.expandAll().outlineChange.isEmpty)
    XCTAssertNil(session.undo())
    session.collapseAll()
    XCTAssertEqual(session.outline.rowCount, 1)
  }

  func testSearchGoesThroughTheTree() throws {
    var session = OutlineSession(document: try FileTreeDocument(path: root.path))
    session.toggleExpansion(ofRow: 3)
    session.search("main")
    XCTAssertEqual(Array(labels(session).dropFirst()), ["src", "main.swift"])
    session.search("")
    XCTAssertEqual(Array(labels(session).dropFirst()), ["docs", "empty", "src", "main.swift"])
  }

  func testAPathThatIsNotThereThrowsNamingIt() {
    XCTAssertThrowsError(try FileTreeDocument(path: root.appendingPathComponent("nowhere").path)) { error in
      XCTAssertTrue("\(error)".contains("nowhere"), "\(error)")
    }
  }
}
