import Foundation
import OutlineKit
import XCTest

@testable import OutlineAdapters

struct Item: Hashable, Sendable {
  var name: String
  var children: [Item] = []
}

/// Two sections:
///
/// A: a1 (a1x (a1x1), a1y), a2 (no children: grows in place)
/// B: b1 (b1x), b2 (no children: grows in place)
let cellSections = [
  Item(name: "A", children: [
    Item(name: "a1", children: [Item(name: "a1x", children: [Item(name: "a1x1")]), Item(name: "a1y")]),
    Item(name: "a2"),
  ]),
  Item(name: "B", children: [Item(name: "b1", children: [Item(name: "b1x")]), Item(name: "b2")]),
]

@MainActor
final class RecordingDelegate: ExpandableCellDelegate {
  typealias Node = Item
  var events: [String] = []
  var vetoed: Set<String> = []
  var heights: [String: (collapsed: Double, expanded: Double)] = [:]

  func expandableCellController(
    _ controller: ExpandableCellController<Item>, shouldExpand id: Outline<Item>.NodeID, at indexPath: OutlineIndexPath
  ) -> Bool {
    events.append("should \(controller[id].name) \(indexPath)")
    return !vetoed.contains(controller[id].name)
  }

  func expandableCellController(
    _ controller: ExpandableCellController<Item>, willExpand id: Outline<Item>.NodeID, at indexPath: OutlineIndexPath
  ) {
    events.append("willExpand \(controller[id].name) \(indexPath) \(controller.isExpanded(at: indexPath))")
  }

  func expandableCellController(
    _ controller: ExpandableCellController<Item>, didExpand id: Outline<Item>.NodeID, at indexPath: OutlineIndexPath
  ) {
    events.append("didExpand \(controller[id].name) \(indexPath) \(controller.isExpanded(at: indexPath))")
  }

  func expandableCellController(
    _ controller: ExpandableCellController<Item>, willCollapse id: Outline<Item>.NodeID, at indexPath: OutlineIndexPath?
  ) {
    events.append("willCollapse \(controller[id].name) \(indexPath.map(\.description) ?? "hidden")")
  }

  func expandableCellController(
    _ controller: ExpandableCellController<Item>, didCollapse id: Outline<Item>.NodeID, at indexPath: OutlineIndexPath?
  ) {
    events.append("didCollapse \(controller[id].name) \(indexPath.map(\.description) ?? "hidden")")
  }

  func expandableCellController(
    _ controller: ExpandableCellController<Item>, heightFor id: Outline<Item>.NodeID, isExpanded: Bool
  ) -> Double? {
    heights[controller[id].name].map { isExpanded ? $0.expanded : $0.collapsed }
  }
}

/// A delegate that implements nothing: every default applies.
@MainActor
final class SilentDelegate: ExpandableCellDelegate {
  typealias Node = Item
}

/// The tests are `async` so that, isolated to the main actor, Linux XCTest
/// can call them (it cannot cast a synchronous main-actor method).
final class ExpandableCellControllerTests: XCTestCase {
  @MainActor
  func makeController(
    style: SectionHeaderStyle = .header, onlyOne: Bool = false, delegate: RecordingDelegate? = nil
  ) -> ExpandableCellController<Item> {
    let controller = ExpandableCellController(
      outline: Outline(roots: cellSections, children: \.children), style: style, expandsOnlyOneCell: onlyOne)
    controller.delegate = delegate
    return controller
  }

  @MainActor
  func names(_ controller: ExpandableCellController<Item>, section: Int) -> [String] {
    (0 ..< controller.numberOfRows(inSection: section)).map { controller.cell(at: path(section, $0)).value.name }
  }

  // MARK: Expanding and collapsing by (section, row)

  @MainActor
  func testExpandingACellWithChildrenShowsThem() async {
    let controller = makeController()
    XCTAssertEqual(controller.numberOfSections, 2)
    XCTAssertEqual(names(controller, section: 0), ["a1", "a2"])
    let update = controller.expand(at: path(0, 0))
    XCTAssertEqual(
      update,
      ExpandableCellUpdate(
        change: SectionedChange(insertedRows: [path(0, 1), path(0, 2)], reloadedRows: [path(0, 0)]),
        resizedRows: [path(0, 0): 44], scrollTarget: ScrollTarget(indexPath: path(0, 0), position: .none)))
    XCTAssertEqual(names(controller, section: 0), ["a1", "a1x", "a1y", "a2"])
    XCTAssertTrue(controller.isExpanded(at: path(0, 0)))
    let collapse = controller.toggle(at: path(0, 0))
    XCTAssertEqual(collapse.change, SectionedChange(deletedRows: [path(0, 1), path(0, 2)], reloadedRows: [path(0, 0)]))
    XCTAssertEqual(names(controller, section: 0), ["a1", "a2"])
  }

  @MainActor
  func testExpandingAnExpandedCellOrCollapsingACollapsedOneChangesNothing() async {
    let controller = makeController()
    controller.expand(at: path(0, 0))
    XCTAssertEqual(controller.expand(at: path(0, 0)), ExpandableCellUpdate(scrollTarget: ScrollTarget(indexPath: path(0, 0), position: .none)))
    XCTAssertEqual(controller.collapse(at: path(0, 3)), ExpandableCellUpdate(scrollTarget: ScrollTarget(indexPath: path(0, 3), position: .none)))
  }

  @MainActor
  func testSeveralCellsStayExpandedByDefault() async {
    let controller = makeController()
    controller.expand(at: path(0, 0))
    let update = controller.expand(at: path(1, 0))
    XCTAssertEqual(update.change, SectionedChange(insertedRows: [path(1, 1)], reloadedRows: [path(1, 0)]))
    XCTAssertEqual(controller.expandedCells.map { controller[$0].name }, ["a1", "b1"])
  }

  // MARK: Only one expanded cell

  @MainActor
  func testOnlyOneCellIsExpandedAcrossSections() async {
    let delegate = RecordingDelegate()
    let controller = makeController(onlyOne: true, delegate: delegate)
    controller.expand(at: path(0, 0))
    delegate.events = []
    let update = controller.expand(at: path(1, 0))
    XCTAssertEqual(
      update.change,
      SectionedChange(
        deletedRows: [path(0, 1), path(0, 2)], insertedRows: [path(1, 1)], reloadedRows: [path(0, 0), path(1, 0)]))
    XCTAssertEqual(update.resizedRows, [path(0, 0): 44, path(1, 0): 44])
    XCTAssertEqual(controller.expandedCells.map { controller[$0].name }, ["b1"])
    XCTAssertEqual(
      delegate.events,
      [
        "should b1 [1, 0]",
        "willCollapse a1 [0, 0]",
        "willExpand b1 [1, 0] false",
        "didCollapse a1 [0, 0]",
        "didExpand b1 [1, 0] true",
      ])
  }

  @MainActor
  func testOnlyOneKeepsTheAncestorsOfTheExpandedCell() async {
    let controller = makeController(onlyOne: true)
    controller.expand(at: path(0, 0))
    let update = controller.expand(at: path(0, 1))  // a1x, inside a1
    XCTAssertEqual(update.change, SectionedChange(insertedRows: [path(0, 2)], reloadedRows: [path(0, 1)]))
    XCTAssertEqual(names(controller, section: 0), ["a1", "a1x", "a1x1", "a1y", "a2"])
    XCTAssertEqual(controller.expandedCells.map { controller[$0].name }, ["a1", "a1x"])
    // Expanding elsewhere closes both.
    let elsewhere = controller.expand(at: path(1, 0))
    XCTAssertEqual(elsewhere.change.deletedRows, [path(0, 1), path(0, 2), path(0, 3)])
    XCTAssertEqual(controller.expandedCells.map { controller[$0].name }, ["b1"])
  }

  @MainActor
  func testOnlyOneCollapsesAHiddenExpandedCellToo() async {
    let delegate = RecordingDelegate()
    let controller = makeController(onlyOne: true, delegate: delegate)
    controller.expand(at: path(0, 0))
    controller.expand(at: path(0, 1))  // a1x
    controller.collapse(at: path(0, 0))  // a1x stays expanded, hidden
    delegate.events = []
    controller.expand(at: path(1, 0))
    XCTAssertEqual(Array(delegate.events.prefix(2)), ["should b1 [1, 0]", "willCollapse a1x hidden"])
    XCTAssertEqual(controller.expandedCells.map { controller[$0].name }, ["b1"])
    controller.expand(at: path(0, 0))
    XCTAssertEqual(names(controller, section: 0), ["a1", "a1x", "a1y", "a2"])
  }

  // MARK: Veto and callbacks

  @MainActor
  func testShouldExpandCanVeto() async {
    let delegate = RecordingDelegate()
    delegate.vetoed = ["a2"]
    let controller = makeController(delegate: delegate)
    XCTAssertEqual(controller.toggle(at: path(0, 1)), ExpandableCellUpdate())
    XCTAssertFalse(controller.isExpanded(at: path(0, 1)))
    XCTAssertEqual(delegate.events, ["should a2 [0, 1]"])
  }

  @MainActor
  func testCollapseCallbacks() async {
    let delegate = RecordingDelegate()
    let controller = makeController(delegate: delegate)
    controller.expand(at: path(0, 0))
    delegate.events = []
    controller.collapse(at: path(0, 0))
    XCTAssertEqual(delegate.events, ["willCollapse a1 [0, 0]", "didCollapse a1 [0, 0]"])
  }

  @MainActor
  func testADelegateWithOnlyDefaultsAllowsEverything() async {
    let controller = makeController()
    let delegate = SilentDelegate()
    controller.delegate = delegate
    controller.expand(at: path(0, 1))
    XCTAssertTrue(controller.isExpanded(at: path(0, 1)))
    XCTAssertEqual(controller.height(at: path(0, 1)), 44)
  }

  // MARK: Growing in place

  @MainActor
  func testACellWithoutChildrenGrowsInPlace() async {
    let delegate = RecordingDelegate()
    delegate.heights = ["a2": (60, 200), "b2": (60, 180)]
    let controller = makeController(onlyOne: true, delegate: delegate)
    XCTAssertEqual(controller.height(at: path(0, 1)), 60)
    let grow = controller.expand(at: path(0, 1))
    XCTAssertEqual(grow.change, SectionedChange(reloadedRows: [path(0, 1)]))
    XCTAssertEqual(grow.resizedRows, [path(0, 1): 200])
    XCTAssertEqual(controller.height(at: path(0, 1)), 200)
    XCTAssertTrue(controller.cell(at: path(0, 1)).isExpanded)
    // Expanding another closes it.
    let other = controller.expand(at: path(1, 1))
    XCTAssertEqual(other.change, SectionedChange(reloadedRows: [path(0, 1), path(1, 1)]))
    XCTAssertEqual(other.resizedRows, [path(0, 1): 60, path(1, 1): 180])
    XCTAssertFalse(controller.cell(at: path(0, 1)).isExpanded)
  }

  // MARK: Data source

  @MainActor
  func testCellsCarryStateHeightAndLevel() async {
    let controller = makeController()
    controller.rowHeight = 50
    controller.expandedRowHeight = 90
    controller.expand(at: path(0, 0))
    let a1 = controller.cell(at: path(0, 0))
    XCTAssertEqual(a1.value.name, "a1")
    XCTAssertTrue(a1.isExpanded)
    XCTAssertEqual(a1.height, 90)
    XCTAssertEqual(a1.level, 0)
    let a1x = controller.cell(at: path(0, 1))
    XCTAssertEqual(a1x.level, 1)
    XCTAssertFalse(a1x.isExpanded)
    XCTAssertEqual(a1x.height, 50)
    XCTAssertEqual(controller.indexPath(of: a1x.id), path(0, 1))
    XCTAssertEqual(controller.id(at: path(0, 1)), a1x.id)
  }

  // MARK: Collapse all

  @MainActor
  func testCollapseExpandedCells() async {
    let delegate = RecordingDelegate()
    let controller = makeController(delegate: delegate)
    controller.expand(at: path(1, 0))
    controller.expand(at: path(0, 0))
    delegate.events = []
    let update = controller.collapseExpandedCells()
    XCTAssertEqual(
      update,
      ExpandableCellUpdate(
        change: SectionedChange(deletedRows: [path(0, 1), path(0, 2), path(1, 1)], reloadedRows: [path(0, 0), path(1, 0)]),
        resizedRows: [path(0, 0): 44, path(1, 0): 44]))
    XCTAssertEqual(
      delegate.events, ["willCollapse a1 [0, 0]", "willCollapse b1 [1, 0]", "didCollapse a1 [0, 0]", "didCollapse b1 [1, 0]"])
    XCTAssertEqual(controller.expandedCells, [])
    XCTAssertEqual(controller.collapseExpandedCells(), ExpandableCellUpdate())
    XCTAssertEqual(controller.numberOfRows(inSection: 0), 2)
  }

  // MARK: Scroll targets

  @MainActor
  func testAutoScrollCanBeTurnedOff() async {
    let controller = makeController()
    controller.autoScrolls = false
    XCTAssertNil(controller.expand(at: path(0, 0)).scrollTarget)
  }

  @MainActor
  func testContentOffsetsCountRowsAndHeaders() async {
    let delegate = RecordingDelegate()
    delegate.heights = ["a1": (50, 50), "a2": (50, 50), "b1": (50, 50), "a1x": (40, 40), "a1y": (40, 40), "b1x": (40, 40)]
    let controller = makeController(delegate: delegate)
    XCTAssertEqual(controller.contentOffset(of: controller.id(at: path(1, 0))), 100)
    controller.sectionHeaderHeight = 30
    XCTAssertEqual(controller.contentOffset(of: controller.id(at: path(0, 0))), 30)
    XCTAssertEqual(controller.contentOffset(of: controller.id(at: path(1, 0))), 160)
  }

  @MainActor
  func testTheScrollTargetIsTheLastRevealedRowWhenTheViewportCutsItOff() async {
    let delegate = RecordingDelegate()
    delegate.heights = ["a1": (50, 50), "a2": (50, 50), "b1": (50, 50), "b2": (50, 50), "a1x": (40, 40), "a1y": (40, 40), "b1x": (40, 40)]
    let controller = makeController(delegate: delegate)

    // b1 starts at 100; with b1x it ends at 190.
    controller.viewport = Viewport(top: 0, height: 200)
    XCTAssertEqual(controller.expand(at: path(1, 0)).scrollTarget, ScrollTarget(indexPath: path(1, 0), position: .none))
    controller.collapse(at: path(1, 0))

    controller.viewport = Viewport(top: 0, height: 150)
    XCTAssertEqual(controller.expand(at: path(1, 0)).scrollTarget, ScrollTarget(indexPath: path(1, 1), position: .bottom))
    controller.collapse(at: path(1, 0))

    // The touched row starts above the viewport.
    controller.viewport = Viewport(top: 120, height: 150)
    XCTAssertEqual(controller.expand(at: path(1, 0)).scrollTarget, ScrollTarget(indexPath: path(1, 0), position: .top))
    controller.collapse(at: path(1, 0))

    // a1 and its two rows (130) are taller than the viewport (120): the touched row goes to the top.
    controller.viewport = Viewport(top: 0, height: 120)
    XCTAssertEqual(controller.expand(at: path(0, 0)).scrollTarget, ScrollTarget(indexPath: path(0, 0), position: .top))
  }

  @MainActor
  func testTheScrollTargetOfACellThatGrowsInPlace() async {
    let delegate = RecordingDelegate()
    delegate.heights = ["a1": (50, 50), "a2": (50, 200)]
    let controller = makeController(delegate: delegate)
    controller.viewport = Viewport(top: 0, height: 180)
    // a2 starts at 50 and grows to 200: it ends at 250, past 180, and fits in 180 no longer: top.
    XCTAssertEqual(controller.expand(at: path(0, 1)).scrollTarget, ScrollTarget(indexPath: path(0, 1), position: .top))
    controller.collapse(at: path(0, 1))
    controller.viewport = Viewport(top: 0, height: 220)
    XCTAssertEqual(controller.expand(at: path(0, 1)).scrollTarget, ScrollTarget(indexPath: path(0, 1), position: .bottom))
  }

  // MARK: Styles and edits

  @MainActor
  func testRootsAsFirstRowsAreCellsToo() async {
    let controller = makeController(style: .firstRow, onlyOne: true)
    XCTAssertEqual(names(controller, section: 0), ["A"])
    let open = controller.expand(at: path(0, 0))
    XCTAssertEqual(open.change, SectionedChange(insertedRows: [path(0, 1), path(0, 2)], reloadedRows: [path(0, 0)]))
    let other = controller.expand(at: path(1, 0))
    XCTAssertEqual(
      other.change,
      SectionedChange(deletedRows: [path(0, 1), path(0, 2)], insertedRows: [path(1, 1), path(1, 2)], reloadedRows: [path(0, 0), path(1, 0)]))
    XCTAssertEqual(controller.cell(at: path(1, 1)).level, 1)
  }

  @MainActor
  func testExpandedCellsInTheOutlineAreAdopted() async {
    var outline = Outline(roots: cellSections, children: \.children)
    let a1 = outline.children(of: outline.roots[0])[0]
    outline.expand(a1)
    outline.expand(outline.children(of: a1)[0])
    outline.expand(outline.children(of: outline.roots[1])[0])
    let controller = ExpandableCellController(outline: outline, expandsOnlyOneCell: true)
    XCTAssertEqual(controller.expandedCells.map { controller[$0].name }, ["a1", "a1x", "b1"])
    controller.expand(at: path(0, controller.numberOfRows(inSection: 0) - 1))  // a2
    XCTAssertEqual(controller.expandedCells.map { controller[$0].name }, ["a2"])
  }

  @MainActor
  func testEditsGoThroughUpdate() async {
    let controller = makeController()
    controller.expand(at: path(0, 0))
    let a1 = controller.id(at: path(0, 0))
    let update = controller.update { outline in
      outline.insert(Item(name: "C"), under: nil, at: 2)
      outline.remove(a1)
    }
    XCTAssertEqual(update, ExpandableCellUpdate(change: SectionedChange(insertedSections: [2], deletedRows: [path(0, 0), path(0, 1), path(0, 2)])))
    XCTAssertEqual(controller.numberOfSections, 3)
    XCTAssertTrue(controller.outline.isExpanded(controller.outline.roots[2]))
    XCTAssertEqual(controller.expandedCells, [])
  }
}

/// The controller keeps the cells' heights in the outline's geometry, so the
/// content height and every offset come from it.
final class ExpandableCellGeometryTests: XCTestCase {
  /// The table's heights, the naive way: headers and visible cells in order.
  @MainActor
  func naiveOffsets(_ controller: ExpandableCellController<Item>) -> [Double] {
    var offsets = [0.0]
    for section in 0 ..< controller.numberOfSections {
      offsets.append(offsets.last! + controller.sectionHeaderHeight)
      for row in 0 ..< controller.numberOfRows(inSection: section) {
        offsets.append(offsets.last! + controller.height(at: path(section, row)))
      }
    }
    return offsets
  }

  @MainActor
  func check(_ controller: ExpandableCellController<Item>, file: StaticString = #filePath, line: UInt = #line) {
    let offsets = naiveOffsets(controller)
    XCTAssertEqual(controller.contentHeight, offsets.last!, file: file, line: line)
    var k = 1
    for section in 0 ..< controller.numberOfSections {
      for row in 0 ..< controller.numberOfRows(inSection: section) {
        XCTAssertEqual(controller.contentOffset(of: controller.id(at: path(section, row))), offsets[k], file: file, line: line)
        k += 1
      }
      k += 1
    }
  }

  @MainActor
  func testOffsetsFollowTapsAndHeightsByState() async {
    let delegate = RecordingDelegate()
    delegate.heights = ["a1": (50, 120), "a2": (50, 200), "b1": (60, 90), "a1x": (40, 70)]
    let controller = ExpandableCellController(
      outline: Outline(roots: cellSections, children: \.children), style: .header, expandsOnlyOneCell: true)
    controller.delegate = delegate
    controller.sectionHeaderHeight = 28
    check(controller)
    controller.expand(at: path(0, 0))  // a1: 120, a1x and a1y appear
    check(controller)
    controller.expand(at: path(0, 1))  // a1x grows; a1 stays (its ancestor)
    check(controller)
    controller.expand(at: path(1, 0))  // b1: the only one; a1 and a1x collapse
    check(controller)
    controller.collapseExpandedCells()
    check(controller)
  }

  @MainActor
  func testReloadHeightsTakesTheDelegatesNewAnswers() async {
    let delegate = RecordingDelegate()
    let controller = ExpandableCellController(outline: Outline(roots: cellSections, children: \.children))
    controller.delegate = delegate
    XCTAssertEqual(controller.contentHeight, 4 * 44)
    delegate.heights = ["a1": (100, 100)]
    controller.reloadHeights()
    XCTAssertEqual(controller.contentHeight, 3 * 44 + 100)
    check(controller)
    controller.rowHeight = 30
    XCTAssertEqual(controller.contentHeight, 3 * 30 + 100, "setting a default stores it")
  }
}
