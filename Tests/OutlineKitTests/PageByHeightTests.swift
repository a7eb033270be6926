import XCTest

@testable import OutlineKit
import OutlineTestSupport

/// Pages by height (`.pageDown(.height(h))`, `.pageUp(.height(h))`): the
/// row that holds the offset a page from the top of the focused row, at
/// least one row, stopping at the ends; checked by hand on rows of
/// different heights, against `.rows(k)` on rows of one height, and against
/// the reference model with heights set at random on every small forest.
final class PageByHeightTests: XCTestCase {
  /// Six roots with these heights: offsets 0, 10, 60, 70, 80, 280, 290.
  func makeOutline() -> Outline<String> {
    var outline = Outline(roots: ["A", "B", "C", "D", "E", "F"], children: { _ in [] })
    for (id, height) in zip(Array(outline.roots), [10.0, 50, 10, 10, 200, 10]) { outline.setRowHeight(height, of: id) }
    return outline
  }

  func focusedName(_ selection: Outline<String>.Selection, _ outline: Outline<String>) -> String? {
    selection.focus.map { outline[$0] }
  }

  func testPageDownGoesToTheRowThatHoldsTheOffsetAPageBelow() {
    var outline = makeOutline()
    var selection = Outline<String>.Selection(mode: .single)
    selection.select(outline.roots[0], in: outline)
    // 0 + 60 is the top of C.
    XCTAssertEqual(selection.navigate(.pageDown(.height(60)), in: &outline).focusedRow, 2)
    // 60 + 15 lies in D (70 ..< 80).
    XCTAssertEqual(selection.navigate(.pageDown(.height(15)), in: &outline).focusedRow, 3)
    // 70 + 100 lies in E, the tall row.
    selection.navigate(.pageDown(.height(100)), in: &outline)
    XCTAssertEqual(focusedName(selection, outline), "E")
    // 80 + 60 is still inside E: a page moves one row at least.
    selection.navigate(.pageDown(.height(60)), in: &outline)
    XCTAssertEqual(focusedName(selection, outline), "F")
    // Past the end: the last row stays.
    XCTAssertEqual(selection.navigate(.pageDown(.height(1_000)), in: &outline).focusedRow, 5)
    // The selection follows as for any move (`.replace`).
    XCTAssertEqual(selection.selectedNodes.map { outline[$0] }, ["F"])
  }

  func testPageUpGoesToTheRowThatHoldsTheOffsetAPageAbove() {
    var outline = makeOutline()
    var selection = Outline<String>.Selection(mode: .single)
    selection.select(outline.roots[5], in: outline)
    // 280 - 60 lies in E.
    selection.navigate(.pageUp(.height(60)), in: &outline)
    XCTAssertEqual(focusedName(selection, outline), "E")
    // 80 - 5 lies in D.
    selection.navigate(.pageUp(.height(5)), in: &outline)
    XCTAssertEqual(focusedName(selection, outline), "D")
    // 70 - 1 lies in C (60 ..< 70); then 60 - 1 in B.
    selection.navigate(.pageUp(.height(1)), in: &outline)
    XCTAssertEqual(focusedName(selection, outline), "C")
    selection.navigate(.pageUp(.height(1)), in: &outline)
    XCTAssertEqual(focusedName(selection, outline), "B")
    // 10 - 0.5 lies in A; before the content, the first row.
    selection.navigate(.pageUp(.height(0.5)), in: &outline)
    XCTAssertEqual(focusedName(selection, outline), "A")
    XCTAssertEqual(selection.navigate(.pageUp(.height(1_000)), in: &outline).focusedRow, 0)
    XCTAssertEqual(selection.navigate(.pageUp(.height(10)), in: &outline).focusedRow, 0)
  }

  func testAPageInsideATallRowStillMovesOneRow() {
    var outline = makeOutline()
    var selection = Outline<String>.Selection(mode: .single)
    selection.select(outline.roots[4], in: outline)
    selection.navigate(.pageUp(.height(1)), in: &outline)
    XCTAssertEqual(focusedName(selection, outline), "D")
    selection.select(outline.roots[4], in: outline)
    selection.navigate(.pageDown(.height(199)), in: &outline)
    XCTAssertEqual(focusedName(selection, outline), "F")
  }

  func testRowsOfHeightZeroHoldNoOffsetAndArePassedOver() {
    var outline = Outline(roots: ["A", "B", "C", "D"], children: { _ in [] })
    outline.estimatedRowHeight = 10
    outline.setRowHeight(0, of: outline.roots[1])
    outline.setRowHeight(0, of: outline.roots[2])
    var selection = Outline<String>.Selection(mode: .single)
    selection.select(outline.roots[0], in: outline)
    // 0 + 10 is where B, C (empty) and D start: D holds it.
    selection.navigate(.pageDown(.height(10)), in: &outline)
    XCTAssertEqual(selection.focus.map { outline[$0] }, "D")
    selection.navigate(.pageUp(.height(5)), in: &outline)
    XCTAssertEqual(selection.focus.map { outline[$0] }, "A")
  }

  /// With every row h high, a page of k·h is a page of k rows, from every
  /// row, in both directions, hidden rows and collapsed subtrees included.
  func testAPageOfKRowHeightsIsAPageOfKRows() {
    var rng = SplitMix64(seed: 5)
    let depths = TreeShape.random.depths(count: 60, using: &rng)
    var outline = Outline(preorder: depths.enumerated().map { (node: $0.offset, depth: $0.element) })
    outline.expandAll()
    for id in Array(outline.rows) where rng.chance(0.2) { outline.collapse(id) }
    outline.estimatedRowHeight = 7
    for k in [1, 2, 5, 13] {
      for row in 0 ..< outline.rowCount {
        for direction in [true, false] {
          var byRows = Outline<Int>.Selection(mode: .multiple)
          byRows.select(outline.id(atRow: row), in: outline)
          var byHeight = byRows
          var a = outline
          var b = outline
          byRows.navigate(direction ? .pageDown(.rows(k)) : .pageUp(.rows(k)), in: &a, selecting: .extend)
          byHeight.navigate(direction ? .pageDown(.height(Double(7 * k))) : .pageUp(.height(Double(7 * k))), in: &b, selecting: .extend)
          XCTAssertEqual(byRows, byHeight, "k \(k), row \(row), down \(direction)")
        }
      }
    }
  }

  /// Every forest of up to 3 nodes, every expansion, rows of heights 0, 1,
  /// 3 and the estimate 2 in every combination, every focused row, pages of
  /// several heights, against the reference model. (The property tests
  /// take pages by height on bigger trees, with heights set at random.)
  func testEverySmallForestAgreesWithTheReference() {
    var checked = 0
    let heights: [Double?] = [nil, 0, 1, 3]
    for n in 1 ... 3 {
      for depths in allForests(count: n) {
        for expandedMask in 0 ..< (1 << n) {
          for heightCode in 0 ..< Int(pow(4, Double(n))) {
            var base = OutlinePair(depths: depths)
            base.outline.estimatedRowHeight = 2
            base.reference.estimate = 2
            var code = heightCode
            for v in 0 ..< n {
              if let height = heights[code % 4] {
                base.outline.setRowHeight(height, of: base.id(v))
                base.reference.heights[v] = height
              }
              code /= 4
              if expandedMask & (1 << v) != 0 {
                base.outline.expand(base.id(v))
                base.reference.expand(v)
              }
            }
            for focusRow in base.reference.visibleRows.indices {
              let context = "forest \(depths), expanded \(expandedMask), heights \(heightCode), focus row \(focusRow)"
              let start = SelectionPair.starting(base, mode: .multiple, policy: .keepHidden, focusRow: focusRow, context: context)
              for page in [0.5, 1, 3, 4.5] {
                for key in [OutlineNavigation.pageDown(.height(page)), .pageUp(.height(page))] {
                  var pair = start
                  pair.navigate(key, effect: .extend, context: context + ", \(key)")
                  checked += 1
                }
              }
            }
            if testRun?.failureCount ?? 0 > 0 { return }
          }
        }
      }
    }
    print("PageByHeightTests: \(checked) cases checked")
  }
}
