import OutlineGtkSupport
import XCTest

final class BenchTableTests: XCTestCase {
  func testMedians() {
    XCTAssertNil(BenchTable.median([]))
    XCTAssertEqual(BenchTable.median([3, 1, 2]), 2)
    XCTAssertEqual(BenchTable.median([4, 1, 3, 2]), 2.5)
  }

  func testPrintsMediansAndRatiosInTheOrderAdded() {
    var table = BenchTable(title: "10⁶ nodes, balanced")
    for seconds in [0.003, 0.001, 0.002] { table.add(seconds, operation: "expand all", model: .engine) }
    for seconds in [0.5, 0.4, 0.6] { table.add(seconds, operation: "expand all", model: .gtk) }
    table.add(0.0021, operation: "build and show", model: .engine)
    table.add(0.0011, operation: "build and show", model: .gtk)
    table.add(0.010, operation: "jump to a row", model: .engine)
    XCTAssertEqual(
      table.markdown,
      """
      | 10⁶ nodes, balanced | engine | GtkTreeListModel | GtkTreeListModel ÷ engine |
      |---|---:|---:|---:|
      | expand all | 2.0 ms | 500 ms | 250× |
      | build and show | 2.1 ms | 1.1 ms | 0.52× |
      | jump to a row | 10.0 ms |  |  |
      """)
    XCTAssertEqual(table.operations, ["expand all", "build and show", "jump to a row"])
    XCTAssertEqual(table.samples(of: "expand all", model: .gtk), [0.5, 0.4, 0.6])
  }
}
