import XCTest

@testable import OutlineKit

/// How the index's arena grows. Time is not asserted here (the benchmark
/// measures it); what is checked is the growth pattern that makes edits cost
/// O(log n) amortized rather than a copy of the whole arena.
final class IndexArenaTests: XCTestCase {
  /// A chain was the shape where every single insert used to reserve exactly
  /// "count + a few" tree nodes, so the arena was reallocated and copied on
  /// nearly every insert (1.5 ms per leaf at 10^6 nodes).
  func testSmallInsertsGrowTheArenaGeometrically() {
    for (name, depths) in [
      ("chain", Array(0 ..< 1_000)),
      ("wide", [0] + Array(repeating: 1, count: 999)),
    ] {
      var outline = Outline(preorder: depths.enumerated().map { (node: $0.offset, depth: $0.element) })
      let parents = Array(outline.rows.prefix(1)) + Array(outline.children(of: outline.roots[0]).prefix(1))
      var capacity = outline._core.index.treeNodes.capacity
      var reallocations = 0
      for k in 0 ..< 400 {
        let parent = parents[k % parents.count]
        outline.insert(-k, under: parent, at: 0)
        let now = outline._core.index.treeNodes.capacity
        if now != capacity {
          XCTAssertGreaterThanOrEqual(now, capacity + capacity / 2, "\(name): the arena grew by less than half at insert \(k)")
          reallocations += 1
          capacity = now
        }
      }
      XCTAssertLessThanOrEqual(reallocations, 4, "\(name): \(reallocations) reallocations for 400 inserts")
      XCTAssertEqual(outline.nodeCount, 1_400)
    }
  }

  /// A fresh build sizes the arena once and exactly: no slack of a doubling.
  func testAFreshBuildReservesWhatItNeeds() {
    let outline = Outline(preorder: (0 ..< 10_000).map { (node: $0, depth: $0 == 0 ? 0 : 1) })
    let index = outline._core.index
    XCTAssertLessThan(index.treeNodes.capacity, index.treeNodes.count + index.treeNodes.count / 8 + 16)
    XCTAssertLessThan(index.entryKeys.capacity, index.entryKeys.count + index.entryKeys.count / 8 + 64)
  }
}
