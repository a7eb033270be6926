import XCTest

@testable import OutlineKit
import OutlineTestSupport

/// The change composer's row sets against plain `Set<Int>` arithmetic.
final class RowSetTests: XCTestCase {
  func randomSet(_ rng: inout SplitMix64, limit: Int) -> Set<Int> {
    Set((0 ..< limit).filter { _ in rng.chance(0.4) })
  }

  func rowSet(_ rows: Set<Int>) -> _RowSet {
    var set = _RowSet()
    set.ranges = _RowSet.ranges(ofSorted: rows.sorted())
    return set
  }

  func elements(_ set: _RowSet) -> [Int] { set.ranges.flatMap { Array($0) } }

  func testSubtractingSortedRanges() {
    var rng = SplitMix64(seed: 12)
    for _ in 0 ..< 2_000 {
      let a = randomSet(&rng, limit: 40)
      let b = randomSet(&rng, limit: 40)
      var set = rowSet(a)
      set.subtract(sorted: _RowSet.ranges(ofSorted: b.sorted()))
      XCTAssertEqual(elements(set), a.subtracting(b).sorted())
      XCTAssertEqual(set.ranges, _RowSet.ranges(ofSorted: a.subtracting(b).sorted()), "ranges stay merged")
    }
  }

  func testRankAndComplementSelection() {
    var rng = SplitMix64(seed: 13)
    for _ in 0 ..< 500 {
      let a = randomSet(&rng, limit: 60)
      let set = rowSet(a)
      let ranked = _RankedRowSet(set)
      let complement = (0 ..< 200).filter { !a.contains($0) }
      for row in 0 ..< 70 {
        let expected = a.filter { $0 < row }.count
        XCTAssertEqual(ranked.rank(row), expected)
        XCTAssertEqual(set.rank(row), expected)
      }
      for k in 0 ..< 80 {
        XCTAssertEqual(ranked.integerNotInSet(k), complement[k])
        XCTAssertEqual(set.integerNotInSet(k), complement[k])
      }
    }
  }

  func testUnionDeleteAndOpen() {
    var rng = SplitMix64(seed: 14)
    for _ in 0 ..< 1_000 {
      var model = randomSet(&rng, limit: 40)
      var set = rowSet(model)
      let start = rng.int(in: 0 ..< 40)
      let range = start ..< start + rng.int(in: 1 ... 6)
      switch rng.int(in: 0 ..< 3) {
      case 0:
        set.formUnion(range)
        model.formUnion(range)
      case 1:
        set.deleteRows(range)
        model = Set(model.filter { !range.contains($0) }.map { $0 >= range.upperBound ? $0 - range.count : $0 })
      default:
        set.openRows(range)
        model = Set(model.map { $0 >= range.lowerBound ? $0 + range.count : $0 })
      }
      XCTAssertEqual(elements(set), model.sorted())
      XCTAssertEqual(set.ranges, _RowSet.ranges(ofSorted: model.sorted()), "ranges stay merged")
    }
  }
}
