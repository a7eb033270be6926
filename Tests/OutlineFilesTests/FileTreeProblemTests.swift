import Foundation
import OutlineKit
import XCTest

@testable import OutlineFiles

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Folders that vanish, turn into files or links, refuse to open or fail
/// while read; roots that are not folders; trees deeper than the open
/// folder limit. Never a crash: the problem shows on its row.
final class FileTreeProblemTests: XCTestCase {
  /// root/{a/{inner/deep, file}, b/file, c}
  private func makeTree() throws -> (root: Bytes, path: String) {
    let root = try makeScratchDirectory(for: self)
    Disk.makeFolder(join(root, bytes("a")))
    Disk.makeFolder(join(root, bytes("a/inner")))
    Disk.writeFile(join(root, bytes("a/inner/deep")), size: 100)
    Disk.writeFile(join(root, bytes("a/file")), size: 10)
    Disk.makeFolder(join(root, bytes("b")))
    Disk.writeFile(join(root, bytes("b/file")), size: 20)
    Disk.writeFile(join(root, bytes("c")), size: 30)
    return (root, String(decoding: root, as: UTF8.self))
  }

  /// Options whose hook changes the disk (or fails) just before `target`
  /// is opened.
  private func options(before target: String, _ action: @escaping @Sendable () -> Int32?) -> FileTree.Options {
    var options = FileTree.Options()
    options._system.beforeOpening = { path in path == bytes(target) ? action() : nil }
    return options
  }

  private func id(_ tree: FileTree, _ path: String) -> FileTree.NodeID {
    tree.entriesByPath()[bytes(path)]!
  }

  func testAFolderRemovedJustBeforeItIsOpenedShowsAsVanished() throws {
    let (root, path) = try makeTree()
    let tree = try FileTree.scan(path, options: options(before: "a") { Disk.removeTree(join(root, bytes("a"))); return nil })
    let a = id(tree, "a")
    XCTAssertEqual(tree[a].problem?.isVanished, true)
    XCTAssertEqual(tree[a].problem?.description, "vanished while being read")
    XCTAssertEqual(tree[a].loadState, .notLoaded)
    XCTAssertEqual(tree.entryCount(inside: a), 0)
    // The rest was read as usual, and the total counts what was seen.
    XCTAssertEqual(tree[id(tree, "b")].size, 4096 + 20)
    XCTAssertEqual(tree.entryCount(inside: tree.root), 4)  // a, b, b/file, c
  }

  func testAFolderReplacedByAFileOrALinkIsNotAFolderAnyMore() throws {
    for replacement in ["file", "link"] {
      let (root, path) = try makeTree()
      let a = join(root, bytes("a"))
      let tree = try FileTree.scan(
        path,
        options: options(before: "a") {
          Disk.removeTree(a)
          // A link to a real folder: followed, it would be read as one.
          if replacement == "file" { Disk.writeFile(a, size: 5) } else { Disk.makeSymlink(bytes("b"), at: a) }
          return nil
        })
      let problem = try XCTUnwrap(tree[id(tree, "a")].problem, replacement)
      XCTAssertTrue(problem.isNotAFolder, "\(replacement): \(problem.code)")
      XCTAssertEqual(problem.description, "not a folder any more")
      XCTAssertEqual(tree.entryCount(inside: id(tree, "a")), 0, replacement)
    }
  }

  func testAFolderThatCannotBeOpenedKeepsItsProblemOnItsRow() throws {
    let (_, path) = try makeTree()
    let tree = try FileTree.scan(path, options: options(before: "a/inner") { EACCES })
    let inner = id(tree, "a/inner")
    XCTAssertEqual(tree[inner].problem, FileProblem(.open, code: EACCES))
    XCTAssertTrue(tree[inner].problem!.isPermissionDenied)
    XCTAssertEqual(tree[inner].problem?.description, "cannot open: \(String(cString: strerror(EACCES)))")
    XCTAssertEqual(tree[inner].loadState, .notLoaded)
    // As du does: the folder's own entry counts, nothing inside it.
    XCTAssertEqual(tree[inner].size, 4096)
    XCTAssertEqual(tree[id(tree, "a")].size, 4096 + 4096 + 10)
    XCTAssertNil(tree[id(tree, "b")].problem)
  }

  func testAFolderThatPermissionsCloseIsReadAsDuReadsIt() throws {
    // Tests run as root, which permissions do not stop: drop to nobody
    // for the scan when the system allows it.
    let (root, path) = try makeTree()
    let locked = join(root, bytes("a/inner"))
    _ = withPath(locked) { chmod($0, 0) }
    defer { _ = withPath(locked) { chmod($0, 0o755) } }
    let tree: FileTree
    if geteuid() == 0 {
      guard seteuid(65534) == 0 else { throw XCTSkip("cannot drop privileges") }
      defer { _ = seteuid(0) }
      tree = try FileTree.scan(path)
    } else {
      tree = try FileTree.scan(path)
    }
    XCTAssertEqual(tree[id(tree, "a/inner")].problem, FileProblem(.open, code: EACCES))
    XCTAssertEqual(tree[id(tree, "a")].size, 4096 + 4096 + 10)
    if geteuid() == 0, let du = runCommand("/usr/bin/su", ["nobody", "-s", "/bin/sh", "-c", "du -sb '\(path)'"]) {
      XCTAssertEqual(tree[tree.root].size, UInt64(du.prefix(while: { $0.isNumber })), du)
    }
  }

  func testAReadThatFailsHalfWayKeepsWhatItReadAndItsProblem() throws {
    let (_, path) = try makeTree()
    var options = FileTree.Options()
    options._system.failsReading = { $0 == bytes("a") ? EIO : nil }
    let tree = try FileTree.scan(path, options: options)
    let a = id(tree, "a")
    XCTAssertEqual(tree[a].problem, FileProblem(.read, code: EIO))
    XCTAssertEqual(tree[a].loadState, .notLoaded)
    XCTAssertEqual(tree.outline.children(of: a).count, 1)  // the first entry only
    XCTAssertNil(tree[tree.root].problem)
  }

  func testARootThatIsMissingOrNotAFolderThrowsWithItsPath() throws {
    let (root, path) = try makeTree()
    XCTAssertThrowsError(try FileTree(lazy: path + "/missing")) { error in
      let problem = error as? FileProblem
      XCTAssertEqual(problem?.isVanished, true)
      XCTAssertEqual(problem?.description, path + "/missing: vanished while being read")
    }
    XCTAssertThrowsError(try FileTree.scan(String(decoding: join(root, bytes("c")), as: UTF8.self))) { error in
      XCTAssertEqual((error as? FileProblem)?.isNotAFolder, true)
    }
  }

  func testTreesDeeperThanTheOpenFolderLimitAreReadWhole() throws {
    for seed in fileTreeSeeds(count: 4) {
      let root = try makeScratchDirectory(for: self)
      var maker = RandomDiskTree(seed: seed)
      maker.maximumDepth = 9
      maker.fill(root)
      // A chain deeper than any limit here, with a side folder at each level.
      var chain = root
      for level in 0 ..< 12 {
        chain = join(chain, bytes("level\(level)"))
        Disk.makeFolder(chain)
        Disk.makeFolder(join(chain.dropLast(bytes("level\(level)").count + 1).map { $0 }, bytes("side\(level)")))
        Disk.writeFile(join(chain, bytes("f")), size: level)
      }
      for limit in [1, 2, 3] {
        var options = FileTree.Options()
        options._maximumOpenFolders = limit
        let tree = try FileTree.scan(String(decoding: root, as: UTF8.self), options: options)
        assertTree(tree, matches: ReferenceWalker.read(root), seed: seed)
      }
    }
  }

  func testAFolderMovedAwayWhileItsSubfoldersAreReadStopsThere() throws {
    let root = try makeScratchDirectory(for: self)
    let a = join(root, bytes("a"))
    Disk.makeFolder(a)
    for name in ["b1", "b2", "b3", "b4"] {
      Disk.makeFolder(join(a, bytes(name)))
      Disk.makeFolder(join(a, bytes(name + "/c")))
      Disk.makeFolder(join(a, bytes(name + "/c/d")))
    }
    // The scanner reads a's subfolders in the order readdir gives.
    let first = Disk.names(in: a)[0]
    var options = FileTree.Options()
    options._maximumOpenFolders = 2
    options._system.beforeOpening = { path in
      // While a/first/c is read, a/first moves to the root: its `..` is no
      // longer a, which the scan had closed and now cannot find again.
      if path == bytes("a/") + first + bytes("/c") { Disk.move(join(a, first), join(root, bytes("moved"))) }
      return nil
    }
    let tree = try FileTree.scan(String(decoding: root, as: UTF8.self), options: options)
    let folder = id(tree, "a")
    XCTAssertEqual(tree[folder].problem?.operation, .reopen)
    XCTAssertEqual(tree[folder].problem?.description, "moved while being read")
    let unread = tree.outline.children(of: folder).filter { tree.name(of: $0).bytes != first }
    XCTAssertEqual(unread.count, 3)
    for id in unread { XCTAssertEqual(tree[id].loadState, .notLoaded) }
  }

  func testACancelledScanStopsBeforeTheNextFolder() throws {
    let (_, path) = try makeTree()
    let entered = DispatchSemaphore(value: 0)
    let proceed = DispatchSemaphore(value: 0)
    var options = FileTree.Options()
    options._system.beforeOpening = { _ in
      entered.signal()
      proceed.wait()
      return nil
    }
    let scan = FileScan(root: path, options: options)
    entered.wait()
    XCTAssertNil(scan.result)
    scan.cancel()
    proceed.signal()
    // The hook runs once per folder still opened; let them all through.
    for _ in 0 ..< 8 { proceed.signal() }
    let result = scan.wait()
    XCTAssertThrowsError(try result.get()) { XCTAssertTrue($0 is CancellationError, "\($0)") }
    XCTAssertTrue(scan.isCancelled)
  }

  func testAScanReportsItsProgressAndEndsWithTheTree() async throws {
    let root = try makeScratchDirectory(for: self)
    // Enough entries for several reports.
    for folder in 0 ..< 3 {
      let path = join(root, bytes("f\(folder)"))
      Disk.makeFolder(path)
      for file in 0 ..< 3_000 { Disk.writeFile(join(path, bytes("\(file)")), size: 0) }
    }
    let path = String(decoding: root, as: UTF8.self)
    let reports = LockedList<FileScanProgress>()
    let tree = try FileTree.scan(path) { reports.append($0) }
    let seen = reports.values
    XCTAssertGreaterThanOrEqual(seen.count, 3)
    XCTAssertEqual(seen.last?.isFinished, true)
    XCTAssertEqual(seen.last?.entries, 9_003)
    XCTAssertEqual(seen.last?.folders, 4)
    XCTAssertEqual(seen.map(\.entries), seen.map(\.entries).sorted())
    XCTAssertEqual(tree.entryCount(inside: tree.root), 9_003)
    // The same through a FileScan and through async.
    let scan = FileScan(root: path)
    let scanned = try scan.wait().get()
    XCTAssertEqual(scanned[scanned.root].size, tree[tree.root].size)
    XCTAssertEqual(scan.progress.isFinished, true)
    XCTAssertEqual(scan.progress.entries, 9_003)
    let awaited = try await FileTree.scan(path)
    XCTAssertEqual(awaited[awaited.root].size, tree[tree.root].size)
  }
}

/// A list that threads append to.
final class LockedList<Element>: @unchecked Sendable {
  private let lock = NSLock()
  private var elements: [Element] = []

  func append(_ element: Element) {
    lock.lock()
    elements.append(element)
    lock.unlock()
  }

  var values: [Element] {
    lock.lock()
    defer { lock.unlock() }
    return elements
  }
}
