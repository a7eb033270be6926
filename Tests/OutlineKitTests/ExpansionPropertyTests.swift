import XCTest

@testable import OutlineKit
import OutlineTestSupport

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

  /// A toggle whose subtree is most of the outline gives the change to the
  /// whole index and takes it back from the rest: here a big tree between
  /// two small ones, so the rest lies on both sides, toggled as it is and
  /// under filters and row heights, plainly and inside batches.
  func testChangesCoveringMostOfTheOutlineMatchTheReference() {
    for seed in testSeeds(count: 6) {
      var rng = SplitMix64(seed: seed)
      let before = TreeShape.random.depths(count: rng.int(in: 1 ... 6), using: &rng)
      // One root over a random forest (a random shape alone has many roots).
      let big = [0] + TreeShape.random.depths(count: rng.int(in: 40 ... 120), using: &rng).map { $0 + 1 }
      let after = TreeShape.random.depths(count: rng.int(in: 1 ... 6), using: &rng)
      var pair = OutlinePair(depths: before + big + after)
      let bigRoot = before.count
      if !toggleAmongFiltersAndHeights(&pair, seed: seed, using: &rng, pick: { _ in bigRoot }) { return }
    }
  }

  /// A toggle whose subtree runs to the end of the outline and over more
  /// than one leaf updates the index bottom-up along the walk that found
  /// its row: the entries after the node when they are at most half the
  /// outline, else the whole index and back out of the entries through the
  /// node. Here a chain after a random forest of random size, so both
  /// happen, toggled as it is and under filters and row heights, plainly
  /// and inside batches.
  func testSubtreesRunningToTheEndMatchTheReference() {
    for seed in testSeeds(count: 6) {
      var rng = SplitMix64(seed: seed)
      let before = TreeShape.random.depths(count: rng.int(in: 1 ... 80), using: &rng)
      let chain = Array(0 ..< rng.int(in: 20 ... 70))
      var pair = OutlinePair(depths: before + chain)
      if !toggleAmongFiltersAndHeights(&pair, seed: seed, using: &rng, pick: { before.count + $0.int(in: 0 ..< chain.count) }) { return }
    }
  }

  /// Sixty steps on `pair`, each checked: toggles of the node `pick` chooses,
  /// plainly and in batches, between row heights, filters set and removed,
  /// and other expansion calls. False after a failure (its seed printed).
  private func toggleAmongFiltersAndHeights(
    _ pair: inout OutlinePair, seed: UInt64, using rng: inout SplitMix64, pick: (inout SplitMix64) -> Int
  ) -> Bool {
    for step in 0 ..< 60 {
      let context = "seed \(seed), step \(step)"
      let node = pick(&rng)
      switch rng.int(in: 0 ..< 6) {
      case 0, 1:
        pair.perform(.toggle(node), context: context)
      case 2:
        pair.performInBatch(.expansion(.toggle(node)), context: context)
      case 3:
        pair.performInBatch(.setRowHeight(rng.int(in: 0 ..< pair.reference.nodes.count), Double(rng.int(in: 0 ... 90))), context: context)
      case 4:
        let filter: FilterOperation = rng.chance(0.3) ? .remove : .set(seed: UInt64(rng.int(in: 0 ... 1_000)), revealing: rng.chance(0.5))
        pair.performInBatch(.filter(filter), context: context)
      default:
        pair.perform(pair.randomExpansionOperation(using: &rng), context: context)
      }
      pair.check(context)
      if testRun?.failureCount ?? 0 > 0 {
        print("Failing seed: \(seed) (OUTLINE_SEED=\(seed)), step \(step)")
        return false
      }
    }
    return true
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
