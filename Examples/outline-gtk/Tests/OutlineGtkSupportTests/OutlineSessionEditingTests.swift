import OutlineGtkSupport
import OutlineKit
import XCTest

final class OutlineSessionEditingTests: XCTestCase {
  private func labels<Document>(_ session: OutlineSession<Document>) -> [String] {
    (0 ..< session.outline.rowCount).map(session.label(ofRow:))
  }

  private func selectedLabels<Document>(_ session: OutlineSession<Document>) -> [String] {
    (0 ..< session.outline.rowCount).filter(session.isSelected(row:)).map(session.label(ofRow:))
  }

  private func categories() throws -> OutlineSession<CategoryDocument> {
    var session = OutlineSession(document: try CategoryDocument())
    session.expandAll()
    return session
  }

  func testADropMovesTheDraggedRowsAndUndoAndRedoReplayIt() throws {
    var session = try categories()
    let before = labels(session)
    // Drag Mystery and Poetry (selected) into Music.
    session.click(row: 2)
    session.click(row: 4, modifiers: .control)
    let dragged = session.nodesToDrag(fromRow: 4)
    XCTAssertEqual(dragged.map { session.document.label(of: $0) }, ["Mystery", "Poetry"])
    let music = try XCTUnwrap(before.firstIndex(of: "Music"))
    let target = session.dropTarget(atRow: music, fraction: 0.5, depth: nil)
    XCTAssertEqual(target.parent, session.outline.id(atRow: music))
    let change = try XCTUnwrap(session.move(dragged, to: target))
    XCTAssertFalse(change.outlineChange.isEmpty)
    let moved = labels(session)
    XCTAssertEqual(
      moved,
      [
        "Books", "Fiction", "Science fiction", "Non-fiction", "History", "Science", "Astronomy", "Botany",
        "Rare editions", "Music", "Vinyl", "Sheet music", "Mystery", "Poetry", "Garden",
      ])
    XCTAssertEqual(selectedLabels(session), ["Mystery", "Poetry"])
    XCTAssertEqual(session.undoName, "Move 2 rows")
    XCTAssertNil(session.redoName)

    let undone = try XCTUnwrap(session.undo())
    XCTAssertEqual(labels(session), before)
    XCTAssertEqual(selectedLabels(session), ["Mystery", "Poetry"])
    XCTAssertEqual(undone.rowsToRedraw, [0 ..< before.count])
    XCTAssertNil(session.undoName)
    XCTAssertEqual(session.redoName, "Move 2 rows")
    XCTAssertNotNil(session.redo())
    XCTAssertEqual(labels(session), moved)
    XCTAssertNil(session.redo())
  }

  func testADropIntoItselfIsRefused() throws {
    var session = try categories()
    let dragged = session.nodesToDrag(fromRow: 0)
    let target = session.dropTarget(atRow: 1, fraction: 0.5, depth: nil)
    XCTAssertFalse(session.canMove(dragged, to: target))
    XCTAssertNil(session.move(dragged, to: target))
    XCTAssertNil(session.undoName)
  }

  /// Random drops on the big tree, each undone, must give back the rows;
  /// every redo gives back the rows after the drop. (A drop where the
  /// rows already are changes nothing and keeps no step.)
  func testRandomDropsUndoAndRedo() {
    for seed in testSeeds(count: 10) {
      var random = SplitMix64(seed: seed)
      var session = OutlineSession(document: GeneratedTreeDocument(GeneratedTree(shape: .balanced, count: 300)))
      session.expandAll()
      var states: [[String]] = [labels(session)]
      var moves = 0
      for step in 0 ..< 30 {
        let rowCount = session.outline.rowCount
        session.click(row: random.int(in: 0 ..< rowCount))
        if random.chance(0.5) { session.click(row: random.int(in: 0 ..< rowCount), modifiers: .shift) }
        let dragged = session.nodesToDrag(fromRow: session.selection.focusedRow(in: session.outline)!)
        let target = session.dropTarget(
          atRow: random.int(in: 0 ..< rowCount + 1), fraction: Double(random.int(in: 0 ..< 100)) / 100,
          depth: random.int(in: 0 ..< 5))
        let steps = session.document.history.undoCount
        guard session.move(dragged, to: target) != nil else { continue }
        if session.document.history.undoCount > steps {
          states.append(labels(session))
          moves += 1
        }
        XCTAssertEqual(labels(session).count, rowCount, "seed \(seed) step \(step)")
      }
      for state in states.reversed().dropFirst() {
        XCTAssertNotNil(session.undo(), "seed \(seed)")
        XCTAssertEqual(labels(session), state, "seed \(seed)")
      }
      XCTAssertNil(session.undo(), "seed \(seed)")
      XCTAssertGreaterThan(moves, 5, "seed \(seed): too few drops moved anything to test")
      for state in states.dropFirst() {
        XCTAssertNotNil(session.redo(), "seed \(seed)")
        XCTAssertEqual(labels(session), state, "seed \(seed)")
      }
    }
  }
}
