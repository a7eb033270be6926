import Foundation
import OutlineKit
import XCTest

@testable import OutlineAdapters

/// Undo and redo of moves, deletions, renames and reloads on the sample
/// catalog (see CategoryTreeTests), each checked through the catalog the
/// tree saves and the categories' handles.
final class CategoryTreeUndoTests: XCTestCase {
  func sampleTree() throws -> CategoryTree {
    var tree = CategoryTree(catalog: try CategoryCatalog.sample(), headerStyle: .firstRow, keepsPreviousCellExpanded: true)
    tree.outline.expandAll()
    return tree
  }

  func id(_ tree: CategoryTree, _ path: String...) -> CategoryTree.NodeID { tree.id(named: path)! }

  func testEveryEditUndoesAndRedoes() throws {
    var tree = try sampleTree()
    let original = tree.catalog()
    let science = id(tree, "Books", "Non-fiction", "Science")
    var catalogs = [original]
    try tree.move([science, id(tree, "Music", "Vinyl")], to: .init(parent: nil, index: 0))
    catalogs.append(tree.catalog())
    tree.rename(id(tree, "Books", "Fiction"), to: "Novels")
    catalogs.append(tree.catalog())
    tree.remove(id(tree, "Books", "Novels", "Poetry"))
    catalogs.append(tree.catalog())
    var newer = tree.catalog()
    newer.sections[0].count = 5
    newer.sections.removeLast()
    try tree.update(catalog: newer)
    catalogs.append(tree.catalog())
    XCTAssertEqual(tree.undoName, "reload")
    for (k, expected) in catalogs.dropLast().enumerated().reversed() {
      XCTAssertNotNil(tree.undo(), "undo \(k)")
      XCTAssertEqual(tree.catalog(), expected, "after undoing to \(k)")
    }
    XCTAssertNil(tree.undo())
    XCTAssertFalse(tree.canUndo)
    // The same handles: Science is back under Non-fiction, open.
    XCTAssertEqual(tree.id(named: ["Books", "Non-fiction", "Science"]), science)
    XCTAssertTrue(tree.isExpanded(science))
    XCTAssertEqual(tree.redoName, "move 2 categories")
    for (k, expected) in catalogs.enumerated().dropFirst() {
      XCTAssertNotNil(tree.redo(), "redo \(k)")
      XCTAssertEqual(tree.catalog(), expected, "after redoing to \(k)")
    }
    XCTAssertFalse(tree.canRedo)
  }

  func testARenameChangesTheIdentitiesBelow() throws {
    var tree = try sampleTree()
    let mystery = id(tree, "Books", "Fiction", "Mystery")
    tree.rename(id(tree, "Books", "Fiction"), to: "Novels")
    XCTAssertEqual(tree[mystery].identity.description, "Books / Novels / Mystery")
    tree.undo()
    XCTAssertEqual(tree[mystery].identity.description, "Books / Fiction / Mystery")
  }

  func testALazyLoadJoinsTheStepBeforeIt() throws {
    var tree = try sampleTree()
    tree.outline.collapseAll()
    try tree.move([id(tree, "Music", "Vinyl")], to: .init(parent: id(tree, "Books"), index: 0))
    let rare = id(tree, "Books", "Rare editions")
    let request = try XCTUnwrap(tree.expand(rare).loadRequest)
    tree.finishLoading(request, with: .success([.init(name: "Incunabula", count: 2)]))
    XCTAssertEqual(tree.outline.children(of: rare).count, 1)
    XCTAssertEqual(tree.undoName, "move Vinyl")
    // One undo takes the move and the load back; the category loads again.
    tree.undo()
    XCTAssertEqual(tree.outline.children(of: rare).count, 0)
    XCTAssertEqual(tree[rare].loadState, .notLoaded)
    XCTAssertNotNil(tree.id(named: ["Music", "Vinyl"]))
    XCTAssertFalse(tree.canUndo)
    // Loading with nothing to undo keeps no step.
    var fresh = try sampleTree()
    let garden = id(fresh, "Garden")
    let load = try XCTUnwrap(fresh.expand(garden).loadRequest)
    fresh.finishLoading(load, with: .success([.init(name: "Seeds", count: 1)]))
    XCTAssertFalse(fresh.canUndo)
  }
}
