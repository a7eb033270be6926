import Foundation
import OutlineKit
import XCTest

@testable import OutlineAdapters

/// `CategoryTree.update(catalog:)`: a newer catalog keeps open sections,
/// loaded lazy children and load states where identities (ids, or name
/// paths) match, and reports only what changed, in section form.
///
/// The sample catalog:
///
/// Books: Fiction (Mystery, Science fiction, Poetry), Non-fiction (History, Science (Astronomy, Botany)), Rare editions (lazy)
/// Music: Vinyl, Sheet music
/// Garden (lazy)
final class CategoryTreeUpdatingTests: XCTestCase {
  var catalog: CategoryCatalog!
  var tree: CategoryTree!

  override func setUpWithError() throws {
    catalog = try CategoryCatalog.sample()
    tree = CategoryTree(catalog: catalog, headerStyle: .header)
  }

  func id(_ names: String...) throws -> CategoryTree.NodeID {
    try XCTUnwrap(tree.id(named: names), "no \(names)")
  }

  func names(section: Int) -> [String] {
    (0 ..< tree.numberOfRows(inSection: section)).map { tree[tree.id(at: path(section, $0))].name }
  }

  /// Every node's identity and NodeID, to check that matched nodes keep theirs.
  func handles() -> [CategoryIdentity: CategoryTree.NodeID] {
    var result: [CategoryIdentity: CategoryTree.NodeID] = [:]
    var stack = Array(tree.outline.roots)
    while let id = stack.popLast() {
      result[tree[id].identity] = id
      stack += tree.outline.children(of: id)
    }
    return result
  }

  // MARK: Identity

  func testIdentitiesAreNamePathsOrIDs() throws {
    XCTAssertEqual(tree[try id("Books")].identity.description, "Books")
    XCTAssertEqual(tree[try id("Books", "Non-fiction", "Science", "Botany")].identity.description, "Books / Non-fiction / Science / Botany")
    XCTAssertNil(tree[try id("Books")].id)
    catalog.sections[0].id = "b"
    catalog.sections[0].subcategories[0].id = "fic"
    catalog.sections[0].subcategories.append(.init(name: "Fiction", count: 1))
    catalog.sections[0].subcategories.append(.init(name: "Fiction", count: 2))
    tree = CategoryTree(catalog: catalog)
    XCTAssertEqual(tree[try id("Books")].identity, CategoryIdentity(id: "b"))
    XCTAssertEqual(tree[try id("Books")].id, "b")
    XCTAssertEqual(tree[try id("Books", "Fiction")].identity.description, "#fic")
    XCTAssertEqual(tree[try id("Books", "Fiction", "Mystery")].identity.description, "#fic / Mystery")
    XCTAssertEqual(tree[try id("Books", "Non-fiction")].identity.description, "#b / Non-fiction")
    // Same-named siblings without ids are told apart by their order among themselves.
    let books = tree.outline.children(of: try id("Books"))
    XCTAssertEqual(books.map { tree[$0].identity.description }, ["#fic", "#b / Non-fiction", "#b / Rare editions", "#b / Fiction", "#b / Fiction[2]"])
    XCTAssertNil(tree[books[3]].id)
    // The catalog keeps the ids.
    XCTAssertEqual(tree.catalog(), catalog)
  }

  // MARK: No change, values

  func testAnEqualCatalogChangesNothing() throws {
    tree.toggleSection(0)
    tree.toggle(try id("Books", "Fiction"))
    let before = handles()
    XCTAssertEqual(try tree.update(catalog: catalog), SectionedChange())
    XCTAssertEqual(handles(), before)
    XCTAssertEqual(names(section: 0), ["Fiction", "Mystery", "Science fiction", "Poetry", "Non-fiction", "Rare editions"])
  }

  func testNewCountsAndImagesReloadTheirRowsOnly() throws {
    tree.toggleSection(0)
    tree.toggle(try id("Books", "Fiction"))
    let before = handles()
    catalog.sections[0].subcategories[0].subcategories[1].count = 26  // Science fiction, row 2
    catalog.sections[1].imageName = "music"  // Music's header
    catalog.sections[0].subcategories[1].subcategories[0].count = 21  // History: hidden, nothing to redraw
    let change = try tree.update(catalog: catalog)
    XCTAssertEqual(change, SectionedChange(reloadedSections: [1], reloadedRows: [path(0, 2)]))
    XCTAssertEqual(handles(), before)
    XCTAssertEqual(tree[try id("Books", "Fiction", "Science fiction")].count, 26)
    XCTAssertEqual(tree[try id("Books", "Non-fiction", "History")].count, 21)
    XCTAssertEqual(tree.header(ofSection: 1).imageName, "music")
  }

  // MARK: Structure

  func testReorderedSiblingsMoveOnlyTheRowsThatLeftTheirOrder() throws {
    tree.toggleSection(0)
    tree.toggle(try id("Books", "Fiction"))
    // Rows: Fiction, Mystery, Science fiction, Poetry, Non-fiction, Rare editions.
    catalog.sections[0].subcategories[0].subcategories.swapAt(0, 2)  // Poetry, Science fiction, Mystery
    let change = try tree.update(catalog: catalog)
    // One longest run in order stays (Science fiction, Mystery... or Poetry): two rows move.
    XCTAssertEqual(change.deletedRows.count, 2)
    XCTAssertEqual(change.insertedRows.count, 2)
    XCTAssertEqual(names(section: 0), ["Fiction", "Poetry", "Science fiction", "Mystery", "Non-fiction", "Rare editions"])
    XCTAssertTrue(tree.isExpanded(try id("Books", "Fiction")))
  }

  func testARenameWithoutAnIDIsANewCategoryAndWithOneTheSame() throws {
    tree.toggleSection(0)
    let fiction = try id("Books", "Fiction")
    tree.toggle(fiction)
    catalog.sections[0].subcategories[0].name = "Novels"
    var change = try tree.update(catalog: catalog)
    // Fiction and its three rows go; Novels comes, closed.
    XCTAssertEqual(change, SectionedChange(deletedRows: (0 ..< 4).map { path(0, $0) }, insertedRows: [path(0, 0)]))
    XCTAssertFalse(tree.outline.contains(fiction))
    let novels = try id("Books", "Novels")
    XCTAssertFalse(tree.isExpanded(novels))

    // With an id, a rename is a new value of the same category.
    catalog.sections[0].subcategories[0].id = "fic"
    tree = CategoryTree(catalog: catalog)
    tree.toggleSection(0)
    let withID = try id("Books", "Novels")
    tree.toggle(withID)
    catalog.sections[0].subcategories[0].name = "Fiction"
    change = try tree.update(catalog: catalog)
    XCTAssertEqual(change, SectionedChange(reloadedRows: [path(0, 0)]))
    XCTAssertEqual(tree[withID].name, "Fiction")
    XCTAssertTrue(tree.isExpanded(withID))
  }

  func testAnEntryWithAnIDMovesWithItsSubtreeAndState() throws {
    catalog.sections[0].subcategories[1].id = "nf"  // Non-fiction
    tree = CategoryTree(catalog: catalog, keepsPreviousCellExpanded: true)
    let nonFiction = try id("Books", "Non-fiction")
    let science = try id("Books", "Non-fiction", "Science")
    tree.toggleSection(0)
    tree.toggleSection(1)
    tree.toggle(nonFiction)
    tree.toggle(science)
    // Section 0: Fiction, Non-fiction, History, Science, Astronomy, Botany, Rare editions; section 1: Vinyl, Sheet music.
    var moved = catalog!
    let entry = moved.sections[0].subcategories.remove(at: 1)
    moved.sections[1].subcategories.append(entry)
    let change = try tree.update(catalog: moved)
    XCTAssertEqual(
      change,
      SectionedChange(deletedRows: (1 ... 5).map { path(0, $0) }, insertedRows: (2 ... 6).map { path(1, $0) }))
    XCTAssertEqual(tree.outline.parent(of: nonFiction), tree.outline.roots[1])
    XCTAssertEqual(tree.outline.parent(of: science), nonFiction)  // known as "#nf / Science": it went along
    XCTAssertTrue(tree.isExpanded(nonFiction))
    XCTAssertTrue(tree.isExpanded(science))
    XCTAssertEqual(names(section: 1), ["Vinyl", "Sheet music", "Non-fiction", "History", "Science", "Astronomy", "Botany"])
  }

  func testSectionsComeAndGo() throws {
    tree.toggleSection(1)
    var changed = catalog!
    changed.sections.remove(at: 0)
    changed.sections.append(.init(name: "Films", count: 3, imageName: "film", subcategories: [.init(name: "Drama", count: 3)]))
    let change = try tree.update(catalog: changed)
    XCTAssertEqual(change, SectionedChange(deletedSections: [0], insertedSections: [2]))
    XCTAssertEqual((0 ..< tree.numberOfSections).map { tree.header(ofSection: $0).name }, ["Music", "Garden", "Films"])
    XCTAssertEqual(names(section: 0), ["Vinyl", "Sheet music"])  // Music stays open
    XCTAssertEqual(tree.numberOfRows(inSection: 2), 0)  // Films arrives closed
  }

  // MARK: Lazy subcategories and loads

  func testLoadedLazyChildrenAreKeptWhileTheEntryIsLazy() throws {
    let rare = try id("Books", "Rare editions")
    tree.toggleSection(0)
    tree.toggle(rare) { _ in [.init(name: "Folios", count: 2, subcategories: [.init(name: "Quartos", count: 1)])] }
    let folios = try id("Books", "Rare editions", "Folios")
    XCTAssertEqual(tree[folios].identity.description, "Books / Rare editions / Folios")
    tree.toggle(folios)
    XCTAssertEqual(names(section: 0), ["Fiction", "Non-fiction", "Rare editions", "Folios", "Quartos"])
    // The file still says lazy: what was loaded stays, with its state.
    catalog.sections[0].subcategories[2].count = 8
    let change = try tree.update(catalog: catalog)
    XCTAssertEqual(change, SectionedChange(reloadedRows: [path(0, 2)]))
    XCTAssertEqual(tree[rare].loadState, .loaded)
    XCTAssertEqual(names(section: 0), ["Fiction", "Non-fiction", "Rare editions", "Folios", "Quartos"])
    XCTAssertTrue(tree.isExpanded(folios))
    // A catalog that lists them itself wins: Folios stays (same name path), Quartos goes.
    catalog.sections[0].subcategories[2].isLazy = false
    catalog.sections[0].subcategories[2].subcategories = [.init(name: "Folios", count: 2), .init(name: "Maps", count: 4)]
    try tree.update(catalog: catalog)
    XCTAssertEqual(names(section: 0), ["Fiction", "Non-fiction", "Rare editions", "Folios", "Maps"])
    XCTAssertEqual(tree.outline.children(of: folios).count, 0)
  }

  func testALoadUnderWayIsKeptForALazyEntryAndDroppedWhenTheCatalogListsTheChildren() throws {
    let rare = try id("Books", "Rare editions")
    tree.toggleSection(0)
    let request = try XCTUnwrap(tree.expand(rare).loadRequest)
    try tree.update(catalog: catalog)
    XCTAssertEqual(tree[rare].loadState, .loading)
    XCTAssertEqual(tree.finishLoading(request, with: .success([.init(name: "Folios", count: 2)])).outcome, .revealed)
    XCTAssertEqual(names(section: 0), ["Fiction", "Non-fiction", "Rare editions", "Folios"])

    // Garden is loading when a catalog listing its subcategories comes.
    let garden = try id("Garden")
    let second = try XCTUnwrap(tree.expand(garden).loadRequest)
    catalog.sections[2].isLazy = false
    catalog.sections[2].subcategories = [.init(name: "Bulbs", count: 4)]
    try tree.update(catalog: catalog)
    XCTAssertEqual(tree[garden].loadState, .loaded)
    XCTAssertEqual(tree.outline.children(of: garden).map { tree[$0].name }, ["Bulbs"])
    XCTAssertEqual(tree.finishLoading(second, with: .success([.init(name: "Seeds", count: 8)])).outcome, .dropped)
    XCTAssertEqual(tree.outline.children(of: garden).map { tree[$0].name }, ["Bulbs"])
  }

  func testALoadForACategoryThatWentIsDroppedAndAFailureIsKept() throws {
    let rare = try id("Books", "Rare editions")
    let garden = try id("Garden")
    tree.toggleSection(0)
    let request = try XCTUnwrap(tree.expand(rare).loadRequest)
    let failing = try XCTUnwrap(tree.expand(garden).loadRequest)
    tree.finishLoading(failing, with: .failure(LoadFailure()))
    catalog.sections[0].subcategories.remove(at: 2)
    try tree.update(catalog: catalog)
    XCTAssertFalse(tree.outline.contains(rare))
    XCTAssertEqual(tree.finishLoading(request, with: .success([])).outcome, .dropped)
    XCTAssertEqual(tree[garden].loadState, .failed("offline"))
  }

  // MARK: Search and accordion

  func testASearchInForceRunsAgainOverTheNewCatalog() throws {
    tree.search(for: "ery")  // Mystery, in Books / Fiction
    XCTAssertEqual(tree.matchCount, 1)
    catalog.sections[1].subcategories.append(.init(name: "Bakery records", count: 2))
    catalog.sections[0].subcategories[1].subcategories[1].subcategories.append(.init(name: "Geology", count: 3))
    // Sections with a match: Books (Fiction, Mystery) and Music (Bakery records), opened.
    let change = try tree.update(catalog: catalog)
    XCTAssertEqual(tree.matchCount, 2)
    XCTAssertEqual(tree.numberOfSections, 2)
    XCTAssertEqual(change.insertedSections, [1])
    XCTAssertEqual(names(section: 1), ["Bakery records"])
    XCTAssertEqual(names(section: 0), ["Fiction", "Mystery"])
    // Clearing the search closes what it opened, Music included.
    tree.clearSearch()
    XCTAssertEqual((0 ..< 3).map(tree.numberOfRows(inSection:)), [0, 0, 0])
  }

  func testTheAccordionClosesAnOpenCategoryThatMovesNextToAnOpenSibling() throws {
    catalog.sections[1].subcategories[0].id = "vinyl"
    catalog.sections[1].subcategories[0].subcategories = [.init(name: "LPs", count: 20)]
    for keep in [false, true] {
      tree = CategoryTree(catalog: catalog, keepsPreviousCellExpanded: keep)
      let fiction = try id("Books", "Fiction")
      let vinyl = try id("Music", "Vinyl")
      tree.toggle(fiction)
      tree.toggle(vinyl)
      var moved = catalog!
      moved.sections[0].subcategories.append(moved.sections[1].subcategories.remove(at: 0))
      try tree.update(catalog: moved)
      XCTAssertEqual(tree.outline.parent(of: vinyl), tree.outline.roots[0])
      XCTAssertTrue(tree.isExpanded(fiction), "keep \(keep)")
      XCTAssertEqual(tree.isExpanded(vinyl), keep, "keep \(keep)")
    }
  }

  // MARK: Errors

  func testRepeatedIDsThrowWithTheJSONPathAndChangeNothing() throws {
    tree.toggleSection(0)
    let before = handles()
    catalog.sections[0].subcategories[0].id = "x"
    catalog.sections[1].subcategories[1].id = "x"
    XCTAssertThrowsError(try tree.update(catalog: catalog)) { error in
      XCTAssertEqual(
        "\(error)", #"sections[1].subcategories[1].id: the id "x" is already the id of sections[0].subcategories[0]"#)
    }
    XCTAssertEqual(handles(), before)
    XCTAssertEqual(tree.numberOfRows(inSection: 0), 3)

    let json = #"{"sections": [{"id": "a", "name": "A", "count": 1, "imageName": "i"}, {"id": "a", "name": "B", "count": 1, "imageName": "i"}]}"#
    XCTAssertThrowsError(try tree.update(json: Data(json.utf8))) { error in
      XCTAssertEqual("\(error)", #"sections[1].id: the id "a" is already the id of sections[0]"#)
    }
    XCTAssertThrowsError(try CategoryCatalog(json: Data(json.utf8)))
    XCTAssertEqual(handles(), before)
  }

  func testBadIDsAndBadJSONThrowAndChangeNothing() throws {
    let before = handles()
    let cases = [
      (#"{"sections": [{"id": "", "name": "A", "count": 1, "imageName": "i"}]}"#, "sections[0].id: an id must not be empty"),
      (#"{"sections": [{"name": "A", "count": 1, "imageName": "i", "subcategories": [{"id": 7, "name": "B", "count": 0}]}]}"#,
       "sections[0].subcategories[0].id: expected String, found something else"),
    ]
    for (json, message) in cases {
      XCTAssertThrowsError(try tree.update(json: Data(json.utf8))) { XCTAssertEqual("\($0)", message) }
    }
    XCTAssertThrowsError(try tree.update(json: Data("{".utf8))) { XCTAssertTrue("\($0)".hasPrefix("not valid JSON")) }
    XCTAssertEqual(handles(), before)
  }

  func testIDsRoundTripThroughJSON() throws {
    catalog.sections[2].id = "garden"
    catalog.sections[0].subcategories[1].subcategories[0].id = "history"
    let data = try catalog.jsonData()
    XCTAssertTrue(String(decoding: data, as: UTF8.self).contains(#""id" : "history""#))
    XCTAssertEqual(try CategoryCatalog(json: data), catalog)
  }
}

final class CategoryTreeControllerUpdatingTests: XCTestCase {
  @MainActor
  func testAnUpdateDuringAnAsyncLoadKeepsItForALazyEntry() async throws {
    let gate = LoadGate()
    var catalog = try CategoryCatalog.sample()
    let controller = CategoryTreeController(tree: CategoryTree(catalog: catalog)) { node in try await gate.load(node.name) }
    var changes: [SectionedChange] = []
    controller.onChange = { changes.append($0) }
    await controller.toggleSection(0)
    let task = Task { await controller.toggle(at: path(0, 2)) }
    await gate.waitForLoad("Rare editions")
    catalog.sections[0].subcategories[0].count = 70
    try controller.update(catalog: catalog)
    XCTAssertEqual(changes.last, SectionedChange(reloadedRows: [path(0, 0)]))
    await gate.answer("Rare editions", with: .success([.init(name: "Folios", count: 2)]))
    let outcome = await task.value
    XCTAssertEqual(outcome, .revealed)
    XCTAssertEqual(changes.last, SectionedChange(insertedRows: [path(0, 3)], reloadedRows: [path(0, 2)]))
    // An equal catalog reports nothing.
    let count = changes.count
    catalog.sections[0].subcategories[2] = .init(name: "Rare editions", count: 7, isLazy: true)
    try controller.update(catalog: catalog)
    XCTAssertEqual(changes.count, count)
  }
}
