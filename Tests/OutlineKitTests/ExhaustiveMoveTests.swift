import XCTest

@testable import OutlineKit

/// Every ordered forest of up to 6 nodes, with all nodes collapsed, all
/// expanded, or every other one expanded, and every move of every node to
/// every parent and index (the invalid ones included), checked against the
/// reference model, through a batch, flat and per section.
final class ExhaustiveMoveTests: XCTestCase {
  func testEveryMoveInEverySmallForest() {
    var checked = 0
    for n in 1 ... 6 {
      for depths in allForests(count: n) {
        for expansion in 0 ..< 3 {
          var base = OutlinePair(depths: depths)
          for v in 0 ..< n where expansion == 1 || (expansion == 2 && v % 2 == 0) {
            base.outline.expand(base.id(v))
            base.reference.expand(v)
          }
          for v in 0 ..< n {
            for parent in [nil] + Array(0 ..< n) {
              let siblings = parent.map { base.reference.nodes[$0]!.children.count } ?? base.reference.roots.count
              let sameParent = base.reference.nodes[v]!.parent == parent
              for index in 0 ... (sameParent ? siblings - 1 : siblings) {
                var pair = base
                pair.performInBatch(.move(v, parent: parent, index: index), context: "forest \(depths), expansion \(expansion)")
                pair.quickCheck("forest \(depths), expansion \(expansion), move \(v) under \(String(describing: parent)) at \(index)")
                checked += 1
                if testRun?.failureCount ?? 0 > 0 { return }
              }
            }
          }
        }
      }
    }
    print("ExhaustiveMoveTests: \(checked) moves checked")
  }
}
