import OutlineGtkSupport
import OutlineKit
import XCTest

final class GeneratedTreeTests: XCTestCase {
  /// The outline holds the tree the arithmetic describes: the same nodes
  /// under the same parents, in order, for every shape and many sizes.
  func testTheOutlineIsTheTreeTheArithmeticDescribes() {
    for shape in GeneratedTree.Shape.allCases {
      for count in [0, 1, 2, 9, 10, 11, 109, 110, 111, 1234] {
        let tree = GeneratedTree(shape: shape, count: count)
        let outline = tree.makeOutline()
        XCTAssertEqual(outline.nodeCount, count, "\(shape) \(count)")
        func check(_ ids: some Collection<Outline<Int32>.NodeID>, _ expected: Range<Int>) {
          XCTAssertEqual(ids.map { Int(outline[$0]) }, Array(expected), "\(shape) \(count)")
          for id in ids { check(outline.children(of: id), tree.children(of: Int(outline[id]))) }
        }
        check(outline.roots, tree.roots)
      }
    }
  }

  func testTheBalancedShapeIsTheDemosBigTree() {
    let tree = GeneratedTree(shape: .balanced, count: 1_000_000)
    XCTAssertEqual(tree.roots, 0 ..< 10)
    XCTAssertEqual(tree.children(of: 3), 40 ..< 50)
    XCTAssertEqual(tree.children(of: 99_998), 999_990 ..< 1_000_000)
    XCTAssertEqual(tree.children(of: 99_999), 1_000_000 ..< 1_000_000)
    XCTAssertEqual(GeneratedTree.name(of: 0), "Acacia 1")
    XCTAssertEqual(GeneratedTree.name(of: 12), "Maple 13")
    XCTAssertEqual(GeneratedTree.name(of: 26), "Acacia 27")
  }

  func testTheWideShapeHasOneRoot() {
    let tree = GeneratedTree(shape: .wide, count: 5)
    XCTAssertEqual(tree.roots, 0 ..< 1)
    XCTAssertEqual(tree.children(of: 0), 1 ..< 5)
    XCTAssertTrue(tree.children(of: 3).isEmpty)
  }
}
