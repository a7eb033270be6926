import XCTest

@testable import OutlineKit

/// Drop targets and moves of several nodes in every small forest, checked
/// against the reference model.
final class ExhaustiveDragAndDropTests: XCTestCase {
  /// The fractions where a row's zones meet, on both sides, and outside
  /// the row.
  static let fractions: [Double] = [0, 0.1, 0.2499, 0.25, 0.4999, 0.5, 0.7499, 0.75, 0.9, 1, -0.5, 1.5, .nan]

  /// Every ordered forest of up to 5 nodes under every expansion mask:
  /// every row (and below the last), every fraction around the zones'
  /// edges, every indentation level (none, below 0, each level, beyond
  /// the deepest), and nodes that take children or not.
  func testEveryDropTargetInEverySmallForest() {
    var checked = 0
    for n in 0 ... 5 {
      for depths in allForests(count: n) {
        for mask in 0 ..< (1 << n) {
          var pair = OutlinePair(depths: depths)
          for v in 0 ..< n where mask & (1 << v) != 0 {
            pair.outline.expand(pair.id(v))
            pair.reference.expand(v)
          }
          let context = "forest \(depths), expanded mask \(mask)"
          for row in 0 ... pair.outline.rowCount {
            for fraction in Self.fractions {
              for depth in [nil, -1, 0, 1, 2, 3, 4, 6] as [Int?] {
                for takes in [true, false] {
                  // Even nodes take children when `takes` is false too, so
                  // both answers meet in one outline.
                  pair.checkDropTarget(
                    atRow: row, fraction: fraction, depth: depth, allowsChildren: { takes || $0 % 2 == 0 }, context)
                  checked += 1
                }
              }
            }
            if testRun?.failureCount ?? 0 > 0 { return }
          }
        }
      }
    }
    print("ExhaustiveDragAndDropTests: \(checked) drop targets checked")
  }

  /// Every ordered forest of up to 5 nodes, collapsed, expanded, or every
  /// other node expanded, and every set of nodes moved to every gap (the
  /// refused ones included), through a batch, flat and per section.
  func testEveryMoveOfSeveralNodesInEverySmallForest() {
    var checked = 0
    forEachSmallForest(upTo: 5) { base, context in
      let n = base.reference.nodes.count
      for subset in 1 ..< (1 << n) {
        let values = (0 ..< n).filter { subset & (1 << $0) != 0 }
        for parent in [nil] + Array(0 ..< n) {
          let count = parent.map { base.reference.nodes[$0]!.children.count } ?? base.reference.roots.count
          for index in 0 ... count {
            var pair = base
            let context = "\(context), move \(values) to (\(String(describing: parent)), \(index))"
            pair.performInBatch(.moveSeveral(values, parent: parent, index: index), context: context)
            pair.quickCheck(context)
            checked += 1
            if testRun?.failureCount ?? 0 > 0 { return false }
          }
        }
      }
      return true
    }
    print("ExhaustiveDragAndDropTests: \(checked) moves of several nodes checked")
  }
}
