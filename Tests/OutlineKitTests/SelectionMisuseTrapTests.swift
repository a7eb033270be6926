import Foundation
import XCTest

@testable import OutlineKit

/// Misusing a selection traps with a message that says what was wrong and
/// how to fix it. Each case runs in a child process (this test binary,
/// re-run with `OUTLINE_SELECTION_TRAP_CASE` set), since a trap ends it.
final class SelectionMisuseTrapTests: XCTestCase {
  static let cases: [(name: String, message: String)] = [
    ("selectHidden", "Outline.Selection: node #1 has no row (a collapsed ancestor or the filter hides it); reveal it before selecting it"),
    ("selectRemoved", "refers to a node that was removed from this outline"),
    ("navigateFromRemovedFocus", "Outline.Selection: the focused node was removed from the outline; call reconcile(with:) after changing the outline"),
    ("extendFromHiddenAnchor", "Outline.Selection: the anchor has no row (a collapse or the filter hid it); call reconcile(with:) after changing the outline"),
    ("emptyPage", "OutlineNavigation.PageSize: a page of 0 rows; a page has at least one row"),
    ("flatPage", "OutlineNavigation.PageSize: a page of height 0.0; a page is a finite height more than 0"),
    ("endlessPage", "OutlineNavigation.PageSize: a page of height inf; a page is a finite height more than 0"),
  ]

  /// The child side: performs the misuse named by the environment.
  func testPerformMisuseInChildProcess() throws {
    guard let name = ProcessInfo.processInfo.environment["OUTLINE_SELECTION_TRAP_CASE"] else {
      throw XCTSkip("runs only as the child of testMisuseTrapsWithAClearMessage")
    }
    var outline = Outline(preorder: [(node: "A", depth: 0), (node: "a1", depth: 1), (node: "B", depth: 0), (node: "C", depth: 0)])
    let a = outline.roots[0]
    let a1 = outline.children(of: a)[0]
    var selection = Outline<String>.Selection(mode: .multiple)
    switch name {
    case "selectHidden":
      selection.select(a1, in: outline)
    case "selectRemoved":
      let removed = outline.roots[2]
      outline.remove(removed)
      selection.select(removed, in: outline)
    case "navigateFromRemovedFocus":
      selection.select(outline.roots[1], in: outline)
      outline.remove(outline.roots[1])
      selection.navigate(.down, in: &outline)
    case "extendFromHiddenAnchor":
      outline.expand(a)
      selection.select(a1, in: outline)
      selection.moveFocus(to: outline.roots[1], in: outline)
      outline.collapse(a)
      selection.extendSelection(to: outline.roots[2], in: outline)
    case "emptyPage":
      selection.navigate(.pageDown(.rows(0)), in: &outline)
    case "flatPage":
      selection.navigate(.pageUp(.height(0)), in: &outline)
    case "endlessPage":
      selection.navigate(.pageDown(.height(.infinity)), in: &outline)
    default:
      XCTFail("unknown trap case \(name)")
    }
    XCTFail("\(name) did not trap")
  }

  /// The parent side: each misuse ends the child with a trap and the message.
  func testMisuseTrapsWithAClearMessage() throws {
    if ProcessInfo.processInfo.environment["OUTLINE_SELECTION_TRAP_CASE"] != nil { throw XCTSkip("child process") }
    let binary = URL(fileURLWithPath: CommandLine.arguments[0])
    for (name, message) in Self.cases {
      let process = Process()
      process.executableURL = binary
      process.arguments = ["OutlineKitTests.SelectionMisuseTrapTests/testPerformMisuseInChildProcess"]
      var environment = ProcessInfo.processInfo.environment
      environment["OUTLINE_SELECTION_TRAP_CASE"] = name
      // The crash backtracer adds nothing here and trips AddressSanitizer.
      environment["SWIFT_BACKTRACE"] = "enable=no"
      process.environment = environment
      let errors = Pipe()
      process.standardError = errors
      process.standardOutput = Pipe()
      try process.run()
      let output = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
      process.waitUntilExit()
      XCTAssertEqual(process.terminationReason, .uncaughtSignal, "\(name) should trap; stderr: \(output)")
      XCTAssertTrue(output.contains(message), "\(name): stderr does not say \"\(message)\":\n\(output.suffix(600))")
    }
  }
}
