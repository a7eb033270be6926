import Foundation
import XCTest

@testable import OutlineKit

/// Programming misuse traps with a message that says what was wrong, in
/// every build configuration. Each case runs in a child process (this test
/// binary, re-run with `OUTLINE_TRAP_CASE` set), since a trap ends the
/// process.
final class MisuseTrapTests: XCTestCase {
  static let cases: [(name: String, message: String)] = [
    ("removedID", "refers to a node that was removed from this outline"),
    ("foreignID", "does not belong to this outline"),
    ("rowOutOfRange", "Outline: row 3 out of range 0..<3"),
    ("childIndexOutOfRange", "Outline: child index 4 out of range 0...2"),
    ("rootIndexOutOfRange", "Outline: root index -1 out of range 0...3"),
    ("childrenSubscript", "Outline.Children: index 2 out of range 0..<2"),
    ("badPreorder", "node 1: depth 3 follows depth 0"),
    ("matchRowOutOfRange", "Outline: row 5 out of range 0..<3"),
    ("sectionOfExcludedRoot", "the node's root is excluded by the filter, so the node has no section"),
    ("negativeRowHeight", "Outline: row height -1.0 is not a finite height >= 0"),
    ("rowAtOffsetWithoutRows", "Outline: row(atOffset:) on an outline with no rows"),
    ("offsetOfRowOutOfRange", "Outline: row 4 out of range 0...3"),
    ("dropTargetRowOutOfRange", "Outline.dropTarget: row 4 out of range 0...3"),
    ("dropIndexOutOfRange", "Outline: drop index 3 out of range 0...2"),
    ("narrowingThatShowsMore", "a narrowing filter may only hide more (use setFilter to show more)"),
    ("rowHeightsOutOfRange", "Outline: rows 2..<5 out of range 0..<3"),
    ("negativeRowHeights", "Outline: row height -2.0 is not a finite height >= 0"),
  ]

  /// The child side: performs the misuse named by `OUTLINE_TRAP_CASE`.
  func testPerformMisuseInChildProcess() throws {
    guard let name = ProcessInfo.processInfo.environment["OUTLINE_TRAP_CASE"] else {
      throw XCTSkip("runs only as the child of testMisuseTrapsWithAClearMessage")
    }
    var outline = Outline(preorder: [(node: "A", depth: 0), (node: "a1", depth: 1), (node: "a2", depth: 1), (node: "B", depth: 0), (node: "C", depth: 0)])
    let a1 = outline.children(of: outline.roots[0])[0]
    switch name {
    case "removedID":
      outline.remove(a1)
      outline.insert("reuses the slot", under: nil, at: 0)
      _ = outline[a1]
    case "foreignID":
      let other = Outline(preorder: (0 ..< 50).map { (node: "\($0)", depth: 0) })
      _ = outline.depth(of: other.roots[49])
    case "rowOutOfRange":
      _ = outline.id(atRow: 3)
    case "childIndexOutOfRange":
      outline.insert("x", under: outline.roots[0], at: 4)
    case "rootIndexOutOfRange":
      outline.insert("x", under: nil, at: -1)
    case "childrenSubscript":
      _ = outline.children(of: outline.roots[0])[2]
    case "badPreorder":
      _ = Outline(preorder: [(node: "a", depth: 0), (node: "b", depth: 3)])
    case "matchRowOutOfRange":
      outline.setFilter { $0 == "B" ? .visible : .recurse }
      outline.removeFilter()
      _ = outline.nextMatchRow(after: 5)
    case "negativeRowHeight":
      outline.setRowHeight(-1, of: a1)
    case "rowAtOffsetWithoutRows":
      _ = Outline<String>().row(atOffset: 0)
    case "offsetOfRowOutOfRange":
      _ = outline.offset(ofRow: 4)
    case "dropTargetRowOutOfRange":
      _ = outline.dropTarget(atRow: 4, fraction: 0.5)
    case "dropIndexOutOfRange":
      _ = try? outline.move([outline.roots[1]], to: .init(parent: outline.roots[0], index: 3))
    case "narrowingThatShowsMore":
      // "B" passes after narrowing the filter that excluded it; the first
      // edit asks every node and finds it.
      outline.setFilter { $0 == "A" ? .visible : .hidden }
      outline.narrowFilter { _ in .visible }
      outline.insert("x", under: nil, at: 0)
    case "rowHeightsOutOfRange":
      outline.setRowHeights(ofRows: 2 ..< 5) { _, _ in 1 }
    case "negativeRowHeights":
      outline.setRowHeights(ofRows: 0 ..< 3) { _, name in name == "B" ? -2 : 1 }
    case "sectionOfExcludedRoot":
      outline.setFilter { $0 == "A" ? .hidden : .visible }
      _ = outline.sections(style: .header).section(of: a1)
    default:
      XCTFail("unknown trap case \(name)")
    }
    XCTFail("\(name) did not trap")
  }

  /// The parent side: each misuse ends the child with a trap and the message.
  func testMisuseTrapsWithAClearMessage() throws {
    if ProcessInfo.processInfo.environment["OUTLINE_TRAP_CASE"] != nil { throw XCTSkip("child process") }
    let binary = URL(fileURLWithPath: CommandLine.arguments[0])
    for (name, message) in Self.cases {
      let process = Process()
      process.executableURL = binary
      process.arguments = ["OutlineKitTests.MisuseTrapTests/testPerformMisuseInChildProcess"]
      var environment = ProcessInfo.processInfo.environment
      environment["OUTLINE_TRAP_CASE"] = name
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
