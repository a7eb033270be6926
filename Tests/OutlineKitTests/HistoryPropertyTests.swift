import XCTest

@testable import OutlineKit
import OutlineTestSupport

/// Random sequences of recorded bodies (every edit kind, several per body,
/// bodies that throw), with expansion, filters and heights changed in
/// between, undo and redo at random and to the ends of both lists, and
/// edits outside the history; after every step the whole tree, the IDs and
/// the change are checked against the reference model, which replays the
/// history as whole documents. Rerun a failing seed alone with
/// `OUTLINE_SEED=<seed>`.
final class HistoryPropertyTests: XCTestCase {
  func testRandomHistoriesMatchTheReference() {
    for seed in testSeeds(count: 8) {
      for shape in TreeShape.allCases {
        var rng = SplitMix64(seed: seed)
        let size = rng.int(in: 0 ... 30)
        let limit = rng.chance(0.25) ? rng.int(in: 0 ... 3) : 100
        var harness = HistoryHarness(pair: OutlinePair(depths: shape.depths(count: size, using: &rng)), limit: limit)
        for step in 0 ..< 120 {
          let context = "seed \(seed), \(shape), limit \(limit), step \(step)"
          switch rng.int(in: 0 ..< 100) {
          case 0 ..< 40:
            harness.recordRandomBody(using: &rng, context: context)
          case 40 ..< 55:
            // Not steps: expansion, a filter, heights, between the steps.
            // (An empty outline only ever gets inserts: expand all there.)
            var op = harness.pair.randomOperation(using: &rng, batches: false)
            for _ in 0 ..< 20 where !op.isViewChange { op = harness.pair.randomOperation(using: &rng, batches: false) }
            if !op.isViewChange { op = .expansion(.expandAll) }
            harness.pair.performInBatch(op, context: "\(context): \(op)")
            harness.checkAll("\(context): \(op)")
          case 55 ..< 72:
            harness.replay(forwards: false, context: context)
          case 72 ..< 87:
            harness.replay(forwards: true, context: context)
          case 87 ..< 95:
            // To the end of one list, then of the other.
            let forwards = rng.chance(0.5)
            for _ in 0 ... harness.undoSteps.count + harness.redoSteps.count {
              harness.replay(forwards: forwards, context: "\(context), to the end")
            }
          default:
            // An edit outside the history clears it.
            var op = harness.pair.randomOperation(using: &rng, batches: false)
            while op.isViewChange { op = harness.pair.randomOperation(using: &rng, batches: false) }
            harness.performOutside(op, context: context)
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

extension OutlineOperation {
  /// Whether the operation changes only the view (expansion, filter,
  /// heights), which an undo history does not record.
  var isViewChange: Bool {
    switch self {
    case .expansion, .filter, .setRowHeight, .setEstimatedRowHeight: true
    case .batch(let operations): operations.allSatisfy(\.isViewChange)
    default: false
    }
  }
}
