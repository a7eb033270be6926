import XCTest

@testable import OutlineKit
import OutlineTestSupport

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

  /// Heights that are not whole numbers (thirds and tenths, which binary
  /// cannot hold exactly): the engine adds them in its own order, so its
  /// sums may differ from a running sum in the last bits. After every step
  /// the index's invariants hold (their recount adds in the engine's
  /// order), the two descents agree exactly (every row with a height is
  /// found again at its own offset, and offsets never go down), and every
  /// offset is within rounding of the naive running sum.
  func testFractionalHeightsKeepTheDescentsInAgreement() {
    for seed in testSeeds(count: 4) {
      for shape in [TreeShape.chain, .wide, .balanced, .random] {
        var rng = SplitMix64(seed: seed)
        var pair = OutlinePair(depths: shape.depths(count: rng.int(in: 200 ... 400), using: &rng))
        pair.performInBatch(.expansion(.expandAll), context: "expand all")
        func fraction() -> Double { rng.chance(0.5) ? Double(rng.int(in: 1 ... 300)) / 3 : Double(rng.int(in: 1 ... 900)) / 10 }
        let values = pair.reference.nodes.keys.sorted()
        pair.performInBatch(
          .batch(values.filter { _ in rng.chance(0.7) }.map { .setRowHeight($0, fraction()) }), context: "initial heights")
        for step in 0 ..< 40 {
          let context = "seed \(seed), \(shape), step \(step)"
          let live = pair.reference.nodes.keys.sorted()
          let operation: OutlineOperation =
            !live.isEmpty && rng.chance(0.3)
            ? .setRowHeight(live.randomElement(using: &rng)!, fraction()) : pair.randomOperation(using: &rng)
          pair.performInBatch(operation, context: context)
          let outline = pair.outline
          outline._checkInvariants()
          let offsets = (0 ... outline.rowCount).map { outline.offset(ofRow: $0) }
          let naive = pair.reference.rowOffsets
          for row in 0 ..< outline.rowCount {
            if offsets[row + 1] < offsets[row] { XCTFail("offsets go down at row \(row) [\(context)]") }
            if offsets[row + 1] > offsets[row] && outline.row(atOffset: offsets[row]) != row {
              XCTFail("row(atOffset: offset(ofRow: \(row))) = \(outline.row(atOffset: offsets[row])) [\(context)]")
            }
          }
          for (mine, expected) in zip(offsets, naive) where abs(mine - expected) > 1e-9 * Swift.max(1, expected) {
            XCTFail("offset \(mine), naive sum \(expected) [\(context)]")
            break
          }
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
