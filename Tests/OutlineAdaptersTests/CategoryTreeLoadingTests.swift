import Foundation
import OutlineKit
import XCTest

@testable import OutlineAdapters

struct LoadFailure: Error, CustomStringConvertible {
  var description: String { "offline" }
}

/// Lazy subcategories: "Rare editions" (under Books) and the Garden section
/// are marked lazy in the sample.
final class CategoryTreeLoadingTests: XCTestCase {
  var tree: CategoryTree!
  var rare: CategoryTree.NodeID!

  override func setUpWithError() throws {
    tree = CategoryTree(catalog: try CategoryCatalog.sample())
    rare = try XCTUnwrap(tree.id(named: ["Books", "Rare editions"]))
    tree.toggleSection(0)  // Fiction, Non-fiction, Rare editions
  }

  let folios: [CategoryCatalog.Subcategory] = [
    .init(name: "Folios", count: 2, subcategories: [.init(name: "Shakespeare", count: 1)]),
    .init(name: "Incunabula", count: 5, isLazy: true),
  ]

  // MARK: Synchronous loader

  func testASynchronousLoaderRunsOnFirstExpansion() {
    var seen: [CategoryNode] = []
    let change = tree.toggle(rare) { node in
      seen.append(node)
      return self.folios
    }
    XCTAssertEqual(seen, [CategoryNode(name: "Rare editions", count: 7, loadState: .loading)])
    XCTAssertEqual(change, SectionedChange(insertedRows: [path(0, 3), path(0, 4)], reloadedRows: [path(0, 2)]))
    XCTAssertEqual(tree[rare].loadState, .loaded)
    XCTAssertEqual(tree.outline.children(of: rare).map { tree[$0].name }, ["Folios", "Incunabula"])
    XCTAssertEqual(tree.outline.children(of: tree.outline.children(of: rare)[0]).map { tree[$0].name }, ["Shakespeare"])
    XCTAssertEqual(tree[tree.outline.children(of: rare)[1]].loadState, .notLoaded)
    // Loaded once: collapsing and expanding again calls no loader.
    tree.toggle(rare) { _ in XCTFail("loaded twice"); return [] }
    let again = tree.toggle(rare) { _ in XCTFail("loaded twice"); return [] }
    XCTAssertEqual(again, SectionedChange(insertedRows: [path(0, 3), path(0, 4)], reloadedRows: [path(0, 2)]))
  }

  func testASynchronousFailureLeavesARetryableErrorState() {
    let failed = tree.toggle(rare) { _ in throw LoadFailure() }
    XCTAssertEqual(failed, SectionedChange(reloadedRows: [path(0, 2)]))
    XCTAssertEqual(tree[rare].loadState, .failed("offline"))
    XCTAssertFalse(tree.isExpanded(rare))
    XCTAssertEqual(tree.outline.children(of: rare).count, 0)
    let retried = tree.toggle(rare) { _ in self.folios }
    XCTAssertEqual(retried, SectionedChange(insertedRows: [path(0, 3), path(0, 4)], reloadedRows: [path(0, 2)]))
    XCTAssertEqual(tree[rare].loadState, .loaded)
  }

  func testANodeWithNothingToLoadExpandsWithoutTheLoader() {
    let fiction = tree.id(at: path(0, 0))
    let change = tree.toggle(fiction) { _ in XCTFail("no load needed"); return [] }
    XCTAssertEqual(change, SectionedChange(insertedRows: [path(0, 1), path(0, 2), path(0, 3)], reloadedRows: [path(0, 0)]))
  }

  // MARK: Two phases

  func testExpandingMarksTheNodeLoadingAndReturnsARequest() throws {
    let update = tree.expand(rare)
    XCTAssertEqual(update.change, SectionedChange(reloadedRows: [path(0, 2)]))
    let request = try XCTUnwrap(update.loadRequest)
    XCTAssertEqual(request.node, rare)
    XCTAssertEqual(tree[rare].loadState, .loading)
    XCTAssertTrue(tree.isExpanded(rare))

    let completion = tree.finishLoading(request, with: .success(folios))
    XCTAssertEqual(
      completion, CategoryLoadCompletion(change: SectionedChange(insertedRows: [path(0, 3), path(0, 4)], reloadedRows: [path(0, 2)]), outcome: .revealed))
    XCTAssertEqual(tree[rare].loadState, .loaded)
  }

  func testExpandingANodeThatIsLoadingStartsNoSecondLoad() throws {
    let request = try XCTUnwrap(tree.expand(rare).loadRequest)
    tree.collapse(rare)
    let again = tree.expand(rare)
    XCTAssertNil(again.loadRequest)
    XCTAssertEqual(again.change, SectionedChange(reloadedRows: [path(0, 2)]))
    XCTAssertEqual(tree.finishLoading(request, with: .success(folios)).outcome, .revealed)
  }

  func testAnAnswerAfterTheNodeWasCollapsedIsStoredWithoutRows() throws {
    let request = try XCTUnwrap(tree.expand(rare).loadRequest)
    XCTAssertEqual(tree.collapse(rare), SectionedChange(reloadedRows: [path(0, 2)]))
    let completion = tree.finishLoading(request, with: .success(folios))
    XCTAssertEqual(completion, CategoryLoadCompletion(change: SectionedChange(reloadedRows: [path(0, 2)]), outcome: .storedHidden))
    XCTAssertEqual(tree.numberOfRows(inSection: 0), 3)
    XCTAssertEqual(tree.outline.children(of: rare).count, 2)
    XCTAssertEqual(tree[rare].loadState, .loaded)
    // Expanding later shows them, with no load.
    let update = tree.expand(rare)
    XCTAssertNil(update.loadRequest)
    XCTAssertEqual(update.change, SectionedChange(insertedRows: [path(0, 3), path(0, 4)], reloadedRows: [path(0, 2)]))
  }

  func testAnAnswerAfterItsSectionWasClosedIsStoredWithoutRows() throws {
    let request = try XCTUnwrap(tree.expand(rare).loadRequest)
    tree.toggleSection(1)  // the accordion closes Books: Rare editions is expanded but hidden
    XCTAssertTrue(tree.isExpanded(rare))
    let completion = tree.finishLoading(request, with: .success(folios))
    XCTAssertEqual(completion, CategoryLoadCompletion(change: SectionedChange(), outcome: .storedHidden))
    XCTAssertEqual(tree.numberOfRows(inSection: 0), 0)
    tree.toggleSection(0)
    XCTAssertEqual(tree.numberOfRows(inSection: 0), 5)
  }

  func testAnAnswerAfterTheNodeWasRemovedIsDropped() throws {
    let request = try XCTUnwrap(tree.expand(rare).loadRequest)
    let count = tree.outline.nodeCount
    tree.remove(rare)
    let completion = tree.finishLoading(request, with: .success(folios))
    XCTAssertEqual(completion, CategoryLoadCompletion(change: SectionedChange(), outcome: .dropped))
    XCTAssertEqual(tree.outline.nodeCount, count - 1)
    XCTAssertFalse(tree.outline.contains(rare))
    tree.outline._checkInvariants()
  }

  func testAnAnswerAfterAnAncestorWasRemovedIsDropped() throws {
    let request = try XCTUnwrap(tree.expand(rare).loadRequest)
    tree.remove(tree.sections.root(ofSection: 0))
    XCTAssertEqual(tree.finishLoading(request, with: .success(folios)).outcome, .dropped)
    XCTAssertEqual(tree.numberOfSections, 2)
    XCTAssertEqual(tree.outline.nodeCount, 4)
  }

  func testAnAnswerDeliveredTwiceIsDroppedTheSecondTime() throws {
    let request = try XCTUnwrap(tree.expand(rare).loadRequest)
    XCTAssertEqual(tree.finishLoading(request, with: .success(folios)).outcome, .revealed)
    XCTAssertEqual(tree.finishLoading(request, with: .success(folios)), CategoryLoadCompletion(change: SectionedChange(), outcome: .dropped))
    XCTAssertEqual(tree.outline.children(of: rare).count, 2)
  }

  func testAFailedLoadCollapsesTheNodeAndCanBeRetried() throws {
    let first = try XCTUnwrap(tree.expand(rare).loadRequest)
    let failed = tree.finishLoading(first, with: .failure(LoadFailure()))
    XCTAssertEqual(failed, CategoryLoadCompletion(change: SectionedChange(reloadedRows: [path(0, 2)]), outcome: .failed("offline")))
    XCTAssertEqual(tree[rare].loadState, .failed("offline"))
    XCTAssertTrue(tree[rare].loadState.needsLoading)
    XCTAssertFalse(tree.isExpanded(rare))
    XCTAssertTrue(tree.isExpandable(rare))

    let second = try XCTUnwrap(tree.toggle(rare).loadRequest)
    XCTAssertNotEqual(second, first)
    XCTAssertEqual(tree[rare].loadState, .loading)
    XCTAssertEqual(tree.finishLoading(first, with: .success(folios)).outcome, .dropped, "the old request is stale")
    XCTAssertEqual(tree.finishLoading(second, with: .success(folios)).outcome, .revealed)
  }

  func testALazySectionLoadsWhenOpened() throws {
    let update = tree.toggleSection(2)
    XCTAssertEqual(update.change, SectionedChange(reloadedSections: [0, 2], deletedRows: [path(0, 0), path(0, 1), path(0, 2)]))
    let request = try XCTUnwrap(update.loadRequest)
    XCTAssertEqual(tree.header(ofSection: 2).loadState, .loading)
    let completion = tree.finishLoading(request, with: .success([.init(name: "Tools", count: 12), .init(name: "Seeds", count: 7)]))
    XCTAssertEqual(
      completion, CategoryLoadCompletion(change: SectionedChange(reloadedSections: [2], insertedRows: [path(2, 0), path(2, 1)]), outcome: .revealed))
  }

  func testAnEmptyAnswerLoadsNoChildren() throws {
    let request = try XCTUnwrap(tree.expand(rare).loadRequest)
    let completion = tree.finishLoading(request, with: .success([]))
    XCTAssertEqual(completion, CategoryLoadCompletion(change: SectionedChange(reloadedRows: [path(0, 2)]), outcome: .revealed))
    XCTAssertFalse(tree.isExpandable(rare))
  }

  // MARK: Loads and the undo history

  /// The open question of the last round: a lazy load joins the newest
  /// undo step through `recordIntoLastStep`. Can that drop a step that
  /// could still be redone? It does, on purpose: the step to redo was
  /// recorded on the tree before the load, and replaying it onto the tree
  /// the load changed could put its edits at the wrong places (or trap on
  /// nodes that are not where it left them). The undo state says so at
  /// once, so no Redo is offered that would do nothing, and what can be
  /// undone stays whole: one undo takes back the load with the step it
  /// joined.
  func testALoadAfterAnUndoEndsWhatCouldBeRedone() throws {
    let fiction = try XCTUnwrap(tree.id(named: ["Books", "Fiction"]))
    tree.rename(fiction, to: "Novels")
    let catalogAfterRename = tree.catalog()
    try tree.move([fiction], to: .init(parent: nil, index: 0))
    XCTAssertNotNil(tree.undo())
    XCTAssertEqual(tree.catalog(), catalogAfterRename)
    XCTAssertTrue(tree.canRedo)
    XCTAssertEqual(tree.redoName, "move Novels")

    tree.toggle(rare) { _ in self.folios }
    XCTAssertFalse(tree.canRedo, "the load ended what could be redone")
    XCTAssertNil(tree.redoName)
    XCTAssertNil(tree.redo())
    // The load joined the rename: one undo takes back both, and the lazy
    // category loads again when opened.
    XCTAssertEqual(tree.undoName, "rename Fiction")
    XCTAssertNotNil(tree.undo())
    XCTAssertEqual(tree[fiction].name, "Fiction")
    XCTAssertEqual(tree[rare].loadState, .notLoaded)
    XCTAssertTrue(tree.outline.children(of: rare).isEmpty)
    XCTAssertFalse(tree.canUndo)
  }
}

/// Holds loads until the test answers them.
actor LoadGate {
  private var waiting: [String: CheckedContinuation<[CategoryCatalog.Subcategory], any Error>] = [:]
  private var arrivals: [String: [CheckedContinuation<Void, Never>]] = [:]

  func load(_ name: String) async throws -> [CategoryCatalog.Subcategory] {
    try await withCheckedThrowingContinuation { continuation in
      waiting[name] = continuation
      for arrival in arrivals.removeValue(forKey: name) ?? [] { arrival.resume() }
    }
  }

  /// Returns once a load for `name` is waiting.
  func waitForLoad(_ name: String) async {
    if waiting[name] != nil { return }
    await withCheckedContinuation { arrivals[name, default: []].append($0) }
  }

  func answer(_ name: String, with result: Result<[CategoryCatalog.Subcategory], any Error>) {
    waiting.removeValue(forKey: name)?.resume(with: result)
  }
}

final class CategoryTreeControllerTests: XCTestCase {
  @MainActor
  func makeController(gate: LoadGate) throws -> (CategoryTreeController, Box) {
    let tree = CategoryTree(catalog: try CategoryCatalog.sample())
    let controller = CategoryTreeController(tree: tree) { node in try await gate.load(node.name) }
    let box = Box()
    controller.onChange = { box.changes.append($0) }
    return (controller, box)
  }

  @MainActor
  final class Box {
    var changes: [SectionedChange] = []
  }

  @MainActor
  func testAnAsyncLoadReportsLoadingThenTheRows() async throws {
    let gate = LoadGate()
    let (controller, box) = try makeController(gate: gate)
    await controller.toggleSection(0)
    let rare = try XCTUnwrap(controller.tree.id(named: ["Books", "Rare editions"]))
    let task = Task { await controller.toggle(at: path(0, 2)) }
    await gate.waitForLoad("Rare editions")
    XCTAssertEqual(controller.tree[rare].loadState, .loading)
    await gate.answer("Rare editions", with: .success([.init(name: "Folios", count: 2)]))
    let outcome = await task.value
    XCTAssertEqual(outcome, .revealed)
    XCTAssertEqual(
      box.changes,
      [
        SectionedChange(reloadedSections: [0], insertedRows: [path(0, 0), path(0, 1), path(0, 2)]),
        SectionedChange(reloadedRows: [path(0, 2)]),
        SectionedChange(insertedRows: [path(0, 3)], reloadedRows: [path(0, 2)]),
      ])
  }

  @MainActor
  func testAnAsyncAnswerAfterACollapseRevealsNoRows() async throws {
    let gate = LoadGate()
    let (controller, box) = try makeController(gate: gate)
    await controller.toggleSection(0)
    let rare = try XCTUnwrap(controller.tree.id(named: ["Books", "Rare editions"]))
    let task = Task { await controller.expand(rare) }
    await gate.waitForLoad("Rare editions")
    controller.collapse(rare)
    await gate.answer("Rare editions", with: .success([.init(name: "Folios", count: 2)]))
    let outcome = await task.value
    XCTAssertEqual(outcome, .storedHidden)
    XCTAssertEqual(controller.tree.numberOfRows(inSection: 0), 3)
    XCTAssertEqual(controller.tree.outline.children(of: rare).count, 1)
    XCTAssertEqual(box.changes.count, 4)
    XCTAssertEqual(box.changes.last, SectionedChange(reloadedRows: [path(0, 2)]))
  }

  @MainActor
  func testAnAsyncAnswerAfterARemovalIsDropped() async throws {
    let gate = LoadGate()
    let (controller, box) = try makeController(gate: gate)
    let task = Task { await controller.toggleSection(2) }
    await gate.waitForLoad("Garden")
    XCTAssertEqual(controller.tree.header(ofSection: 2).loadState, .loading)
    controller.remove(controller.tree.sections.root(ofSection: 2))
    await gate.answer("Garden", with: .success([.init(name: "Tools", count: 1)]))
    let outcome = await task.value
    XCTAssertEqual(outcome, .dropped)
    XCTAssertEqual(controller.tree.numberOfSections, 2)
    XCTAssertEqual(box.changes, [SectionedChange(reloadedSections: [2]), SectionedChange(deletedSections: [2])])
    controller.tree.outline._checkInvariants()
  }

  @MainActor
  func testAnAsyncFailureCanBeRetried() async throws {
    let gate = LoadGate()
    let (controller, _) = try makeController(gate: gate)
    let first = Task { await controller.toggleSection(2) }
    await gate.waitForLoad("Garden")
    await gate.answer("Garden", with: .failure(LoadFailure()))
    let failed = await first.value
    XCTAssertEqual(failed, .failed("offline"))
    XCTAssertEqual(controller.tree.header(ofSection: 2).loadState, .failed("offline"))
    XCTAssertEqual(controller.tree.numberOfRows(inSection: 2), 0)

    let second = Task { await controller.toggleSection(2) }
    await gate.waitForLoad("Garden")
    await gate.answer("Garden", with: .success([.init(name: "Seeds", count: 3)]))
    let retried = await second.value
    XCTAssertEqual(retried, .revealed)
    XCTAssertEqual(controller.tree.numberOfRows(inSection: 2), 1)
  }

  @MainActor
  func testTogglingAnExpandedNodeCollapsesItWithoutALoad() async throws {
    let gate = LoadGate()
    let (controller, box) = try makeController(gate: gate)
    let opened = await controller.toggleSection(1)
    XCTAssertNil(opened)
    let closed = await controller.toggleSection(1)
    XCTAssertNil(closed)
    XCTAssertEqual(
      box.changes,
      [
        SectionedChange(reloadedSections: [1], insertedRows: [path(1, 0), path(1, 1)]),
        SectionedChange(reloadedSections: [1], deletedRows: [path(1, 0), path(1, 1)]),
      ])
  }
}
