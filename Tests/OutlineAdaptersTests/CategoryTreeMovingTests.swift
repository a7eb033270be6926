import Foundation
import OutlineKit
import XCTest

@testable import OutlineAdapters

/// Moving categories on the sample catalog (see CategoryTreeTests), and
/// the catalog saved after the moves.
final class CategoryTreeMovingTests: XCTestCase {
  func sampleTree() throws -> CategoryTree {
    var tree = CategoryTree(catalog: try CategoryCatalog.sample(), headerStyle: .firstRow, keepsPreviousCellExpanded: true)
    tree.outline.expandAll()
    return tree
  }

  func id(_ tree: CategoryTree, _ path: String...) -> CategoryTree.NodeID {
    tree.id(named: path)!
  }

  /// The catalog as nested names: `Books(Fiction(Mystery ...) ...)`.
  func shape(_ catalog: CategoryCatalog) -> String {
    func sub(_ s: CategoryCatalog.Subcategory) -> String {
      s.subcategories.isEmpty ? s.name : "\(s.name)(\(s.subcategories.map(sub).joined(separator: ", ")))"
    }
    return catalog.sections.map { s in
      s.subcategories.isEmpty ? s.name : "\(s.name)(\(s.subcategories.map(sub).joined(separator: ", ")))"
    }.joined(separator: "; ")
  }

  func testMovingWithinASectionAcrossSectionsAndToTheTopLevel() throws {
    var tree = try sampleTree()
    let science = id(tree, "Books", "Non-fiction", "Science")
    // Within a section: Poetry before Mystery.
    try tree.move([id(tree, "Books", "Fiction", "Poetry")], to: .init(parent: id(tree, "Books", "Fiction"), index: 0))
    // Across sections: Science (with its two subcategories) into Music, last.
    try tree.move([science], to: .init(parent: id(tree, "Music"), index: 2))
    // To the top level: Vinyl becomes a section after Books.
    try tree.move([id(tree, "Music", "Vinyl")], to: .init(parent: nil, index: 1))
    XCTAssertEqual(
      shape(tree.catalog()),
      "Books(Fiction(Poetry, Mystery, Science fiction), Non-fiction(History), Rare editions); Vinyl; Music(Sheet music, Science(Astronomy, Botany)); Garden")
    // The moved categories are known by their new paths, and kept their handles.
    XCTAssertEqual(tree.id(named: ["Music", "Science", "Botany"]), tree.outline.children(of: science)[1])
    XCTAssertEqual(tree[science].identity.description, "Music / Science")
    XCTAssertNil(tree.id(named: ["Books", "Non-fiction", "Science"]))
    XCTAssertEqual(tree.header(ofSection: 1).name, "Vinyl")
    XCTAssertEqual(tree.header(ofSection: 1).imageName, nil)
  }

  func testTheSavedCatalogReadsBackAsTheMovedTree() throws {
    var tree = try sampleTree()
    try tree.move(
      [id(tree, "Books", "Fiction", "Mystery"), id(tree, "Music", "Sheet music"), id(tree, "Books", "Rare editions")],
      to: .init(parent: id(tree, "Garden"), index: 0))
    let saved = try tree.catalog().jsonData()
    let reread = CategoryTree(catalog: try CategoryCatalog(json: saved))
    XCTAssertEqual(reread.catalog(), tree.catalog())
    XCTAssertEqual(
      shape(reread.catalog()),
      "Books(Fiction(Science fiction, Poetry), Non-fiction(History, Science(Astronomy, Botany))); Music(Vinyl); Garden(Mystery, Rare editions, Sheet music)")
    // Rare editions is still lazy (not loaded), and so is Garden, which now
    // has children.
    let rare = reread.catalog().sections[2].subcategories[1]
    XCTAssertEqual(rare.name, "Rare editions")
    XCTAssertTrue(rare.isLazy)
    // The identities of the re-read tree are the moved tree's.
    var stack = Array(tree.outline.roots)
    while let node = stack.popLast() {
      let path = tree[node].identity.path.map(\.name)
      XCTAssertNotNil(reread.id(named: path), "\(path)")
      stack += tree.outline.children(of: node)
    }
  }

  func testSameNamedSiblingsAreRenumbered() throws {
    var catalog = try CategoryCatalog.sample()
    catalog.sections[1].subcategories.append(.init(name: "Vinyl", count: 3))
    var tree = CategoryTree(catalog: catalog)
    let first = tree.id(named: ["Music", "Vinyl"])!
    let second = tree.outline.children(of: tree.id(named: ["Music"])!)[2]
    XCTAssertEqual(tree[second].identity.description, "Music / Vinyl[2]")
    try tree.move([first], to: .init(parent: tree.id(named: ["Books"])!, index: 0))
    XCTAssertEqual(tree[second].identity.description, "Music / Vinyl")
    XCTAssertEqual(tree[first].identity.description, "Books / Vinyl")
  }

  func testRefusedMovesSayWhyAndChangeNothing() throws {
    var tree = try sampleTree()
    let before = tree.catalog()
    let books = id(tree, "Books")
    let fiction = id(tree, "Books", "Fiction")
    XCTAssertFalse(tree.canMove([books], to: .init(parent: id(tree, "Music"), index: 0)))
    XCTAssertThrowsError(try tree.move([books], to: .init(parent: id(tree, "Music"), index: 0))) {
      XCTAssertEqual("\($0)", "cannot move the section Books into Music: sections move among the sections only")
    }
    XCTAssertThrowsError(try tree.move([fiction], to: .init(parent: id(tree, "Books", "Fiction", "Poetry"), index: 0))) {
      XCTAssertEqual("\($0)", "cannot move Fiction into Poetry, which is inside it")
    }
    XCTAssertEqual(tree.catalog(), before)
    // Sections reorder among themselves.
    XCTAssertTrue(tree.canMove([books], to: .init(parent: nil, index: 3)))
    try tree.move([books], to: .init(parent: nil, index: 3))
    XCTAssertEqual(tree.catalog().sections.map(\.name), ["Music", "Garden", "Books"])
  }

  func testTheChangeIsInSectionForm() throws {
    var tree = try sampleTree()
    // Vinyl (Music's first row after its header row) to the end of Books.
    let change = try tree.move([id(tree, "Music", "Vinyl")], to: .init(parent: id(tree, "Books"), index: 3))
    XCTAssertEqual(change.deletedRows, [OutlineIndexPath(section: 1, row: 1)])
    XCTAssertEqual(change.insertedRows, [OutlineIndexPath(section: 0, row: 11)])
  }
}
