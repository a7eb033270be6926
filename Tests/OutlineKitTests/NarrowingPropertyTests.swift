import XCTest

@testable import OutlineKit
import OutlineTestSupport

/// Search as you type: random sequences in which narrowing the filter
/// (`narrowFilter`) and going back (`widenFilter`) come often, between
/// expansion, edits, value sets, moves, updates and batches, checked after
/// every step against the reference model, which sets the same filter over
/// the whole tree: the same rows, lookups, inclusion, matches, revealed
/// nodes and change. Edits after a narrowing make the engine ask the nodes
/// narrowing skipped; `widenFilter` must return nil exactly when an edit
/// or another filter call came since. Rerun a failing seed alone with
/// `OUTLINE_SEED=<seed> swift test --filter NarrowingPropertyTests`.
final class NarrowingPropertyTests: XCTestCase {
  func testNarrowingAndWideningMatchSettingTheFilter() {
    for seed in testSeeds(count: 10) {
      for shape in TreeShape.allCases {
        var rng = SplitMix64(seed: seed)
        var pair = OutlinePair(depths: shape.depths(count: rng.int(in: 1 ... 60), using: &rng))
        if rng.chance(0.5) { pair.performInBatch(.expansion(.expandAll), context: "expand all") }
        for step in 0 ..< 150 {
          let roll = rng.int(in: 0 ..< 100)
          let operation: OutlineOperation =
            roll < 35 ? .filter(pair.randomNarrowing(using: &rng))
            : roll < 55 ? .filter(.widen)
            : roll < 58 ? .filter(.set(seed: rng.next() % 1000, revealing: rng.chance(0.5)))
            : roll < 80 ? .expansion(pair.randomExpansionOperation(using: &rng))
            : pair.randomOperation(using: &rng)
          let context = "seed \(seed), \(shape), step \(step): \(operation)"
          if case .expansion(let expansion) = operation, rng.chance(0.5) {
            pair.perform(expansion, context: context)  // its own change, outside a batch
          } else {
            pair.performInBatch(operation, context: context)
          }
          pair.check(context)
          if testRun?.failureCount ?? 0 > 0 {
            print("Failing seed: \(seed) (OUTLINE_SEED=\(seed)), shape \(shape), step \(step): \(operation)")
            return
          }
        }
      }
    }
  }

  /// Long runs of narrowing on thousands of nodes, then widening back to
  /// the first filter and past it, where a sparse walk that missed a leaf
  /// or an inner summary several levels up shows.
  func testDeepNarrowingOnLargeShapes() {
    for seed in testSeeds(count: 2) {
      for shape in [TreeShape.chain, .wide, .balanced, .random] {
        var rng = SplitMix64(seed: seed)
        var pair = OutlinePair(depths: shape.depths(count: 3000, using: &rng))
        if rng.chance(0.5) { pair.performInBatch(.expansion(.expandAll), context: "expand all") }
        let context = "seed \(seed), \(shape)"
        pair.performInBatch(.filter(.set(seed: rng.next() % 1000, revealing: rng.chance(0.5))), context: context)
        for step in 0 ..< 6 {
          pair.performInBatch(.filter(pair.randomNarrowing(using: &rng)), context: "\(context), narrowing \(step)")
          pair.check("\(context), narrowing \(step)")
          pair.perform(pair.randomExpansionOperation(using: &rng), context: "\(context), expansion \(step)")
        }
        for step in 0 ..< 8 {
          pair.performInBatch(.filter(.widen), context: "\(context), widening \(step)")
          pair.check("\(context), widening \(step)")
        }
        if testRun?.failureCount ?? 0 > 0 {
          print("Failing seed: \(seed) (OUTLINE_SEED=\(seed)), shape \(shape)")
          return
        }
      }
    }
  }
}
