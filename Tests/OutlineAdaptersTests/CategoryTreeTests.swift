import Foundation
import OutlineKit
import XCTest

@testable import OutlineAdapters

/// The sample catalog:
///
/// Books: Fiction (Mystery, Science fiction, Poetry), Non-fiction (History, Science (Astronomy, Botany)), Rare editions (lazy)
/// Music: Vinyl, Sheet music
/// Garden (lazy)
final class CategoryTreeTests: XCTestCase {
  func sampleTree(_ style: SectionHeaderStyle = .header, keep: Bool = false) throws -> CategoryTree {
    CategoryTree(catalog: try CategoryCatalog.sample(), headerStyle: style, keepsPreviousCellExpanded: keep)
  }

  func names(_ tree: CategoryTree, section: Int) -> [String] {
    (0 ..< tree.numberOfRows(inSection: section)).map { tree[tree.id(at: path(section, $0))].name }
  }

  // MARK: Mapping

  func testSectionsAreHeadersAndStartClosed() throws {
    let tree = try sampleTree()
    XCTAssertEqual(tree.numberOfSections, 3)
    XCTAssertEqual((0 ..< 3).map { tree.header(ofSection: $0).name }, ["Books", "Music", "Garden"])
    XCTAssertEqual((0 ..< 3).map { tree.header(ofSection: $0).imageName }, ["book", "music.note", "leaf"])
    XCTAssertEqual((0 ..< 3).map { tree.header(ofSection: $0).count }, [124, 58, 19])
    XCTAssertEqual((0 ..< 3).map(tree.numberOfRows(inSection:)), [0, 0, 0])
    XCTAssertEqual(tree.outline.nodeCount, 15)
    XCTAssertFalse(tree.keepsPreviousCellExpanded)
    XCTAssertEqual(tree.outline.expansionPolicy, .exclusiveSiblings)
  }

  func testOpeningASectionShowsItsSubcategories() throws {
    var tree = try sampleTree()
    let update = tree.toggleSection(0)
    XCTAssertEqual(update, CategoryTreeUpdate(change: SectionedChange(reloadedSections: [0], insertedRows: [path(0, 0), path(0, 1), path(0, 2)])))
    XCTAssertEqual(names(tree, section: 0), ["Fiction", "Non-fiction", "Rare editions"])
    XCTAssertEqual(tree[tree.id(at: path(0, 0))], CategoryNode(name: "Fiction", count: 71))
    XCTAssertNil(tree[tree.id(at: path(0, 0))].imageName)
  }

  func testOpeningASectionClosesTheOpenOne() throws {
    var tree = try sampleTree()
    tree.toggleSection(0)
    let update = tree.toggleSection(1)
    XCTAssertEqual(
      update.change,
      SectionedChange(
        reloadedSections: [0, 1], deletedRows: [path(0, 0), path(0, 1), path(0, 2)], insertedRows: [path(1, 0), path(1, 1)]))
    XCTAssertNil(update.loadRequest)
    XCTAssertEqual((0 ..< 3).map(tree.numberOfRows(inSection:)), [0, 2, 0])
    let close = tree.toggleSection(1)
    XCTAssertEqual(close.change, SectionedChange(reloadedSections: [1], deletedRows: [path(1, 0), path(1, 1)]))
  }

  func testOpeningASubcategoryClosesItsOpenSibling() throws {
    var tree = try sampleTree()
    tree.toggleSection(0)
    tree.toggle(at: path(0, 0))
    XCTAssertEqual(names(tree, section: 0), ["Fiction", "Mystery", "Science fiction", "Poetry", "Non-fiction", "Rare editions"])
    let update = tree.toggle(at: path(0, 4))
    XCTAssertEqual(
      update.change,
      SectionedChange(
        deletedRows: [path(0, 1), path(0, 2), path(0, 3)], insertedRows: [path(0, 2), path(0, 3)],
        reloadedRows: [path(0, 0), path(0, 4)]))
    XCTAssertEqual(names(tree, section: 0), ["Fiction", "Non-fiction", "History", "Science", "Rare editions"])
  }

  func testKeepingThePreviousCellExpanded() throws {
    var tree = try sampleTree(keep: true)
    XCTAssertEqual(tree.outline.expansionPolicy, .independent)
    tree.toggleSection(0)
    tree.toggleSection(1)
    XCTAssertEqual((0 ..< 3).map(tree.numberOfRows(inSection:)), [3, 2, 0])
    tree.keepsPreviousCellExpanded = false
    XCTAssertEqual((0 ..< 3).map(tree.numberOfRows(inSection:)), [3, 2, 0], "changing the policy changes no row")
    tree.toggleSection(0)
    tree.toggleSection(0)
    XCTAssertEqual((0 ..< 3).map(tree.numberOfRows(inSection:)), [3, 0, 0])
  }

  func testSubSubcategoriesToAnyDepth() throws {
    var tree = try sampleTree()
    let astronomy = try XCTUnwrap(tree.id(named: ["Books", "Non-fiction", "Science", "Astronomy"]))
    XCTAssertEqual(tree.outline.depth(of: astronomy), 3)
    XCTAssertNil(tree.id(named: ["Books", "Non-fiction", "Nope"]))
    XCTAssertNil(tree.id(named: []))
    tree.toggleSection(0)
    tree.toggle(at: path(0, 1))
    tree.toggle(at: path(0, 3))
    XCTAssertEqual(names(tree, section: 0), ["Fiction", "Non-fiction", "History", "Science", "Astronomy", "Botany", "Rare editions"])
    XCTAssertEqual(tree.indexPath(of: astronomy), path(0, 4))
  }

  func testSectionsAsFirstRows() throws {
    var tree = try sampleTree(.firstRow)
    XCTAssertEqual((0 ..< 3).map(tree.numberOfRows(inSection:)), [1, 1, 1])
    let update = tree.toggle(at: path(0, 0))
    XCTAssertEqual(update.change, SectionedChange(insertedRows: [path(0, 1), path(0, 2), path(0, 3)], reloadedRows: [path(0, 0)]))
    XCTAssertEqual(names(tree, section: 0), ["Books", "Fiction", "Non-fiction", "Rare editions"])
    let other = tree.toggle(at: path(1, 0))
    XCTAssertEqual(
      other.change,
      SectionedChange(
        deletedRows: [path(0, 1), path(0, 2), path(0, 3)], insertedRows: [path(1, 1), path(1, 2)],
        reloadedRows: [path(0, 0), path(1, 0)]))
  }

  func testDisclosureShowsForChildrenOrChildrenToLoad() throws {
    let tree = try sampleTree()
    XCTAssertTrue(tree.isExpandable(try XCTUnwrap(tree.id(named: ["Books", "Fiction"]))))
    XCTAssertTrue(tree.isExpandable(try XCTUnwrap(tree.id(named: ["Books", "Rare editions"]))))
    XCTAssertFalse(tree.isExpandable(try XCTUnwrap(tree.id(named: ["Books", "Fiction", "Mystery"]))))
  }

  func testTheTreeGivesItsCatalogBack() throws {
    let catalog = try CategoryCatalog.sample()
    var tree = CategoryTree(catalog: catalog)
    XCTAssertEqual(tree.catalog(), catalog)
    let rare = try XCTUnwrap(tree.id(named: ["Books", "Rare editions"]))
    tree.toggle(rare) { _ in [.init(name: "Folios", count: 2)] }
    var expected = catalog
    expected.sections[0].subcategories[2] = .init(name: "Rare editions", count: 7, subcategories: [.init(name: "Folios", count: 2)])
    XCTAssertEqual(tree.catalog(), expected)
  }

  func testJSONErrorsSurfaceFromTheTree() {
    let error = catalogError { _ = try CategoryTree(json: Data(#"{"sections": [{"name": "A"}]}"#.utf8)) }
    XCTAssertEqual(error?.path, "sections[0].count")
  }

  func testRemovingANode() throws {
    var tree = try sampleTree()
    tree.toggleSection(0)
    let change = tree.remove(try XCTUnwrap(tree.id(named: ["Books", "Non-fiction"])))
    XCTAssertEqual(change, SectionedChange(deletedRows: [path(0, 1)]))
    XCTAssertEqual(names(tree, section: 0), ["Fiction", "Rare editions"])
    XCTAssertEqual(tree.outline.nodeCount, 10)
  }

  func testCollapseAll() throws {
    var tree = try sampleTree(keep: true)
    tree.toggleSection(0)
    tree.toggleSection(1)
    let change = tree.collapseAll()
    XCTAssertEqual(
      change, SectionedChange(reloadedSections: [0, 1], deletedRows: [path(0, 0), path(0, 1), path(0, 2), path(1, 0), path(1, 1)]))
  }
}
