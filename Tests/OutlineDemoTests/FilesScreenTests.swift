import Foundation
import OutlineKit
import XCTest
import OutlineTestSupport

@testable import OutlineFiles
@testable import OutlineDemoKit

/// The file screen, driven by keys like a user: `outline-demo DIR`.
final class FilesScreenTests: XCTestCase {
  /// root/{alpha/{one.txt 100 B, two 10 B}, beta/, .hidden 5 B, big.bin 5,000 B, link → alpha}
  private func makeDirectory() throws -> String {
    let root = try makeTemporaryDirectory { addTeardownBlock($0) }
    let manager = FileManager.default
    try manager.createDirectory(at: root.appendingPathComponent("alpha"), withIntermediateDirectories: false)
    try manager.createDirectory(at: root.appendingPathComponent("beta"), withIntermediateDirectories: false)
    try Data(count: 100).write(to: root.appendingPathComponent("alpha/one.txt"))
    try Data(count: 10).write(to: root.appendingPathComponent("alpha/two"))
    try Data(count: 5).write(to: root.appendingPathComponent(".hidden"))
    try Data(count: 5_000).write(to: root.appendingPathComponent("big.bin"))
    try manager.createSymbolicLink(atPath: root.appendingPathComponent("link").path, withDestinationPath: "alpha")
    return root.path
  }

  /// An app on the file screen of `path`, a frame of 100 × 16.
  private func harness(_ path: String, options: FileTree.Options = FileTree.Options()) throws -> Harness {
    try Harness(self, screen: .files, filesPath: path, fileTreeOptions: options, width: 100, height: 16)
  }

  /// Options whose scan waits at its first folder until `gate` opens (the
  /// listings the screen makes itself, on this thread, do not wait).
  private func blockedScan(_ gate: DispatchSemaphore) -> FileTree.Options {
    var options = FileTree.Options()
    options._system.beforeOpening = { _ in
      if !Thread.isMainThread {
        gate.wait()
        gate.signal()
      }
      return nil
    }
    return options
  }

  func testADirectoryArgumentOpensTheFileScreenAndNoArgumentKeepsTheForm() throws {
    let directory = try makeTemporaryDirectory { addTeardownBlock($0) }.path
    let options = try DemoOptions.parse([directory, "--width", "90"])
    XCTAssertEqual(options.screen, .files)
    XCTAssertEqual(options.documentPath, directory)
    XCTAssertTrue(options.documentIsDirectory)
    XCTAssertEqual(try DemoOptions.parse([]).screen, .form)
    XCTAssertNil(try DemoOptions.parse([]).documentPath)
    XCTAssertEqual(try DemoOptions.parse(["--screen", "files"]).screen, .files)
    XCTAssertEqual(DemoScreen(name: "4"), .files)
    XCTAssertThrowsError(try DemoOptions.parse(["a", "b"]))
    // Without an argument, nothing is read until the screen shows.
    var app = DemoApp(options: DemoOptions(), environment: DemoEnvironment(clock: ManualClock(), formConfiguration: fixedConfiguration))
    app.tick()
    XCTAssertFalse(app.filesScreen.isOpened)
    app.handle(.character("4"))
    app.tick()
    XCTAssertEqual(app.screen, .files)
    XCTAssertTrue(app.filesScreen.isOpened)
    XCTAssertEqual(app.filesScreen.path, ".")
    app.handle(.wait)
  }

  func testTheTreeShowsAtOnceAndFillsInWhenTheScanEnds() throws {
    let path = try makeDirectory()
    let gate = DispatchSemaphore(value: 0)
    var h = try harness(path, options: blockedScan(gate))
    XCTAssertTrue(h.lines[0].contains("[4 Files]"))
    XCTAssertTrue(h.app.hasPendingLoads, "the terminal ticks while the scan runs")
    // At once: the root's entries, files with sizes, folders waiting.
    XCTAssertTrue(h.body[0].contains("⟳ Scanning \(path)"), h.body[0])
    XCTAssertEqual(h.names, [path, "alpha", "beta", ".hidden", "big.bin", "link → alpha"])
    XCTAssertTrue(h.fileRow("alpha").hasPrefix("…"), h.fileRow("alpha"))
    XCTAssertTrue(h.fileRow("big.bin").hasPrefix("4.9 KiB"), h.fileRow("big.bin"))
    XCTAssertTrue(h.fileRow(".hidden").hasPrefix("5 B"))
    // Folders open meanwhile, listed on the spot.
    h.press("down enter")
    XCTAssertEqual(h.names, [path, "alpha", "one.txt", "two", "beta", ".hidden", "big.bin", "link → alpha"])
    gate.signal()
    h.press("wait")
    XCTAssertNil(h.app.filesScreen.scan)
    XCTAssertTrue(h.app.message?.text.hasPrefix("Scanned 7 entries") == true, h.app.message?.text ?? "")
    // Sizes everywhere now, bars of each share, and alpha still open.
    XCTAssertEqual(h.names, [path, "alpha", "one.txt", "two", "beta", ".hidden", "big.bin", "link → alpha"])
    let tree = try XCTUnwrap(h.app.filesScreen.tree)
    XCTAssertEqual(tree.mode, .scanned)
    XCTAssertTrue(h.fileRow("alpha").hasPrefix(FilesFormat.size(4_096 + 110)), h.fileRow("alpha"))
    // Shares of the folder: 100 of alpha's 4,206 bytes; 5,000 of the root's 17,408.
    XCTAssertTrue(h.fileRow("one.txt").hasPrefix("100 B ▎ "), h.fileRow("one.txt"))
    XCTAssertTrue(h.fileRow("big.bin").hasPrefix("4.9 KiB ██▉ "), h.fileRow("big.bin"))
    XCTAssertTrue(h.body[0].contains("in 7 entries"), h.body[0])
    XCTAssertEqual(h.app.filesScreen.selection.focus, tree.outline.children(of: tree.root).first)
  }

  /// `x` checks an entry with everything inside; the status line counts
  /// the checked entries and their bytes from the folders' totals; `c`
  /// shows the boxes, a dash on the folders with some of it checked.
  func testCheckingEntriesCountsThemAndTheirBytes() throws {
    let path = try makeDirectory()
    var h = try harness(path)
    h.press("wait")  // scanned: every folder has its total
    h.press("down x")  // alpha: one.txt and two; its total counts, as du's
    XCTAssertTrue(h.statusBar.contains("2 entries checked, \(FilesFormat.size(4_096 + 110))"), h.statusBar)
    XCTAssertTrue(h.app.message?.text.hasPrefix("Checked \(path)/alpha in ") == true, h.app.message?.text ?? "")
    XCTAssertTrue(h.fileRow("alpha").contains("[x] ├─ ▸ alpha"), h.fileRow("alpha"))
    XCTAssertTrue(h.body[1].contains("[-] ▾ \(path)"), h.body[1])
    h.press("down down down x")  // big.bin
    XCTAssertTrue(h.statusBar.contains("3 entries checked, \(FilesFormat.size(4_096 + 110 + 5_000))"), h.statusBar)
    h.press("c")
    XCTAssertFalse(h.body[1].contains("[-]"), h.body[1])
    XCTAssertTrue(h.statusBar.contains("3 entries checked"), h.statusBar)
  }

  /// A folder checked before it is listed keeps its entries checked when
  /// it is listed.
  func testAFolderCheckedBeforeItIsListedKeepsItsEntriesChecked() throws {
    let path = try makeDirectory()
    let gate = DispatchSemaphore(value: 0)
    var h = try harness(path, options: blockedScan(gate))
    h.press("down x")  // alpha, not listed: one entry
    XCTAssertTrue(h.statusBar.contains("1 entry checked"), h.statusBar)
    h.press("enter")
    XCTAssertEqual(h.names, [path, "alpha", "one.txt", "two", "beta", ".hidden", "big.bin", "link → alpha"])
    XCTAssertTrue(h.statusBar.contains("2 entries checked"), h.statusBar)
    XCTAssertTrue(h.fileRow("one.txt").contains("[x]"), h.fileRow("one.txt"))
    gate.signal()
    h.press("wait")  // the scan's total of alpha now
    XCTAssertTrue(h.statusBar.contains("2 entries checked, \(FilesFormat.size(4_096 + 110))"), h.statusBar)
  }

  func testEscapeCancelsTheScan() throws {
    let path = try makeDirectory()
    let gate = DispatchSemaphore(value: 0)
    var h = try harness(path, options: blockedScan(gate))
    h.press("esc")
    XCTAssertEqual(h.app.message?.text, "Cancelling the scan…")
    gate.signal()
    h.press("wait")
    XCTAssertEqual(h.app.message?.text, "Scan cancelled: folders show their own entries only; R scans again")
    XCTAssertEqual(h.app.filesScreen.tree?.mode, .lazy)
    XCTAssertFalse(h.fileRow("alpha").hasPrefix("…"))
    // R scans again.
    h.press("R wait")
    XCTAssertEqual(h.app.filesScreen.tree?.mode, .scanned)
  }

  func testOrderDotFilesSearchAndRefreshAreKeys() throws {
    let path = try makeDirectory()
    var h = try harness(path)
    h.press("wait")
    h.press("o")  // size, folders first
    // The link's size is its target's length: 5 bytes, as .hidden; names decide.
    XCTAssertEqual(h.names, [path, "alpha", "beta", "big.bin", ".hidden", "link → alpha"])
    XCTAssertTrue(h.app.message?.text.hasPrefix("Ordered by size, folders first") == true)
    h.press("O")  // mixed
    XCTAssertEqual(h.names, [path, "big.bin", "alpha", "beta", ".hidden", "link → alpha"])
    h.press("o o")  // date, then name again
    XCTAssertEqual(h.app.filesScreen.tree?.options.ordering, FileOrdering(.name, foldersFirst: false))
    h.press(".")
    XCTAssertFalse(h.names.contains(".hidden"))
    XCTAssertTrue(h.statusBar.contains("dot files hidden"))
    h.press(".")
    XCTAssertTrue(h.names.contains(".hidden"))
    // The search opens the folders that lead to matches; Esc closes them.
    h.press("/ text:one enter")
    XCTAssertEqual(h.names, [path, "alpha", "one.txt"])
    h.press("esc")
    XCTAssertEqual(h.names.count, 6)
    // A file added on disk shows after r.
    try Data(count: 1).write(to: URL(fileURLWithPath: path).appendingPathComponent("new"))
    h.press("home r")
    XCTAssertTrue(h.names.contains("new"), "\(h.names)")
    XCTAssertTrue(h.app.message?.text.contains("rows -0 +1") == true, h.app.message?.text ?? "")
  }

  func testAFolderThatCannotBeOpenedShowsWhyAndEnterRetries() throws {
    let path = try makeDirectory()
    let refuse = LockedFlag(true)
    var options = FileTree.Options()
    options._system.beforeOpening = { relative in relative == Array("alpha".utf8) && refuse.value ? EACCES : nil }
    var h = try harness(path, options: options)
    h.press("wait down enter")
    XCTAssertTrue(h.fileRow("alpha").contains("✗ cannot open: Permission denied (Enter retries)"), h.fileRow("alpha"))
    XCTAssertEqual(h.names.count, 6, "nothing listed inside")
    refuse.value = false
    h.press("enter")
    XCTAssertFalse(h.fileRow("alpha").contains("✗"))
    XCTAssertTrue(h.names.contains("one.txt"))
  }

  func testPrintModeWorksOnTheFileScreen() throws {
    let path = try makeDirectory()
    var options = try DemoOptions.parse([path, "--print", "--keys", "wait o", "--width", "200", "--height", "10"])
    options.printOnly = true
    let text = DemoLaunch.printScreen(
      options, environment: DemoEnvironment(clock: ManualClock(seconds: 100), formConfiguration: fixedConfiguration))
    let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
    XCTAssertEqual(lines.count, 11)
    XCTAssertTrue(lines[1].contains("in 7 entries"), String(lines[1]))
    XCTAssertTrue(text.contains("big.bin"))
  }
}

/// A flag one thread sets and another reads.
final class LockedFlag: @unchecked Sendable {
  private let lock = NSLock()
  private var flag: Bool
  init(_ flag: Bool) { self.flag = flag }
  var value: Bool {
    get { lock.lock(); defer { lock.unlock() }; return flag }
    set { lock.lock(); flag = newValue; lock.unlock() }
  }
}

extension Harness {
  /// The file screen's row names, without size, bar and tree drawing.
  var names: [String] {
    body.dropFirst().compactMap { line -> String? in
      guard let range = line.range(of: "[▾▸▹•] ", options: .regularExpression) else { return nil }
      var name = String(line[range.upperBound...])
      if let problem = name.range(of: "  ✗") { name = String(name[..<problem.lowerBound]) }
      return name.replacingOccurrences(of: "[│█]?$", with: "", options: .regularExpression)
        .trimmingCharacters(in: .whitespaces)
    }
  }

  /// A file-screen row's text from its size on, by name.
  func fileRow(_ name: String) -> String {
    let line = body.dropFirst().first { line in ["•", "▸", "▾", "▹"].contains { line.contains("\($0) \(name)") } } ?? ""
    return line.dropFirst(2).trimmingCharacters(in: .whitespaces)
  }
}
