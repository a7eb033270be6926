import XCTest

@testable import OutlineKit

/// Every ordered forest of up to 4 nodes × every assignment of `.visible`,
/// `.recurse` and `.hidden` × every narrowing of it (each node's answer kept
/// or made to hide more: `.visible` to any, `.recurse` to `.hidden`):
/// narrowing, then widening back, then narrowing again followed by an edit
/// (which makes the engine ask the nodes narrowing skipped), each checked
/// against the reference model, which sets the same filter over the whole
/// forest, through a batch.
///
/// Forests of up to 3 nodes start both expanded and not revealing, and
/// collapsed and revealing; 4-node forests alternate between the two.
final class ExhaustiveNarrowingTests: XCTestCase {
  func testEverySmallForestEveryNarrowing() {
    let kinds: [FilterVisibility] = [.visible, .recurse, .hidden]
    var checked = 0
    for n in 1 ... 4 {
      var caseNumber = 0
      for depths in allForests(count: n) {
        for assignment in 0 ..< Int(pow(3.0, Double(n))) {
          let answers = digits(assignment, count: n).map { kinds[$0] }
          for narrowing in 0 ..< Int(pow(3.0, Double(n))) {
            let narrowed = digits(narrowing, count: n).map { kinds[$0] }
            // Only narrowings: what a node answers may only hide more.
            guard zip(answers, narrowed).allSatisfy({ $0 == $1 || $0 == .visible || $1 == .hidden }) else { continue }
            caseNumber += 1
            let starts = n <= 3 ? [false, true] : [caseNumber % 2 == 0]
            for revealing in starts {
              let context = "forest \(depths), answers \(answers) narrowed to \(narrowed), \(revealing ? "collapsed, revealing" : "expanded")"
              check(depths: depths, answers: answers, narrowed: narrowed, revealing: revealing, context: context)
              checked += 1
              if testRun?.failureCount ?? 0 > 0 { return }
            }
          }
        }
      }
    }
    print("ExhaustiveNarrowingTests: \(checked) cases checked")
  }

  private func digits(_ number: Int, count: Int) -> [Int] {
    var rest = number
    return (0 ..< count).map { _ in
      defer { rest /= 3 }
      return rest % 3
    }
  }

  private func check(
    depths: [Int], answers: [FilterVisibility], narrowed: [FilterVisibility], revealing: Bool, context: String
  ) {
    let n = depths.count
    var pair = OutlinePair(depths: depths)
    if !revealing { pair.performInBatch(.expansion(.expandAll), context: "setup") }
    // Value n is the leaf the edit inserts: `.visible`, kept by narrowing.
    pair.book.overrides = Dictionary(uniqueKeysWithValues: answers.enumerated().map { ($0, $1) } + [(n, .visible)])
    pair.book.layers = []
    pair.performInBatch(.filter(.set(seed: 0, revealing: revealing)), context: context)
    let layer = FilterLayer.fixed(Dictionary(uniqueKeysWithValues: narrowed.enumerated().map { ($0, $1) }))
    pair.performInBatch(.filter(.narrow(layers: [layer], revealing: revealing)), context: context)
    pair.quickCheck(context + ", narrowed")
    pair.performInBatch(.filter(.widen), context: context)
    pair.quickCheck(context + ", widened")
    pair.performInBatch(.filter(.narrow(layers: [layer], revealing: !revealing)), context: context)
    pair.quickCheck(context + ", narrowed again")
    // An edit: the engine asks every node first, and nothing can widen.
    let parent = n - 1
    let index = pair.reference.nodes[parent]!.children.count
    pair.performInBatch(.insert(subtree: [(n, 0)], parent: parent, index: index), context: context)
    pair.quickCheck(context + ", insert after narrowing")
    pair.performInBatch(.filter(.widen), context: context)
    pair.quickCheck(context + ", widen after an edit")
  }
}
