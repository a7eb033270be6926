import Foundation
import XCTest
import OutlineTestSupport

/// Replays the form and categories fuzz targets' seed corpora and every input that once
/// crashed (Fuzz/regressions), so a fixed crash stays fixed.
final class AdapterFuzzCorpusTests: XCTestCase {
  func testFormCorpus() throws {
    let all = try fuzzInputs(of: "form")
    XCTAssertGreaterThanOrEqual(all.count, 3, "the seed corpus is missing")
    let loaded = all.filter { name, bytes in runFormFuzzInput(bytes) { XCTFail("\(name): \($0)") } }
    XCTAssertGreaterThanOrEqual(loaded.count, 1, "the sample form should load")
  }

  func testCategoriesCorpus() throws {
    let all = try fuzzInputs(of: "categories")
    XCTAssertGreaterThanOrEqual(all.count, 3, "the seed corpus is missing")
    let loaded = all.filter { name, bytes in runCategoriesFuzzInput(bytes) { XCTFail("\(name): \($0)") } }
    XCTAssertGreaterThanOrEqual(loaded.count, 1, "the sample catalog should load")
  }
}
