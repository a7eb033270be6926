import OutlineGtkSupport
import XCTest

final class AppOptionsTests: XCTestCase {
  func testReadsEveryOption() throws {
    let options = try AppOptions(arguments: [
      "--model", "gtk", "--document", "categories", "--size", "1_000", "--script", "down; quit", "--bench", "--quick",
      "--sizes", "100,2000", "--runs", "5", "--debug-wrong-items-changed", "--width", "800", "--height", "600",
    ])
    XCTAssertEqual(options.model, .gtk)
    XCTAssertEqual(options.document, .categories)
    XCTAssertEqual(options.size, 1000)
    XCTAssertEqual(options.script, "down; quit")
    XCTAssertTrue(options.bench)
    XCTAssertTrue(options.quickBench)
    XCTAssertEqual(options.benchSizes, [100, 2000])
    XCTAssertEqual(options.benchRuns, 5)
    XCTAssertTrue(options.emitsWrongItemsChanged)
    XCTAssertEqual(options.width, 800)
    XCTAssertEqual(options.height, 600)
  }

  func testTheDefaultsAreTheEngineOnTheBigTree() throws {
    let options = try AppOptions(arguments: [])
    XCTAssertEqual(options.model, .engine)
    XCTAssertEqual(options.document, .big)
    XCTAssertEqual(options.size, 1_000_000)
    XCTAssertNil(options.script)
  }

  func testAFileOnTheCommandLineIsOpenedFirstAndJoinsTheMenu() throws {
    let options = try AppOptions(arguments: ["--size", "10", "/usr/share"])
    XCTAssertEqual(options.document, .file("/usr/share"))
    XCTAssertEqual(options.documents, [.big, .wide, .categories, .file("/usr/share")])
    XCTAssertEqual(try AppOptions(arguments: []).documents, AppOptions.Document.builtIn)
    XCTAssertThrowsError(try AppOptions(arguments: ["/usr", "/tmp"])) {
      XCTAssertEqual("\($0)", "unknown option '/tmp' (--help lists them)")
    }
    XCTAssertThrowsError(try AppOptions(arguments: ["--model", "gtk", "/usr"])) {
      XCTAssertEqual("\($0)", "--model gtk shows the generated trees and the categories, not a file")
    }
  }

  func testNamesTheWrongArgument() {
    XCTAssertThrowsError(try AppOptions(arguments: ["--model", "qt"])) {
      XCTAssertEqual("\($0)", "--model is engine or gtk, not 'qt'")
    }
    XCTAssertThrowsError(try AppOptions(arguments: ["--size", "-3"])) {
      XCTAssertEqual("\($0)", "--size needs a positive number, not '-3'")
    }
    XCTAssertThrowsError(try AppOptions(arguments: ["--script"])) { XCTAssertEqual("\($0)", "--script needs a value") }
    XCTAssertThrowsError(try AppOptions(arguments: ["--fast"])) {
      XCTAssertEqual("\($0)", "unknown option '--fast' (--help lists them)")
    }
  }
}
