import XCTest

@testable import OutlineKit
import OutlineTestSupport

final class RowInfoTests: XCTestCase {
  func testRowInfoMatchesTheReference() {
    for seed in testSeeds(count: 6) {
      for shape in TreeShape.allCases {
        var rng = SplitMix64(seed: seed)
        var pair = OutlinePair(depths: shape.depths(count: rng.int(in: 1 ... 90), using: &rng))
        for step in 0 ..< 12 {
          for _ in 0 ..< 5 { pair.perform(pair.randomExpansionOperation(using: &rng), context: "setup") }
          let expected = pair.reference.rowInfos
          let all = Array(pair.outline.rowInfos(in: 0 ..< pair.outline.rowCount))
          XCTAssertEqual(all.map(\.info), expected, "seed \(seed), \(shape), step \(step)")
          XCTAssertEqual(all.map { pair.outline[$0.id] }, pair.reference.visibleRows)
          for row in 0 ..< pair.outline.rowCount where pair.outline.rowInfo(atRow: row) != expected[row] {
            XCTFail("rowInfo(atRow: \(row)) seed \(seed), \(shape)")
            break
          }
          let start = rng.int(in: 0 ... pair.outline.rowCount)
          let end = rng.int(in: start ... pair.outline.rowCount)
          XCTAssertEqual(pair.outline.rowInfos(in: start ..< end).map(\.info), Array(expected[start ..< end]))
          if testRun?.failureCount ?? 0 > 0 { return print("Failing seed: \(seed)") }
        }
      }
    }
  }

  func testTreePrefixDrawsGuideLines() {
    let outline = {
      var o = Outline(preorder: [
        (node: "Fruit", depth: 0), (node: "Apple", depth: 1), (node: "Granny Smith", depth: 2), (node: "Pear", depth: 1),
        (node: "Veg", depth: 0),
      ])
      o.expandAll()
      return o
    }()
    let lines = outline.rowInfos(in: 0 ..< outline.rowCount).map { $0.info.treePrefix + outline[$0.id] }
    XCTAssertEqual(lines, ["Fruit", "├─ Apple", "│  └─ Granny Smith", "└─ Pear", "Veg"])
    let info = outline.rowInfo(atRow: 2)
    XCTAssertEqual(info.accessibilityLevel, 3)
    XCTAssertEqual(info.accessibilityPositionInSet, 1)
    XCTAssertTrue(info.isLastChild)
  }

  func testGuidesPastSixtyFourLevels() {
    var guides = OutlineGuides(depth: 200)
    for level in stride(from: 0, to: 200, by: 3) { guides.setHasFollowingSibling(true, atDepth: level) }
    for level in 0 ..< 200 { XCTAssertEqual(guides.hasFollowingSibling(atDepth: level), level % 3 == 0) }
    guides.setHasFollowingSibling(false, atDepth: 150)
    XCTAssertFalse(guides.hasFollowingSibling(atDepth: 150))
    let deep = Outline(preorder: (0 ..< 150).map { (node: $0, depth: $0) })
    var expanded = deep
    expanded.expandAll()
    XCTAssertEqual(expanded.rowInfo(atRow: 149).depth, 149)
    XCTAssertEqual(expanded.rowInfo(atRow: 149).treePrefix.count, 149 * 3)
  }
}
