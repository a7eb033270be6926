import XCTest

@testable import OutlineKit
import OutlineTestSupport

/// `nearestVisibleAncestor(of:)` against a walk up the parents, and its two
/// paths (the last row before the node, the search over ancestor depths)
/// against each other, on random trees and on a chain far too deep to walk.
final class VisibleAncestorTests: XCTestCase {
  func testBothPathsMatchAWalkUpTheParents() {
    var checked = 0
    for seed in testSeeds(count: 6) {
      for shape in TreeShape.allCases {
        var rng = SplitMix64(seed: seed)
        var pair = OutlinePair(depths: shape.depths(count: rng.int(in: 1 ... 80), using: &rng))
        for _ in 0 ..< 40 {
          pair.perform(pair.randomExpansionOperation(using: &rng), context: "seed \(seed)")
          let outline = pair.outline
          for value in pair.reference.nodes.keys {
            let id = pair.id(value)
            var expected = outline.parent(of: id)
            while let p = expected, outline.row(of: p) == nil { expected = outline.parent(of: p) }
            let position = outline._position(of: id)
            let bySearch = outline._core.nearestVisibleAncestorByDepthSearch(of: position).map(outline._id(at:))
            expectEqual(outline.nearestVisibleAncestor(of: id), expected, "seed \(seed), \(shape), node \(value)")
            expectEqual(bySearch, expected, "depth search, seed \(seed), \(shape), node \(value)")
            checked += 1
          }
          if testRun?.failureCount ?? 0 > 0 { return }
        }
      }
    }
    XCTAssertGreaterThan(checked, 1000)
  }

  func testADeepChain() {
    let depth = 200_000
    var outline = Outline(preorder: (0 ..< depth).map { (node: $0, depth: $0) })
    outline.expandAll()
    var ids = Array(repeating: outline.roots[0], count: depth)
    for row in 0 ..< depth { ids[row] = outline.id(atRow: row) }
    outline.collapse(ids[150_000])
    outline.collapse(ids[80_000])
    XCTAssertEqual(outline.nearestVisibleAncestor(of: ids[depth - 1]), ids[80_000])
    XCTAssertEqual(outline.nearestVisibleAncestor(of: ids[100_000]), ids[80_000])
    XCTAssertEqual(outline.nearestVisibleAncestor(of: ids[80_000]), ids[79_999])
    XCTAssertNil(outline.nearestVisibleAncestor(of: ids[0]))
    let position = outline._position(of: ids[depth - 1])
    XCTAssertEqual(outline._core.nearestVisibleAncestorByDepthSearch(of: position).map(outline._id(at:)), ids[80_000])

    // The focus on the deepest row follows the collapses.
    outline.expand(ids[80_000])
    outline.expand(ids[150_000])
    var selection = Outline<Int>.Selection(mode: .multiple, collapsePolicy: .selectCollapsedAncestor)
    selection.select(ids[depth - 1], in: outline)
    outline.collapse(ids[120_000])
    let change = selection.reconcile(with: outline)
    XCTAssertEqual(selection.focus, ids[120_000])
    XCTAssertEqual(selection.selectedNodes, [ids[120_000]])
    XCTAssertEqual(change, SelectionChange(rowsToRedraw: [120_000 ..< 120_001], focusedRow: 120_000))
    selection.navigate(.left, in: &outline)
    XCTAssertEqual(selection.focus, ids[119_999])
  }
}
