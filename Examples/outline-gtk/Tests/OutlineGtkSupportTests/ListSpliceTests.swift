import OutlineGtkSupport
import OutlineKit
import XCTest

final class ListSpliceTests: XCTestCase {
  /// A tree of three roots with two children each, the first root expanded.
  private func sample() -> Outline<String> {
    Outline(preorder: [
      ("A", 0), ("a1", 1), ("a2", 1), ("B", 0), ("b1", 1), ("b2", 1), ("C", 0), ("c1", 1), ("c2", 1),
    ].map { (node: $0.0, depth: $0.1) })
  }

  func testAnExpansionIsOneInsertionAndItsReloadIsNoCall() {
    var outline = sample()
    let change = outline.expand(outline.roots[1])
    XCTAssertEqual(change.reloadedRows, [1])
    XCTAssertEqual(change.listSplices, [ListSplice(position: 2, removed: 0, added: 2, oldPosition: 2)])
  }

  func testACollapseIsOneRemoval() {
    var outline = sample()
    outline.expandAll()
    let change = outline.collapse(outline.roots[0])
    XCTAssertEqual(change.listSplices, [ListSplice(position: 1, removed: 2, added: 0, oldPosition: 1)])
  }

  func testRunsApartAreSeparateCallsInTheCoordinatesOfTheListBetweenThem() {
    var outline = sample()
    // Rows: A B C. Expanding A and C inserts after rows 0 and 2: two runs,
    // the second one shifted by the first.
    let change = outline.batch { outline in
      outline.expand(outline.roots[0])
      outline.expand(outline.roots[2])
    }
    XCTAssertEqual(
      change.listSplices,
      [
        ListSplice(position: 1, removed: 0, added: 2, oldPosition: 1),
        ListSplice(position: 5, removed: 0, added: 2, oldPosition: 3),
      ])
  }

  func testAnEmptyChangeMakesNoCall() {
    XCTAssertEqual(OutlineChange().listSplices, [])
  }

  func testARemovalAndAnInsertionThatMeetAreOneCall() {
    let change = OutlineChange(removedRows: [2 ..< 4], insertedRows: [2 ..< 7])
    XCTAssertEqual(change.listSplices, [ListSplice(position: 2, removed: 2, added: 5, oldPosition: 2)])
    // Rows that stay between an insertion and a removal keep them apart:
    // old rows 1 and 2 stay between rows inserted before them and old
    // rows 3 and 4 removed.
    let apart = OutlineChange(removedRows: [3 ..< 5], insertedRows: [1 ..< 3])
    XCTAssertEqual(
      apart.listSplices,
      [
        ListSplice(position: 1, removed: 0, added: 2, oldPosition: 1),
        ListSplice(position: 5, removed: 2, added: 0, oldPosition: 3),
      ])
  }

  /// Random changes of every kind: replaying the calls on the old rows,
  /// taking each added row from the new rows, gives the new rows; the calls
  /// are sorted and never touch; the rows they remove and add are exactly
  /// the rows the change removed and inserted.
  func testReplayingTheCallsOnTheOldRowsGivesTheNewRows() {
    // How many changes needed several calls, and merged a removal and an
    // insertion: the cases this test is for.
    var severalCalls = 0
    var merged = 0
    for seed in testSeeds(count: 60) {
      var changes = RandomOutlineChanges(seed: seed, nodeCount: 40)
      for step in 0 ..< 40 {
        let old = Array(changes.outline.rows)
        let change = changes.step()
        let new = Array(changes.outline.rows)
        let splices = change.listSplices
        if splices.count > 1 { severalCalls += 1 }
        if splices.contains(where: { $0.removed > 0 && $0.added > 0 }) { merged += 1 }
        var list = old
        for splice in splices {
          XCTAssertGreaterThan(splice.removed + splice.added, 0, "seed \(seed) step \(step): \(splices)")
          XCTAssertLessThanOrEqual(splice.position + splice.removed, list.count, "seed \(seed) step \(step)")
          guard splice.position + splice.removed <= list.count, splice.position + splice.added <= new.count else {
            return XCTFail("seed \(seed) step \(step): \(splice) does not fit; \(change)")
          }
          list.replaceSubrange(
            splice.position ..< splice.position + splice.removed,
            with: new[splice.position ..< splice.position + splice.added])
        }
        XCTAssertEqual(list, new, "seed \(seed) step \(step): \(change) as \(splices)")
        for (earlier, later) in zip(splices, splices.dropFirst()) {
          XCTAssertLessThan(earlier.position + earlier.added, later.position, "seed \(seed) step \(step): \(splices)")
          XCTAssertLessThan(earlier.oldPosition + earlier.removed, later.oldPosition, "seed \(seed) step \(step)")
        }
        XCTAssertEqual(splices.reduce(0) { $0 + $1.removed }, change.removedCount, "seed \(seed) step \(step)")
        XCTAssertEqual(splices.reduce(0) { $0 + $1.added }, change.insertedCount, "seed \(seed) step \(step)")
      }
    }
    if testSeeds(count: 60).count == 60 {
      XCTAssertGreaterThan(severalCalls, 200)
      XCTAssertGreaterThan(merged, 100)
    }
  }
}
