import OutlineGtkSupport
import OutlineKit
import XCTest

final class ListSpliceSequenceTests: XCTestCase {
  /// Between the calls of a change, every position of the list GTK holds
  /// maps to the new row holding the same node, or to nil exactly when a
  /// later call removes it.
  func testBetweenCallsEachPositionIsItsNewRowOrALeavingRow() {
    for seed in testSeeds(count: 60) {
      var changes = RandomOutlineChanges(seed: seed, nodeCount: 40)
      for step in 0 ..< 40 {
        let old = Array(changes.outline.rows)
        let change = changes.step()
        let new = Array(changes.outline.rows)
        let sequence = ListSpliceSequence(change.listSplices)
        // The list as the calls leave it; nil for rows a later call removes.
        var list: [Outline<Int>.NodeID?] = old
        var leaving = Set<Int>()
        for splice in sequence.splices { leaving.formUnion(splice.oldPosition ..< splice.oldPosition + splice.removed) }
        list = old.enumerated().map { leaving.contains($0.offset) ? nil : $0.element }
        for (made, splice) in sequence.splices.enumerated() {
          list.replaceSubrange(
            splice.position ..< splice.position + splice.removed,
            with: new[splice.position ..< splice.position + splice.added].map { $0 })
          for position in list.indices {
            let row = sequence.row(atPosition: position, afterFirst: made + 1)
            XCTAssertEqual(
              row.map { new[$0] }, list[position],
              "seed \(seed) step \(step): position \(position) after \(made + 1) of \(sequence.splices)")
          }
        }
        XCTAssertEqual(list.count, new.count, "seed \(seed) step \(step)")
      }
    }
  }

  func testAfterEveryCallEveryPositionIsItsOwnRow() {
    let sequence = ListSpliceSequence([ListSplice(position: 2, removed: 1, added: 4, oldPosition: 2)])
    XCTAssertEqual((0 ..< 9).map { sequence.row(atPosition: $0, afterFirst: 1) }, (0 ..< 9).map { $0 })
  }

  func testBetweenTwoCallsTheRowsOfTheSecondAreLeaving() {
    // Rows 0 ... 9: rows 1 ..< 3 go, rows 6 ..< 8 go and 3 come.
    let sequence = ListSpliceSequence([
      ListSplice(position: 1, removed: 2, added: 0, oldPosition: 1),
      ListSplice(position: 4, removed: 2, added: 3, oldPosition: 6),
    ])
    // After the first call the list is old rows 0, 3, 4, 5, 6, 7, 8, 9.
    XCTAssertEqual(
      (0 ..< 8).map { sequence.row(atPosition: $0, afterFirst: 1) }, [0, 1, 2, 3, nil, nil, 7, 8])
  }
}
