import XCTest

@testable import OutlineKit

/// Checkmarks case by case, each change through a view that caches its
/// cells (it draws every row's state):
///
///     0 Root ▾
///       1 Docs ▾
///         2 a.txt
///         3 b.txt
///       4 Src ▸
///         5 main.swift
///       6 README
final class CheckmarkScenarioTests: XCTestCase {
  var outline = Outline<Int>()
  var view: CachedTableView!
  let tree: [Int: [Int]] = [0: [1, 4, 6], 1: [2, 3], 4: [5]]

  override func setUp() {
    outline = Outline(roots: [0], children: { self.tree[$0] ?? [] })
    outline.expand(id(0))
    outline.expand(id(1))
    XCTAssertEqual(outline.rows.map { outline[$0] }, [0, 1, 2, 3, 4, 6])
    view = CachedTableView(showing: outline)
  }

  /// Every node, in preorder.
  var allNodes: [Outline<Int>.NodeID] {
    var result: [Outline<Int>.NodeID] = []
    func walk(_ ids: Outline<Int>.Children) {
      for id in ids {
        result.append(id)
        walk(outline.children(of: id))
      }
    }
    walk(outline.roots)
    return result
  }

  func id(_ value: Int) -> Outline<Int>.NodeID {
    allNodes.first { outline[$0] == value }!
  }

  func states() -> [Int: CheckState] {
    Dictionary(uniqueKeysWithValues: allNodes.map { (outline[$0], outline.checkState(of: $0)) })
  }

  func apply(_ change: OutlineChange, file: StaticString = #filePath, line: UInt = #line) {
    view.apply(change, to: outline, context: "scenario", file: file, line: line)
  }

  // MARK: setChecked

  func testCheckingAFolderChecksItsLeavesAndTurnsItsAncestors() {
    let change = outline.setChecked(true, id(1))
    // Docs, a.txt, b.txt turn checked; Root turns mixed.
    XCTAssertEqual(change, OutlineChange(reloadedRows: [0, 1, 2, 3]))
    apply(change)
    XCTAssertEqual(states(), [0: .mixed, 1: .checked, 2: .checked, 3: .checked, 4: .unchecked, 5: .unchecked, 6: .unchecked])
    XCTAssertEqual(outline.checkedLeafCount(in: nil), 2)
    XCTAssertEqual(outline.checkedLeafCount(in: id(0)), 2)
    XCTAssertEqual(outline.checkedLeaves().map { outline[$0] }, [2, 3])
  }

  func testCheckingTheLastUncheckedLeafChecksEveryAncestor() {
    apply(outline.setChecked(true, id(1)))
    apply(outline.setChecked(true, id(4)))
    // Src's row (collapsed) turns; main.swift has no row.
    let change = outline.setChecked(true, id(6))
    XCTAssertEqual(change, OutlineChange(reloadedRows: [0, 5]))
    apply(change)
    XCTAssertEqual(outline.checkState(of: id(0)), .checked)
    XCTAssertEqual(outline.checkedLeafCount(in: nil), 4)
  }

  func testCheckingWhatIsCheckedChangesNoRow() {
    apply(outline.setChecked(true, id(2)))
    XCTAssertEqual(outline.setChecked(true, id(2)), OutlineChange())
    XCTAssertEqual(outline.setChecked(false, id(4)), OutlineChange())
  }

  func testUncheckingARootReloadsOnlyTheRowsThatTurn() {
    apply(outline.setChecked(true, id(2)))
    // Root and Docs are mixed, a.txt checked: those turn; b.txt, Src and
    // README were unchecked already.
    let change = outline.setChecked(false, id(0))
    XCTAssertEqual(change, OutlineChange(reloadedRows: [0, 1, 2]))
    apply(change)
  }

  func testAFolderKeepsItsOwnMarkForWhenItIsALeafAgain() {
    apply(outline.setChecked(true, id(4)))  // Src and main.swift
    let mainSwift = id(5)
    let change = outline.batch { $0.remove(mainSwift) }
    // Src is a leaf again, checked by its own mark: its triangle goes, its
    // box stays checked.
    XCTAssertEqual(outline.checkState(of: id(4)), .checked)
    XCTAssertEqual(outline.checkedLeafCount(in: nil), 1)
    apply(change)
  }

  func testALeafThatGetsAChildStopsCounting() {
    apply(outline.setChecked(true, id(6)))
    XCTAssertEqual(outline.checkState(of: id(0)), .mixed)
    let readme = id(6)
    let change = outline.batch { $0.insert(7, under: readme, at: 0) }
    // README's new child is unchecked: README turns unchecked, and so does
    // Root, which has no checked leaf left.
    XCTAssertEqual(outline.checkState(of: id(6)), .unchecked)
    XCTAssertEqual(outline.checkState(of: id(0)), .unchecked)
    XCTAssertEqual(change.reloadedRows, [0, 5])
    apply(change)
  }

  // MARK: Edits turn ancestors

  func testRemovingTheOnlyUncheckedLeafChecksItsParent() {
    apply(outline.setChecked(true, id(2)))
    let bTxt = id(3)
    let change = outline.batch { $0.remove(bTxt) }
    XCTAssertEqual(outline.checkState(of: id(1)), .checked)
    XCTAssertEqual(change, OutlineChange(removedRows: [3 ..< 4], reloadedRows: [1]))
    apply(change)
  }

  func testMovesKeepMarksAndTurnBothParents() throws {
    apply(outline.setChecked(true, id(2)))
    apply(outline.setChecked(true, id(3)))
    let (bTxt, src) = (id(3), id(4))
    let change = try outline.batch { try $0.move(bTxt, under: src, at: 0) }
    XCTAssertEqual(outline.checkState(of: id(3)), .checked)
    XCTAssertEqual(outline.checkState(of: id(4)), .mixed)
    XCTAssertEqual(outline.checkState(of: id(1)), .checked)
    apply(change)
  }

  func testAnUpdateKeepsTheMarksOfTheNodesItMatches() throws {
    apply(outline.setChecked(true, id(1)))
    let newTree: [Int: [Int]] = [0: [4, 1, 6, 8], 1: [3, 2], 4: [5]]
    let change = try outline.update(roots: [0], children: { newTree[$0] ?? [] }, id: { $0 })
    XCTAssertEqual(outline.checkState(of: id(1)), .checked)
    XCTAssertEqual(outline.checkState(of: id(8)), .unchecked)
    XCTAssertEqual(outline.checkedLeaves().map { outline[$0] }, [3, 2])
    apply(change)
  }

  // MARK: Undo

  func testUndoBringsBackMarksAndMarksAreNoSteps() {
    var history = Outline<Int>.History()
    apply(outline.setChecked(true, id(1)))
    let docs = id(1)
    let removal = history.record(in: &outline) { $0.remove(docs) }
    apply(removal)
    XCTAssertEqual(outline.checkedLeafCount(in: nil), 0)
    // A mark set now is no step, and keeps the step to undo.
    apply(outline.setChecked(true, id(6)))
    XCTAssertTrue(history.canUndo(in: outline))
    let undo = history.undo(in: &outline)!
    apply(undo)
    XCTAssertEqual(outline.checkState(of: id(1)), .checked)
    XCTAssertEqual(outline.checkState(of: id(6)), .checked)
    XCTAssertEqual(outline.checkedLeafCount(in: nil), 3)
  }

  func testUndoOfALargeRemovalBringsBackMarksThatWerePending() {
    // Enough nodes that a check leaves its mark pending on inner tree
    // nodes, which a removal must write down before its tree nodes go.
    let big: [Int: [Int]] = [0: Array(1 ... 300), 1000: [1001]]
    outline = Outline(roots: [0, 1000], children: { big[$0] ?? [] })
    var history = Outline<Int>.History()
    outline.setChecked(true, id(0))
    let root = id(0)
    history.record(in: &outline) { $0.remove(root) }
    history.undo(in: &outline)
    XCTAssertEqual(outline.checkState(of: id(0)), .checked)
    XCTAssertEqual(outline.checkedLeafCount(in: nil), 300)
    outline._checkInvariants()
  }

  // MARK: Batches

  func testABatchThatHidesAndShowsRowsReloadsThoseWhoseStateTurned() {
    let docs = id(1)
    let change = outline.batch { outline in
      outline.collapse(docs)
      outline.setChecked(true, docs)
      outline.expand(docs)
    }
    // a.txt and b.txt were hidden and shown again: they stay, redrawn.
    XCTAssertEqual(change, OutlineChange(reloadedRows: [0, 1, 2, 3]))
    apply(change)
  }

  func testABatchThatTurnsAStateBackReloadsNothing() {
    let aTxt = id(2)
    let change = outline.batch { outline in
      outline.setChecked(true, aTxt)
      outline.setChecked(false, aTxt)
    }
    XCTAssertEqual(change, OutlineChange())
  }

  // MARK: Filters

  func testStatesCountHiddenLeavesUnlessAskedNotTo() {
    apply(outline.setChecked(true, id(2)))
    outline.setFilter { $0 == 3 ? .hidden : .visible }
    XCTAssertEqual(outline.checkState(of: id(1)), .mixed)
    XCTAssertEqual(outline.checkState(of: id(1), countingOnlyWhatPasses: true), .checked)
    XCTAssertEqual(outline.checkState(of: id(1), countingOnlyWhatPasses: false), .mixed)
    // A node whose leaves all fail has its own state.
    outline.setFilter { $0 == 2 || $0 == 3 ? .hidden : .visible }
    XCTAssertEqual(outline.checkState(of: id(1), countingOnlyWhatPasses: true), .mixed)
  }

  func testWithoutMarksEverythingIsUnchecked() {
    XCTAssertEqual(outline.checkState(of: id(0)), .unchecked)
    XCTAssertEqual(outline.checkedLeafCount(in: nil), 0)
    XCTAssertEqual(Array(outline.checkedLeaves()), [])
    XCTAssertEqual(CheckState.mixed.description, "mixed")
  }
}
