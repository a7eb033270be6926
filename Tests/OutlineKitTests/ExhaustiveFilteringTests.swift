import XCTest

@testable import OutlineKit

/// Every ordered forest of up to 5 nodes × every assignment of `.visible`,
/// `.recurse` and `.hidden` to its nodes: setting the filter (revealing or
/// not), then, under it, every toggle, every change of one node's answer,
/// every removal, a `.visible` leaf inserted under every node and at the
/// top level, every move (up to 4 nodes), a refilter and the removal of the
/// filter, each checked against the reference model through a batch, flat
/// and per section.
///
/// Forests of up to 4 nodes start both expanded and not revealing, and
/// collapsed and revealing; 5-node forests alternate between the two, to
/// keep the test to a few tens of seconds in a debug build.
final class ExhaustiveFilteringTests: XCTestCase {
  func testEverySmallForestEveryAnswerAssignment() {
    var checked = 0
    let kinds: [FilterVisibility] = [.visible, .recurse, .hidden]
    for n in 1 ... 5 {
      var assignmentNumber = 0
      for depths in allForests(count: n) {
        for assignment in 0 ..< Int(pow(3.0, Double(n))) {
          assignmentNumber += 1
          var answers: [Int: FilterVisibility] = [:]
          var rest = assignment
          for v in 0 ..< n {
            answers[v] = kinds[rest % 3]
            rest /= 3
          }
          let starts = n <= 4 ? [false, true] : [assignmentNumber % 2 == 0]
          for revealing in starts {
            var base = OutlinePair(depths: depths)
            if !revealing { base.performInBatch(.expansion(.expandAll), context: "setup") }
            // Value n is the leaf the insert operations add: pin it `.visible`.
            let pinned = answers.merging([n: .visible]) { old, _ in old }
            base.book.overrides = pinned
            let context = "forest \(depths), answers \((0 ..< n).map { answers[$0]! }), \(revealing ? "collapsed, revealing" : "expanded")"
            base.performInBatch(.filter(.set(seed: 0, revealing: revealing)), context: context)
            base.quickCheck(context + ", setFilter")
            checked += 1
            for operation in operations(on: base) {
              var pair = base
              pair.book.overrides = pinned
              pair.performInBatch(operation, context: context)
              pair.quickCheck(context + ", \(operation)")
              checked += 1
              if testRun?.failureCount ?? 0 > 0 { return }
            }
          }
        }
      }
    }
    print("ExhaustiveFilteringTests: \(checked) cases checked")
  }

  /// The operations tried on one filtered forest.
  func operations(on pair: OutlinePair) -> [OutlineOperation] {
    let reference = pair.reference
    let n = reference.nodes.count
    var result: [OutlineOperation] = [.filter(.refilter(seed: 1)), .filter(.remove)]
    for v in 0 ..< n {
      result.append(.expansion(.toggle(v)))
      for answer in [FilterVisibility.visible, .recurse, .hidden] where answer != reference.answers![v] {
        result.append(.setValue(v, answer: answer))
      }
      result.append(.remove(v))
    }
    // A new `.visible` leaf (value n) under every node and at the top.
    for parent in [nil] + Array(0 ..< n) {
      let siblings = parent.map { reference.nodes[$0]!.children.count } ?? reference.roots.count
      result.append(.insert(subtree: [(n, 0)], parent: parent, index: siblings))
    }
    guard n <= 4 else { return result }
    for v in 0 ..< n {
      for parent in [nil] + Array(0 ..< n) where parent != v && !(parent.map { reference.isAncestor(v, of: $0) } ?? false) {
        let sameParent = reference.nodes[v]!.parent == parent
        let siblings = parent.map { reference.nodes[$0]!.children.count } ?? reference.roots.count
        result.append(.move(v, parent: parent, index: sameParent ? 0 : siblings))
      }
    }
    return result
  }
}
