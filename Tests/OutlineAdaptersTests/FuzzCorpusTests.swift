import Foundation
import XCTest

/// Replays the adapter fuzz targets' seed corpora and every input that once
/// crashed (Fuzz/regressions), so a fixed crash stays fixed.
final class AdapterFuzzCorpusTests: XCTestCase {
  func inputs(_ target: String) throws -> [(String, [UInt8])] {
    var result: [(String, [UInt8])] = []
    for folder in ["Fuzz/corpus/\(target)", "Fuzz/regressions/\(target)"] {
      let url = Fixtures.packageRoot.appendingPathComponent(folder)
      guard let names = try? FileManager.default.contentsOfDirectory(atPath: url.path) else { continue }
      for name in names.sorted() where !name.hasPrefix(".") {
        result.append(("\(folder)/\(name)", Array(try Data(contentsOf: url.appendingPathComponent(name)))))
      }
    }
    return result
  }

  func testFormCorpus() throws {
    let all = try inputs("form")
    XCTAssertGreaterThanOrEqual(all.count, 3, "the seed corpus is missing")
    let loaded = all.filter { name, bytes in runFormFuzzInput(bytes) { XCTFail("\(name): \($0)") } }
    XCTAssertGreaterThanOrEqual(loaded.count, 1, "the sample form should load")
  }

  func testCategoriesCorpus() throws {
    let all = try inputs("categories")
    XCTAssertGreaterThanOrEqual(all.count, 3, "the seed corpus is missing")
    let loaded = all.filter { name, bytes in runCategoriesFuzzInput(bytes) { XCTFail("\(name): \($0)") } }
    XCTAssertGreaterThanOrEqual(loaded.count, 1, "the sample catalog should load")
  }

  func testJSONCorpus() throws {
    let all = try inputs("json")
    XCTAssertGreaterThanOrEqual(all.count, 6, "the seed corpus is missing")
    let read = all.filter { name, bytes in runJSONFuzzInput(bytes) { XCTFail("\(name): \($0)") } }
    XCTAssertGreaterThanOrEqual(read.count, 4, "the valid seeds should read")
  }
}
