import XCTest

@testable import OutlineKit

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
