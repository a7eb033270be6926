import XCTest

@testable import OutlineKit
import OutlineTestSupport

/// Random updates from new data derived from the current tree (subtrees
/// dropped, nodes added, values changed, siblings reordered, subtrees moved
/// across parents and under their own former descendants, children kept by
/// a nil, identical data, duplicate identities, a failing `children`), on
/// every tree shape, whole and partial, with and without `Equatable`,
/// inside batches and alone, with and without a filter. Each is checked
/// against the reference model: the final tree, kept NodeIDs and flags,
/// collapsed new nodes, the change (replayed, and equal to the minimal one
/// with moves from the test's own longest-run rule), and the outline left
/// unchanged by every throw. Rerun a failing seed alone with
/// `OUTLINE_SEED=<seed> swift test --filter UpdatingPropertyTests`.
final class UpdatingPropertyTests: XCTestCase {
  func testRandomUpdatesMatchTheReference() {
    for seed in testSeeds(count: 8) {
      for shape in TreeShape.allCases {
        var rng = SplitMix64(seed: seed)
        var pair = OutlinePair(depths: shape.depths(count: rng.int(in: 0 ... 40), using: &rng))
        if rng.chance(0.8) { pair.performInBatch(.expansion(.expandAll), context: "expand all") }
        for step in 0 ..< 40 {
          let operation = randomOperation(&pair, using: &rng)
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

  func testRandomUpdatesUnderAFilter() {
    for seed in testSeeds(count: 6) {
      for shape in TreeShape.allCases {
        var rng = SplitMix64(seed: seed)
        var pair = OutlinePair(depths: shape.depths(count: rng.int(in: 1 ... 40), using: &rng))
        if rng.chance(0.8) { pair.performInBatch(.expansion(.expandAll), context: "expand all") }
        pair.performInBatch(.filter(.set(seed: rng.next() % 1000, revealing: rng.chance(0.5))), context: "set filter")
        for step in 0 ..< 40 {
          let operation = randomOperation(&pair, using: &rng)
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

  /// The same data again: no change, every ID and flag kept; without
  /// `Equatable`, the rows of the matched nodes reloaded.
  func testIdenticalDataChangesNothing() {
    for seed in testSeeds(count: 4) {
      for shape in TreeShape.allCases {
        var rng = SplitMix64(seed: seed)
        var pair = OutlinePair(depths: shape.depths(count: rng.int(in: 1 ... 60), using: &rng))
        for _ in 0 ..< 20 { pair.performInBatch(.expansion(pair.randomExpansionOperation(using: &rng)), context: "setup") }
        let context = "seed \(seed), \(shape)"
        for partial in [false, true] {
          let scope: Int? = partial ? pair.reference.nodes.keys.sorted().randomElement(using: &rng) : nil
          var forest: [(value: Int, depth: Int)] = []
          let base = scope.map { pair.reference.depth(of: $0) + 1 } ?? 0
          for v in pair.reference.updateScope(scope) { forest.append((v, pair.reference.depth(of: v) - base)) }
          let idsBefore = pair.ids
          let rows = pair.reference.visibleRows
          var outline = pair.outline
          let change = try! outline.update(
            childrenOf: scope.map { pair.id($0) }, to: forest.filter { $0.depth == 0 }.map(\.value),
            children: { pair.reference.nodes[$0]!.children }, id: { $0 })
          expectEqual(change, OutlineChange(), "identical data, \(context)")
          let scopeRows = Set(pair.reference.updateScope(scope))
          let reloaded = try! updateWithoutEquatable(
            &outline, childrenOf: scope.map { pair.id($0) }, to: forest.filter { $0.depth == 0 }.map(\.value),
            children: { pair.reference.nodes[$0]!.children }, id: { $0 })
          expectEqual(
            reloaded, OutlineChange(reloadedRows: rows.indices.filter { scopeRows.contains(rows[$0]) }),
            "identical data without Equatable, \(context)")
          pair.outline = outline
          expectEqual(pair.ids, idsBefore)
          pair.check(context)
          pair.performInBatch(.update(UpdateStep(parent: scope, forest: forest)), context: context)
          pair.check(context)
        }
      }
    }
  }

  /// Thousands of nodes: B+-trees of many levels, long sibling lists whose
  /// order changes, deep chains whose nodes change parents.
  func testLargeShapes() {
    for seed in testSeeds(count: 2) {
      for shape in [TreeShape.chain, .wide, .balanced, .random] {
        var rng = SplitMix64(seed: seed)
        var pair = OutlinePair(depths: shape.depths(count: 1500, using: &rng))
        pair.performInBatch(.expansion(.expandAll), context: "expand all")
        for step in 0 ..< 6 {
          let operation = OutlineOperation.update(pair.randomUpdate(using: &rng))
          pair.performInBatch(operation, context: "seed \(seed), \(shape), step \(step)")
          if testRun?.failureCount ?? 0 > 0 {
            print("Failing seed: \(seed) (OUTLINE_SEED=\(seed)), shape \(shape), step \(step): \(operation)")
            return
          }
        }
        pair.check("seed \(seed), \(shape), after the updates")
      }
    }
  }

  /// Mostly updates, alone or in a batch with other operations, and now and
  /// then any other operation.
  func randomOperation(_ pair: inout OutlinePair, using rng: inout SplitMix64) -> OutlineOperation {
    switch rng.int(in: 0 ..< 100) {
    case 0 ..< 50:
      return .update(pair.randomUpdate(using: &rng))
    case 50 ..< 58:
      // New nodes arrive collapsed: open everything now and then, so that
      // moves below them show in the rows.
      return .expansion(.expandAll)
    case 58 ..< 75:
      return pair.planBatch(count: rng.int(in: 2 ... 5)) { scratch in
        rng.chance(0.5) ? .update(scratch.randomUpdate(using: &rng)) : scratch.randomOperation(using: &rng, batches: false)
      }
    default:
      return pair.randomOperation(using: &rng, batches: false)
    }
  }
}
