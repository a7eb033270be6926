import Foundation
import XCTest

@testable import OutlineKit
import OutlineTestSupport

struct Item: Identifiable, Codable, Hashable, Sendable {
  var id: String
  var children: [Item] = []
}

final class PersistenceTests: XCTestCase {
  let library = [
    Item(id: "fruit", children: [Item(id: "apple", children: [Item(id: "granny")]), Item(id: "pear")]),
    Item(id: "veg", children: [Item(id: "leek")]),
  ]

  func titles(_ outline: Outline<Item>) -> [String] { outline.rows.map { outline[$0].id } }

  func testExpansionStateSurvivesARebuild() throws {
    var outline = Outline(roots: library, children: \.children)
    outline.expand(outline.roots[0])
    outline.expand(outline.children(of: outline.roots[0])[0])
    let saved = outline.expansionState()
    XCTAssertEqual(saved.expandedKeys, ["fruit", "apple"])
    let data = try JSONEncoder().encode(saved)
    let decoded = try JSONDecoder().decode(ExpansionState<String>.self, from: data)
    XCTAssertEqual(decoded, saved)

    var fresh = Outline(roots: library, children: \.children)
    let change = fresh.restoreExpansionState(decoded)
    XCTAssertEqual(titles(fresh), ["fruit", "apple", "granny", "pear", "veg"])
    XCTAssertEqual(change, OutlineChange(insertedRows: [1 ..< 4], reloadedRows: [0]))
    fresh._checkInvariants()
  }

  func testRestoreCollapsesWhatTheStateDoesNotName() {
    var outline = Outline(roots: library, children: \.children)
    outline.expandAll()
    outline.restoreExpansionState(ExpansionState(expandedKeys: ["veg"]))
    XCTAssertEqual(titles(outline), ["fruit", "veg", "leek"])
    XCTAssertFalse(outline.isExpanded(outline.children(of: outline.roots[0])[0]))
  }

  func testPendingKeysExpandNodesInsertedLaterUntilCleared() {
    var outline = Outline(roots: library, children: \.children)
    outline.restoreExpansionState(ExpansionState(expandedKeys: ["fruit", "nuts", "almond"]))
    XCTAssertTrue(outline.hasPendingExpansion)
    // "nuts" matched nothing at restore time; it arrives expanded, with its expanded child.
    let nuts = outline.insert(
      Item(id: "nuts", children: [Item(id: "almond", children: [Item(id: "marcona")]), Item(id: "pecan")]),
      under: nil, at: 2, children: \.children)
    XCTAssertTrue(outline.isExpanded(nuts))
    XCTAssertEqual(titles(outline), ["fruit", "apple", "pear", "veg", "nuts", "almond", "marcona", "pecan"])
    outline.clearPendingExpansion()
    XCTAssertFalse(outline.hasPendingExpansion)
    let later = outline.insert(Item(id: "nuts"), under: nil, at: 0)
    XCTAssertFalse(outline.isExpanded(later))
    outline._checkInvariants()
  }

  func testPendingExpansionInsideABatchReportsTheShownRows() {
    var outline = Outline(roots: [Item(id: "a")], children: \.children)
    outline.restoreExpansionState(ExpansionState(expandedKeys: ["b"]), by: \.id)
    let change = outline.batch { outline in
      outline.insert(Item(id: "b", children: [Item(id: "c")]), under: nil, at: 1, children: \.children)
    }
    XCTAssertEqual(change, OutlineChange(insertedRows: [1 ..< 3], insertedRootRows: [1]))
  }

  func testOutlineRoundTripsThroughJSON() throws {
    var outline = Outline(roots: library, children: { $0.children })
    outline.expand(outline.roots[1])
    outline.expansionPolicy = .exclusiveSiblings
    let data = try JSONEncoder().encode(outline)
    let decoded = try JSONDecoder().decode(Outline<Item>.self, from: data)
    XCTAssertEqual(titles(decoded), titles(outline))
    XCTAssertEqual(decoded.expansionPolicy, .exclusiveSiblings)
    XCTAssertEqual(decoded.description, outline.description)
    XCTAssertEqual(decoded.nodeCount, 6)
    decoded._checkInvariants()
  }

  func testRandomOutlinesRoundTrip() throws {
    var rng = SplitMix64(seed: 31)
    for _ in 0 ..< 20 {
      var pair = OutlinePair(depths: TreeShape.random.depths(count: rng.int(in: 0 ... 80), using: &rng))
      for _ in 0 ..< 30 { pair.perform(pair.randomExpansionOperation(using: &rng), context: "setup") }
      // Heights on some nodes (whole numbers and fractions), in some outlines.
      if rng.chance(0.5) {
        for value in pair.reference.nodes.keys where rng.chance(0.4) {
          pair.outline.setRowHeight(Double(rng.int(in: 0 ... 400)) / 4, of: pair.id(value))
        }
        pair.outline.estimatedRowHeight = Double(rng.int(in: 1 ... 99))
      }
      let decoded = try JSONDecoder().decode(Outline<Int>.self, from: try JSONEncoder().encode(pair.outline))
      XCTAssertEqual(decoded.debugDescription, pair.outline.debugDescription)
      XCTAssertEqual(decoded.estimatedRowHeight, pair.outline.estimatedRowHeight)
      XCTAssertEqual(decoded.rows.map { decoded.rowHeight(of: $0) }, pair.outline.rows.map { pair.outline.rowHeight(of: $0) })
      XCTAssertEqual(decoded.contentHeight, pair.outline.contentHeight)
    }
  }

  func decode(_ json: String) -> Error? {
    do {
      _ = try JSONDecoder().decode(Outline<String>.self, from: Data(json.utf8))
      return nil
    } catch {
      return error
    }
  }

  func assertCorrupt(_ json: String, mentions words: [String], file: StaticString = #filePath, line: UInt = #line) {
    guard let error = decode(json) else { return XCTFail("decoded a corrupt archive: \(json)", file: file, line: line) }
    let text = "\(error)"
    for word in words where !text.contains(word) {
      XCTFail("error \(text) does not mention \(word)", file: file, line: line)
    }
  }

  func testCorruptArchivesThrowAndSayWhere() {
    let good = #"{"version":1,"expansionPolicy":"independent","depths":[0,1,0],"expanded":[0],"values":["a","b","c"]}"#
    XCTAssertNil(decode(good))
    assertCorrupt(#"{"version":2,"expansionPolicy":"independent","depths":[],"expanded":[],"values":[]}"#, mentions: ["version", "2"])
    assertCorrupt(#"{"version":1,"expansionPolicy":"sideways","depths":[],"expanded":[],"values":[]}"#, mentions: ["expansionPolicy"])
    assertCorrupt(#"{"version":1,"expansionPolicy":"independent","depths":[0,2],"expanded":[],"values":["a","b"]}"#, mentions: ["depths", "node 1", "depth 2 follows depth 0"])
    assertCorrupt(#"{"version":1,"expansionPolicy":"independent","depths":[1],"expanded":[],"values":["a"]}"#, mentions: ["node 0", "first node"])
    assertCorrupt(#"{"version":1,"expansionPolicy":"independent","depths":[0,-1],"expanded":[],"values":["a","b"]}"#, mentions: ["node 1", "negative"])
    assertCorrupt(#"{"version":1,"expansionPolicy":"independent","depths":[0,1],"expanded":[],"values":["a"]}"#, mentions: ["values", "1 values for 2 depths"])
    assertCorrupt(#"{"version":1,"expansionPolicy":"independent","depths":[0],"expanded":[5],"values":["a"]}"#, mentions: ["expanded", "5"])
    assertCorrupt(#"{"version":1,"expansionPolicy":"independent","depths":[0,0],"expanded":[1,0],"values":["a","b"]}"#, mentions: ["expanded", "out of order"])
    assertCorrupt(#"{"version":1,"expansionPolicy":"independent","depths":[0],"values":["a"]}"#, mentions: ["expanded"])
    assertCorrupt(#"{"version":1,"expansionPolicy":"independent","depths":[0],"expanded":[],"values":[7]}"#, mentions: ["values"])
    assertCorrupt(#"{"version":1,"expansionPolicy":"independent","depths":[0,1,99999999999],"expanded":[],"values":["a","b","c"]}"#, mentions: ["node 2"])
    assertCorrupt(#"[1,2,3]"#, mentions: [])
    assertCorrupt(#"{"version":1,"expansionPolicy":"independent","depths":[0],"expanded":[],"values":["a"]"#, mentions: [])
  }

  func testTruncatedArchivesNeverTrap() throws {
    var outline = Outline(roots: library, children: \.children)
    outline.expandAll()
    let data = try JSONEncoder().encode(outline)
    for length in stride(from: 0, to: data.count, by: 3) {
      XCTAssertThrowsError(try JSONDecoder().decode(Outline<Item>.self, from: data.prefix(length)))
    }
  }

  func testPreorderInitBuildsTheTreeAndValidates() throws {
    let outline = Outline(preorder: [(node: "Fruit", depth: 0), (node: "Apple", depth: 1), (node: "Pear", depth: 1), (node: "Veg", depth: 0)])
    XCTAssertEqual(outline.roots.map { outline[$0] }, ["Fruit", "Veg"])
    XCTAssertEqual(outline.children(of: outline.roots[0]).map { outline[$0] }, ["Apple", "Pear"])
    XCTAssertEqual(outline.rowCount, 2)
    XCTAssertThrowsError(try Outline(validatingPreorder: [(node: "a", depth: 0), (node: "b", depth: 2)])) { error in
      XCTAssertEqual(error as? PreorderError, PreorderError(offset: 1, depth: 2, previousDepth: 0))
    }
    XCTAssertThrowsError(try Outline(validatingPreorder: [(node: "a", depth: 1)]))
    XCTAssertEqual(try Outline<String>(validatingPreorder: []).nodeCount, 0)
  }

  func testPreorderInitMatchesChildrenInitOnRandomTrees() {
    var rng = SplitMix64(seed: 8)
    for _ in 0 ..< 30 {
      let depths = TreeShape.random.depths(count: rng.int(in: 0 ... 100), using: &rng)
      let viaPreorder = Outline(preorder: depths.enumerated().map { (node: $0.offset, depth: $0.element) })
      let viaChildren = OutlinePair(depths: depths).outline
      XCTAssertEqual(viaPreorder.description, viaChildren.description)
      viaPreorder._checkInvariants()
    }
  }
}
