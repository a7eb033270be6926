import XCTest

@testable import OutlineKit
import OutlineTestSupport

/// Sticky rows under every operation: random forests, heights (zero
/// included), expansion, filters and edits; after each step, random
/// offsets over the whole content (and the rows' edges), limits and
/// maximum heights are checked against the reference model, and the
/// offset `scrollOffset(toShowRow:...)` gives is checked against the
/// sticky rows there. Rerun a failing seed alone with `OUTLINE_SEED=<seed>`.
final class StickyRowsPropertyTests: XCTestCase {
  func testRandomSequencesMatchTheReference() {
    for seed in testSeeds(count: 8) {
      for shape in TreeShape.allCases {
        var rng = SplitMix64(seed: seed)
        var pair = OutlinePair(depths: shape.depths(count: rng.int(in: 1 ... 40), using: &rng))
        pair.performInBatch(.expansion(.expandAll), context: "expand all")
        let values = pair.reference.nodes.keys.sorted()
        pair.performInBatch(
          .batch(values.filter { _ in rng.chance(0.5) }.map { .setRowHeight($0, Double(rng.int(in: 0 ... 60))) }),
          context: "initial heights")
        for step in 0 ..< 80 {
          let live = pair.reference.nodes.keys.sorted()
          let operation: OutlineOperation =
            !live.isEmpty && rng.chance(0.2)
            ? .setRowHeight(live.randomElement(using: &rng)!, Double(rng.int(in: 0 ... 90)))
            : pair.randomOperation(using: &rng)
          pair.performInBatch(operation, context: "seed \(seed), \(shape), step \(step)")
          check(pair, using: &rng, context: "seed \(seed), \(shape), step \(step): \(operation)")
          if testRun?.failureCount ?? 0 > 0 {
            print("Failing seed: \(seed) (OUTLINE_SEED=\(seed)), shape \(shape), step \(step): \(operation)")
            return
          }
        }
      }
    }
  }

  func check(_ pair: OutlinePair, using rng: inout SplitMix64, context: String) {
    let outline = pair.outline
    let offsets = pair.reference.rowOffsets
    let content = offsets.last!
    var probes: [Double] = [-3, 0, content, content + 5]
    for _ in 0 ..< 12 { probes.append(Double(rng.int(in: 0 ... max(0, Int(content))))) }
    for _ in 0 ..< 4 where offsets.count > 1 {
      let edge = offsets[rng.int(in: 0 ..< offsets.count)]
      probes += [edge, edge - 0.5, edge + 0.5]
    }
    for y in probes {
      let limit = rng.chance(0.2) ? rng.int(in: 0 ... 3) : 7
      let maxHeight = rng.chance(0.3) ? Double(rng.int(in: 0 ... 150)) : .infinity
      let engine = outline.stickyRows(atOffset: y, limit: limit, maxHeight: maxHeight)
      let expected = pair.reference.stickyRows(atOffset: y, limit: limit, maxHeight: maxHeight)
      let got = engine.map { (outline[$0.id], $0.row, $0.top) }
      if got.map(\.0) != expected.map(\.node) || got.map(\.1) != expected.map(\.row) || got.map(\.2) != expected.map(\.top) {
        fail("stickyRows(atOffset: \(y), limit: \(limit), maxHeight: \(maxHeight)) = \(got), expected \(expected) [\(context)]")
        return
      }
    }
    // Scrolling a row into view keeps it below the sticky rows.
    guard outline.rowCount > 0 else { return }
    for _ in 0 ..< 6 {
      let row = rng.int(in: 0 ..< outline.rowCount)
      let viewport = Double(rng.int(in: 40 ... 400))
      let y = Double(rng.int(in: 0 ... max(0, Int(content))))
      let limit = rng.chance(0.3) ? rng.int(in: 0 ... 3) : 7
      let target = outline.scrollOffset(toShowRow: row, from: y, viewportHeight: viewport, stickyLimit: limit)
      let sticky = outline.stickyRows(atOffset: target, limit: limit)
      let covered = sticky.last.map { $0.top + outline.rowHeight(of: $0.id) } ?? 0
      let top = offsets[row]
      let bottom = offsets[row + 1]
      // The ancestors that stick above the row once it is at the top.
      var stack = 0.0
      var chain: [Int] = []
      var parent = pair.reference.nodes[outline[outline.id(atRow: row)]]!.parent
      while let p = parent {
        chain.insert(p, at: 0)
        parent = pair.reference.nodes[p]!.parent
      }
      for ancestor in chain.prefix(limit) { stack += pair.reference.height(of: ancestor) }
      let fits = stack + bottom - top <= viewport
      if target < 0 || (fits && (top < target + covered - 1e-9 || bottom > target + viewport + 1e-9))
        || (!fits && bottom - top <= viewport && bottom > target + viewport + 1e-9)
      {
        fail("scrollOffset(toShowRow: \(row), from: \(y), viewportHeight: \(viewport)) = \(target): row spans \(top) ..< \(bottom) (engine \(outline.offset(ofRow: row)) ..< \(outline.offset(ofRow: row + 1)), content \(outline.contentHeight)), sticky rows cover \(covered) [\(context)]")
        return
      }
      // A row already in view stays where it is.
      let clamped = min(max(y, 0), max(0, content - viewport))
      let stickyThere = outline.stickyRows(atOffset: clamped, limit: limit)
      let coveredThere = stickyThere.last.map { $0.top + outline.rowHeight(of: $0.id) } ?? 0
      if fits && top >= clamped + coveredThere && bottom <= clamped + viewport && target != clamped {
        fail("scrollOffset(toShowRow: \(row), from: \(y), viewportHeight: \(viewport)) moved a row in view to \(target) [\(context)]")
        return
      }
    }
  }
}
