import XCTest

@testable import OutlineKit
import OutlineTestSupport

/// Random sequences of every operation (expansion, edits, values that change
/// a node's answer, batches, setting, refiltering and removing filters,
/// revealing or not) with a filter in force most of the time, checked
/// against the reference model after every step: rows, lookups, inclusion,
/// matches, row info, "find next", and every change (flat and per section,
/// inside batches and as returned). Rerun a failing seed alone with
/// `OUTLINE_SEED=<seed> swift test --filter FilteringPropertyTests`.
final class FilteringPropertyTests: XCTestCase {
  func testRandomSequencesUnderAFilterMatchTheReference() {
    for seed in testSeeds(count: 10) {
      for shape in TreeShape.allCases {
        var rng = SplitMix64(seed: seed)
        var pair = OutlinePair(depths: shape.depths(count: rng.int(in: 1 ... 50), using: &rng))
        for step in 0 ..< 150 {
          let operation: OutlineOperation =
            !pair.outline.isFiltered && rng.chance(0.3)
            ? .filter(.set(seed: rng.next() % 1000, revealing: rng.chance(0.5)))
            : rng.chance(0.1) ? .filter(pair.randomFilterOperation(using: &rng)) : pair.randomOperation(using: &rng)
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

  /// Expansion calls outside batches under a filter: each call's own change.
  func testExpansionUnderAFilterMatchesTheReference() {
    for seed in testSeeds(count: 8) {
      for shape in TreeShape.allCases {
        var rng = SplitMix64(seed: seed)
        var pair = OutlinePair(depths: shape.depths(count: rng.int(in: 1 ... 60), using: &rng))
        pair.performInBatch(.filter(.set(seed: rng.next() % 1000, revealing: rng.chance(0.5))), context: "set")
        for step in 0 ..< 100 {
          let operation = pair.randomExpansionOperation(using: &rng)
          pair.perform(operation, context: "seed \(seed), \(shape), step \(step)")
          pair.check("seed \(seed), \(shape), step \(step): \(operation)")
          if testRun?.failureCount ?? 0 > 0 {
            print("Failing seed: \(seed) (OUTLINE_SEED=\(seed)), shape \(shape), step \(step): \(operation)")
            return
          }
        }
      }
    }
  }

  /// Thousands of nodes on the deep and wide shapes, where a filter edit
  /// that rescanned, or walked every ancestor, would still pass but a wrong
  /// summary several levels up would not.
  func testLargeShapesUnderAFilter() {
    for seed in testSeeds(count: 2) {
      for shape in [TreeShape.chain, .wide, .balanced, .random] {
        var rng = SplitMix64(seed: seed)
        var pair = OutlinePair(depths: shape.depths(count: 2000, using: &rng))
        pair.performInBatch(.expansion(.expandAll), context: "expand all")
        pair.performInBatch(.filter(.set(seed: rng.next() % 1000, revealing: false)), context: "set")
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
