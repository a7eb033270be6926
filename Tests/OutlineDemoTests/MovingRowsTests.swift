import Foundation
import OutlineAdapters
import OutlineDemoKit
import OutlineKit
import XCTest
import OutlineTestSupport

/// Moving rows by keys (`m`, the arrows, Enter, Esc) and by mouse drags,
/// on the big tree and the categories: the marker's walk, levels,
/// refusals, opening a row the marker rests in, and the drops checked
/// against a plain model of the tree.
final class MovingRowsTests: XCTestCase {
  // MARK: A plain model of moving

  /// A node of the plain model: a value and its children.
  struct Plain: Equatable {
    var value: Int
    var children: [Plain] = []
  }

  static func plain(_ outline: Outline<Int>) -> [Plain] {
    func make(_ id: Outline<Int>.NodeID) -> Plain { Plain(value: outline[id], children: outline.children(of: id).map(make)) }
    return outline.roots.map(make)
  }

  static func plainPreorder(_ forest: [Plain], depth: Int = 0) -> [String] {
    forest.flatMap { ["\(depth) \($0.value)"] + plainPreorder($0.children, depth: depth + 1) }
  }

  /// Moves the subtrees of `values` (the outermost ones, in preorder) to
  /// be children of `parent` (nil: the roots) at `index` counted before
  /// the move, as the drag-and-drop contract says, on plain arrays.
  static func move(_ values: Set<Int>, under parent: Int?, at index: Int, in forest: [Plain]) -> [Plain] {
    // The gap in the parent's list, less the moved children before it.
    func children(of parent: Int?, in forest: [Plain]) -> [Plain]? {
      guard let parent else { return forest }
      for node in forest {
        if node.value == parent { return node.children }
        if let found = children(of: parent, in: node.children) { return found }
      }
      return nil
    }
    let before = children(of: parent, in: forest)!
    let index = index - before.prefix(index).filter { values.contains($0.value) }.count
    var moved: [Plain] = []
    func extract(_ forest: [Plain]) -> [Plain] {
      var kept: [Plain] = []
      for var node in forest {
        if values.contains(node.value) {
          moved.append(node)
          continue
        }
        node.children = extract(node.children)
        kept.append(node)
      }
      return kept
    }
    let rest = extract(forest)
    func insert(_ forest: [Plain]) -> [Plain] {
      forest.map { node in
        var node = node
        if node.value == parent { node.children.insert(contentsOf: moved, at: index) } else { node.children = insert(node.children) }
        return node
      }
    }
    guard parent != nil else {
      var roots = rest
      roots.insert(contentsOf: moved, at: index)
      return roots
    }
    return insert(rest)
  }

  // MARK: Keys on the big tree

  func testMStartsAMoveWhereTheRowsAreAndTheArrowsWalkEveryPlace() throws {
    var demo = try Harness(self, screen: .big, height: 20)
    demo.press("right down")  // Acacia 1 open; the focus on Kapok 11
    demo.press("m")
    XCTAssertEqual(demo.messageLine, "Moving 1 row: ↑ ↓ choose the place, ← → its level, Enter drops, Esc cancels")
    // The marker is where the row is: in the gap above it, at its level.
    XCTAssertEqual(demo.markerLine?.index, 1)
    XCTAssertEqual(demo.markerLine?.text, "     ╶──▶ 1 row here · Enter drops · Esc cancels")
    XCTAssertEqual(demo.body[2], "› ├─ ▸ Kapok 11 (10)")
    // Down: into Kapok 11 (refused: it is moving), the gap below it, into Larch 12, the gap below it.
    demo.press("down")
    XCTAssertNil(demo.markerLine)
    XCTAssertEqual(demo.body[1], "› ├─ ▸ Kapok 11 (10)  ◀── ✗ not into Kapok 11: it is one of the rows being moved")
    XCTAssertEqual(demo.messageLine, "Cannot drop there: not into Kapok 11: it is one of the rows being moved")
    demo.press("down")
    XCTAssertEqual(demo.markerLine?.index, 2)
    demo.press("down")
    XCTAssertEqual(demo.body[2], "  ├─ ▸ Larch 12 (10)  ◀── 1 row here · Enter drops · Esc cancels")
    let move = try XCTUnwrap(demo.app.bigTreeScreen.move)
    let outline = try XCTUnwrap(demo.app.bigTreeScreen.outline)
    XCTAssertEqual(move.target, Outline<Int>.DropTarget(parent: outline.id(atRow: 2), index: 10))
    // Every place from the top to the end: the 21 gaps and the 20 rows.
    demo.press("home")
    XCTAssertEqual(demo.markerLine?.index, 0)
    var places = [demo.app.bigTreeScreen.move!.place]
    for _ in 0 ..< 45 {
      demo.press("down")
      let place = demo.app.bigTreeScreen.move!.place
      if place != places.last { places.append(place) }
    }
    XCTAssertEqual(places.count, 41)
    XCTAssertEqual(Set(places).count, 41)
    XCTAssertEqual(demo.app.bigTreeScreen.move?.target, Outline<Int>.DropTarget(parent: nil, index: 10))
    demo.press("down")  // the end: it stays
    XCTAssertEqual(demo.app.bigTreeScreen.move?.target, Outline<Int>.DropTarget(parent: nil, index: 10))
    demo.press("home")
    XCTAssertEqual(demo.markerLine?.index, 0)
    XCTAssertEqual(demo.app.bigTreeScreen.move?.target, Outline<Int>.DropTarget(parent: nil, index: 0))
    demo.press("esc")
    XCTAssertNil(demo.app.bigTreeScreen.move)
    XCTAssertEqual(demo.messageLine, "Move cancelled: nothing moved")
    XCTAssertEqual(preorder(demo.app.bigTreeScreen.outline!), preorder(outline))
  }

  func testLeftAndRightPickTheLevelOfAGapBelowANestedSubtree() throws {
    var demo = try Harness(self, screen: .big, height: 30)
    // Acacia 1 and its last child Teak 20 open; the focus on Birch 2, below Teak's last child.
    demo.press("right down*10 right down*10 down")
    XCTAssertEqual(demo.selected, "▸ Birch 2 (10)")
    demo.press("m")
    XCTAssertEqual(demo.markerLine?.text, "  ╶──▶ 1 row here · Enter drops · Esc cancels", "where Birch 2 is: the top level")
    demo.press("up")  // into Teak's last child
    XCTAssertNil(demo.markerLine)
    demo.press("up")  // the gap above it
    XCTAssertEqual(demo.markerLine?.text, "        ╶──▶ 1 row here · Enter drops · Esc cancels")
    demo.press("down down")  // back to the gap below it: the deepest level first
    XCTAssertEqual(demo.markerLine?.text, "        ╶──▶ 1 row here · Enter drops · Esc cancels")
    let outline = demo.app.bigTreeScreen.outline!
    let acacia = outline.roots[0]
    let teak = outline.children(of: acacia).last!
    XCTAssertEqual(demo.app.bigTreeScreen.move?.target, Outline<Int>.DropTarget(parent: teak, index: 10))
    demo.press("left")
    XCTAssertEqual(demo.markerLine?.text, "     ╶──▶ 1 row here · Enter drops · Esc cancels")
    XCTAssertEqual(demo.app.bigTreeScreen.move?.target, Outline<Int>.DropTarget(parent: acacia, index: 10))
    demo.press("left")
    XCTAssertEqual(demo.markerLine?.text, "  ╶──▶ 1 row here · Enter drops · Esc cancels")
    XCTAssertEqual(demo.app.bigTreeScreen.move?.target, Outline<Int>.DropTarget(parent: nil, index: 1))
    demo.press("left")  // no level above the top
    XCTAssertEqual(demo.app.bigTreeScreen.move?.target, Outline<Int>.DropTarget(parent: nil, index: 1))
    demo.press("right right right")
    XCTAssertEqual(demo.app.bigTreeScreen.move?.target, Outline<Int>.DropTarget(parent: teak, index: 10))
    // Dropped at Acacia's level: Birch 2 becomes Acacia's last child.
    demo.press("left enter")
    XCTAssertNil(demo.app.bigTreeScreen.move)
    let after = demo.app.bigTreeScreen.outline!
    XCTAssertEqual(after.children(of: acacia).count, 11)
    XCTAssertEqual(BigTreeGenerator.name(of: after[after.children(of: acacia).last!]), "Birch 2")
    XCTAssertTrue(demo.messageLine.hasPrefix("Moved 1 row in "), demo.messageLine)
    XCTAssertEqual(demo.selected, "└─ ▸ Birch 2 (10)", "the moved row keeps the focus")
    XCTAssertEqual(demo.app.bigTreeScreen.outline!.roots.count, 9)
  }

  func testADropIntoAMovedRowsSubtreeIsRefusedAndEnterWaits() throws {
    var demo = try Harness(self, screen: .big, height: 20)
    demo.press("right down right")  // Kapok 11 open
    let before = preorder(demo.app.bigTreeScreen.outline!)
    demo.press("m down*3")  // into Ginkgo 111, inside Kapok 11
    XCTAssertEqual(demo.messageLine, "Cannot drop there: not into Ginkgo 111: it is inside Kapok 11, which is being moved")
    XCTAssertTrue(demo.body.contains("  │  ├─ • Ginkgo 111  ◀── ✗ not into Ginkgo 111: it is inside Kapok 11, which is being moved"), "\(demo.body)")
    demo.press("enter")
    XCTAssertNotNil(demo.app.bigTreeScreen.move, "keys go on after a refused drop")
    XCTAssertEqual(demo.messageLine, "Cannot drop there: not into Ginkgo 111: it is inside Kapok 11, which is being moved")
    XCTAssertEqual(preorder(demo.app.bigTreeScreen.outline!), before)
    // Other keys say what to do.
    demo.press("space")
    XCTAssertTrue(demo.messageLine.contains("Enter drops, Esc cancels") || demo.messageLine.hasPrefix("Cannot drop"), demo.messageLine)
    XCTAssertFalse(demo.app.bigTreeScreen.history.canUndo)
  }

  /// Random selections walked to random places and dropped: the tree is
  /// what the plain model makes of it, the moved rows stay selected, and
  /// undo and redo give back the trees before and after.
  func testDropsMoveWhatTheModelMovesAndUndoRedoTakeThemBack() throws {
    var moves = 0
    for seed: UInt64 in 1 ... 6 {
      var random = SplitMix64(seed: seed)
      var demo = try Harness(self, screen: .big, nodes: 300, height: 22)
      demo.press("right*\(1 + random.int(below: 3)) down*\(1 + random.int(below: 4)) *")
      for round in 0 ..< 5 {
        let context = "seed \(seed), round \(round)"
        // Select a few rows, the focus on the last.
        demo.press("esc")
        for _ in 0 ..< 1 + random.int(below: 3) { demo.press("down*\(1 + random.int(below: 6)) space") }
        let outline = try XCTUnwrap(demo.app.bigTreeScreen.outline)
        let focus = try XCTUnwrap(demo.app.bigTreeScreen.focus)
        let moving = demo.app.bigTreeScreen.selection.nodesToDrag(pressing: focus, in: outline)
        demo.press("m")
        demo.press(random.pick(["down", "up"]) + "*\(1 + random.int(below: 25))")
        if random.int(below: 2) == 0 { demo.press(random.pick(["left", "right"])) }
        let move = try XCTUnwrap(demo.app.bigTreeScreen.move, context)
        XCTAssertEqual(move.nodes, moving, context)
        let target = move.target
        let before = Self.plain(outline)
        let steps = demo.app.bigTreeScreen.history.undoCount
        demo.press("enter")
        if move.refusal != nil {
          XCTAssertNotNil(demo.app.bigTreeScreen.move, context)
          XCTAssertTrue(outline.canMove(moving, to: target) == false, context)
          demo.press("esc")
          continue
        }
        let moved = Set(moving.map { outline[$0] })
        let expected = Self.move(moved, under: target.parent.map { outline[$0] }, at: target.index, in: before)
        let after = try XCTUnwrap(demo.app.bigTreeScreen.outline)
        XCTAssertEqual(Self.plainPreorder(Self.plain(after)), Self.plainPreorder(expected), context)
        XCTAssertTrue(moving.allSatisfy { after.row(of: $0) != nil }, "\(context): the moved rows show")
        XCTAssertEqual(demo.app.bigTreeScreen.focus, focus, context)
        // A drop where the rows are keeps no step.
        guard demo.app.bigTreeScreen.history.undoCount == steps + 1 else {
          XCTAssertEqual(Self.plainPreorder(expected), Self.plainPreorder(before), context)
          XCTAssertEqual(demo.messageLine, "Nothing moved: the rows are there already", context)
          continue
        }
        demo.press("ctrl-z")
        XCTAssertEqual(Self.plainPreorder(Self.plain(demo.app.bigTreeScreen.outline!)), Self.plainPreorder(before), context)
        XCTAssertEqual(demo.messageLine, "undid: moved \(DemoFormat.count(moving.count, "row")) · Ctrl-Y redoes it", context)
        XCTAssertEqual(demo.app.bigTreeScreen.focus, focus, context)
        XCTAssertTrue(moving.allSatisfy(demo.app.bigTreeScreen.selection.isSelected) || moving == [focus], context)
        demo.press("ctrl-y")
        XCTAssertEqual(Self.plainPreorder(Self.plain(demo.app.bigTreeScreen.outline!)), Self.plainPreorder(expected), context)
        XCTAssertEqual(demo.messageLine, "redid: moved \(DemoFormat.count(moving.count, "row")) · Ctrl-Z undoes it", context)
        moves += 1
      }
    }
    XCTAssertGreaterThan(moves, 15, "most rounds move rows")
  }

  // MARK: Holding the marker into a closed row

  func testTheMarkerHeldIntoAClosedRowOpensItAfterHalfASecond() throws {
    var demo = try Harness(self, screen: .big, height: 20)
    demo.press("right down m down*3")  // into Larch 12, closed
    XCTAssertTrue(demo.app.hasPendingLoads, "the terminal ticks often while the marker rests")
    demo.clock.advance(by: 0.4)
    XCTAssertFalse(demo.app.tick())
    XCTAssertEqual(demo.body[2], "  ├─ ▸ Larch 12 (10)  ◀── 1 row here · Enter drops · Esc cancels")
    demo.clock.advance(by: 0.1)
    XCTAssertTrue(demo.app.tick())
    XCTAssertEqual(demo.body[2], "  ├─ ▾ Larch 12 (10)  ◀── 1 row here · Enter drops · Esc cancels")
    XCTAssertEqual(demo.body[3], "  │  ├─ • Quince 121")
    XCTAssertEqual(demo.messageLine, "Opened Larch 12 under the marker: ↓ goes on into it")
    XCTAssertFalse(demo.app.hasPendingLoads)
    // ↓ goes into it: the gap above its first child.
    demo.press("down")
    XCTAssertEqual(demo.markerLine?.index, 3)
    XCTAssertEqual(demo.markerLine?.text, "        ╶──▶ 1 row here · Enter drops · Esc cancels")
    // Moving on before the time resets it: Maple 13 stays closed.
    demo.press("down*21")
    XCTAssertTrue(demo.body.contains { $0.hasPrefix("  ├─ ▸ Maple 13 (10)  ◀──") }, "\(demo.body)")
    demo.clock.advance(by: 0.3)
    demo.press("up down")
    demo.clock.advance(by: 0.3)
    XCTAssertFalse(demo.app.tick())
    // `wait` opens it at once.
    demo.press("wait")
    XCTAssertTrue(demo.body.contains { $0.hasPrefix("  ├─ ▾ Maple 13 (10)  ◀──") }, "\(demo.body)")
  }

  // MARK: The mouse

  func testAClickFocusesTheRowUnderThePointer() throws {
    var demo = try Harness(self, screen: .big, height: 20)
    demo.press("right")
    demo.mouse(.press, bodyLine: 4, column: 10)
    XCTAssertEqual(demo.selected, "├─ ▸ Nutmeg 14 (10)")
    demo.mouse(.release, bodyLine: 4, column: 10)
    XCTAssertNil(demo.app.bigTreeScreen.move)
    XCTAssertEqual(demo.app.bigTreeScreen.selection.selectedCount, 0, "a click focuses; Space selects")
    // The second line of a two-line row is that row.
    demo.press("click:12,10")  // body line 8: Quince 17's details
    XCTAssertEqual(demo.selected, "├─ ▸ Quince 17 (10)")
    // Below the last row: nothing.
    demo.mouse(.press, bodyLine: 19, column: 3)
    XCTAssertEqual(demo.selected, "├─ ▸ Quince 17 (10)")
  }

  func testAClickOnAStickyRowScrollsToItBelowItsAncestors() throws {
    var demo = try Harness(self, screen: .big, height: 14)
    demo.press("+ pageDown*2")
    XCTAssertEqual(demo.rows[0], "  ▾ Acacia 1 (10)")
    demo.press("pageUp")
    XCTAssertEqual(demo.rows[1], "  ├─ ▾ Kapok 11 (10)")
    demo.mouse(.press, bodyLine: 1, column: 8)
    XCTAssertEqual(demo.selected, "├─ ▾ Kapok 11 (10)")
    XCTAssertEqual(Array(demo.rows.prefix(2)), ["  ▾ Acacia 1 (10)", "› ├─ ▾ Kapok 11 (10)"], "its own row, below Acacia 1")
  }

  func testADragMovesTheSelectedRowsWithTheMarkerFollowingThePointer() throws {
    var demo = try Harness(self, screen: .big, height: 20)
    demo.press("right down space down space")  // Kapok 11 and Larch 12 selected
    let outline = demo.app.bigTreeScreen.outline!
    let kapok = outline.id(atRow: 1)
    let larch = outline.id(atRow: 2)
    // Press on Kapok 11 (selected: both go), drag over Oak 15's name: into it.
    demo.mouse(.press, bodyLine: 1, column: 8)
    XCTAssertEqual(demo.selected, "├─ ▸ Kapok 11 (10)")
    demo.mouse(.drag, bodyLine: 5, column: 8)
    XCTAssertEqual(demo.messageLine, "Dragging 2 rows: release to drop them at the marker, Esc cancels")
    XCTAssertEqual(demo.body[5], "  ├─ ▸ Oak 15 (10)  ◀── 2 rows here")
    // Over the tree lines left of Oak 15's level: the gap below it, at the top level (clamped to Oak's).
    demo.mouse(.drag, bodyLine: 5, column: 3)
    XCTAssertEqual(demo.markerLine?.index, 6)
    XCTAssertEqual(demo.app.bigTreeScreen.move?.target, Outline<Int>.DropTarget(parent: outline.id(atRow: 0), index: 5))
    // Over the marks column: the gap above it.
    demo.mouse(.drag, bodyLine: 5, column: 0)
    XCTAssertEqual(demo.markerLine?.index, 5)
    XCTAssertEqual(demo.app.bigTreeScreen.move?.target, Outline<Int>.DropTarget(parent: outline.id(atRow: 0), index: 4))
    // The rows under the pointer stay where they lie: the marker's line does not move them.
    demo.mouse(.drag, bodyLine: 6, column: 0)
    XCTAssertEqual(demo.app.bigTreeScreen.move?.target, Outline<Int>.DropTarget(parent: outline.id(atRow: 0), index: 5))
    // Release: dropped above Pine 16, as one step.
    demo.mouse(.release, bodyLine: 6, column: 0)
    XCTAssertNil(demo.app.bigTreeScreen.move)
    let after = demo.app.bigTreeScreen.outline!
    XCTAssertEqual(after.children(of: after.roots[0]).map { BigTreeGenerator.name(of: after[$0]) }.prefix(5), ["Maple 13", "Nutmeg 14", "Oak 15", "Kapok 11", "Larch 12"])
    XCTAssertTrue(demo.app.bigTreeScreen.selection.isSelected(kapok) && demo.app.bigTreeScreen.selection.isSelected(larch))
    demo.press("ctrl-z")
    XCTAssertEqual(preorder(demo.app.bigTreeScreen.outline!), preorder(outline))
  }

  /// Rows of two and three lines: the line under the pointer gives the
  /// fraction (top: before, middle: into, bottom: after).
  func testThePlaceInsideATallRowGivesTheFraction() throws {
    var demo = try Harness(self, screen: .big, height: 24)
    demo.press("down*6 right")  // Ginkgo 7 (2 lines) open; Yew 77 (3 lines) on body lines 14 to 16
    let outline = demo.app.bigTreeScreen.outline!
    let ginkgo = outline.id(atRow: 6)
    let yew = outline.id(atRow: 13)
    XCTAssertEqual(BigTreeGenerator.name(of: outline[yew]), "Yew 77")
    demo.mouse(.press, bodyLine: 0, column: 8)
    demo.mouse(.drag, bodyLine: 14, column: 10)  // Yew's first line: the gap above it
    XCTAssertEqual(demo.app.bigTreeScreen.move?.target, Outline<Int>.DropTarget(parent: ginkgo, index: 6))
    XCTAssertEqual(demo.markerLine?.index, 14)
    demo.mouse(.drag, bodyLine: 15, column: 10)  // its middle line: into it
    XCTAssertEqual(demo.app.bigTreeScreen.move?.target, Outline<Int>.DropTarget(parent: yew, index: 10))
    XCTAssertTrue(demo.body[14].hasSuffix("◀── 1 row here"), demo.body[14])
    demo.mouse(.drag, bodyLine: 16, column: 10)  // its last line: the gap below it
    XCTAssertEqual(demo.app.bigTreeScreen.move?.target, Outline<Int>.DropTarget(parent: ginkgo, index: 7))
    XCTAssertEqual(demo.markerLine?.index, 17)
    demo.mouse(.drag, bodyLine: 6, column: 8)  // Ginkgo 7's first line (of two): into it
    XCTAssertEqual(demo.app.bigTreeScreen.move?.target, Outline<Int>.DropTarget(parent: ginkgo, index: 10))
    demo.mouse(.drag, bodyLine: 7, column: 8)  // its second: below it, that is above its first child
    XCTAssertEqual(demo.app.bigTreeScreen.move?.target, Outline<Int>.DropTarget(parent: ginkgo, index: 0))
    demo.mouse(.release, bodyLine: 7, column: 8)
    XCTAssertEqual(BigTreeGenerator.name(of: demo.app.bigTreeScreen.outline![demo.app.bigTreeScreen.outline!.children(of: ginkgo)[0]]), "Acacia 1")
  }

  func testADragFromAnUnselectedRowMovesThatRowAloneAndARefusedReleaseMovesNothing() throws {
    var demo = try Harness(self, screen: .big, height: 20)
    demo.press("right down space down down")  // Kapok 11 selected; the focus on Maple 13
    let before = preorder(demo.app.bigTreeScreen.outline!)
    demo.press("press:8,5 drag:8,5")  // Maple 13 (body line 3): unselected
    XCTAssertEqual(demo.app.bigTreeScreen.move?.nodes.count, 1)
    XCTAssertEqual(demo.messageLine, "Cannot drop there: not into Maple 13: it is one of the rows being moved")
    demo.press("release:8,5")
    XCTAssertNil(demo.app.bigTreeScreen.move)
    XCTAssertEqual(demo.messageLine, "Cannot drop there: not into Maple 13: it is one of the rows being moved; nothing moved")
    XCTAssertEqual(preorder(demo.app.bigTreeScreen.outline!), before)
    // Esc during a drag cancels it; the release then does nothing.
    demo.press("press:8,5 drag:8,8 esc release:8,8")
    XCTAssertEqual(preorder(demo.app.bigTreeScreen.outline!), before)
    XCTAssertEqual(demo.messageLine.isEmpty, false)
  }

  // MARK: Categories

  func testCategoriesMoveByKeysAndTheirRefusalsShow() throws {
    var demo = try Harness(self, screen: .categories, height: 16)
    demo.press("a enter down")  // the accordion off; Books open; the focus on Fiction
    // A section cannot go inside a category.
    demo.press("end m up*2")  // into Music? no: Garden's gap, then into Music
    demo.press("esc home m down*3")  // Books: into Fiction
    XCTAssertEqual(
      demo.messageLine, "Cannot drop there: cannot move the section Books into Fiction: sections move among the sections only")
    demo.press("esc")
    // Fiction to the top level, between Music and Garden, by keys: from
    // the end, up past Garden (lazy: no place into it).
    demo.press("down m end")
    XCTAssertEqual(demo.app.categoriesScreen.move?.target, Outline<CategoryNode>.DropTarget(parent: nil, index: 3))
    demo.press("up")
    XCTAssertEqual(demo.markerLine?.index, 5, "\(demo.body)")
    XCTAssertEqual(demo.markerLine?.text, "  ╶──▶ 1 row here · Enter drops · Esc cancels")
    // Up again: into Music; and the gap below Rare editions, inside Books first, then ← at the top level.
    demo.press("up")
    XCTAssertEqual(demo.body[4], "  ▸ Music (58)  ◀── 1 row here · Enter drops · Esc cancels")
    demo.press("up")
    XCTAssertEqual(demo.markerLine?.text, "     ╶──▶ 1 row here · Enter drops · Esc cancels")
    demo.press("left")
    XCTAssertEqual(demo.markerLine?.text, "  ╶──▶ 1 row here · Enter drops · Esc cancels")
    demo.press("down*2 enter")
    XCTAssertEqual(
      demo.rows, ["  ▾ Books (124)", "  ├─ ▸ Non-fiction (46)", "  └─ ▸ Rare editions (7)", "  ▸ Music (58)", "› ▸ Fiction (71)", "  ▸ Garden (19)"])
    XCTAssertEqual(demo.messageLine, "Moved 1 row · Ctrl-Z puts it back")
    XCTAssertEqual(demo.app.categoriesScreen.tree.catalog().sections.map(\.name), ["Books", "Music", "Fiction", "Garden"])
    demo.press("ctrl-z")
    XCTAssertEqual(demo.messageLine, "undid: move Fiction · Ctrl-Y redoes it")
    XCTAssertEqual(demo.app.categoriesScreen.tree.catalog().sections.map(\.name), ["Books", "Music", "Garden"])
    XCTAssertEqual(demo.selected, "├─ ▸ Fiction (71)")
  }

  func testCategoriesMoveByMouseAndLazyRowsTakeNoDrops() throws {
    var demo = try Harness(self, screen: .categories, height: 16)
    demo.press("enter")  // Books open: Books, Fiction, Non-fiction, Rare editions, Music, Garden
    // Over Rare editions' name (lazy, not loaded): no place into it; its halves: below it.
    demo.press("press:10,3 drag:10,5")
    XCTAssertEqual(demo.app.categoriesScreen.move?.place, .gap(after: demo.app.categoriesScreen.tree.outline.id(atRow: 3), depth: 1))
    // Over Music's name: into Music; release.
    demo.press("drag:10,6 release:10,6")
    XCTAssertNil(demo.app.categoriesScreen.move)
    XCTAssertEqual(demo.app.categoriesScreen.tree.catalog().sections[1].subcategories.map(\.name), ["Vinyl", "Sheet music", "Fiction"])
    XCTAssertTrue(demo.rows.contains("›✓└─ ▸ Fiction (71)") || demo.rows.contains("› └─ ▸ Fiction (71)"), "\(demo.rows)")
  }

  // MARK: The app

  func testTheWheelMovesTheFocusAndTheTitleBarSwitchesScreens() throws {
    var demo = try Harness(self, screen: .big, height: 20)
    demo.press("wheelDown:5,5")
    XCTAssertEqual(demo.selected, "▸ Dogwood 4 (10)")
    demo.press("wheelUp:5,5")
    XCTAssertEqual(demo.selected, "▸ Acacia 1 (10)")
    // The title bar: " outline-demo  1 Form  2 Categories  [3 Big tree]  4 Files".
    demo.press("click:20,1")
    XCTAssertEqual(demo.app.screen, .form)
    demo.press("click:28,1")
    XCTAssertEqual(demo.app.screen, .categories)
    demo.press("click:56,1")
    XCTAssertEqual(demo.app.screen, .files)
    demo.press("click:2,1")
    XCTAssertEqual(demo.app.screen, .files)
    // A click on the form focuses its row (not a section's heading).
    demo.press("1 click:8,4")
    XCTAssertEqual(demo.selected, "▸ Birthday")
    demo.press("click:8,2")
    XCTAssertEqual(demo.selected, "▸ Birthday")
  }
}
