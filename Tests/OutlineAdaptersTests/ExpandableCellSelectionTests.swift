import OutlineKit
import XCTest

@testable import OutlineAdapters

/// The selected cell (HVTableView's `selectedIndexPath`) as the engine's
/// focus: set by a tap, held by node, right after every edit.
///
/// On `cellSections`: A: a1 (a1x (a1x1), a1y), a2; B: b1 (b1x), b2.
final class ExpandableCellSelectionTests: XCTestCase {
  @MainActor
  func makeController(style: SectionHeaderStyle = .header) -> ExpandableCellController<Item> {
    ExpandableCellController(outline: Outline(roots: cellSections, children: \.children), style: style)
  }

  @MainActor
  func name(_ controller: ExpandableCellController<Item>) -> String? {
    controller.selectedCell.map { controller[$0].name }
  }

  @MainActor
  func node(_ name: String, in controller: ExpandableCellController<Item>) -> Outline<Item>.NodeID {
    var stack = Array(controller.outline.roots)
    while let next = stack.popLast() {
      if controller[next].name == name { return next }
      stack.append(contentsOf: controller.outline.children(of: next))
    }
    fatalError("no node \(name)")
  }

  @MainActor
  func testATapSelectsTheTouchedCell() async {
    let controller = makeController()
    XCTAssertNil(controller.selectedIndexPath)
    controller.expand(at: path(0, 0))
    XCTAssertEqual(controller.selectedIndexPath, path(0, 0))
    XCTAssertEqual(name(controller), "a1")
    controller.toggle(at: path(1, 1))  // b2 grows in place
    XCTAssertEqual(name(controller), "b2")
    controller.collapse(at: path(0, 3))  // a2, already collapsed: still a touch
    XCTAssertEqual(controller.selectedIndexPath, path(0, 3))
    XCTAssertEqual(name(controller), "a2")
  }

  @MainActor
  func testAVetoedTapStillSelects() async {
    let controller = makeController()
    let delegate = RecordingDelegate()
    delegate.vetoed = ["b1"]
    controller.delegate = delegate
    XCTAssertEqual(controller.toggle(at: path(1, 0)), ExpandableCellUpdate())
    XCTAssertEqual(name(controller), "b1")
  }

  @MainActor
  func testTheSelectedIndexPathFollowsItsCellAcrossEdits() async {
    let controller = makeController()
    controller.selectedIndexPath = path(1, 1)
    XCTAssertEqual(name(controller), "b2")
    // An insertion above: HVTableView's index path would now name b1.
    controller.update { outline in
      _ = outline.insert(Item(name: "b0"), under: outline.roots[1], at: 0)
    }
    XCTAssertEqual(controller.selectedIndexPath, path(1, 2))
    XCTAssertEqual(name(controller), "b2")
    // A move to the other section.
    controller.update { outline in
      try? outline.move(outline.children(of: outline.roots[1])[2], under: outline.roots[0], at: 0)
    }
    XCTAssertEqual(controller.selectedIndexPath, path(0, 0))
    XCTAssertEqual(name(controller), "b2")
  }

  @MainActor
  func testARemovedCellHandsTheSelectionToTheCellInItsPlace() async {
    let controller = makeController()
    controller.selectedIndexPath = path(0, 0)  // a1
    controller.update { outline in _ = outline.remove(outline.children(of: outline.roots[0])[0]) }
    XCTAssertEqual(name(controller), "a2")
    XCTAssertEqual(controller.selectedIndexPath, path(0, 0))
    // a2 was section A's last cell: the next row is B's header, so the
    // selection goes on to B's first cell.
    controller.update { outline in _ = outline.remove(outline.children(of: outline.roots[0])[0]) }
    XCTAssertEqual(name(controller), "b1")
    XCTAssertEqual(controller.selectedIndexPath, path(1, 0))
    // The last cell of the last section: the cell above.
    controller.selectedIndexPath = path(1, 1)
    controller.update { outline in _ = outline.remove(outline.children(of: outline.roots[1])[1]) }
    XCTAssertEqual(name(controller), "b1")
    // No cell left: none selected.
    controller.update { outline in _ = outline.remove(outline.children(of: outline.roots[1])[0]) }
    XCTAssertNil(controller.selectedIndexPath)
    XCTAssertNil(controller.selectedCell)
  }

  @MainActor
  func testACollapseMovesTheSelectionToTheCollapsedCell() async {
    let controller = makeController()
    controller.expand(at: path(0, 0))
    controller.selectedIndexPath = path(0, 1)  // a1x
    controller.collapseExpandedCells()
    XCTAssertEqual(name(controller), "a1")
    XCTAssertEqual(controller.selectedIndexPath, path(0, 0))
  }

  @MainActor
  func testAFilterHidesTheSelectedCellWithoutForgettingIt() async {
    let controller = makeController()
    controller.expand(at: path(0, 0))
    controller.selectedIndexPath = path(0, 2)  // a1y
    controller.update { outline in
      outline.setFilter { $0.name == "a1x" ? .visible : .recurse }
    }
    XCTAssertEqual(name(controller), "a1", "the nearest cell above that still shows")
    XCTAssertEqual(controller.selection.hiddenFocus.map { controller[$0].name }, "a1y")
    controller.update { $0.removeFilter() }
    XCTAssertEqual(name(controller), "a1y")
    XCTAssertEqual(controller.selectedIndexPath, path(0, 2))
  }

  @MainActor
  func testInFirstRowStyleASectionIsACellToo() async {
    let controller = makeController(style: .firstRow)
    controller.selectedIndexPath = path(1, 0)
    XCTAssertEqual(name(controller), "B")
    controller.selectedCell = nil
    XCTAssertNil(controller.selectedIndexPath)
    controller.expand(at: path(0, 0))
    XCTAssertEqual(name(controller), "A")
    controller.selectedCell = node("a2", in: controller)
    XCTAssertEqual(controller.selectedIndexPath, path(0, 2))
  }
}
