import OutlineGtkSupport
import XCTest

final class BenchTableTests: XCTestCase {
  func testMedians() {
    XCTAssertNil(BenchTable.median([]))
    XCTAssertEqual(BenchTable.median([3, 1, 2]), 2)
    XCTAssertEqual(BenchTable.median([4, 1, 3, 2]), 2.5)
  }

  func testPrintsMediansAndRatiosInTheOrderAdded() {
    var table = BenchTable(
      title: "10⁶ nodes, balanced", columns: ["engine", "GTK"], ratio: (of: "GTK", to: "engine"))
    for seconds in [0.003, 0.001, 0.002] { table.add(seconds, operation: "expand all", column: "engine") }
    for seconds in [0.5, 0.4, 0.6] { table.add(seconds, operation: "expand all", column: "GTK") }
    table.add(0.0021, operation: "build and show", column: "engine")
    table.add(0.0011, operation: "build and show", column: "GTK")
    table.add(0.010, operation: "jump to a row", column: "engine")
    XCTAssertEqual(
      table.markdown,
      """
      | 10⁶ nodes, balanced | engine | GTK | GTK ÷ engine |
      |---|---:|---:|---:|
      | expand all | 2.0 ms | 500 ms | 250× |
      | build and show | 2.1 ms | 1.1 ms | 0.52× |
      | jump to a row | 10.0 ms |  |  |
      """)
    XCTAssertEqual(table.operations, ["expand all", "build and show", "jump to a row"])
    XCTAssertEqual(table.samples(of: "expand all", column: "GTK"), [0.5, 0.4, 0.6])
  }

  func testATableWithoutARatio() {
    var table = BenchTable(title: "where the time goes", columns: ["a", "b", "c"])
    table.add(0.001, operation: "op", column: "b")
    XCTAssertEqual(table.markdown, "| where the time goes | a | b | c |\n|---|---:|---:|---:|\n| op |  | 1.0 ms |  |")
  }
}
