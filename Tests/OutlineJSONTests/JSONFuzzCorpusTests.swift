import Foundation
import OutlineTestSupport
import XCTest

/// Replays the JSON fuzz target's seed corpus and every input that once
/// crashed it (Fuzz/regressions), so a fixed crash stays fixed.
final class JSONFuzzCorpusTests: XCTestCase {
  func testJSONCorpus() throws {
    let all = try fuzzInputs(of: "json")
    XCTAssertGreaterThanOrEqual(all.count, 6, "the seed corpus is missing")
    let read = all.filter { name, bytes in runJSONFuzzInput(bytes) { XCTFail("\(name): \($0)") } }
    XCTAssertGreaterThanOrEqual(read.count, 4, "the valid seeds should read")
  }
}
