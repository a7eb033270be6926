import XCTest

@testable import OutlineKit

/// The one document shape: a type that gives its outline, history and a
/// way to edit both gets undo, redo, recording and an exact Edit menu
/// state; a sectioned document gets its changes in sections.
final class OutlineDocumentTests: XCTestCase {
  /// A plain document of strings.
  struct Notes: OutlineDocument {
    private(set) var outline = Outline<String>()
    private(set) var history = Outline<String>.History()

    mutating func editOutline<Result>(
      _ body: (inout Outline<String>, inout Outline<String>.History) throws -> Result
    ) rethrows -> Result {
      try body(&outline, &history)
    }

    /// An edit made behind the history's back.
    mutating func editOutside(_ body: (inout Outline<String>) -> Void) { body(&outline) }
  }

  /// A document whose changes are counted in rows removed, inserted,
  /// reloaded: any `Change` the document likes.
  struct Counted: OutlineDocument {
    private(set) var outline = Outline<String>()
    private(set) var history = Outline<String>.History()

    mutating func editOutline<Result>(
      _ body: (inout Outline<String>, inout Outline<String>.History) throws -> Result
    ) rethrows -> Result {
      try body(&outline, &history)
    }

    func documentChange(_ change: OutlineChange) -> [Int] {
      [change.removedCount, change.insertedCount, change.reloadedRows.count]
    }
  }

  func testRecordUndoRedoAndTheirExactState() {
    var notes = Notes()
    XCTAssertFalse(notes.canUndo)
    XCTAssertNil(notes.undo())
    let inserted = notes.record(named: "Add") { outline in
      let a = outline.insert("a", under: nil, at: 0)
      outline.insert("a1", under: a, at: 0)
    }
    XCTAssertEqual(inserted.insertedRows, [0 ..< 1])
    XCTAssertTrue(notes.canUndo)
    XCTAssertEqual(notes.undoName, "Add")
    XCTAssertNil(notes.redoName)
    XCTAssertEqual(notes.undo()?.removedRows, [0 ..< 1])
    XCTAssertEqual(notes.outline.nodeCount, 0)
    XCTAssertEqual(notes.redoName, "Add")
    XCTAssertEqual(notes.redo()?.insertedRows, [0 ..< 1])
    XCTAssertEqual(notes.outline.nodeCount, 2)
    // A step with no name still undoes; an edit outside the history ends
    // both lists, and the state says so before any call.
    notes.record { $0[$0.roots[0]] = "b" }
    XCTAssertTrue(notes.canUndo)
    XCTAssertNil(notes.undoName, "no name")
    notes.editOutside { $0.insert("x", under: nil, at: 0) }
    XCTAssertFalse(notes.canUndo)
    XCTAssertNil(notes.undoName)
    XCTAssertNil(notes.undo())
  }

  func testAThrowingStepIsRolledBack() {
    struct Refused: Error {}
    var notes = Notes()
    XCTAssertThrowsError(try notes.record(named: "Fail") { outline in
      outline.insert("gone", under: nil, at: 0)
      throw Refused()
    })
    XCTAssertEqual(notes.outline.nodeCount, 0)
    XCTAssertFalse(notes.canUndo)
  }

  func testTheSelectionComesBackWithUndoAndRedo() {
    var notes = Notes()
    var selection = Outline<String>.Selection()
    notes.record { $0.insert("a", under: nil, at: 0); $0.insert("b", under: nil, at: 1) }
    let a = notes.outline.roots[0]
    selection.select(a, in: notes.outline)
    notes.record(named: "Add c", selection: &selection) { outline, selection in
      let c = outline.insert("c", under: nil, at: 2)
      selection.select(c, in: outline)
    }
    let c = notes.outline.roots[2]
    XCTAssertEqual(selection.focus, c)
    notes.undo(selection: &selection)
    XCTAssertEqual(selection.focus, a, "the selection before the step")
    notes.redo(selection: &selection)
    XCTAssertEqual(selection.focus, c, "the selection after it")
  }

  func testADocumentReportsChangesInItsOwnTerms() {
    var counted = Counted()
    XCTAssertEqual(counted.record { $0.insert("a", under: nil, at: 0) }, [0, 1, 0])
    XCTAssertEqual(counted.undo(), [1, 0, 0])
    XCTAssertEqual(counted.redo(), [0, 1, 0])
  }

  func testLoadRequestsAreTheSameLoadByNodeAndSerial() {
    var outline = Outline<String>()
    let a = outline.insert("a", under: nil, at: 0)
    let first = OutlineLoadRequest<String, String>(node: a, serial: 1, work: "read a")
    XCTAssertEqual(first, OutlineLoadRequest(node: a, serial: 1, work: "read a, described otherwise"))
    XCTAssertNotEqual(first, OutlineLoadRequest(node: a, serial: 2, work: "read a"))
    XCTAssertEqual(Set([first, OutlineLoadRequest(node: a, serial: 1, work: "again")]).count, 1)
    let completion = OutlineLoadCompletion<OutlineChange, String>(change: OutlineChange(), outcome: .failed("offline"))
    XCTAssertEqual(completion.outcome, OutlineLoadCompletion<OutlineChange, String>.Outcome.failed("offline"))
  }
}
