import Foundation
import OutlineTestSupport
import XCTest

@testable import OutlineKit

/// Replays the fuzz targets' seed corpora and every input that once crashed
/// (Fuzz/regressions), so a fixed crash stays fixed in the ordinary test run.
final class FuzzCorpusTests: XCTestCase {
  func testOperationsCorpus() throws {
    let all = try fuzzInputs(of: "operations")
    XCTAssertGreaterThanOrEqual(all.count, 10, "the seed corpus is missing")
    var operations = 0
    for (name, bytes) in all {
      operations += runOperationsFuzzInput(bytes)
      if testRun?.failureCount ?? 0 > 0 { return XCTFail("failing input: \(name)") }
    }
    XCTAssertGreaterThan(operations, all.count)
  }

  func testArchiveCorpus() throws {
    let all = try fuzzInputs(of: "archive")
    XCTAssertGreaterThanOrEqual(all.count, 4, "the seed corpus is missing")
    var decoded = 0
    for (name, bytes) in all {
      decoded += runArchiveFuzzInput(bytes)
      if testRun?.failureCount ?? 0 > 0 { return XCTFail("failing input: \(name)") }
    }
    XCTAssertGreaterThanOrEqual(decoded, 3, "the valid seeds should decode")
  }
}
