import XCTest

@testable import OutlineKit
import OutlineTestSupport

/// Random sequences of every operation (expansion, insert, remove, move, set
/// value, and batches of 1-10 of them), each made inside a batch so its
/// change is checked, against the reference model after every step.
/// Rerun a failing seed alone with `OUTLINE_SEED=<seed>`.
final class EditingPropertyTests: XCTestCase {
  func testRandomEditSequencesMatchTheReference() {
    for seed in testSeeds(count: 10) {
      for shape in TreeShape.allCases {
        var rng = SplitMix64(seed: seed)
        let size = rng.int(in: 0 ... 40)
        var pair = OutlinePair(depths: shape.depths(count: size, using: &rng))
        for step in 0 ..< 150 {
          let operation = pair.randomOperation(using: &rng)
          pair.performInBatch(operation, context: "seed \(seed), \(shape), step \(step)")
          pair.check("seed \(seed), \(shape), step \(step): \(operation)")
          if testRun?.failureCount ?? 0 > 0 {
            print("Failing seed: \(seed) (OUTLINE_SEED=\(seed)), shape \(shape), step \(step): \(operation)")
            return
          }
        }
      }
    }
  }

  func testEditsOnLargeShapes() {
    for seed in testSeeds(count: 2) {
      for shape in [TreeShape.chain, .wide, .balanced] {
        var rng = SplitMix64(seed: seed)
        var pair = OutlinePair(depths: shape.depths(count: 2000, using: &rng))
        pair.performInBatch(.expansion(.expandAll), context: "expand all")
        for step in 0 ..< 30 {
          let operation = pair.randomOperation(using: &rng)
          pair.performInBatch(operation, context: "seed \(seed), \(shape), step \(step)")
          if testRun?.failureCount ?? 0 > 0 {
            print("Failing seed: \(seed) (OUTLINE_SEED=\(seed)), shape \(shape), step \(step): \(operation)")
            return
          }
        }
        pair.check("seed \(seed), \(shape), after 30 steps")
      }
    }
  }
}
