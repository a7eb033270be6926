import XCTest

@testable import OutlineKit

/// `Outline(preorder:)` loads its leaves a chunk at a time as its input
/// arrives and evens out the last two leaves: these build at the sizes
/// where a chunk or a leaf ends, from input whose length is known up front
/// and from input whose length is not (the arena then grows as it goes),
/// and check the result and a few expansion steps against the reference.
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
            // Every answer at leaf sizes; at chunk sizes (thousands of
            // nodes) the rows, the index's invariants and each step's change.
            let isSmall = size <= 3 * _PreorderIndex.leafCapacity
            isSmall ? pair.check("\(context), built") : pair.checkRows("\(context), built")
            for step in 0 ..< 3 {
              let operation = pair.randomExpansionOperation(using: &rng)
              pair.perform(operation, context: "\(context), step \(step)")
              isSmall ? pair.check("\(context), step \(step): \(operation)") : pair.checkRows("\(context), step \(step)")
            }
            if testRun?.failureCount ?? 0 > 0 {
              print("Failing seed: \(seed) (OUTLINE_SEED=\(seed)), \(context)")
              return
            }
          }
        }
      }
    }
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
