import XCTest

@testable import OutlineKit

/// The spelled-out cases of a row whose disclosure turns: a parent's first
/// child arrives, its last child leaves, a filter hides or shows its only
/// child that passes. Each goes through every call that can cause it, and
/// each change must reload the parent's row (old row) and nothing else.
///
/// The outline: `A ▾` (row 0) with its only child `a1` (row 1), then the
/// leaf `B` (row 2), expanded so that B's first child shows.
final class DisclosureScenarioTests: XCTestCase {
  var outline = Outline<String>()
  var a = Outline<String>.NodeID(key: 0)
  var a1 = Outline<String>.NodeID(key: 0)
  var b = Outline<String>.NodeID(key: 0)

  override func setUp() {
    outline = Outline()
    a = outline.insert("A", under: nil, at: 0)
    a1 = outline.insert("a1", under: a, at: 0)
    b = outline.insert("B", under: nil, at: 1)
    outline.expand(a)
    outline.expand(b)
    XCTAssertEqual(outline.rows.map { outline[$0] }, ["A", "a1", "B"])
  }

  /// Checks `change` against the expected one and through a view that
  /// caches its cells.
  func check(
    _ change: OutlineChange, _ expected: OutlineChange, before: CachedTableViewOfStrings,
    file: StaticString = #filePath, line: UInt = #line
  ) {
    XCTAssertEqual(change, expected, file: file, line: line)
    var view = before
    view.apply(change, to: outline, file: file, line: line)
  }

  // MARK: Last child out

  func testRemovingTheLastChildReloadsItsParent() {
    let view = CachedTableViewOfStrings(outline)
    check(outline.batch { $0.remove(a1) }, OutlineChange(removedRows: [1 ..< 2], reloadedRows: [0]), before: view)
  }

  func testMovingTheLastChildAwayReloadsBothParents() throws {
    let view = CachedTableViewOfStrings(outline)
    let change = try outline.batch { try $0.move(a1, under: b, at: 0) }
    // A loses its last child, B gets its first: both redrawn.
    check(change, OutlineChange(removedRows: [1 ..< 2], insertedRows: [2 ..< 3], reloadedRows: [0, 2]), before: view)
  }

  func testMovingSeveralReloadsBothParents() throws {
    let view = CachedTableViewOfStrings(outline)
    let change = try outline.move([a1], to: .init(parent: b, index: 0))
    check(change, OutlineChange(removedRows: [1 ..< 2], insertedRows: [2 ..< 3], reloadedRows: [0, 2]), before: view)
  }

  func testAnUpdateThatTakesTheLastChildReloadsItsParent() throws {
    let view = CachedTableViewOfStrings(outline)
    let change = try outline.update(roots: ["A", "B"], children: { _ in [] }, id: { $0 })
    check(change, OutlineChange(removedRows: [1 ..< 2], reloadedRows: [0]), before: view)
  }

  func testAnUpdateOfChildrenThatEmptiesTheScopeReloadsItsParent() throws {
    let view = CachedTableViewOfStrings(outline)
    let change = try outline.update(childrenOf: a, to: [], children: { _ in [] }, id: { $0 })
    check(change, OutlineChange(removedRows: [1 ..< 2], reloadedRows: [0]), before: view)
  }

  // MARK: First child in

  func testInsertingAFirstChildReloadsItsParent() {
    let view = CachedTableViewOfStrings(outline)
    check(outline.batch { $0.insert("b1", under: b, at: 0) }, OutlineChange(insertedRows: [3 ..< 4], reloadedRows: [2]), before: view)
  }

  func testInsertingUnderACollapsedLeafReloadsIt() {
    outline.collapse(b)
    let view = CachedTableViewOfStrings(outline)
    // No row appears, but B's triangle does.
    check(outline.batch { $0.insert("b1", under: b, at: 0) }, OutlineChange(reloadedRows: [2]), before: view)
  }

  func testAnUpdateThatGivesAFirstChildReloadsItsParent() throws {
    let view = CachedTableViewOfStrings(outline)
    let children = ["A": ["a1"], "B": ["b1"]]
    let change = try outline.update(roots: ["A", "B"], children: { children[$0] ?? [] }, id: { $0 })
    check(change, OutlineChange(insertedRows: [3 ..< 4], reloadedRows: [2]), before: view)
  }

  func testAnUpdateOfChildrenThatFillsTheScopeReloadsItsParent() throws {
    let view = CachedTableViewOfStrings(outline)
    let change = try outline.update(childrenOf: b, to: ["b1"], children: { _ in [] }, id: { $0 })
    check(change, OutlineChange(insertedRows: [3 ..< 4], reloadedRows: [2]), before: view)
  }

  // MARK: A filter that hides and shows an only child

  func testAFilterThatHidesAnOnlyChildReloadsItsParent() {
    let view = CachedTableViewOfStrings(outline)
    let change = outline.setFilter { $0 == "a1" ? .hidden : .visible }
    check(change, OutlineChange(removedRows: [1 ..< 2], reloadedRows: [0]), before: view)
    let back = CachedTableViewOfStrings(outline)
    check(outline.removeFilter(), OutlineChange(insertedRows: [1 ..< 2], reloadedRows: [0]), before: back)
  }

  func testRefilteringReloadsTheParentWhoseOnlyChildTurns() {
    let hidden = HiddenNames(["a1"])
    outline.setFilter { hidden.contains($0) ? .hidden : .visible }
    hidden.set([])
    let view = CachedTableViewOfStrings(outline)
    check(outline.refilter(), OutlineChange(insertedRows: [1 ..< 2], reloadedRows: [0]), before: view)
  }

  func testNarrowingAndWideningReloadTheParentOfAnOnlyChild() {
    outline.setFilter { _ in .visible }
    var view = CachedTableViewOfStrings(outline)
    check(outline.narrowFilter { $0 == "a1" ? .hidden : .visible }, OutlineChange(removedRows: [1 ..< 2], reloadedRows: [0]), before: view)
    view = CachedTableViewOfStrings(outline)
    check(outline.widenFilter()!, OutlineChange(insertedRows: [1 ..< 2], reloadedRows: [0]), before: view)
  }

  func testAValueSetThatHidesAnOnlyChildReloadsItsParent() {
    outline.setFilter { $0.hasPrefix("x") ? .hidden : .visible }
    var view = CachedTableViewOfStrings(outline)
    check(outline.batch { $0[a1] = "x" }, OutlineChange(removedRows: [1 ..< 2], reloadedRows: [0]), before: view)
    view = CachedTableViewOfStrings(outline)
    check(outline.batch { $0[a1] = "a1" }, OutlineChange(insertedRows: [1 ..< 2], reloadedRows: [0]), before: view)
  }

  func testARecurseParentThatStopsPassingReloadsItsOwnParent() {
    // R ▾ > A ▾ > a1, where R and a1 match and A shows for a1: hiding a1
    // takes A (recurse) with it, and R loses its only child that passes.
    outline = Outline()
    let r = outline.insert("R", under: nil, at: 0)
    a = outline.insert("A", under: r, at: 0)
    a1 = outline.insert("a1", under: a, at: 0)
    outline.expand(r)
    outline.expand(a)
    outline.setFilter { $0 == "a1" || $0 == "R" ? .visible : $0 == "x" ? .hidden : .recurse }
    let view = CachedTableViewOfStrings(outline)
    check(outline.batch { $0[a1] = "x" }, OutlineChange(removedRows: [1 ..< 3], reloadedRows: [0]), before: view)
  }

  // MARK: Undo and redo

  func testUndoAndRedoReloadTheParentThatTurns() {
    var history = Outline<String>.History()
    var view = CachedTableViewOfStrings(outline)
    check(history.record(in: &outline) { $0.remove(a1) }, OutlineChange(removedRows: [1 ..< 2], reloadedRows: [0]), before: view)
    view = CachedTableViewOfStrings(outline)
    check(history.undo(in: &outline)!, OutlineChange(insertedRows: [1 ..< 2], reloadedRows: [0]), before: view)
    view = CachedTableViewOfStrings(outline)
    check(history.redo(in: &outline)!, OutlineChange(removedRows: [1 ..< 2], reloadedRows: [0]), before: view)
  }

  /// A turn and a turn back inside one batch: nothing to redraw.
  func testATurnUndoneInsideABatchReloadsNothing() {
    let change = outline.batch { outline in
      let c = outline.insert("b1", under: b, at: 0)
      outline.remove(c)
    }
    XCTAssertEqual(change, OutlineChange())
  }
}

/// Names a filter hides, changed from outside (an app's search state).
final class HiddenNames: @unchecked Sendable {
  private var names: Set<String>
  init(_ names: Set<String>) { self.names = names }
  func set(_ names: Set<String>) { self.names = names }
  func contains(_ name: String) -> Bool { names.contains(name) }
}

/// `CachedTableView` for an outline of strings: cells draw the name, depth,
/// disclosure and expanded flag.
struct CachedTableViewOfStrings {
  var cells: [String]

  init(_ outline: Outline<String>) { cells = Self.render(outline) }

  static func render(_ outline: Outline<String>) -> [String] {
    guard outline.rowCount > 0 else { return [] }
    return outline.rowInfos(in: 0 ..< outline.rowCount).map { id, info in
      "\(info.depth) \(info.isExpanded ? "▾" : info.hasChildren ? "▸" : "·") \(outline[id])\(info.hasChildren ? "" : " (leaf)")"
    }
  }

  /// Applies the change as a table view does and compares with a fresh
  /// render.
  mutating func apply(_ change: OutlineChange, to outline: Outline<String>, file: StaticString, line: UInt) {
    var kept: [String?] = []
    for (row, cell) in cells.enumerated() where !change.removedRows.contains(where: { $0.contains(row) }) {
      kept.append(change.reloadedRows.contains(row) ? nil : cell)
    }
    for range in change.insertedRows { kept.insert(contentsOf: repeatElement(nil, count: range.count), at: range.lowerBound) }
    let fresh = Self.render(outline)
    XCTAssertEqual(kept.count, fresh.count, "row count", file: file, line: line)
    let shown = zip(kept, fresh).map { $0 ?? $1 }
    XCTAssertEqual(shown, fresh, "the cached view went stale", file: file, line: line)
    cells = fresh
  }
}
