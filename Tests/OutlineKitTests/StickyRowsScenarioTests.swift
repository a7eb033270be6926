import XCTest

@testable import OutlineKit

/// Sticky rows by hand: a partly scrolled top row, the push-up, limits,
/// the maximum height, and a chain a hundred thousand deep.
final class StickyRowsScenarioTests: XCTestCase {
  /// A (a1 (p, q), a2), B; everything expanded, every row 10 high:
  /// rows A 0, a1 10, p 20, q 30, a2 40, B 50.
  func makeOutline() -> Outline<String> {
    var outline = Outline(preorder: [
      (node: "A", depth: 0), (node: "a1", depth: 1), (node: "p", depth: 2), (node: "q", depth: 2),
      (node: "a2", depth: 1), (node: "B", depth: 0),
    ])
    outline.expandAll()
    outline.estimatedRowHeight = 10
    return outline
  }

  func sticky(_ outline: Outline<String>, _ y: Double, limit: Int = 7, maxHeight: Double = .infinity) -> [String] {
    outline.stickyRows(atOffset: y, limit: limit, maxHeight: maxHeight).map { "\(outline[$0.id])@\($0.top)" }
  }

  func testAncestorsStickAndThePushUp() {
    let outline = makeOutline()
    XCTAssertEqual(sticky(outline, 0), [])  // A is in view at its slot
    // A partly scrolled sticks; a1 (10 ..< 20) under it at 14 sticks too.
    XCTAssertEqual(sticky(outline, 4), ["A@0.0", "a1@10.0"])
    // At 15, under A (0..<10) the row at 25 is p: a1 sticks below A.
    XCTAssertEqual(sticky(outline, 15), ["A@0.0", "a1@10.0"])
    // a1's subtree ends at 40: at 25 the row under A is q, and a1 sits
    // at min(10, 40 - 25 - 10) = 5: pushed up by 5, the stack ends there.
    XCTAssertEqual(sticky(outline, 25), ["A@0.0", "a1@5.0"])
    // At 35 the row under A is a2 (40 ..< 50), a leaf: A alone.
    XCTAssertEqual(sticky(outline, 35), ["A@0.0"])
    // At 42 the row under A is B's... a2 (40 ..< 50), a leaf: only A,
    // pushed up as its subtree ends at 50: 50 - 42 - 10 = -2.
    XCTAssertEqual(sticky(outline, 42), ["A@-2.0"])
    XCTAssertEqual(sticky(outline, 55), [])  // B is a leaf
  }

  func testLimitsAndTheMaximumHeight() {
    let outline = makeOutline()
    XCTAssertEqual(sticky(outline, 15, limit: 1), ["A@0.0"])
    XCTAssertEqual(sticky(outline, 15, limit: 0), [])
    XCTAssertEqual(sticky(outline, 15, maxHeight: 19), ["A@0.0"])
    XCTAssertEqual(sticky(outline, 15, maxHeight: 20), ["A@0.0", "a1@10.0"])
    XCTAssertEqual(Outline<String>().stickyRows(atOffset: 0), [])
  }

  func testScrollingToARowKeepsItBelowTheStickyRows() {
    let outline = makeOutline()
    // q (30 ..< 40) from far below: right under A and a1.
    XCTAssertEqual(outline.scrollOffset(toShowRow: 3, from: 50, viewportHeight: 30), 10)
    XCTAssertEqual(sticky(outline, 10), ["A@0.0", "a1@10.0"])
    // In view already: stays.
    XCTAssertEqual(outline.scrollOffset(toShowRow: 3, from: 10, viewportHeight: 30), 10)
    // From above: its bottom at the viewport's bottom.
    XCTAssertEqual(outline.scrollOffset(toShowRow: 5, from: 0, viewportHeight: 30), 30)
    // Without sticky rows: its top at the viewport's top.
    XCTAssertEqual(outline.scrollOffset(toShowRow: 3, from: 50, viewportHeight: 30, stickyLimit: 0), 30)
  }

  func testAChainAHundredThousandDeep() {
    let n = 100_000
    var outline = Outline(preorder: (0 ..< n).lazy.map { (node: $0, depth: $0) })
    outline.expandAll()
    outline.estimatedRowHeight = 1
    let rows = outline.stickyRows(atOffset: 50_000.5, limit: 7)
    XCTAssertEqual(rows.map { outline[$0.id] }, [0, 1, 2, 3, 4, 5, 6])
    XCTAssertEqual(rows.map(\.top), [0, 1, 2, 3, 4, 5, 6])
    // Near the end the deepest ones are pushed up as the chain runs out.
    let end = outline.stickyRows(atOffset: Double(n) - 3.5, limit: 7)
    XCTAssertEqual(end.map { outline[$0.id] }, [0, 1, 2, 3])
    XCTAssertEqual(end.last!.top, 2.5)
  }
}
