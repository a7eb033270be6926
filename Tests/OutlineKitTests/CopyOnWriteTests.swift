import XCTest

@testable import OutlineKit
import OutlineTestSupport

/// `Outline` is a value: mutating a copy never changes the original.
final class CopyOnWriteTests: XCTestCase {
  func testMutatingACopyLeavesTheOriginalAlone() {
    var rng = SplitMix64(seed: 99)
    let pair = OutlinePair(depths: TreeShape.random.depths(count: 300, using: &rng))
    let originalRows = pair.outline.rows.map { pair.outline[$0] }
    let originalDescription = pair.outline.debugDescription
    var copy = pair
    for _ in 0 ..< 200 {
      copy.perform(copy.randomExpansionOperation(using: &rng), context: "copy")
    }
    copy.outline[copy.id(0)] = -1
    XCTAssertEqual(pair.outline.rows.map { pair.outline[$0] }, originalRows)
    XCTAssertEqual(pair.outline.debugDescription, originalDescription)
    XCTAssertEqual(pair.outline[pair.id(0)], 0)
    pair.check("original after copy mutated")
  }

  func testSnapshotsOfRowsAndChildrenDoNotFollowMutations() {
    var pair = OutlinePair(depths: [0, 1, 1, 0, 1])
    pair.outline.expand(pair.id(0))
    let rows = pair.outline.rows
    let children = pair.outline.children(of: pair.id(0))
    pair.outline.collapseAll()
    XCTAssertEqual(rows.map { pair.outline[$0] }, [0, 1, 2, 3])
    XCTAssertEqual(children.count, 2)
    XCTAssertEqual(pair.outline.rowCount, 2)
  }

  func testOutlineIsSendableAndUsableAcrossTasks() async {
    let outline = Outline(roots: [0, 1, 2], children: { $0 < 2 ? [$0 * 10 + 10, $0 * 10 + 11] : [] })
    let counts = await withTaskGroup(of: Int.self) { group in
      for k in 0 ..< 4 {
        group.addTask {
          var copy = outline
          copy.expand(copy.roots[k % 3])
          return copy.rowCount
        }
      }
      var result: [Int] = []
      for await count in group { result.append(count) }
      return result.sorted()
    }
    XCTAssertEqual(counts, [3, 5, 5, 5])
    XCTAssertEqual(outline.rowCount, 3)
  }

  /// Many tasks read one shared outline at once while each mutates its own
  /// copy; run under `--sanitize=thread` this checks that copies share
  /// storage safely (reads never race with the copy-on-write of another).
  func testConcurrentReadersAndMutatingCopies() async {
    var rng = SplitMix64(seed: 4)
    var shared = Outline(preorder: TreeShape.random.depths(count: 1_500, using: &rng).enumerated().map { (node: $0.offset, depth: $0.element) })
    shared.expandAll()
    let expectedRows = Array(shared.rows)
    let frozen = shared
    let results = await withTaskGroup(of: (reads: Bool, rows: Int, valid: Bool).self) { group in
      for task in 0 ..< 8 {
        group.addTask {
          // Read the shared outline from many places.
          var readsAgree = true
          for row in stride(from: task, to: frozen.rowCount, by: 7) where frozen.row(of: frozen.id(atRow: row)) != row {
            readsAgree = false
          }
          readsAgree = readsAgree && Array(frozen.rows) == expectedRows
          // Mutate a private copy.
          var copy = frozen
          var local = SplitMix64(seed: UInt64(task))
          for _ in 0 ..< 60 {
            copy.toggle(copy.id(atRow: local.int(in: 0 ..< copy.rowCount)))
          }
          copy.batch { $0.remove($0.roots[0]) }
          return (readsAgree, copy.rowCount, copy.nodeCount < frozen.nodeCount)
        }
      }
      var all: [(reads: Bool, rows: Int, valid: Bool)] = []
      for await result in group { all.append(result) }
      return all
    }
    XCTAssertEqual(results.count, 8)
    XCTAssertTrue(results.allSatisfy { $0.reads && $0.valid })
    XCTAssertEqual(Array(frozen.rows), expectedRows, "the shared outline never changed")
    frozen._checkInvariants()
  }
}
