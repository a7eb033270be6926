import OutlineGtkSupport
import XCTest

final class ASCIIMatcherTests: XCTestCase {
  func testFindsTextIgnoringCase() {
    XCTAssertTrue(ASCIIMatcher("le 1").matches("Maple 13"))
    XCTAssertTrue(ASCIIMatcher("MAPLE").matches("Maple 13"))
    XCTAssertTrue(ASCIIMatcher("").matches("Oak 1"))
    XCTAssertFalse(ASCIIMatcher("Maples").matches("Maple 13"))
    XCTAssertFalse(ASCIIMatcher("Maple 13 ").matches("Maple 13"))
  }

  /// Against `lowercased().contains` over random ASCII names and texts.
  func testAgreesWithLowercasedContains() {
    let letters = Array("aAbB 1")
    for seed in testSeeds(count: 20) {
      var random = SplitMix64(seed: seed)
      for _ in 0 ..< 500 {
        let name = String((0 ..< random.int(in: 0 ..< 8)).map { _ in letters[random.int(in: 0 ..< letters.count)] })
        let text = String((0 ..< random.int(in: 0 ..< 4)).map { _ in letters[random.int(in: 0 ..< letters.count)] })
        let expected = text.isEmpty || name.lowercased().contains(text.lowercased())
        XCTAssertEqual(ASCIIMatcher(text).matches(name), expected, "seed \(seed): '\(text)' in '\(name)'")
      }
    }
  }
}
