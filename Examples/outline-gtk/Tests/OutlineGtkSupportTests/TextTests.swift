import OutlineGtkSupport
import XCTest

final class TextTests: XCTestCase {
  func testGroupsDigitsByThousands() {
    XCTAssertEqual(0.groupedDigits, "0")
    XCTAssertEqual(999.groupedDigits, "999")
    XCTAssertEqual(1000.groupedDigits, "1,000")
    XCTAssertEqual(1_234_567.groupedDigits, "1,234,567")
    XCTAssertEqual((-12_345).groupedDigits, "-12,345")
  }

  func testCountsWithTheRightNoun() {
    XCTAssertEqual(1.counted("match", "matches"), "1 match")
    XCTAssertEqual(0.counted("match", "matches"), "0 matches")
    XCTAssertEqual(2000.counted("row", "rows"), "2,000 rows")
  }

  func testShowsMillisecondsWithTheDigitsThatMatter() {
    XCTAssertEqual(milliseconds(0.000_312), "0.31 ms")
    XCTAssertEqual(milliseconds(0.004_567), "4.57 ms")
    XCTAssertEqual(milliseconds(0.012_34), "12.3 ms")
    XCTAssertEqual(milliseconds(0.4567), "457 ms")
    XCTAssertEqual(milliseconds(1.2345), "1,235 ms")
  }
}

final class ByteCountTests: XCTestCase {
  func testSizesInThePowersOfAThousand() {
    XCTAssertEqual(0.byteCount, "0 bytes")
    XCTAssertEqual(1.byteCount, "1 byte")
    XCTAssertEqual(999.byteCount, "999 bytes")
    XCTAssertEqual(1000.byteCount, "1 KB")
    XCTAssertEqual(1_500.byteCount, "1.5 KB")
    XCTAssertEqual(12_345.byteCount, "12.3 KB")
    XCTAssertEqual(999_499.byteCount, "999 KB")
    XCTAssertEqual(999_500.byteCount, "1 MB")
    XCTAssertEqual(23_000_000.byteCount, "23 MB")
    XCTAssertEqual(4_294_967_296.byteCount, "4.29 GB")
  }
}
