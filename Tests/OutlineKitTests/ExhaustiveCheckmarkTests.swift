import XCTest

@testable import OutlineKit

/// Every ordered forest of up to 6 nodes, with every set of checked
/// leaves, every set of expanded parents, and every `setChecked` (each
/// node, both marks): every node's state and count against the reference,
/// and the change through a view that caches its cells.
final class ExhaustiveCheckmarkTests: XCTestCase {
  func testEverySmallForestEveryMarkingEveryCheck() {
    var checked = 0
    for n in 1 ... 6 {
      for depths in allForests(count: n) {
        let parentsOf = parents(ofDepths: depths)
        let leaves = (0 ..< n).filter { !parentsOf.contains($0) }
        let inner = (0 ..< n).filter { parentsOf.contains($0) }
        for markMask in 0 ..< (1 << leaves.count) {
          for expandedMask in 0 ..< (1 << inner.count) {
            var base = OutlinePair(depths: depths)
            for (k, leaf) in leaves.enumerated() where markMask & (1 << k) != 0 {
              base.outline.setChecked(true, base.id(leaf))
              base.reference.setChecked(true, leaf)
            }
            for (k, node) in inner.enumerated() where expandedMask & (1 << k) != 0 {
              base.outline.expand(base.id(node))
              base.reference.expand(node)
            }
            for v in 0 ..< n {
              for mark in [false, true] {
                var pair = base
                let context = "forest \(depths), marks \(markMask), expanded \(expandedMask), setChecked(\(mark), \(v))"
                check(&pair, setting: mark, on: v, context: context)
                checked += 1
                if testRun?.failureCount ?? 0 > 0 { return }
              }
            }
          }
        }
      }
    }
    print("ExhaustiveCheckmarkTests: \(checked) cases checked")
  }

  func check(_ pair: inout OutlinePair, setting mark: Bool, on v: Int, context: String) {
    let before = pair.reference.decorations
    var view = CachedTableView(showing: pair.outline)
    let change = pair.outline.setChecked(mark, pair.id(v))
    pair.reference.setChecked(mark, v)
    let rows = pair.reference.visibleRows
    let expected = pair.reference.decorationsTurned(since: before).compactMap(rows.firstIndex(of:)).sorted()
    XCTAssertEqual(change, OutlineChange(reloadedRows: expected), context)
    view.apply(change, to: pair.outline, context: context)
    for value in pair.reference.nodes.keys {
      let id = pair.id(value)
      XCTAssertEqual(pair.outline.checkState(of: id), pair.reference.checkState(of: value), "state of \(value) [\(context)]")
      XCTAssertEqual(pair.outline.checkedLeafCount(in: id), pair.reference.checkedLeafCount(in: value), "count in \(value) [\(context)]")
    }
    XCTAssertEqual(pair.outline.checkedLeafCount(in: nil), pair.reference.checkedLeafCount(in: nil), context)
    XCTAssertEqual(pair.outline.checkedLeaves().map { pair.outline[$0] }, pair.reference.checkedLeaves, context)
    pair.outline._checkInvariants()
  }
}
