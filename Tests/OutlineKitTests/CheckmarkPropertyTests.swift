import XCTest

@testable import OutlineKit
import OutlineTestSupport

/// Random sequences of checks mixed with every other call: edits, moves,
/// updates, batches, expansion, filters and an undo history, on forests up
/// to 300 nodes (deep enough that marks wait, pending, on inner tree
/// nodes, and splits and joins hand them down). After every step every
/// node's state and count, the checked leaves and the change (through a
/// view that caches its cells, which draws each row's state) are checked
/// against the reference model. Rerun a failing seed alone with
/// `OUTLINE_SEED=<seed>`.
final class CheckmarkPropertyTests: XCTestCase {
  func testChecksMixedWithEveryCallMatchTheReference() {
    for seed in testSeeds(count: 6) {
      for shape in TreeShape.allCases {
        var rng = SplitMix64(seed: seed)
        let size = rng.int(in: 0 ... 300)
        var harness = HistoryHarness(pair: OutlinePair(depths: shape.depths(count: size, using: &rng)), limit: 50)
        for step in 0 ..< 60 {
          let context = "seed \(seed), \(shape), step \(step)"
          let values = harness.pair.reference.nodes.keys.sorted()
          switch rng.int(in: 0 ..< 100) {
          case 0 ..< 30 where !values.isEmpty:
            // A check on its own, or inside a batch with other calls.
            let check = OutlineOperation.setChecked(values.randomElement(using: &rng)!, rng.chance(0.6))
            let operation =
              rng.chance(0.7)
              ? check
              : harness.pair.planBatch(count: rng.int(in: 2 ... 6)) { pair in
                rng.chance(0.4)
                  ? .setChecked(pair.reference.nodes.keys.sorted().randomElement(using: &rng) ?? 0, rng.chance(0.5))
                  : pair.randomOperation(using: &rng, batches: false)
              }
            harness.performOutside(operation, context: context)
          case 0 ..< 55:
            harness.performOutside(harness.pair.randomOperation(using: &rng), context: context)
          case 55 ..< 62:
            harness.performOutside(.update(harness.pair.randomUpdate(using: &rng)), inBatch: false, context: context)
          case 62 ..< 82:
            harness.recordRandomBody(using: &rng, context: context)
          case 82 ..< 92:
            harness.replay(forwards: false, context: context)
          default:
            harness.replay(forwards: true, context: context)
          }
          if testRun?.failureCount ?? 0 > 0 {
            print("Failing seed: \(seed) (OUTLINE_SEED=\(seed)), shape \(shape), step \(step)")
            return
          }
        }
      }
    }
  }
}
