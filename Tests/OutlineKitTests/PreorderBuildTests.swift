import XCTest

@testable import OutlineKit
import OutlineTestSupport

/// `Outline(preorder:)` loads its leaves a chunk at a time as its input
/// arrives and evens out the last two leaves: these build at the sizes
/// where a chunk or a leaf ends, from input whose length is known up front
/// and from input whose length is not (the arena then grows as it goes),
/// and check the result and a few expansion steps against the reference.
/// `Outline(roots:children:)` is built at the same sizes: it numbers its
/// slots in order and grows its seeds, payloads and node table past the
/// size where they move to huge pages.
/// Rerun a failing seed alone with
/// `OUTLINE_SEED=<seed> swift test --filter PreorderBuildTests`.
final class PreorderBuildTests: XCTestCase {
  /// Sizes around the ends of a leaf and of a chunk, including last leaves
  /// under half full (which the loader evens out) and exactly full.
  var boundarySizes: [Int] {
    let leaf = _PreorderIndex.leafCapacity
    let chunk = _PreorderIndex.LeafLoader.chunkSize
    return [0, 1, leaf - 1, leaf, leaf + 1, 2 * leaf + leaf / 2 - 1, chunk - 1, chunk, chunk + 1, chunk + leaf / 2, 2 * chunk + 3]
  }

  /// Checks a freshly built pair, then three random expansion steps: every
  /// answer at leaf sizes; at chunk sizes (thousands of nodes) the rows,
  /// the index's invariants and each step's change.
  func checkBuilt(_ pair: inout OutlinePair, context: String, using rng: inout SplitMix64) {
    let isSmall = pair.reference.nodes.count <= 3 * _PreorderIndex.leafCapacity
    isSmall ? pair.check("\(context), built") : pair.checkRows("\(context), built")
    for step in 0 ..< 3 {
      let operation = pair.randomExpansionOperation(using: &rng)
      pair.perform(operation, context: "\(context), step \(step)")
      isSmall ? pair.check("\(context), step \(step): \(operation)") : pair.checkRows("\(context), step \(step)")
    }
  }

  func testBuildsAtChunkAndLeafBoundariesMatchTheReference() {
    for seed in testSeeds(count: 1) {
      for shape in [TreeShape.random, .chain, .wide] {
        for size in boundarySizes {
          for lengthKnown in [true, false] {
            var rng = SplitMix64(seed: seed)
            let depths = shape.depths(count: size, using: &rng)
            let context = "seed \(seed), \(shape), \(size) nodes, length \(lengthKnown ? "known" : "unknown")"
            let outline: Outline<Int>
            if lengthKnown {
              outline = Outline(preorder: depths.enumerated().map { (node: $0.offset, depth: $0.element) })
            } else {
              // An unfolding sequence reports no length up front.
              let input = sequence(state: 0) { (k: inout Int) -> (node: Int, depth: Int)? in
                guard k < depths.count else { return nil }
                defer { k += 1 }
                return (node: k, depth: depths[k])
              }
              XCTAssertEqual(input.underestimatedCount, 0)
              outline = Outline(preorder: input)
            }
            var pair = OutlinePair(depths: depths, outline: outline)
            checkBuilt(&pair, context: context, using: &rng)
            if testRun?.failureCount ?? 0 > 0 {
              print("Failing seed: \(seed) (OUTLINE_SEED=\(seed)), \(context)")
              return
            }
          }
        }
      }
    }
  }

  func testNestedBuildsAtChunkAndLeafBoundariesMatchTheReference() {
    for seed in testSeeds(count: 1) {
      for shape in [TreeShape.random, .chain, .wide, .balanced] {
        for size in boundarySizes {
          var rng = SplitMix64(seed: seed)
          let depths = shape.depths(count: size, using: &rng)
          let context = "seed \(seed), \(shape), \(size) nodes, nested"
          var pair = OutlinePair(depths: depths)
          // Slots in order from 0, first generation, as the preorder build.
          for offset in [0, size / 2, size - 1] where size > 0 {
            let index = pair.outline._core.index
            let id = Outline<Int>.NodeID(key: index.key(at: index.position(atOffset: offset)))
            XCTAssertEqual(pair.outline[id], offset, context)
            XCTAssertEqual(id.key, 1 << 32 | UInt64(offset), context)
          }
          checkBuilt(&pair, context: context, using: &rng)
          if testRun?.failureCount ?? 0 > 0 {
            print("Failing seed: \(seed) (OUTLINE_SEED=\(seed)), \(context)")
            return
          }
        }
      }
    }
  }

  struct Unreadable: Error {}

  /// A `children` that throws part way leaves the outline as it was,
  /// whether the new nodes were taking fresh slots or reusing freed ones,
  /// and the next insert takes the same slots it would have.
  func testAnInsertWhoseChildrenThrowChangesNothing() throws {
    for reusesSlots in [false, true] {
      var outline = Outline(roots: [0], children: { $0 < 40 ? [$0 * 3 + 1, $0 * 3 + 2, $0 * 3 + 3] : [] })
      outline.expandAll()
      if reusesSlots {
        outline.remove(outline.id(atRow: 2))
        XCTAssertFalse(outline._core.index.freeSlots.isEmpty)
      } else {
        XCTAssertTrue(outline._core.index.freeSlots.isEmpty)
      }
      let before = outline
      let slots = outline._core.index.slotCount
      let freeSlots = outline._core.index.freeSlots
      // 600 nodes arrive before the throw: more than the free slots hold.
      var calls = 0
      XCTAssertThrowsError(
        try outline.insert(1_000, under: outline.roots[0], at: 1) { value in
          calls += 1
          if calls == 600 { throw Unreadable() }
          return value < 3_000 ? [value + 1] : []
        }
      ) { XCTAssertTrue($0 is Unreadable) }
      outline._checkInvariants()
      XCTAssertEqual(outline.rows.map { outline[$0] }, before.rows.map { before[$0] }, "reuses slots: \(reusesSlots)")
      XCTAssertEqual(outline.nodeCount, before.nodeCount)
      XCTAssertEqual(outline._core.index.slotCount, reusesSlots ? slots + 600 - freeSlots.count : slots)
      XCTAssertEqual(outline._payloads.count, outline._core.index.slotCount)
      XCTAssertEqual(Set(outline._core.index.freeSlots.map { $0 & 0xFFFF_FFFF }).isSuperset(of: freeSlots.map { $0 & 0xFFFF_FFFF }), true)
      for id in before.rows { XCTAssertTrue(outline.contains(id)) }
      // The outline goes on working: a subtree inserted now is all there.
      let id = outline.insert(2_000, under: outline.roots[0], at: 0) { $0 < 2_010 ? [$0 + 1] : [] }
      outline._checkInvariants()
      XCTAssertEqual(outline.nodeCount, before.nodeCount + 11)
      XCTAssertEqual(outline[id], 2_000)
      outline.expandAll()
      XCTAssertEqual(outline.rows.prefix(12).map { outline[$0] }, [0] + Array(2_000 ... 2_010))
    }
  }

  /// Growing past 2 MiB moves plain values into a buffer asked for on
  /// huge pages as a whole; other values grow as `reserveCapacity` does.
  /// Both keep every element.
  func testGrowingOnHugePagesKeepsTheElements() {
    var values: [UInt64] = []
    var names: ContiguousArray<String?> = []
    for k in 0 ..< 400_000 {
      values._growOnHugePages(toHold: 1)
      values.append(UInt64(k) &* 0x9E37_79B9)
      if k % 4 == 0 {
        names._growOnHugePages(toHold: 1)
        names.append(k % 8 == 0 ? "node \(k)" : nil)
      }
    }
    XCTAssertEqual(values.count, 400_000)
    XCTAssertTrue(values.enumerated().allSatisfy { $0.element == UInt64($0.offset) &* 0x9E37_79B9 })
    XCTAssertGreaterThanOrEqual(values.capacity * 8, 2 << 20)
    XCTAssertEqual(names.count, 100_000)
    XCTAssertTrue(names.enumerated().allSatisfy { $0.element == ($0.offset % 2 == 0 ? "node \($0.offset * 4)" : nil) })
    // A shared array is copied, not moved: the other owner keeps its own.
    let shared = values
    values._reserveCapacityOnHugePages(values.capacity * 2)
    values[0] = 7
    XCTAssertEqual(shared[0], 0)
    XCTAssertEqual(Array(values.dropFirst()), Array(shared.dropFirst()))
  }

  /// The decoder builds through the same loader, with expanded flags.
  func testADecodedOutlineAtAChunkBoundaryKeepsItsRowsAndFlags() throws {
    let size = _PreorderIndex.LeafLoader.chunkSize + 1
    var rng = SplitMix64(seed: 31)
    var outline = Outline(preorder: TreeShape.random.depths(count: size, using: &rng).enumerated().map { (node: $0.offset, depth: $0.element) })
    for _ in 0 ..< 200 { outline.toggle(outline.id(atRow: rng.int(in: 0 ..< outline.rowCount))) }
    let decoded = try JSONDecoder().decode(Outline<Int>.self, from: JSONEncoder().encode(outline))
    decoded._checkInvariants()
    XCTAssertEqual(decoded.rows.map { decoded[$0] }, outline.rows.map { outline[$0] })
  }
}

/// The index's 32-bit limits: what `Outline.maximumNodeCount` says, and
/// that the largest position and slot the limits allow still fit their
/// words, so growing past them traps (with the limit in the message)
/// before any number wraps.
final class IndexLimitTests: XCTestCase {
  func testTheLimitsFitTheirWords() {
    XCTAssertEqual(Outline<Int>.maximumNodeCount, 2_147_483_646)
    XCTAssertEqual(Outline<Int>.maximumDepth, 33_554_431)
    // The last addressable position: the last entry of the last tree node.
    let lastPosition = (_PreorderIndex.maximumTreeNodes - 1) << _PreorderIndex.leafShift + _PreorderIndex.leafCapacity - 1
    XCTAssertLessThan(lastPosition, Int(_PreorderIndex.freePosition), "no entry's position is the free slot's mark")
    XCTAssertEqual(Int(_PreorderIndex.freePosition), Int(UInt32.max))
    XCTAssertLessThan(_PreorderIndex.maximumTreeNodes, Int(Int32.max), "tree node numbers are Int32")
    XCTAssertLessThan(Outline<Int>.maximumNodeCount, Int(Int32.max), "slots and offsets stay below 2^31")
    XCTAssertEqual(
      PreorderError(offset: Outline<Int>.maximumNodeCount, depth: 0, previousDepth: -2).description,
      "node 2147483646: too many nodes (at most 2147483646)")
  }
}
