import XCTest

@testable import OutlineKit

/// Random sequences mixing navigation, clicks, type-ahead, mode and policy
/// changes and every outline mutation (expansion, insert, remove, move, set
/// value, batches), each followed by a reconcile, on every tree shape,
/// checked against the reference model after every step. Rerun a failing
/// seed alone with `OUTLINE_SEED=<seed> swift test --filter SelectionPropertyTests`.
final class SelectionPropertyTests: XCTestCase {
  func testRandomSequencesMatchTheReference() {
    for seed in testSeeds(count: 8) {
      for shape in TreeShape.allCases {
        var rng = SplitMix64(seed: seed)
        let size = rng.int(in: 1 ... 40)
        let mode = SelectionMode.allCases.randomElement(using: &rng)!
        let policy = SelectionCollapsePolicy.allCases.randomElement(using: &rng)!
        var state = SelectionPair(OutlinePair(depths: shape.depths(count: size, using: &rng)), mode: mode, policy: policy)
        for step in 0 ..< 150 {
          let context = "seed \(seed), \(shape), step \(step)"
          randomStep(&state, using: &rng, context: context)
          if testRun?.failureCount ?? 0 > 0 {
            print("Failing seed: \(seed) (OUTLINE_SEED=\(seed)), shape \(shape), step \(step)")
            return
          }
        }
      }
    }
  }

  /// Big shapes, where a walk up the ancestors or across the rows would
  /// show: a chain thousands deep, a root with thousands of children.
  func testLargeShapesMatchTheReference() {
    for seed in testSeeds(count: 2) {
      for shape in [TreeShape.chain, .wide, .balanced, .random] {
        var rng = SplitMix64(seed: seed)
        var state = SelectionPair(
          OutlinePair(depths: shape.depths(count: 2000, using: &rng)), mode: .multiple, policy: .selectCollapsedAncestor)
        state.mutate(.expansion(.expandAll), batch: true, context: "expand all")
        for step in 0 ..< 30 {
          randomStep(&state, using: &rng, context: "seed \(seed), \(shape), step \(step)")
          if testRun?.failureCount ?? 0 > 0 {
            print("Failing seed: \(seed) (OUTLINE_SEED=\(seed)), shape \(shape), step \(step)")
            return
          }
        }
      }
    }
  }

  func randomStep(_ state: inout SelectionPair, using rng: inout SplitMix64, context: String) {
    let rows = state.pair.reference.visibleRows
    let effects: [OutlineNavigation.SelectionEffect] = [.replace, .extend, .keep]
    let roll = rng.int(in: 0 ..< 100)
    switch roll {
    case 0 ..< 35:
      let keys: [OutlineNavigation] = [
        .down, .up, .right, .left, .home, .end, .pageDown(.rows(rng.int(in: 1 ... 7))),
        .pageUp(.rows(rng.int(in: 1 ... 7))), .expandSiblings,
      ]
      state.navigate(keys.randomElement(using: &rng)!, effect: effects.randomElement(using: &rng)!, context: context)
    case 35 ..< 55 where !rows.isEmpty:
      let click = SelectionPair.Click.allCases.randomElement(using: &rng)!
      state.click(click, value: rows.randomElement(using: &rng)!, context: context)
    case 55 ..< 60:
      let prefix = ["a", "al", "b", "be", "BEA", "c", "q"].randomElement(using: &rng)!
      state.typeAhead(prefix, includingFocus: rng.chance(0.5), effect: effects.randomElement(using: &rng)!, context: context)
    case 60 ..< 63:
      state.selectAll(context: context)
    case 63 ..< 65:
      state.deselectAll(context: context)
    case 65 ..< 67:
      state.setMode(SelectionMode.allCases.randomElement(using: &rng)!, context: context)
    case 67 ..< 69:
      state.setPolicy(SelectionCollapsePolicy.allCases.randomElement(using: &rng)!)
      state.mutate(.batch([]), batch: false, context: context)
    case 69 ..< 71:
      state.checkSaveAndRestore(context)
    default:
      let operation = state.pair.randomOperation(using: &rng)
      state.mutate(operation, batch: rng.chance(0.6), context: context)
      state.pair.quickCheck(context)
    }
  }
}
