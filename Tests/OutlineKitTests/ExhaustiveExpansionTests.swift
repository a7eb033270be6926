import XCTest

@testable import OutlineKit

/// Every ordered forest of up to 6 nodes, with every set of expanded nodes,
/// under every single expansion operation (and every policy for those the
/// policy governs), checked against the reference model.
final class ExhaustiveExpansionTests: XCTestCase {
  func testEverySmallForestEveryExpandedSetEveryOperation() {
    var checked = 0
    for n in 1 ... 6 {
      for depths in allForests(count: n) {
        for expandedMask in 0 ..< (1 << n) {
          var base = OutlinePair(depths: depths)
          for v in 0 ..< n where expandedMask & (1 << v) != 0 {
            base.outline.expand(base.id(v))
            base.reference.expand(v)
          }
          for operation in operations(nodeCount: n) {
            var pair = base
            if case .policy = operation.first! {
              pair.perform(operation[0], context: "forest \(depths), expanded mask \(expandedMask)")
            }
            pair.perform(operation.last!, context: "forest \(depths), expanded mask \(expandedMask)")
            pair.quickCheck("forest \(depths), expanded mask \(expandedMask), \(operation)")
            checked += 1
            if testRun?.failureCount ?? 0 > 0 { return }
          }
        }
      }
    }
    print("ExhaustiveExpansionTests: \(checked) cases checked")
  }

  /// Each operation, as [policy?, operation].
  func operations(nodeCount n: Int) -> [[ExpansionOperation]] {
    var result: [[ExpansionOperation]] = [[.expandAll], [.collapseAll]]
    for v in 0 ..< n {
      for op: ExpansionOperation in [
        .expand(v, recursively: false), .expand(v, recursively: true), .collapse(v, recursively: false),
        .collapse(v, recursively: true), .toggle(v), .reveal(v),
      ] {
        result.append([op])
      }
      for policy in [ExpansionPolicy.exclusiveSiblings, .exclusiveLevel] {
        for op: ExpansionOperation in [.expand(v, recursively: false), .toggle(v), .reveal(v)] {
          result.append([.policy(policy), op])
        }
      }
    }
    return result
  }
}
