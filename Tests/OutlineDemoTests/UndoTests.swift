import Foundation
import OutlineAdapters
import OutlineDemoKit
import OutlineKit
import XCTest
import OutlineTestSupport

/// Undo and redo on the screens that edit: Ctrl-Z and Ctrl-Y on the big
/// tree (delete, move, `u`, through `Outline.History` with the selection),
/// the categories (`CategoryTree.undo()`) and the form (one step per
/// finished edit); the message says what was undone, and the focus and
/// the selection come back with the rows.
final class UndoTests: XCTestCase {
  // MARK: Big tree

  func testDeleteRemovesTheSelectedRowsAndUndoBringsThemBackSelected() throws {
    var demo = try Harness(self, screen: .big, height: 20)
    demo.press("right down space down down space")  // Kapok 11 and Maple 13 selected, the focus on Maple 13
    let before = preorder(demo.app.bigTreeScreen.outline!)
    let screen = demo.app.bigTreeScreen
    let kapok = screen.outline!.id(atRow: 1)
    let maple = screen.outline!.id(atRow: 3)
    demo.press("delete")
    XCTAssertEqual(demo.messageLine, "Deleted 2 rows (22 nodes) in 0 µs: rows -2 · Ctrl-Z brings them back")
    XCTAssertEqual(demo.app.bigTreeScreen.outline?.nodeCount, 1_000 - 22)
    XCTAssertFalse(demo.rows.contains { $0.contains("Kapok 11") || $0.contains("Maple 13") })
    XCTAssertEqual(demo.selected, "├─ ▸ Nutmeg 14 (10)", "the focus goes to the next row")
    XCTAssertTrue(demo.statusBar.hasSuffix("delete: 0 µs"), demo.statusBar)
    demo.press("ctrl-z")
    XCTAssertEqual(demo.messageLine, "undid: deleted 2 rows · Ctrl-Y redoes it")
    XCTAssertEqual(preorder(demo.app.bigTreeScreen.outline!), before)
    XCTAssertEqual(demo.app.bigTreeScreen.focus, maple, "the same nodes, under their NodeIDs")
    XCTAssertTrue(demo.app.bigTreeScreen.selection.isSelected(kapok))
    XCTAssertTrue(demo.app.bigTreeScreen.selection.isSelected(maple))
    XCTAssertTrue(demo.statusBar.contains("2 selected"), demo.statusBar)
    demo.press("ctrl-y")
    XCTAssertEqual(demo.messageLine, "redid: deleted 2 rows · Ctrl-Z undoes it")
    XCTAssertEqual(demo.app.bigTreeScreen.outline?.nodeCount, 1_000 - 22)
    demo.press("ctrl-y")
    XCTAssertEqual(demo.messageLine, "Nothing to redo")
    demo.press("ctrl-z ctrl-z")
    XCTAssertEqual(demo.messageLine, "Nothing to undo")
    // Backspace deletes too (a Mac's delete key); the focused row alone when it is not selected.
    demo.press("esc down backspace")
    XCTAssertTrue(demo.messageLine.hasPrefix("Deleted 1 row (11 nodes)"), demo.messageLine)
  }

  func testTheUpdateIsAStepAndTheDataFollowsTheUsersOwnEdits() throws {
    var demo = try Harness(self, screen: .big)
    let generated = preorder(demo.app.bigTreeScreen.outline!)
    demo.press("u")
    let updated = preorder(demo.app.bigTreeScreen.outline!)
    XCTAssertNotEqual(updated, generated)
    demo.press("ctrl-z")
    XCTAssertEqual(demo.messageLine, "undid: the update of 1% · Ctrl-Y redoes it")
    XCTAssertEqual(preorder(demo.app.bigTreeScreen.outline!), generated)
    demo.press("ctrl-y")
    XCTAssertEqual(preorder(demo.app.bigTreeScreen.outline!), updated)
    // Deleted rows stay deleted through the next update: the data takes the outline's tree first.
    demo.press("right down delete")
    let count = demo.app.bigTreeScreen.outline!.nodeCount
    demo.press("u")
    XCTAssertLessThan(demo.app.bigTreeScreen.outline!.nodeCount, count, "the update deletes, and brings nothing back")
    demo.assertBigTreeMatchesData()
    // An undone update, then another: the data is what the outline shows, changed again.
    demo.press("ctrl-z u")
    demo.assertBigTreeMatchesData()
  }

  /// Random edits (deletes, moves, updates) and random undos and redos:
  /// after each, the tree is the one a plain stack of snapshots says, the
  /// message names the step, and the focus is on a row.
  func testRandomEditsUndoAndRedoAgainstSnapshots() throws {
    var edits = 0
    for seed: UInt64 in 1 ... 4 {
      var random = SplitMix64(seed: seed)
      var demo = try Harness(self, screen: .big, nodes: 400, height: 18)
      demo.press("right*2 *")
      var undo: [(tree: [String], name: String)] = []
      var redo: [(tree: [String], name: String)] = []
      for step in 0 ..< 60 {
        let context = "seed \(seed), step \(step)"
        let before = preorder(demo.app.bigTreeScreen.outline!)
        let steps = demo.app.bigTreeScreen.history.undoCount
        switch random.int(below: 8) {
        case 0:
          demo.press("delete")
        case 1:
          demo.press("m " + random.pick(["down", "up"]) + "*\(1 + random.int(below: 12)) enter esc")
        case 2:
          demo.press("u")
        case 3, 4, 5:
          // Undo (twice as often as redo): the tree of the step before, or after.
          let forwards = random.int(below: 3) == 0
          demo.press(forwards ? "ctrl-y" : "ctrl-z")
          if let last = forwards ? redo.popLast() : undo.popLast() {
            XCTAssertEqual(demo.messageLine, StatusMessage.replayed(last.name, forwards: forwards).text, context)
            XCTAssertEqual(preorder(demo.app.bigTreeScreen.outline!), last.tree, context)
            if forwards { undo.append((before, last.name)) } else { redo.append((before, last.name)) }
          } else {
            XCTAssertEqual(demo.messageLine, forwards ? "Nothing to redo" : "Nothing to undo", context)
          }
          continue
        default:
          demo.press(random.pick(["down", "up", "right", "left", "space", "pageDown", "home"]) + "*\(1 + random.int(below: 4))")
          XCTAssertEqual(preorder(demo.app.bigTreeScreen.outline!), before, "\(context): moving the focus edits nothing")
          continue
        }
        if demo.app.bigTreeScreen.history.undoCount == steps + 1 {
          undo.append((before, demo.app.bigTreeScreen.history.undoName!))
          redo = []
          edits += 1
        } else {
          XCTAssertEqual(preorder(demo.app.bigTreeScreen.outline!), before, "\(context): no step, no edit")
        }
        XCTAssertNotNil(demo.app.bigTreeScreen.focus, context)
      }
    }
    XCTAssertGreaterThan(edits, 30, "steps were made")
  }

  // MARK: Categories

  func testCategoriesUndoDeletesMovesAndReloads() throws {
    let url = try makeTemporaryDirectory { addTeardownBlock($0) }.appendingPathComponent("cats.json")
    try Data(contentsOf: CategoryCatalog.sampleURL).write(to: url)
    var demo = try Harness(self, screen: .categories, categoriesPath: url.path)
    let original = demo.app.categoriesScreen.tree.catalog()
    demo.press("enter down space down space delete")  // Fiction and Non-fiction
    XCTAssertEqual(demo.messageLine, "Deleted 2 rows · Ctrl-Z brings them back, one at a time")
    XCTAssertEqual(demo.app.categoriesScreen.tree.catalog().sections[0].subcategories.map(\.name), ["Rare editions"])
    demo.press("ctrl-z")
    XCTAssertEqual(demo.messageLine, "undid: delete Non-fiction · Ctrl-Y redoes it")
    XCTAssertEqual(demo.selected, "├─ ▸ Non-fiction (46)", "the row brought back is focused")
    XCTAssertTrue(demo.rows.contains("›✓├─ ▸ Non-fiction (46)"), "\(demo.rows)")
    demo.press("ctrl-z")
    XCTAssertEqual(demo.messageLine, "undid: delete Fiction · Ctrl-Y redoes it")
    XCTAssertEqual(demo.app.categoriesScreen.tree.catalog(), original)
    XCTAssertEqual(demo.selected, "├─ ▸ Fiction (71)")
    demo.press("ctrl-z")
    XCTAssertEqual(demo.messageLine, "Nothing to undo")
    // A reload from a changed file, undone: the rows it changed are marked; r reads the file again.
    var catalog = original
    catalog.sections[1].subcategories.append(CategoryCatalog.Subcategory(name: "Cassettes", count: 4))
    try catalog.jsonData().write(to: url)
    demo.press("r")
    XCTAssertTrue(demo.messageLine.hasPrefix("Reloaded cats.json"), demo.messageLine)
    demo.press("ctrl-z")
    XCTAssertEqual(demo.messageLine, "undid: reload · Ctrl-Y redoes it")
    XCTAssertEqual(demo.app.categoriesScreen.tree.catalog(), original)
    demo.press("r")
    XCTAssertTrue(demo.messageLine.hasPrefix("Reloaded cats.json"), "r reads the file again after an undo: \(demo.messageLine)")
    XCTAssertEqual(demo.app.categoriesScreen.tree.catalog().sections[1].subcategories.map(\.name), ["Vinyl", "Sheet music", "Cassettes"])
  }

  // MARK: Form

  func testATypedNameIsOneStepAndEscapeKeepsNone() throws {
    var demo = try Harness(self)
    demo.press("enter down enter text:Ada")
    XCTAssertTrue(demo.lines.contains { $0.contains("▾ Name") && $0.contains("Ada") }, "the name shows as it is typed")
    demo.press("enter")
    demo.press("down enter text:Lovelace enter")
    XCTAssertTrue(demo.lines.contains { $0.contains("Ada Lovelace") })
    demo.press("ctrl-z")
    XCTAssertEqual(demo.messageLine, "undid: type Last name · Ctrl-Y redoes it")
    XCTAssertTrue(demo.lines.contains { $0.contains("▾ Name") && $0.hasSuffix("Ada") || $0.contains("Name                     Ada") }, "\(demo.lines)")
    XCTAssertFalse(demo.lines.contains { $0.contains("Lovelace") })
    XCTAssertEqual(demo.selected, "▾ Name                     Ada", "the focus on the row whose value came back")
    demo.press("ctrl-z")
    XCTAssertEqual(demo.messageLine, "undid: type First name · Ctrl-Y redoes it")
    XCTAssertFalse(demo.lines.contains { $0.contains("Ada") })
    demo.press("ctrl-z")
    XCTAssertEqual(demo.messageLine, "Nothing to undo")
    demo.press("ctrl-y ctrl-y")
    XCTAssertTrue(demo.lines.contains { $0.contains("Ada Lovelace") })
    // Typing then Esc: the text as it was, and no step.
    demo.press("down*2 enter text:Byron esc")
    XCTAssertTrue(demo.lines.contains { $0.contains("Ada Lovelace") })
    XCTAssertFalse(demo.lines.contains { $0.contains("Byron") })
    demo.press("ctrl-z")
    XCTAssertEqual(demo.messageLine, "undid: type Last name · Ctrl-Y redoes it")
  }

  func testTheSwitchAPickAndTheSliderAreStepsToo() throws {
    var demo = try Harness(self)
    let before = preorder(demo.app.formScreen.form.outline) { "\($0)" }
    demo.press("down*2 enter down enter")  // Marital status open, its switch flipped
    XCTAssertTrue(demo.lines.contains { $0.contains("Marital status") && $0.contains("Married") }, "\(demo.lines)")
    demo.press("ctrl-z")
    XCTAssertTrue(demo.messageLine.hasPrefix("undid: switch to"), demo.messageLine)
    XCTAssertEqual(preorder(demo.app.formScreen.form.outline) { "\($0)" }.count, before.count)
    XCTAssertFalse(demo.body.contains { $0.contains("Married") })
    XCTAssertEqual(demo.selected, "▾ Marital status")
  }

  // MARK: JSON

  func testJSONEditsAreStepsThatUAndCtrlZUndo() throws {
    let url = try makeTemporaryDirectory { addTeardownBlock($0) }.appendingPathComponent("numbers.json")
    try Data("[1, 2, 3, 4]".utf8).write(to: url)
    var demo = try Harness(self, screen: .json, documentPath: url.path, width: 160, height: 16)
    demo.press("down space down space down")  // 1 and 2 selected, the focus on 3
    let selected = demo.rows
    demo.press("]")
    let moved = demo.rows
    XCTAssertEqual(moved, ["  ▾ [4 items]", "› ├─ • [0]: 3", " ✓├─ • [1]: 1", " ✓├─ • [2]: 2", "  └─ • [3]: 4"])
    demo.press("d")
    XCTAssertEqual(demo.rows.count, 3)
    demo.press("u")
    XCTAssertEqual(demo.messageLine, "undid: delete 2 values · Ctrl-Y redoes it")
    XCTAssertEqual(demo.rows, moved, "the values back, selected, the focus where it was")
    demo.press("ctrl-z")
    XCTAssertEqual(demo.messageLine, "undid: move 2 values · Ctrl-Y redoes it")
    XCTAssertEqual(demo.rows, selected)
    demo.press("ctrl-z")
    XCTAssertEqual(demo.messageLine, "Nothing to undo")
    demo.press("ctrl-y ctrl-y")
    XCTAssertEqual(demo.messageLine, "redid: delete 2 values · Ctrl-Z undoes it")
    XCTAssertEqual(demo.rows.count, 3)
    // A value set, then undone: the text as it was; saved, the file says so.
    demo.press("u home down e ctrl-u text:42 enter")
    XCTAssertTrue(demo.rows.contains("› ├─ • [0]: 42"), "\(demo.rows)")
    demo.press("u")
    XCTAssertEqual(demo.messageLine, "undid: set .[0] · Ctrl-Y redoes it")
    XCTAssertTrue(demo.rows.contains("› ├─ • [0]: 3"), "\(demo.rows)")
    demo.press("s")
    XCTAssertEqual(String(decoding: try Data(contentsOf: url), as: UTF8.self).filter { !$0.isWhitespace }, "[3,1,2,4]")
  }
}
