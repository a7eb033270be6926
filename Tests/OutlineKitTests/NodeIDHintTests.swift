import XCTest

@testable import OutlineKit
import OutlineTestSupport

/// A `NodeID` remembers where its node's entry was when the ID was made and
/// looks there first. These tests check that the hint only ever saves a
/// read: whatever it says (fresh, stale, pointing into an inner node's
/// copies, a freed leaf or past the arena), a lookup finds what the node
/// table finds, and equality, hashing and order ignore it.
/// Rerun a failing seed alone with `OUTLINE_SEED=<seed>`.
final class NodeIDHintTests: XCTestCase {
  typealias ID = Outline<Int>.NodeID

  /// After every step of random edits, every key (live or removed) asked
  /// with every hint the arena can hold finds the node table's answer.
  func testEveryHintFindsWhatTheNodeTableFinds() {
    for seed in testSeeds(count: 4) {
      for shape in TreeShape.allCases {
        var rng = SplitMix64(seed: seed)
        var pair = OutlinePair(depths: shape.depths(count: rng.int(in: 0 ... 40), using: &rng))
        for step in 0 ..< 60 {
          let operation = pair.randomOperation(using: &rng)
          pair.performInBatch(operation, context: "seed \(seed), \(shape), step \(step)")
          checkEveryHint(pair, "seed \(seed), \(shape), step \(step): \(operation)")
          if testRun?.failureCount ?? 0 > 0 {
            print("Failing seed: \(seed) (OUTLINE_SEED=\(seed)), shape \(shape), step \(step): \(operation)")
            return
          }
        }
      }
    }
  }

  /// IDs taken from the rows before a run of edits still name their nodes
  /// after it, some through a stale hint and some through a fresh one.
  /// (The tree has 40 leaves' worth of nodes whatever the build's leaf
  /// size, so that a dozen edits leave some leaves untouched.)
  func testIDsMadeBeforeEditsStillNameTheirNodes() {
    for seed in testSeeds(count: 6) {
      var rng = SplitMix64(seed: seed)
      var pair = OutlinePair(depths: TreeShape.balanced.depths(count: 40 * _PreorderIndex.leafCapacity, using: &rng))
      pair.performInBatch(.expansion(.expandAll), context: "expand all")
      let taken = Array(pair.outline.rows)
      XCTAssertTrue(taken.allSatisfy { $0.hint != ID.noHint }, "rows make IDs with hints")
      for step in 0 ..< 12 {
        let operation = pair.randomOperation(using: &rng)
        pair.performInBatch(operation, context: "seed \(seed), step \(step)")
      }
      var stale = 0
      var fresh = 0
      for id in taken {
        guard pair.outline.contains(id) else {
          XCTAssertTrue(pair.removedIDs.contains(id), "seed \(seed): \(id) is gone but was not removed")
          continue
        }
        let value = pair.outline[id]
        XCTAssertNotNil(pair.reference.nodes[value], "seed \(seed): \(id) names a node the reference does not have")
        let now = pair.id(value)
        XCTAssertEqual(id, now, "seed \(seed): node \(value)")
        XCTAssertEqual(pair.outline.row(of: id), pair.outline.row(of: now), "seed \(seed): row of node \(value)")
        XCTAssertEqual(pair.outline.depth(of: id), pair.outline.depth(of: now), "seed \(seed): depth of node \(value)")
        if id.hint == pair.outline._core.index.position(ofSlot: id.slot) { fresh += 1 } else { stale += 1 }
      }
      XCTAssertGreaterThan(stale, 0, "seed \(seed): no hint went stale, so the fallback was not tested")
      XCTAssertGreaterThan(fresh, 0, "seed \(seed): every hint went stale, so the fast path was not tested")
      pair.check("seed \(seed), after the edits")
      if testRun?.failureCount ?? 0 > 0 {
        print("Failing seed: \(seed) (OUTLINE_SEED=\(seed))")
        return
      }
    }
  }

  /// Two IDs of one node are equal, hash alike and are not ordered,
  /// wherever each says the node was.
  func testEqualityHashingAndOrderIgnoreTheHint() {
    var outline = Outline<Int>(roots: [0, 1], children: { $0 == 0 ? [10, 11] : [] })
    let first = outline.roots[0]
    outline.insert(2, under: nil, at: 0)
    let moved = outline.roots[1]
    XCTAssertEqual(outline[moved], 0)
    XCTAssertNotEqual(first.hint, moved.hint, "the insert before it moved the entry")
    let hintless = ID(key: first.key)
    for other in [moved, hintless] {
      XCTAssertEqual(first, other)
      XCTAssertEqual(first.hashValue, other.hashValue)
      XCTAssertFalse(first < other || other < first)
      XCTAssertEqual(first.description, other.description)
    }
    XCTAssertEqual(Set([first, moved, hintless]).count, 1)
    XCTAssertEqual(outline.row(of: first), 1)
    XCTAssertEqual(outline.row(of: hintless), 1)
  }

  /// A removed node's ID whose hint now points at the slot's next occupant
  /// (same slot, same place) is not taken for it.
  func testARemovedNodesHintDoesNotNameTheNextOccupant() {
    var outline = Outline<Int>(roots: [0, 1, 2], children: { _ in [] })
    let removed = outline.roots[1]
    outline.remove(removed)
    let next = outline.insert(9, under: nil, at: 1)
    XCTAssertEqual(next.slot, removed.slot, "the slot is reused")
    XCTAssertEqual(next.hint, removed.hint, "at the same place")
    XCTAssertNotEqual(next, removed)
    XCTAssertFalse(outline.contains(removed))
    XCTAssertTrue(outline.contains(next))
    XCTAssertEqual(outline[next], 9)
  }

  /// Asks the index for every key the pair has known, live or removed, with
  /// every hint from 0 to past the arena's end.
  private func checkEveryHint(_ pair: OutlinePair, _ context: @autoclosure () -> String) {
    let index = pair.outline._core.index
    let keys = pair.ids.values.map(\.key) + pair.removedIDs.map(\.key)
    let hints = Array(0 ... UInt32(index.entryKeys.count)) + [ID.noHint]
    for key in keys {
      let expected = index.livePosition(ofKey: key)
      for hint in hints where index.livePosition(ofKey: key, hint: hint) != expected {
        XCTFail("key \(String(key, radix: 16)) with hint \(hint): \(String(describing: index.livePosition(ofKey: key, hint: hint))), the node table says \(String(describing: expected)) [\(context())]")
        return
      }
    }
  }
}
