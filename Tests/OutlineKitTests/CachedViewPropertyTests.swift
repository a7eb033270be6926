import XCTest

@testable import OutlineKit
import OutlineTestSupport

/// A table view keeps its cells and redraws a row only when a change names
/// it. These tests hold every mutating call to that: random sequences that
/// mix edits (insert, remove, both kinds of move, values, updates), batches
/// of them, expansion under every policy, filters (set, refilter, narrow,
/// widen, remove), row heights and an undo history (recorded bodies, some
/// thrown, undo and redo, edits outside it) on forests up to 40 nodes.
/// After every step the view that applied the change must equal a fresh
/// render (value, depth, disclosure and expanded flag of every row), no
/// reload may be spurious, and the whole tree is checked against the
/// reference model. Rerun a failing seed alone with `OUTLINE_SEED=<seed>`.
final class CachedViewPropertyTests: XCTestCase {
  func testACachedViewStaysFreshThroughEveryCall() {
    for seed in testSeeds(count: 12) {
      for shape in TreeShape.allCases {
        var rng = SplitMix64(seed: seed)
        let size = rng.int(in: 0 ... 40)
        var harness = HistoryHarness(pair: OutlinePair(depths: shape.depths(count: size, using: &rng)), limit: 100)
        for step in 0 ..< 100 {
          let context = "seed \(seed), \(shape), step \(step)"
          switch rng.int(in: 0 ..< 100) {
          case 0 ..< 25:
            // Any call, or a batch of them, outside the history.
            harness.performOutside(harness.pair.randomOperation(using: &rng), context: context)
          case 25 ..< 35:
            // An expansion on its own: its own change.
            let operation = harness.pair.randomExpansionOperation(using: &rng)
            harness.pair.perform(operation, context: "\(context): \(operation)")
            harness.checkAll("\(context): \(operation)")
          case 35 ..< 45:
            // An update from new data, as its own call.
            harness.performOutside(.update(harness.pair.randomUpdate(using: &rng)), inBatch: false, context: context)
          case 45 ..< 75:
            harness.recordRandomBody(using: &rng, context: context)
          case 75 ..< 88:
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
