import XCTest

@testable import OutlineKit

/// Row geometry under every operation: random whole-number heights (zero
/// included), some nodes left at the estimate, estimate changes, and every
/// expansion call, edit, move, filter and batch between them; after every
/// step each node's height, every row's offset, the content height and
/// `row(atOffset:)` before, at, inside and after every row are checked
/// against naive sums. Rerun a failing seed alone with
/// `OUTLINE_SEED=<seed> swift test --filter GeometryPropertyTests`.
final class GeometryPropertyTests: XCTestCase {
  func testRandomSequencesWithHeightsMatchTheReference() {
    for seed in testSeeds(count: 8) {
      for shape in TreeShape.allCases {
        var rng = SplitMix64(seed: seed)
        var pair = OutlinePair(depths: shape.depths(count: rng.int(in: 1 ... 50), using: &rng))
        // Heights on about half the nodes from the start.
        let values = pair.reference.nodes.keys.sorted()
        pair.performInBatch(
          .batch(values.filter { _ in rng.chance(0.5) }.map { .setRowHeight($0, Double(rng.int(in: 0 ... 120))) }),
          context: "initial heights")
        for step in 0 ..< 120 {
          let live = pair.reference.nodes.keys.sorted()
          let operation: OutlineOperation =
            !live.isEmpty && rng.chance(0.25)
            ? .setRowHeight(live.randomElement(using: &rng)!, rng.chance(0.2) ? nil : Double(rng.int(in: 0 ... 300)))
            : pair.randomOperation(using: &rng)
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

  /// Thousands of nodes, so the sums run through several levels of the
  /// index, on the shapes where a per-level mistake would show.
  func testLargeShapesWithHeights() {
    for seed in testSeeds(count: 2) {
      for shape in [TreeShape.chain, .wide, .balanced, .random] {
        var rng = SplitMix64(seed: seed)
        var pair = OutlinePair(depths: shape.depths(count: 1_500, using: &rng))
        pair.performInBatch(.expansion(.expandAll), context: "expand all")
        pair.performInBatch(
          .batch((0 ..< 1_500).filter { _ in rng.chance(0.3) }.map { .setRowHeight($0, Double(rng.int(in: 1 ... 90))) }),
          context: "heights")
        for step in 0 ..< 25 {
          let operation = pair.randomOperation(using: &rng)
          pair.performInBatch(operation, context: "seed \(seed), \(shape), step \(step)")
          if testRun?.failureCount ?? 0 > 0 {
            print("Failing seed: \(seed) (OUTLINE_SEED=\(seed)), shape \(shape), step \(step): \(operation)")
            return
          }
        }
        pair.check("seed \(seed), \(shape), after 25 steps")
      }
    }
  }
}
