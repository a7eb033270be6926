import XCTest

@testable import OutlineKit
import OutlineTestSupport

final class OutlineChangeTests: XCTestCase {
  func testApplyReplaysRemovalsInsertionsAndReloads() {
    var rows = ["a", "b", "c", "d", "e"]
    let change = OutlineChange(removedRows: [1 ..< 3], insertedRows: [0 ..< 1, 3 ..< 5], reloadedRows: [3])
    change.apply(to: &rows, insertedElement: { "new\($0)" }, reloadedElement: { "reloaded\($0)" })
    // Survivors a, d, e land on new rows 1, 2, 5; d was reloaded at new row 2.
    XCTAssertEqual(rows, ["new0", "a", "reloaded2", "new3", "new4", "e"])
  }

  func testApplyWithoutReloadKeepsElements() {
    var rows = [0, 1, 2]
    OutlineChange(insertedRows: [3 ..< 5], reloadedRows: [0]).apply(to: &rows) { $0 * 100 }
    XCTAssertEqual(rows, [0, 1, 2, 300, 400])
  }

  /// The lists are kept inline up to one element and as arrays beyond:
  /// however a change is made or edited, the same lists give equal changes
  /// with equal hashes, and read back as they were set.
  func testEveryWayOfMakingAChangeGivesTheSameValue() {
    var rng = SplitMix64(seed: 11)
    func ranges() -> [Range<Int>] { (0 ..< rng.int(in: 0 ... 3)).map { k in 3 * k ..< 3 * k + 1 + rng.int(in: 0 ... 1) } }
    func rows() -> [Int] { (0 ..< rng.int(in: 0 ... 3)).map { 2 * $0 + rng.int(in: 0 ... 1) } }
    for _ in 0 ..< 200 {
      let (removed, inserted, reloaded, removedRoots, insertedRoots) = (ranges(), ranges(), rows(), rows(), rows())
      let made = OutlineChange(
        removedRows: removed, insertedRows: inserted, reloadedRows: reloaded,
        removedRootRows: removedRoots, insertedRootRows: insertedRoots)
      var edited = OutlineChange(removedRows: ranges(), insertedRows: ranges(), reloadedRows: rows())
      edited.removedRows = removed
      edited.insertedRows = inserted
      edited.reloadedRows = reloaded
      edited.removedRootRows = removedRoots
      edited.insertedRootRows = insertedRoots
      XCTAssertEqual(made, edited)
      XCTAssertEqual(made.hashValue, edited.hashValue)
      XCTAssertEqual(made.removedRows, removed)
      XCTAssertEqual(made.insertedRows, inserted)
      XCTAssertEqual(made.reloadedRows, reloaded)
      XCTAssertEqual(made.removedRootRows, removedRoots)
      XCTAssertEqual(made.insertedRootRows, insertedRoots)
      XCTAssertEqual(made.removedCount, removed.reduce(0) { $0 + $1.count })
      XCTAssertEqual(made.insertedCount, inserted.reduce(0) { $0 + $1.count })
      XCTAssertEqual(made.isEmpty, removed.isEmpty && inserted.isEmpty && reloaded.isEmpty)
    }
    // An expansion's change, made inline, equals the same lists as arrays.
    var outline = Outline<Int>(roots: [0, 1], children: { $0 == 0 ? [10, 11] : [] })
    let change = outline.expand(outline.roots[0])
    XCTAssertEqual(change, OutlineChange(insertedRows: [1 ..< 3], reloadedRows: [0]))
    XCTAssertEqual(outline.collapse(outline.roots[0]), OutlineChange(removedRows: [1 ..< 3], reloadedRows: [0]))
  }

  func testRowMappingBothWays() {
    let change = OutlineChange(removedRows: [1 ..< 3], insertedRows: [0 ..< 1, 3 ..< 5])
    // Old rows 0, 3, 4 survive as new rows 1, 2, 5.
    XCTAssertEqual((0 ..< 5).map(change.newRow(forOldRow:)), [1, nil, nil, 2, 5])
    XCTAssertEqual((0 ..< 6).map(change.oldRow(forNewRow:)), [nil, 0, 3, nil, nil, 4])
  }

  func testRowMappingAgreesWithApplyOnRandomChanges() {
    var rng = SplitMix64(seed: 5)
    for _ in 0 ..< 300 {
      let oldCount = rng.int(in: 0 ... 12)
      var removed: [Range<Int>] = []
      var row = 0
      while row < oldCount {
        let gap = rng.int(in: 1 ... 3)
        let length = rng.int(in: 1 ... 3)
        let start = row + gap
        if start + length <= oldCount { removed.append(start ..< start + length) }
        row = start + length + 1
      }
      let survivors = oldCount - removed.reduce(0) { $0 + $1.count }
      var inserted: [Range<Int>] = []
      var newCount = survivors
      var cursor = 0
      while rng.chance(0.6) {
        let start = cursor + rng.int(in: 0 ... 2)
        guard start <= newCount else { break }
        let length = rng.int(in: 1 ... 2)
        inserted.append(start ..< start + length)
        newCount += length
        cursor = start + length + 1
      }
      let change = OutlineChange(removedRows: removed, insertedRows: inserted)
      var elements = Array(0 ..< oldCount)
      change.apply(to: &elements) { -1 - $0 }
      for (newRow, element) in elements.enumerated() {
        XCTAssertEqual(change.oldRow(forNewRow: newRow), element >= 0 ? element : nil, "\(change)")
        if element >= 0 { XCTAssertEqual(change.newRow(forOldRow: element), newRow, "\(change)") }
      }
    }
  }

  func testDescriptionAndEmptiness() {
    XCTAssertTrue(OutlineChange().isEmpty)
    XCTAssertEqual(OutlineChange().description, "OutlineChange(no change)")
    let change = OutlineChange(removedRows: [3 ..< 5], insertedRows: [7 ..< 9], reloadedRows: [2])
    XCTAssertFalse(change.isEmpty)
    XCTAssertEqual(change.description, "OutlineChange(-[3..<5] +[7..<9] ~[2])")
    XCTAssertEqual(change.removedCount, 2)
    XCTAssertEqual(change.insertedCount, 2)
  }
}
