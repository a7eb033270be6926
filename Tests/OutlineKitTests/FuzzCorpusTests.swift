import Foundation
import XCTest

@testable import OutlineKit

/// Replays the fuzz targets' seed corpora and every input that once crashed
/// (Fuzz/regressions), so a fixed crash stays fixed in the ordinary test run.
final class FuzzCorpusTests: XCTestCase {
  static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

  func inputs(_ target: String) throws -> [(String, [UInt8])] {
    var result: [(String, [UInt8])] = []
    for folder in ["Fuzz/corpus/\(target)", "Fuzz/regressions/\(target)"] {
      let url = Self.root.appendingPathComponent(folder)
      guard let names = try? FileManager.default.contentsOfDirectory(atPath: url.path) else { continue }
      for name in names.sorted() where !name.hasPrefix(".") {
        result.append(("\(folder)/\(name)", Array(try Data(contentsOf: url.appendingPathComponent(name)))))
      }
    }
    return result
  }

  func testOperationsCorpus() throws {
    let all = try inputs("operations")
    XCTAssertGreaterThanOrEqual(all.count, 10, "the seed corpus is missing")
    var operations = 0
    for (name, bytes) in all {
      operations += runOperationsFuzzInput(bytes)
      if testRun?.failureCount ?? 0 > 0 { return XCTFail("failing input: \(name)") }
    }
    XCTAssertGreaterThan(operations, all.count)
  }

  func testArchiveCorpus() throws {
    let all = try inputs("archive")
    XCTAssertGreaterThanOrEqual(all.count, 4, "the seed corpus is missing")
    var decoded = 0
    for (name, bytes) in all {
      decoded += runArchiveFuzzInput(bytes)
      if testRun?.failureCount ?? 0 > 0 { return XCTFail("failing input: \(name)") }
    }
    XCTAssertGreaterThanOrEqual(decoded, 3, "the valid seeds should decode")
  }
}
