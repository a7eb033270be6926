import XCTest

@testable import OutlineKit

/// Every ordered forest of up to 6 nodes, with all nodes collapsed, all
/// expanded, or every other one expanded, and every move of every node to
/// every parent and index (the invalid ones included), checked against the
/// reference model, through a batch, flat and per section.
final class ExhaustiveMoveTests: XCTestCase {
  func testEveryMoveInEverySmallForest() {
    var checked = 0
    forEachSmallForest(upTo: 6) { base, context in
      let n = base.reference.nodes.count
      for v in 0 ..< n {
        for parent in [nil] + Array(0 ..< n) {
          let siblings = parent.map { base.reference.nodes[$0]!.children.count } ?? base.reference.roots.count
          let sameParent = base.reference.nodes[v]!.parent == parent
          for index in 0 ... (sameParent ? siblings - 1 : siblings) {
            var pair = base
            pair.performInBatch(.move(v, parent: parent, index: index), context: context)
            pair.quickCheck("\(context), move \(v) under \(String(describing: parent)) at \(index)")
            checked += 1
            if testRun?.failureCount ?? 0 > 0 { return false }
          }
        }
      }
      return true
    }
    print("ExhaustiveMoveTests: \(checked) moves checked")
  }
}
