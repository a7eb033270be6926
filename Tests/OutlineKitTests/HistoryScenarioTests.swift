import XCTest

@testable import OutlineKit

/// Undo and redo on hand-made outlines of strings: values set and brought
/// back, removed subtrees with their flags and heights, updates, the
/// selection given back, the limit, and what clears a history.
final class HistoryScenarioTests: XCTestCase {
  typealias ID = Outline<String>.NodeID

  /// A (a1, a2 (x)), B, with A and a2 expanded: rows A a1 a2 x B.
  func makeOutline() -> (Outline<String>, [String: ID]) {
    var outline = Outline(preorder: [
      (node: "A", depth: 0), (node: "a1", depth: 1), (node: "a2", depth: 1), (node: "x", depth: 2), (node: "B", depth: 0),
    ])
    outline.expandAll()
    outline.collapse(outline.roots[1])
    return (outline, names(outline))
  }

  func names(_ outline: Outline<String>) -> [String: ID] {
    var ids: [String: ID] = [:]
    var stack = Array(outline.roots)
    while let id = stack.popLast() {
      ids[outline[id]] = id
      stack += outline.children(of: id)
    }
    return ids
  }

  func rows(_ outline: Outline<String>) -> [String] { outline.rows.map { outline[$0] } }

  func testValuesComeBack() throws {
    var (outline, ids) = makeOutline()
    var history = Outline<String>.History()
    let change = history.record(in: &outline, named: "Rename") { $0[ids["a1"]!] = "renamed" }
    XCTAssertEqual(change.reloadedRows, [1])
    XCTAssertEqual(history.undoName, "Rename")
    XCTAssertEqual(history.undo(in: &outline)?.reloadedRows, [1])
    XCTAssertEqual(outline[ids["a1"]!], "a1")
    XCTAssertEqual(history.redoName, "Rename")
    history.redo(in: &outline)
    XCTAssertEqual(outline[ids["a1"]!], "renamed")
    XCTAssertEqual(history.description, "History(1 to undo, \"Rename\", 0 to redo)")
  }

  func testARemovedSubtreeComesBackWithItsIDsFlagsAndHeights() throws {
    var (outline, ids) = makeOutline()
    outline.setRowHeight(30, of: ids["x"]!)
    var history = Outline<String>.History()
    let removed = history.record(in: &outline) { $0.remove(ids["a2"]!) }
    XCTAssertEqual(removed.removedRows, [2 ..< 4])
    XCTAssertFalse(outline.contains(ids["x"]!))
    // A new node must not take a retained slot.
    let other = history.record(in: &outline) { $0.insert("new", under: nil, at: 0) }
    XCTAssertEqual(other.insertedRows, [0 ..< 1])
    history.undo(in: &outline)
    let back = history.undo(in: &outline)
    XCTAssertEqual(back?.insertedRows, [2 ..< 4])
    XCTAssertEqual(rows(outline), ["A", "a1", "a2", "x", "B"])
    XCTAssertTrue(outline.contains(ids["x"]!))
    XCTAssertEqual(outline.parent(of: ids["x"]!), ids["a2"]!)
    XCTAssertTrue(outline.isExpanded(ids["a2"]!))
    XCTAssertEqual(outline.rowHeight(of: ids["x"]!), 30)
    XCTAssertEqual(outline[ids["a2"]!], "a2")
    outline._checkInvariants()
  }

  func testAnUpdateIsOneStep() throws {
    struct Item: Equatable { var id: Int; var title: String }
    var outline = Outline(preorder: [(node: Item(id: 1, title: "one"), depth: 0), (node: Item(id: 2, title: "two"), depth: 0)])
    let first = outline.roots[0]
    var history = Outline<Item>.History()
    try history.record(in: &outline) { outline in
      try outline.update(
        roots: [Item(id: 2, title: "two"), Item(id: 3, title: "three"), Item(id: 1, title: "ONE")], children: { _ in [] }, id: \.id)
    }
    XCTAssertEqual(outline.roots.map { outline[$0].title }, ["two", "three", "ONE"])
    history.undo(in: &outline)
    XCTAssertEqual(outline.roots.map { outline[$0].title }, ["one", "two"])
    XCTAssertEqual(outline.roots[0], first)
    history.redo(in: &outline)
    XCTAssertEqual(outline.roots.map { outline[$0].title }, ["two", "three", "ONE"])
    XCTAssertEqual(outline.roots[2], first)
  }

  func testAThrowingBodyIsRolledBack() {
    struct Refused: Error {}
    var (outline, ids) = makeOutline()
    let before = outline.description
    var history = Outline<String>.History()
    history.record(in: &outline) { $0[ids["B"]!] = "b" }
    XCTAssertThrowsError(
      try history.record(in: &outline) { outline in
        outline.remove(ids["a2"]!)
        outline.insert("new", under: ids["B"]!, at: 0)
        outline[ids["a1"]!] = "changed"
        outline.collapse(ids["A"]!)
        try outline.move(ids["B"]!, under: nil, at: 0)
        throw Refused()
      })
    XCTAssertEqual(outline[ids["a1"]!], "a1")
    XCTAssertTrue(outline.contains(ids["x"]!))
    XCTAssertTrue(outline.isExpanded(ids["A"]!))
    XCTAssertEqual(rows(outline), ["A", "a1", "a2", "x", "b"])
    // The step before stays, and no other was kept.
    XCTAssertEqual(history.undoCount, 1)
    history.undo(in: &outline)
    XCTAssertEqual(outline.description, before)
    outline._checkInvariants()
  }

  func testEditsOutsideTheHistoryClearItButExpansionDoesNot() {
    var (outline, ids) = makeOutline()
    var history = Outline<String>.History()
    history.record(in: &outline) { $0.remove(ids["B"]!) }
    outline.collapse(ids["A"]!)
    outline.setFilter { _ in .visible }
    outline.setRowHeight(5, of: ids["a1"]!)
    XCTAssertNotNil(history.undo(in: &outline))
    XCTAssertTrue(outline.contains(ids["B"]!))
    history.redo(in: &outline)
    for edit in [{ (o: inout Outline<String>) in o[ids["a1"]!] = "x" }, { $0.insert("n", under: nil, at: 0) }] {
      history.record(in: &outline) { $0.insert("kept", under: nil, at: 0) }
      XCTAssertTrue(history.canUndo(in: outline))
      edit(&outline)
      XCTAssertTrue(history.canUndo)  // as of its last call
      XCTAssertFalse(history.canUndo(in: outline), "the exact state knows at once")
      XCTAssertFalse(history.canRedo(in: outline))
      XCTAssertNil(history.undo(in: &outline))
      XCTAssertFalse(history.canUndo)
      XCTAssertFalse(history.canRedo)
    }
    // The slots the history held are free again.
    XCTAssertTrue(outline._core.index.retainedSlots.isEmpty)
    outline._checkInvariants()
  }

  /// An edit that is refused, or that changes nothing, leaves the history
  /// as it was: the step can still be undone, and redone after.
  func testRefusedEditsAndEditsThatChangeNothingKeepTheHistory() throws {
    var (outline, ids) = makeOutline()
    var history = Outline<String>.History()
    history.record(in: &outline, named: "Remove") { $0.remove(ids["x"]!) }
    history.record(in: &outline, named: "Rename") { $0[ids["a1"]!] = "one" }
    history.undo(in: &outline)
    let a = ids["A"]!
    let a2 = ids["a2"]!
    struct Refused: Error {}
    let calls: [(String, (inout Outline<String>) throws -> Void)] = [
      ("a move to where the node is", { try $0.move(a2, under: a, at: 1) }),
      ("a move into its own subtree", { try? $0.move(a, under: a2, at: 0) }),
      ("a move of several to where they are", { try $0.move([a2], to: .init(parent: a, index: 2)) }),
      ("a move of several into their subtree", { _ = try? $0.move([a], to: .init(parent: a2, index: 0)) }),
      ("an empty batch", { $0.batch { _ in } }),
      ("an update with the same data", { outline in
        let children = ["A": ["a1", "a2"]]
        try outline.update(roots: ["A", "B"], children: { children[$0] ?? [] }, id: { $0 })
      }),
      ("an update of children with the same data", { try $0.update(childrenOf: a, to: ["a1", "a2"], children: { _ in [] }, id: { $0 }) }),
      ("an insert whose children throw", { _ = try? $0.insert("n", under: nil, at: 0, children: { _ in throw Refused() }) }),
      ("an update that throws", { _ = try? $0.update(roots: ["A", "A"], children: { _ in [] }, id: { $0 }) }),
    ]
    for (name, call) in calls {
      try call(&outline)
      XCTAssertTrue(history.canUndo(in: outline), "\(name) kept what can be undone")
      XCTAssertTrue(history.canRedo(in: outline), "\(name) kept what can be redone")
      XCTAssertEqual(history.undoName, "Remove", name)
      XCTAssertEqual(history.redoName, "Rename", name)
    }
    XCTAssertNotNil(history.redo(in: &outline))
    XCTAssertEqual(outline[ids["a1"]!], "one")
    XCTAssertNotNil(history.undo(in: &outline))
    XCTAssertNotNil(history.undo(in: &outline))
    XCTAssertTrue(outline.contains(ids["x"]!), "x came back")
  }

  func testALimitDropsTheOldestStepsAndTheirSlots() {
    var outline = Outline<String>()
    var history = Outline<String>.History(limit: 2)
    for k in 0 ..< 5 {
      history.record(in: &outline) { outline in
        let id = outline.insert("\(k)", under: nil, at: 0)
        outline.remove(id)
      }
    }
    XCTAssertEqual(history.undoCount, 2)
    XCTAssertEqual(outline._core.index.retainedSlots.count, 2)
    history.removeAll()
    XCTAssertFalse(history.canUndo)
    history.record(in: &outline) { $0.insert("last", under: nil, at: 0) }
    XCTAssertEqual(outline._core.index.retainedSlots.count, 0)
    outline._checkInvariants()
    var none = Outline<String>.History(limit: 0)
    none.record(in: &outline) { $0.insert("nothing kept", under: nil, at: 0) }
    XCTAssertFalse(none.canUndo)
  }

  func testABodyThatEditsNothingKeepsNoStepAndLeavesRedo() {
    var (outline, ids) = makeOutline()
    var history = Outline<String>.History()
    history.record(in: &outline) { $0.remove(ids["B"]!) }
    history.undo(in: &outline)
    let change = history.record(in: &outline) { $0.collapse(ids["A"]!) }
    XCTAssertEqual(change.removedRows, [1 ..< 4])
    XCTAssertFalse(history.canUndo)
    XCTAssertTrue(history.canRedo)
  }

  func testTheSelectionComesBackAndItsFocusIsRevealed() throws {
    var (outline, ids) = makeOutline()
    var selection = Outline<String>.Selection(mode: .multiple)
    selection.select(ids["x"]!, in: outline)
    var history = Outline<String>.History()
    history.record(in: &outline, selection: &selection, named: "New") { outline, selection in
      let new = outline.insert("new", under: ids["B"]!, at: 0)
      outline.expand(ids["B"]!)
      selection.select(new, in: outline)
    }
    XCTAssertEqual(outline[selection.focus!], "new")
    // The user collapses A, which hides x; undo brings x back into view
    // and selects it again.
    outline.collapse(ids["A"]!)
    selection.reconcile(with: outline)
    let change = try XCTUnwrap(history.undo(in: &outline, selection: &selection))
    XCTAssertEqual(selection.focus, ids["x"]!)
    XCTAssertEqual(selection.selectedNodes, [ids["x"]!])
    XCTAssertEqual(rows(outline), ["A", "a1", "a2", "x", "B"])
    XCTAssertEqual(change.insertedRows, [1 ..< 4])
    history.redo(in: &outline, selection: &selection)
    XCTAssertEqual(outline[selection.focus!], "new")
    XCTAssertEqual(selection.focusedRow(in: outline), 5)
  }

  func testMovesOfSeveralNodesUndoAsOneStep() throws {
    var (outline, ids) = makeOutline()
    var history = Outline<String>.History()
    try history.record(in: &outline) { try $0.move([ids["B"]!, ids["a1"]!], to: .init(parent: ids["a2"]!, index: 0)) }
    XCTAssertEqual(rows(outline), ["A", "a2", "a1", "B", "x"])
    let change = try XCTUnwrap(history.undo(in: &outline))
    XCTAssertEqual(rows(outline), ["A", "a1", "a2", "x", "B"])
    var replayed = ["A", "a2", "a1", "B", "x"]
    change.apply(to: &replayed, insertedElement: { outline[outline.id(atRow: $0)] })
    XCTAssertEqual(replayed, rows(outline))
  }
}
