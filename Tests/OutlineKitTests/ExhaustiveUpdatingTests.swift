import XCTest

@testable import OutlineKit

/// Every ordered forest of up to 4 nodes updated to every ordered forest of
/// up to 4 nodes over the same identities {0, 1, 2, 3}: every removal,
/// insertion, reordering, move across parents and inversion of parent and
/// child there is at that size, each checked against the reference model
/// (tree, IDs, flags, the update's own change with moves from the test's
/// longest-run rule, and the change of the batch around it, flat and per
/// section).
///
/// Identities are interchangeable, so the old forest is labelled 0, 1, ...
/// in preorder (every labelling is one of these up to renaming) and the new
/// forest takes every labelling of every subset. Old forests start with
/// every node expanded, so that every move shows in the rows, and again
/// with every node collapsed, where only the roots do; a third run changes
/// every matched value and calls the update without `Equatable`.
final class ExhaustiveUpdatingTests: XCTestCase {
  func testEverySmallForestToEverySmallForest() {
    let identities = [0, 1, 2, 3]
    let newForests = labelledForests(over: identities)
    var checked = 0
    for n in 0 ... 4 {
      for depths in allForests(count: n) {
        for variant in 0 ..< 3 {
          var base = OutlinePair(depths: depths)
          if variant != 1 { base.performInBatch(.expansion(.expandAll), context: "setup") }
          base.nextValue = identities.count
          for forest in newForests {
            var pair = base
            var step = UpdateStep(parent: nil, forest: forest)
            if variant == 2 {
              step.changed = Set(forest.map(\.value)).intersection(0 ..< n)
              step.equatable = false
            }
            let context = "forest \(depths) (\(variant == 1 ? "collapsed" : "expanded"))"
            pair.performInBatch(.update(step), context: context)
            pair.quickCheck(context + ", \(step)")
            checked += 1
            if testRun?.failureCount ?? 0 > 0 { return }
          }
        }
      }
    }
    print("ExhaustiveUpdatingTests: \(checked) cases checked")
  }

  /// Every ordered forest over every subset of `identities`, with every
  /// labelling: preorder (value, depth) lists.
  func labelledForests(over identities: [Int]) -> [[(value: Int, depth: Int)]] {
    var result: [[(value: Int, depth: Int)]] = []
    func permutations(_ values: [Int]) -> [[Int]] {
      guard values.count > 1 else { return [values] }
      return values.indices.flatMap { k in
        permutations(Array(values[..<k] + values[(k + 1)...])).map { [values[k]] + $0 }
      }
    }
    for mask in 0 ..< 1 << identities.count {
      let subset = identities.indices.filter { mask & 1 << $0 != 0 }.map { identities[$0] }
      for depths in allForests(count: subset.count) {
        for labels in permutations(subset) {
          result.append(zip(labels, depths).map { ($0, $1) })
        }
      }
    }
    return result
  }
}
