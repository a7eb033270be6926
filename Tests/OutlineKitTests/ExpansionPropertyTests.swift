import XCTest

@testable import OutlineKit

/// Random expansion sequences on every shape, checked against the reference
/// model after every step. A failure names its seed; rerun it alone with
/// `OUTLINE_SEED=<seed> swift test --filter ExpansionPropertyTests`.
final class ExpansionPropertyTests: XCTestCase {
  func testRandomExpansionSequencesMatchTheReference() {
    for seed in testSeeds(count: 12) {
      for shape in TreeShape.allCases {
        var rng = SplitMix64(seed: seed)
        let size = rng.int(in: 1 ... 60)
        var pair = OutlinePair(depths: shape.depths(count: size, using: &rng))
        pair.check("seed \(seed), \(shape), \(size) nodes, initial")
        for step in 0 ..< 120 {
          let operation = pair.randomExpansionOperation(using: &rng)
          pair.perform(operation, context: "seed \(seed), \(shape), step \(step)")
          pair.check("seed \(seed), \(shape), step \(step): \(operation)")
          if testRun?.failureCount ?? 0 > 0 {
            print("Failing seed: \(seed) (OUTLINE_SEED=\(seed)), shape \(shape), step \(step)")
            return
          }
        }
      }
    }
  }

  /// Big shapes: a deep chain of thousands and a root with thousands of
  /// children, where depth or fan-out would break a naive index.
  func testLargeShapesMatchTheReference() {
    for seed in testSeeds(count: 2) {
      for shape in [TreeShape.chain, .wide, .balanced, .random] {
        var rng = SplitMix64(seed: seed)
        var pair = OutlinePair(depths: shape.depths(count: 3000, using: &rng))
        for step in 0 ..< 25 {
          let operation = pair.randomExpansionOperation(using: &rng)
          pair.perform(operation, context: "seed \(seed), \(shape), step \(step)")
          if testRun?.failureCount ?? 0 > 0 {
            print("Failing seed: \(seed) (OUTLINE_SEED=\(seed)), shape \(shape), step \(step)")
            return
          }
        }
        pair.check("seed \(seed), \(shape), after 25 steps")
      }
    }
  }
}
