import Foundation
import OutlineKit
import XCTest

@testable import OutlineAdapters

/// Searching the sample catalog by name:
///
/// Books: Fiction (Mystery, Science fiction, Poetry), Non-fiction (History, Science (Astronomy, Botany)), Rare editions (lazy)
/// Music: Vinyl, Sheet music
/// Garden (lazy)
final class CategoryTreeSearchTests: XCTestCase {
  func sampleTree(_ style: SectionHeaderStyle = .header) throws -> CategoryTree {
    CategoryTree(catalog: try CategoryCatalog.sample(), headerStyle: style)
  }

  /// Every section's name, then its rows' names.
  func shown(_ tree: CategoryTree) -> [[String]] {
    (0 ..< tree.numberOfSections).map { section in
      [tree.header(ofSection: section).name]
        + (0 ..< tree.numberOfRows(inSection: section)).map { tree[tree.id(at: path(section, $0))].name }
    }
  }

  func testASearchShowsTheMatchesWithTheirPathsOpen() throws {
    var tree = try sampleTree()
    let change = tree.search(for: "sci")
    XCTAssertEqual(tree.searchText, "sci")
    XCTAssertEqual(shown(tree), [["Books", "Fiction", "Science fiction", "Non-fiction", "Science"]])
    XCTAssertEqual(tree.matchCount, 2)
    XCTAssertTrue(tree.isMatch(tree.id(named: ["Books", "Fiction", "Science fiction"])!))
    XCTAssertFalse(tree.isMatch(tree.id(named: ["Books", "Fiction"])!), "a path, not a match")
    XCTAssertEqual(change.deletedSections, [1, 2])
    XCTAssertEqual(change.reloadedSections, [0], "Books opened")
    XCTAssertEqual(change.insertedRows, [path(0, 0), path(0, 1), path(0, 2), path(0, 3)])
  }

  func testMatchingIgnoresCaseAndDiacritics() throws {
    XCTAssertEqual(CategoryTree.matchedRange(of: "SCI", in: "Science").map { "Science"[$0] }, "Sci")
    XCTAssertEqual(CategoryTree.matchedRange(of: "cafe", in: "Le Café").map { "Le Café"[$0] }, "Café")
    XCTAssertNil(CategoryTree.matchedRange(of: "", in: "Science"))
    XCTAssertNil(CategoryTree.matchedRange(of: "xyz", in: "Science"))
  }

  func testClearingRestoresTheAccordionAsTheUserLeftIt() throws {
    var tree = try sampleTree()
    tree.toggleSection(1)  // Music open
    let before = shown(tree)
    tree.search(for: "o")
    tree.search(for: "bo")  // as the user types: Botany
    XCTAssertEqual(shown(tree), [["Books", "Non-fiction", "Science", "Botany"]])
    let change = tree.clearSearch()
    XCTAssertNil(tree.searchText)
    XCTAssertEqual(shown(tree), before, "Music open again, what the search opened closed")
    XCTAssertEqual(change.insertedSections, [1, 2])
    XCTAssertEqual(tree.clearSearch(), SectionedChange(), "nothing to clear")
  }

  func testRowsTheUserTouchedWhileSearchingStayAsTheyAre() throws {
    var tree = try sampleTree()
    tree.search(for: "botany")
    let science = tree.id(named: ["Books", "Non-fiction", "Science"])!
    tree.collapse(science)
    tree.expand(science)
    tree.clearSearch()
    XCTAssertTrue(tree.isExpanded(science), "opened by the user")
    XCTAssertFalse(tree.isExpanded(tree.id(named: ["Books"])!), "opened by the search only")
  }

  func testAnEmptySearchClears() throws {
    var tree = try sampleTree()
    tree.search(for: "vinyl")
    XCTAssertEqual(shown(tree), [["Music", "Vinyl"]])
    tree.search(for: "")
    XCTAssertNil(tree.searchText)
    XCTAssertEqual(shown(tree), [["Books"], ["Music"], ["Garden"]])
  }

  func testLazyCategoriesAreSearchedByTheirOwnNameOnly() throws {
    var tree = try sampleTree()
    tree.search(for: "garden")
    XCTAssertEqual(shown(tree), [["Garden"]])
    tree.search(for: "rose")  // would be in Garden's subcategories, which are not loaded
    XCTAssertEqual(tree.numberOfSections, 0)
    XCTAssertEqual(tree.matchCount, 0)
  }

  func testSubcategoriesLoadedDuringASearchAreJudged() throws {
    var tree = try sampleTree()
    tree.search(for: "rare")
    let rare = tree.id(named: ["Books", "Rare editions"])!
    let request = tree.expand(rare).loadRequest!
    let completion = tree.finishLoading(
      request,
      with: .success([.init(name: "First editions", count: 4), .init(name: "Rare maps", count: 3)]))
    XCTAssertEqual(completion.outcome, .revealed)
    XCTAssertEqual(shown(tree), [["Books", "Rare editions", "Rare maps"]], "First editions does not match")
  }

  func testSearchingWithFirstRowSections() throws {
    var tree = try sampleTree(.firstRow)
    tree.search(for: "sheet")
    XCTAssertEqual(tree.numberOfSections, 1)
    XCTAssertEqual(tree.numberOfRows(inSection: 0), 2, "Music and Sheet music")
  }
}
