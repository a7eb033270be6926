import XCTest

@testable import OutlineKit

/// The selection under a filter, on a small named tree: where the focus
/// stands while a search hides it, that it comes back when the search is
/// cleared (unless the user moved on), that hidden selected nodes stay
/// selected, and that → ← `*` see only the children that pass.
final class SelectionFilterScenarioTests: XCTestCase {
  typealias Selection = Outline<String>.Selection

  /// ```
  /// A
  ///   a1
  ///   a2
  ///     a21
  /// B
  ///   b1
  /// C
  /// ```
  /// Every node expanded.
  func makeOutline() -> Outline<String> {
    var outline = Outline(preorder: [
      (node: "A", depth: 0), (node: "a1", depth: 1), (node: "a2", depth: 1), (node: "a21", depth: 2),
      (node: "B", depth: 0), (node: "b1", depth: 1), (node: "C", depth: 0),
    ])
    outline.expandAll()
    return outline
  }

  func id(_ name: String, in outline: Outline<String>) -> Outline<String>.NodeID {
    var stack = Array(outline.roots)
    while let next = stack.popLast() {
      if outline[next] == name { return next }
      stack.append(contentsOf: outline.children(of: next))
    }
    fatalError("no node \(name)")
  }

  func rows(_ outline: Outline<String>) -> [String] { outline.rows.map { outline[$0] } }

  func name(_ id: Outline<String>.NodeID?, in outline: Outline<String>) -> String? { id.map { outline[$0] } }

  /// A search for nodes named exactly `names`, showing their paths.
  func search(_ outline: inout Outline<String>, for names: Set<String>) {
    outline.setFilter(revealingMatches: true) { names.contains($0) ? .visible : .recurse }
  }

  func testClearingTheSearchBringsTheFocusBack() {
    var outline = makeOutline()
    var selection = Selection(mode: .multiple)
    selection.select(id("a21", in: outline), in: outline)
    search(&outline, for: ["b1"])
    XCTAssertEqual(rows(outline), ["B", "b1"])
    // No ancestor of a21 is shown: the focus stands on the row in its place.
    let change = selection.reconcile(with: outline)
    XCTAssertEqual(name(selection.focus, in: outline), "B")
    XCTAssertEqual(name(selection.hiddenFocus, in: outline), "a21")
    XCTAssertEqual(name(selection.anchor, in: outline), "B")
    XCTAssertEqual(change, SelectionChange(rowsToRedraw: [0 ..< 1], focusedRow: 0))
    XCTAssertEqual(selection.selectedCount, 1, "a filter keeps hidden nodes selected")
    XCTAssertEqual(selection.selectedRows(in: outline), [])

    outline.removeFilter()
    let back = selection.reconcile(with: outline)
    XCTAssertEqual(name(selection.focus, in: outline), "a21")
    XCTAssertNil(selection.hiddenFocus)
    XCTAssertEqual(name(selection.anchor, in: outline), "a21")
    XCTAssertEqual(selection.selectedRows(in: outline), [3 ..< 4])
    XCTAssertEqual(back, SelectionChange(rowsToRedraw: [3 ..< 5], focusedRow: 3))
  }

  func testTheFocusStandsOnItsNearestShownAncestorAsTheSearchChanges() {
    var outline = makeOutline()
    var selection = Selection(mode: .single)
    selection.select(id("a21", in: outline), in: outline)
    search(&outline, for: ["a1"])
    XCTAssertEqual(rows(outline), ["A", "a1"])
    selection.reconcile(with: outline)
    XCTAssertEqual(name(selection.focus, in: outline), "A")
    search(&outline, for: ["a2"])  // a2 shows, a21 does not
    XCTAssertEqual(rows(outline), ["A", "a2"])
    selection.reconcile(with: outline)
    XCTAssertEqual(name(selection.focus, in: outline), "a2", "the closer ancestor")
    search(&outline, for: ["a21"])
    selection.reconcile(with: outline)
    XCTAssertEqual(name(selection.focus, in: outline), "a21", "shown again: back")
    XCTAssertNil(selection.hiddenFocus)
  }

  func testAKeyOrAClickMakesTheStandInTheFocus() {
    var outline = makeOutline()
    var selection = Selection(mode: .single)
    selection.select(id("a21", in: outline), in: outline)
    search(&outline, for: ["a1", "b1"])
    selection.reconcile(with: outline)
    XCTAssertEqual(name(selection.focus, in: outline), "A")
    selection.navigate(.down, in: &outline)
    XCTAssertEqual(name(selection.focus, in: outline), "a1")
    XCTAssertNil(selection.hiddenFocus)
    outline.removeFilter()
    selection.reconcile(with: outline)
    XCTAssertEqual(name(selection.focus, in: outline), "a1", "the user moved on: it stays")

    // A key that leaves the focus where it is counts too.
    selection.select(id("a21", in: outline), in: outline)
    search(&outline, for: ["b1"])
    selection.reconcile(with: outline)
    selection.navigate(.up, in: &outline)  // on the first row: stays
    outline.removeFilter()
    selection.reconcile(with: outline)
    XCTAssertEqual(name(selection.focus, in: outline), "B")

    // Selecting all, or a type-ahead that finds nothing, does not.
    selection.select(id("a21", in: outline), in: outline)
    search(&outline, for: ["b1"])
    selection.reconcile(with: outline)
    selection.selectAll(in: outline)
    XCTAssertNil(selection.navigate(toNextMatch: "zzz", in: outline, text: { $0 }))
    outline.removeFilter()
    selection.reconcile(with: outline)
    XCTAssertEqual(name(selection.focus, in: outline), "a21")
  }

  func testACollapseOrARemovalForgetsTheHiddenFocus() {
    var outline = makeOutline()
    var selection = Selection(mode: .single)
    selection.select(id("a21", in: outline), in: outline)
    search(&outline, for: ["a1"])
    selection.reconcile(with: outline)
    outline.collapse(id("A", in: outline))  // now a collapse hides a21
    selection.reconcile(with: outline)
    XCTAssertNil(selection.hiddenFocus)
    XCTAssertEqual(name(selection.focus, in: outline), "A")
    outline.removeFilter()
    selection.reconcile(with: outline)
    XCTAssertEqual(name(selection.focus, in: outline), "A")

    outline.expandAll()
    selection.select(id("a21", in: outline), in: outline)
    search(&outline, for: ["b1"])
    selection.reconcile(with: outline)
    outline.remove(id("a2", in: outline))
    selection.reconcile(with: outline)
    XCTAssertNil(selection.hiddenFocus)
    XCTAssertEqual(name(selection.focus, in: outline), "B")
  }

  func testASearchWithNoResultsLeavesNoFocusUntilRowsComeBack() {
    var outline = makeOutline()
    var selection = Selection(mode: .single)
    selection.select(id("b1", in: outline), in: outline)
    search(&outline, for: [])
    XCTAssertEqual(outline.rowCount, 0)
    selection.reconcile(with: outline)
    XCTAssertNil(selection.focus)
    XCTAssertEqual(name(selection.hiddenFocus, in: outline), "b1")
    search(&outline, for: ["a1"])
    selection.reconcile(with: outline)
    XCTAssertEqual(name(selection.focus, in: outline), "a1", "the row in b1's place, the last row")
    outline.removeFilter()
    selection.reconcile(with: outline)
    XCTAssertEqual(name(selection.focus, in: outline), "b1")
  }

  func testSavingWhileHiddenSavesTheNodeTheUserFocused() {
    var outline = makeOutline()
    var selection = Selection(mode: .multiple)
    selection.select(id("a21", in: outline), in: outline)
    search(&outline, for: ["b1"])
    selection.reconcile(with: outline)
    let saved = selection.state(in: outline, by: { $0 })
    XCTAssertEqual(saved, SelectionState(focusedKey: "a21", anchorKey: "a21", selectedKeys: ["a21"]))
    var restored = Selection(mode: .multiple)
    restored.restore(saved, in: outline, by: { $0 })
    XCTAssertEqual(restored, selection)
    outline.removeFilter()
    restored.reconcile(with: outline)
    XCTAssertEqual(name(restored.focus, in: outline), "a21")
  }

  func testRightLeftAndStarSeeOnlyChildrenThatPass() {
    var outline = makeOutline()
    outline.collapse(id("B", in: outline))
    // a21 and b1 are left out: a2 and B show no children.
    outline.setFilter { ["a21", "b1"].contains($0) ? .hidden : .visible }
    XCTAssertEqual(rows(outline), ["A", "a1", "a2", "B", "C"])
    var selection = Selection(mode: .single)
    selection.select(id("a2", in: outline), in: outline)
    // ← on a2, expanded but with nothing shown under it: to the parent.
    var change = selection.navigate(.left, in: &outline)
    XCTAssertEqual(name(selection.focus, in: outline), "A")
    XCTAssertTrue(outline.isExpanded(id("a2", in: outline)))
    XCTAssertEqual(change.outlineChange, OutlineChange())
    // → on B, collapsed with only b1: a leaf, nothing happens.
    selection.select(id("B", in: outline), in: outline)
    change = selection.navigate(.right, in: &outline)
    XCTAssertFalse(outline.isExpanded(id("B", in: outline)))
    XCTAssertEqual(change, SelectionChange(focusedRow: 3))
    // `*` on C expands the roots with children that pass: A is open, B is
    // not expanded.
    outline.collapse(id("A", in: outline))
    selection.select(id("C", in: outline), in: outline)
    change = selection.navigate(.expandSiblings, in: &outline)
    XCTAssertTrue(outline.isExpanded(id("A", in: outline)))
    XCTAssertFalse(outline.isExpanded(id("B", in: outline)))
    XCTAssertEqual(rows(outline), ["A", "a1", "a2", "B", "C"])
  }
}

extension SelectionFilterScenarioTests {
  /// The search moves the focus to a match (the user's focus now), a
  /// longer search finds nothing, Esc clears it: the match is hidden again
  /// by the collapse that gives back the expansion from before the search,
  /// and the focus goes to the collapsed node, as after any collapse.
  func testAHiddenFocusThatACollapseHidesGoesToTheCollapsedNode() {
    var outline = makeOutline()
    outline.collapseAll()
    var selection = Selection(mode: .single)
    selection.select(id("A", in: outline), in: outline)
    search(&outline, for: ["a21"])
    selection.reconcile(with: outline)
    selection.moveFocus(to: id("a21", in: outline), in: outline)  // the search went to the match
    search(&outline, for: [])
    selection.reconcile(with: outline)
    XCTAssertNil(selection.focus)
    XCTAssertEqual(name(selection.hiddenFocus, in: outline), "a21")
    outline.removeFilter()
    XCTAssertEqual(rows(outline), ["A", "B", "C"])
    selection.reconcile(with: outline)
    XCTAssertEqual(name(selection.focus, in: outline), "A")
    XCTAssertNil(selection.hiddenFocus)
  }
}
