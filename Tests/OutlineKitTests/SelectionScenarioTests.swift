import Foundation
import XCTest

@testable import OutlineKit

/// The selection's behaviours on small named trees, one per test: the key
/// table, shift-ranges, the collapse policies, removal, type-ahead, modes,
/// saving and restoring.
final class SelectionScenarioTests: XCTestCase {
  typealias Selection = Outline<String>.Selection

  /// ```
  /// A          row 0
  ///   a1
  ///   a2
  ///     a21
  /// B
  ///   b1
  /// C
  /// ```
  /// Every node collapsed: the rows are A, B, C.
  func makeOutline() -> Outline<String> {
    Outline(preorder: [
      (node: "A", depth: 0), (node: "a1", depth: 1), (node: "a2", depth: 1), (node: "a21", depth: 2),
      (node: "B", depth: 0), (node: "b1", depth: 1), (node: "C", depth: 0),
    ])
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

  func names(_ ids: Set<Outline<String>.NodeID>, in outline: Outline<String>) -> Set<String> {
    Set(ids.map { outline[$0] })
  }

  // MARK: Keys

  func testKeyTableOnANamedTree() {
    var outline = makeOutline()
    var selection = Selection(mode: .single)

    // Nothing focused: ↓ focuses the first row, End the last.
    var change = selection.navigate(.end, in: &outline)
    XCTAssertEqual(change, SelectionChange(rowsToRedraw: [2 ..< 3], focusedRow: 2))
    change = selection.navigate(.home, in: &outline)
    XCTAssertEqual(change, SelectionChange(rowsToRedraw: [0 ..< 1, 2 ..< 3], focusedRow: 0))

    // → on a collapsed node with children expands it; the focus stays.
    change = selection.navigate(.right, in: &outline)
    XCTAssertEqual(change.outlineChange, OutlineChange(insertedRows: [1 ..< 3], reloadedRows: [0]))
    XCTAssertEqual(change.rowsToRedraw, [])
    XCTAssertEqual(change.focusedRow, 0)
    XCTAssertEqual(rows(outline), ["A", "a1", "a2", "B", "C"])

    // → on an expanded node goes to its first child; → on a leaf does nothing.
    selection.navigate(.right, in: &outline)
    XCTAssertEqual(selection.focus.map { outline[$0] }, "a1")
    XCTAssertEqual(selection.navigate(.right, in: &outline), SelectionChange(focusedRow: 1))

    // ← on a leaf goes to the parent; ← on an expanded node collapses it.
    selection.navigate(.left, in: &outline)
    XCTAssertEqual(selection.focus.map { outline[$0] }, "A")
    change = selection.navigate(.left, in: &outline)
    XCTAssertEqual(change.outlineChange, OutlineChange(removedRows: [1 ..< 3], reloadedRows: [0]))
    XCTAssertEqual(rows(outline), ["A", "B", "C"])
    // ← on a collapsed root does nothing.
    XCTAssertEqual(selection.navigate(.left, in: &outline), SelectionChange(focusedRow: 0))

    // ↑ on the first row and ↓ on the last stay.
    XCTAssertEqual(selection.navigate(.up, in: &outline), SelectionChange(focusedRow: 0))
    selection.navigate(.end, in: &outline)
    XCTAssertEqual(selection.navigate(.down, in: &outline), SelectionChange(focusedRow: 2))

    // Pages stop at the ends.
    change = selection.navigate(.pageUp(.rows(5)), in: &outline)
    XCTAssertEqual(change.focusedRow, 0)
    change = selection.navigate(.pageDown(.rows(1)), in: &outline)
    XCTAssertEqual(change.focusedRow, 1)

    // `*` expands the focused node and its siblings that have children,
    // whatever the expansion policy.
    outline.expansionPolicy = .exclusiveSiblings
    change = selection.navigate(.expandSiblings, in: &outline)
    XCTAssertEqual(rows(outline), ["A", "a1", "a2", "B", "b1", "C"])
    XCTAssertEqual(change.outlineChange, OutlineChange(insertedRows: [1 ..< 3, 4 ..< 5], reloadedRows: [0, 1]))
    XCTAssertEqual(change.focusedRow, 3)
    XCTAssertEqual(change.rowsToRedraw, [])
    XCTAssertEqual(names(selection.selectedNodes, in: outline), ["B"])
  }

  func testRightUnderAnAccordionCollapsesTheSiblingAndItsSelection() {
    var outline = makeOutline()
    outline.expansionPolicy = .exclusiveSiblings
    var selection = Selection(mode: .multiple, collapsePolicy: .selectCollapsedAncestor)
    outline.expand(id("A", in: outline))
    selection.select(id("a1", in: outline), in: outline)
    selection.moveFocus(to: id("B", in: outline), in: outline)
    // → expands B, and the accordion collapses A, hiding the selected a1.
    let change = selection.navigate(.right, in: &outline)
    XCTAssertEqual(rows(outline), ["A", "B", "b1", "C"])
    XCTAssertEqual(names(selection.selectedNodes, in: outline), ["A"])
    XCTAssertEqual(selection.anchor.map { outline[$0] }, "A")
    XCTAssertEqual(change.rowsToRedraw, [0 ..< 1])
  }

  // MARK: Clicks and ranges

  func testShiftRangesGrowAndShrinkFromTheAnchor() {
    var outline = makeOutline()
    outline.expandAll()  // A a1 a2 a21 B b1 C
    var selection = Selection(mode: .multiple)
    selection.select(id("a1", in: outline), in: outline)
    for _ in 0 ..< 3 { selection.navigate(.down, in: &outline, selecting: .extend) }
    XCTAssertEqual(selection.selectedRows(in: outline), [1 ..< 5])
    let change = selection.navigate(.up, in: &outline, selecting: .extend)
    XCTAssertEqual(selection.selectedRows(in: outline), [1 ..< 4])
    XCTAssertEqual(change.rowsToRedraw, [3 ..< 5])  // B deselected and unfocused, a21 focused
    XCTAssertEqual(selection.anchor.map { outline[$0] }, "a1")
    // Past the anchor, the range flips to the other side.
    selection.navigate(.home, in: &outline, selecting: .extend)
    XCTAssertEqual(selection.selectedRows(in: outline), [0 ..< 2])
  }

  func testCommandClickThenShiftClickAddsARange() {
    var outline = makeOutline()
    outline.expandAll()  // A a1 a2 a21 B b1 C
    var selection = Selection(mode: .multiple)
    selection.select(id("A", in: outline), in: outline)
    selection.toggle(id("a21", in: outline), in: outline)
    selection.extendSelection(to: id("C", in: outline), in: outline)
    XCTAssertEqual(selection.selectedRows(in: outline), [0 ..< 1, 3 ..< 7])
    selection.extendSelection(to: id("B", in: outline), in: outline)
    XCTAssertEqual(selection.selectedRows(in: outline), [0 ..< 1, 3 ..< 5])
    // Command-click deselects and moves the anchor; a plain click replaces all.
    selection.toggle(id("A", in: outline), in: outline)
    XCTAssertEqual(selection.selectedRows(in: outline), [3 ..< 5])
    let change = selection.select(id("b1", in: outline), in: outline)
    XCTAssertEqual(selection.selectedRows(in: outline), [5 ..< 6])
    XCTAssertEqual(change.rowsToRedraw, [0 ..< 1, 3 ..< 6])
  }

  func testControlMovesOnlyTheFocusAndSpaceTogglesIt() {
    var outline = makeOutline()  // A B C
    var selection = Selection(mode: .multiple)
    selection.select(id("A", in: outline), in: outline)
    selection.navigate(.down, in: &outline, selecting: .keep)
    selection.navigate(.down, in: &outline, selecting: .keep)
    XCTAssertEqual(selection.focus.map { outline[$0] }, "C")
    XCTAssertEqual(names(selection.selectedNodes, in: outline), ["A"])
    selection.toggle(selection.focus!, in: outline)  // Space
    XCTAssertEqual(selection.selectedRows(in: outline), [0 ..< 1, 2 ..< 3])
  }

  func testSelectAllAndDeselectAll() {
    var outline = makeOutline()
    outline.expand(id("A", in: outline))  // A a1 a2 B C
    var selection = Selection(mode: .multiple)
    selection.select(id("a2", in: outline), in: outline)
    var change = selection.selectAll(in: outline)
    XCTAssertEqual(selection.selectedRows(in: outline), [0 ..< 5])
    XCTAssertEqual(change.rowsToRedraw, [0 ..< 2, 3 ..< 5])
    XCTAssertEqual(selection.selectedCount, 5)
    change = selection.deselectAll(in: outline)
    XCTAssertEqual(change.rowsToRedraw, [0 ..< 5])
    XCTAssertEqual(selection.focus.map { outline[$0] }, "a2")

    var single = Selection(mode: .single)
    single.select(id("A", in: outline), in: outline)
    XCTAssertTrue(single.selectAll(in: outline).isEmpty)
    XCTAssertEqual(single.selectedCount, 1)
  }

  func testModesLimitTheSelection() {
    var outline = makeOutline()  // A B C
    var selection = Selection(mode: .none)
    selection.select(id("B", in: outline), in: outline)
    selection.navigate(.down, in: &outline, selecting: .extend)
    XCTAssertEqual(selection.selectedCount, 0)
    XCTAssertEqual(selection.focus.map { outline[$0] }, "C")

    selection.mode = .single
    selection.toggle(id("A", in: outline), in: outline)
    selection.extendSelection(to: id("C", in: outline), in: outline)  // a plain click in .single
    XCTAssertEqual(names(selection.selectedNodes, in: outline), ["C"])

    selection.mode = .multiple
    selection.extendSelection(to: id("A", in: outline), in: outline)
    XCTAssertEqual(selection.selectedCount, 3)
    selection.mode = .single  // keeps the focused node
    XCTAssertEqual(names(selection.selectedNodes, in: outline), ["A"])
    selection.mode = .none
    XCTAssertEqual(selection.selectedCount, 0)
  }

  // MARK: Keeping it true

  func testCollapsePolicies() {
    for policy in SelectionCollapsePolicy.allCases {
      var outline = makeOutline()
      outline.expand(id("A", in: outline))
      outline.expand(id("a2", in: outline))  // A a1 a2 a21 B C
      var selection = Selection(mode: .multiple, collapsePolicy: policy)
      selection.select(id("a21", in: outline), in: outline)
      selection.toggle(id("C", in: outline), in: outline)
      selection.toggle(id("a1", in: outline), in: outline)  // focus and anchor on a1

      outline.collapse(id("A", in: outline))  // A B C
      let change = selection.reconcile(with: outline)
      XCTAssertEqual(selection.focus.map { outline[$0] }, "A", "\(policy)")
      XCTAssertEqual(selection.anchor.map { outline[$0] }, "A", "\(policy)")
      switch policy {
      case .keepHidden:
        XCTAssertEqual(names(selection.selectedNodes, in: outline), ["a1", "a21", "C"])
        XCTAssertEqual(selection.selectedRows(in: outline), [2 ..< 3])
        XCTAssertEqual(change.rowsToRedraw, [0 ..< 1])  // the new focus
        outline.expand(id("A", in: outline))
        XCTAssertEqual(selection.selectedRows(in: outline), [1 ..< 2, 3 ..< 4, 5 ..< 6])
      case .selectCollapsedAncestor:
        XCTAssertEqual(names(selection.selectedNodes, in: outline), ["A", "C"])
        XCTAssertEqual(selection.selectedRows(in: outline), [0 ..< 1, 2 ..< 3])
        XCTAssertEqual(change.rowsToRedraw, [0 ..< 1])
        outline.expand(id("A", in: outline))
        XCTAssertEqual(selection.selectedRows(in: outline), [0 ..< 1, 5 ..< 6])
      }
    }
  }

  func testRemovedFocusGoesToTheRowThatTookItsPlace() {
    var outline = makeOutline()
    outline.expandAll()  // A a1 a2 a21 B b1 C
    var selection = Selection(mode: .multiple)
    selection.select(id("a2", in: outline), in: outline)
    selection.toggle(id("C", in: outline), in: outline)  // the anchor
    selection.moveFocus(to: id("a2", in: outline), in: outline)

    // Rows are inserted above and the focus removed in one batch: the change
    // carries the focus's old row to the node that followed it.
    let a2 = id("a2", in: outline)
    let change = outline.batch { outline in
      outline.insert("new", under: nil, at: 0)
      outline.remove(a2)
    }
    let selectionChange = selection.reconcile(with: outline, after: change)
    XCTAssertEqual(rows(outline), ["new", "A", "a1", "B", "b1", "C"])
    XCTAssertEqual(selection.focus.map { outline[$0] }, "B")
    XCTAssertEqual(selection.anchor.map { outline[$0] }, "C")
    XCTAssertEqual(names(selection.selectedNodes, in: outline), ["C"])
    XCTAssertEqual(selectionChange, SelectionChange(rowsToRedraw: [3 ..< 4], focusedRow: 3))

    // Without a change, the remembered row itself, or the last row; a
    // removed anchor moves to the focus.
    outline.remove(id("C", in: outline))
    outline.remove(id("B", in: outline))
    selection.reconcile(with: outline)
    XCTAssertEqual(rows(outline), ["new", "A", "a1"])
    XCTAssertEqual(selection.focus.map { outline[$0] }, "a1")
    XCTAssertEqual(selection.anchor.map { outline[$0] }, "a1")
    XCTAssertEqual(selection.selectedCount, 0)

    for node in Array(outline.roots) { outline.remove(node) }
    XCTAssertEqual(selection.reconcile(with: outline), SelectionChange())
    XCTAssertNil(selection.focus)
    XCTAssertNil(selection.anchor)
  }

  func testMovesAndValueChangesKeepTheSelection() throws {
    var outline = makeOutline()
    outline.expandAll()
    var selection = Selection(mode: .multiple)
    selection.select(id("a21", in: outline), in: outline)
    selection.toggle(id("b1", in: outline), in: outline)
    try outline.move(id("a21", in: outline), under: nil, at: 3)
    outline[id("b1", in: outline)] = "b1 renamed"
    selection.reconcile(with: outline)
    XCTAssertEqual(rows(outline), ["A", "a1", "a2", "B", "b1 renamed", "C", "a21"])
    XCTAssertEqual(selection.selectedRows(in: outline), [4 ..< 5, 6 ..< 7])
    XCTAssertEqual(selection.focus.map { outline[$0] }, "b1 renamed")
  }

  // MARK: Type-ahead

  func testTypeAheadFindsTheNextMatchAndWraps() {
    let outline = Outline(preorder: ["Banana", "apple", " Avocado", "cherry", "apricot"].map { (node: $0, depth: 0) })
    var selection = Selection(mode: .single)
    // Nothing focused: the search starts at the first row.
    var change = selection.navigate(toNextMatch: "a", in: outline, text: { $0 })
    XCTAssertEqual(change?.focusedRow, 1)
    change = selection.navigate(toNextMatch: "A", in: outline, text: { $0 })  // leading spaces ignored
    XCTAssertEqual(change?.focusedRow, 2)
    change = selection.navigate(toNextMatch: "a", in: outline, text: { $0 })
    XCTAssertEqual(change?.focusedRow, 4)
    change = selection.navigate(toNextMatch: "a", in: outline, text: { $0 })  // wraps
    XCTAssertEqual(change?.focusedRow, 1)
    change = selection.navigate(toNextMatch: "ap", in: outline, includingFocus: true, text: { $0 })
    XCTAssertEqual(change, SelectionChange(focusedRow: 1))  // still apple: nothing to redraw
    change = selection.navigate(toNextMatch: "b", in: outline, text: { $0 })
    XCTAssertEqual(change, SelectionChange(rowsToRedraw: [0 ..< 2], focusedRow: 0))
    XCTAssertNil(selection.navigate(toNextMatch: "z", in: outline, text: { $0 }))
    XCTAssertNil(selection.navigate(toNextMatch: "", in: outline, text: { $0 }))
    // A limit stops the search: "cherry" is 3 rows on.
    XCTAssertNil(selection.navigate(toNextMatch: "c", in: outline, limit: 2, text: { $0 }))
    XCTAssertEqual(selection.navigate(toNextMatch: "c", in: outline, limit: 3, text: { $0 })?.focusedRow, 3)
  }

  func testTypeAheadStopsAtTheFirstMatch() {
    let outline = Outline(preorder: (0 ..< 1000).map { (node: "row \($0)", depth: 0) })
    var selection = Selection()
    var asked = 0
    let change = selection.navigate(toNextMatch: "row 5", in: outline) { text in
      asked += 1
      return text
    }
    XCTAssertEqual(change?.focusedRow, 5)
    XCTAssertEqual(asked, 6)
  }

  // MARK: Saving

  func testSelectionSurvivesARebuildByKey() throws {
    let library = [
      Item(id: "fruit", children: [Item(id: "apple", children: [Item(id: "granny")]), Item(id: "pear")]),
      Item(id: "veg", children: [Item(id: "leek")]),
    ]
    var outline = Outline(roots: library, children: \.children)
    outline.expandAll()
    var selection = Outline<Item>.Selection(mode: .multiple)
    selection.select(outline.id(atRow: 1), in: outline)  // apple
    selection.extendSelection(to: outline.id(atRow: 3), in: outline)  // apple, granny, pear
    let saved = selection.state(in: outline)
    XCTAssertEqual(saved, SelectionState(focusedKey: "pear", anchorKey: "apple", selectedKeys: ["apple", "granny", "pear"]))
    let data = try JSONEncoder().encode(saved)
    let decoded = try JSONDecoder().decode(SelectionState<String>.self, from: data)
    XCTAssertEqual(decoded, saved)
    XCTAssertEqual(try JSONDecoder().decode(SelectionState<String>.self, from: Data("{}".utf8)), SelectionState())

    // A fresh outline where only fruit is expanded: granny is hidden.
    var fresh = Outline(roots: library, children: \.children)
    fresh.expand(fresh.roots[0])  // fruit apple pear veg
    var restored = Outline<Item>.Selection(mode: .multiple, collapsePolicy: .keepHidden)
    let change = restored.restore(decoded, in: fresh)
    XCTAssertEqual(Set(restored.selectedNodes.map { fresh[$0].id }), ["apple", "granny", "pear"])
    XCTAssertEqual(restored.selectedRows(in: fresh), [1 ..< 3])
    XCTAssertEqual(change, SelectionChange(rowsToRedraw: [1 ..< 3], focusedRow: 2))

    var single = Outline<Item>.Selection(mode: .single)
    single.restore(SelectionState(focusedKey: "gone", anchorKey: nil, selectedKeys: ["veg", "apple"]), in: fresh)
    XCTAssertNil(single.focus)
    XCTAssertEqual(single.selectedNodes.map { fresh[$0].id }, ["apple"])  // the first in preorder
  }

  // MARK: Values

  func testSelectionsAreValuesComparedByState() {
    var outline = makeOutline()
    var a = Selection(mode: .multiple)
    a.select(id("A", in: outline), in: outline)
    var b = a
    XCTAssertEqual(a, b)
    b.navigate(.down, in: &outline, selecting: .extend)
    XCTAssertNotEqual(a, b)
    XCTAssertEqual(names(a.selectedNodes, in: outline), ["A"])
    XCTAssertTrue(b.isSelected(id("B", in: outline)))
    XCTAssertFalse(a.isSelected(id("B", in: outline)))
    XCTAssertEqual("\(SelectionChange(rowsToRedraw: [2 ..< 4], focusedRow: 3))", "SelectionChange(redraw [2..<4], focus 3)")
    XCTAssertTrue(SelectionChange().isEmpty)
    XCTAssertTrue("\(a)".contains("focus #0"))
  }
}
