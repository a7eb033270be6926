import Foundation
import OutlineKit
import XCTest

@testable import OutlineFiles

/// Scans and lazy listings of random trees made on disk, against a naive
/// walker; totals and counts against `du -sb` and `find`.
final class FileTreeScanTests: XCTestCase {
  func testScanMatchesTheNaiveWalkerOnRandomTrees() throws {
    var kinds = Set<FileKind>()
    var entries = 0
    var hardLinks = 0
    let seeds = fileTreeSeeds(count: 10)
    for seed in seeds {
      let root = try makeScratchDirectory(for: self)
      var maker = RandomDiskTree(seed: seed)
      maker.fill(root)
      let reference = ReferenceWalker.read(root)
      let tree = try FileTree.scan(String(decoding: root, as: UTF8.self))
      XCTAssertEqual(tree.mode, .scanned)
      assertTree(tree, matches: reference, seed: seed)
      kinds.formUnion(ReferenceWalker.flatten(reference).values.map(\.kind))
      entries += tree.entryCount(inside: tree.root)
      hardLinks += ReferenceWalker.flatten(reference).values.filter { $0.kind == .file && $0.links > 1 }.count
    }
    // The ten trees were worth checking: every kind made, hard links,
    // hundreds of entries. (A run limited to fewer seeds, as under
    // AddressSanitizer, checks the trees it makes but not these totals.)
    if seeds.count == 10 {
      XCTAssertEqual(kinds, [.file, .folder, .symbolicLink, .pipe])
      XCTAssertGreaterThan(hardLinks, 10)
      XCTAssertGreaterThan(entries, 300)
    }
  }

  func testLazyListingMatchesTheNaiveWalkerOnceEveryFolderIsOpened() throws {
    for seed in fileTreeSeeds(count: 6) {
      let root = try makeScratchDirectory(for: self)
      var maker = RandomDiskTree(seed: seed)
      maker.fill(root)
      let reference = ReferenceWalker.read(root)
      var tree = try FileTree(lazy: String(decoding: root, as: UTF8.self))
      XCTAssertEqual(tree.mode, .lazy)
      // Only the root's entries are read at first.
      XCTAssertEqual(tree.entryCount(inside: tree.root), reference.children?.count, "seed \(seed)")
      var opened = 0
      while let folder = tree.entriesByPath().values.first(where: { tree[$0].isFolder && tree[$0].loadState == .notLoaded }) {
        tree.expandNow(folder)
        opened += 1
        XCTAssertEqual(tree[folder].loadState, .loaded, "seed \(seed)")
        XCTAssertTrue(tree.outline.isExpanded(folder), "seed \(seed)")
      }
      XCTAssertEqual(opened, ReferenceWalker.flatten(reference).values.filter { $0.kind == .folder }.count, "seed \(seed)")
      // Listed by names and kinds; sizes and times are read when asked for
      // (a folder has its own from its listing).
      let all = Array(tree.entriesByPath().values)
      XCTAssertEqual(all.filter { tree[$0].hasDetails }.count, opened, "seed \(seed)")
      let change = tree.readDetails(of: all)
      XCTAssertEqual(change.reloadedRows.count, all.count - opened, "seed \(seed): the rows without details redraw")
      XCTAssertTrue(tree.readDetails(of: all).isEmpty)
      assertTree(tree, matches: reference, seed: seed)
    }
  }

  func testTotalsEqualDuAndCountsEqualFind() throws {
    for seed in fileTreeSeeds(count: 4) {
      let root = try makeScratchDirectory(for: self)
      var maker = RandomDiskTree(seed: seed)
      maker.fill(root)
      let path = String(decoding: root, as: UTF8.self)
      guard let du = runCommand("/usr/bin/du", ["-sb", path]), let find = runCommand("/usr/bin/find", [path])
      else { throw XCTSkip("du or find is not at /usr/bin") }
      let tree = try FileTree.scan(path)
      let duTotal = UInt64(du.prefix(while: { $0.isNumber }))
      XCTAssertEqual(tree[tree.root].size, duTotal, "seed \(seed): du -sb says \(du)")
      // find prints one path per line, and names here may hold newlines:
      // count the entries the naive walker sees, and check find agrees
      // on trees whose names have none.
      let reference = ReferenceWalker.read(root)
      let newlines = ReferenceWalker.flatten(reference).keys.filter { $0.contains(UInt8(ascii: "\n")) }.count
      XCTAssertEqual(
        tree.entryCount(inside: tree.root) + newlines, find.split(separator: "\n").count - 1, "seed \(seed)")
      let duX = runCommand("/usr/bin/du", ["-sbx", path]).map { UInt64($0.prefix(while: { $0.isNumber })) }
      var options = FileTree.Options()
      options.staysOnFileSystem = true
      XCTAssertEqual(try FileTree.scan(path, options: options)[tree.root].size, duX ?? nil, "seed \(seed)")
    }
  }

  func testARealDirectoryMatchesDu() throws {
    // A directory of the machine's own, when it does not change meanwhile.
    let path = "/opt/swift/usr/include"
    guard FileManager.default.fileExists(atPath: path), let du = runCommand("/usr/bin/du", ["-sb", path]) else {
      throw XCTSkip("no \(path) or du")
    }
    let tree = try FileTree.scan(path)
    XCTAssertEqual(tree[tree.root].size, UInt64(du.prefix(while: { $0.isNumber })))
    let reference = ReferenceWalker.read(bytes(path))
    XCTAssertEqual(tree.entryCount(inside: tree.root), ReferenceWalker.flatten(reference).count)
  }

  /// A scan on every core reads what a scan on one thread reads, entry for
  /// entry: name, kind, size (folders' totals), time, flags (which link of
  /// a multi-link file counts, hidden, loaded), problem, link target, and
  /// the order; on random trees whose hard links cross subfolders, and on
  /// a real directory of the machine's.
  func testScansOnEveryCoreReadWhatAScanOnOneThreadReads() throws {
    var paths: [String] = []
    for seed in fileTreeSeeds(count: 6) {
      let root = try makeScratchDirectory(for: self)
      var maker = RandomDiskTree(seed: seed)
      maker.fill(root)
      // Hard links from one subfolder into others, so that which link
      // counts depends on the order the parts are put together in.
      let folders = Disk.names(in: root).filter { name in
        var status = stat()
        return withPath(join(root, name)) { lstat($0, &status) } == 0 && (status.st_mode & S_IFMT) == S_IFDIR
      }
      for (k, folder) in folders.enumerated() {
        let file = join(join(root, folder), bytes("shared-\(k)"))
        Disk.writeFile(file, size: 1000 + k)
        for other in folders where other != folder { Disk.makeHardLink(file, at: join(join(root, other), bytes("link-\(k)"))) }
        Disk.makeHardLink(file, at: join(root, bytes("top-link-\(k)")))
      }
      paths.append(String(decoding: root, as: UTF8.self))
    }
    paths.append("/opt/swift/usr/include")
    for (k, path) in paths.enumerated() where FileManager.default.fileExists(atPath: path) {
      var one = FileTree.Options(ordering: FileOrdering(.size))
      one._scanCores = 1
      if k % 2 == 1 {
        // Folders that cannot be opened or read, at the root's level and
        // below: the same problems, counted once.
        one._system.beforeOpening = { relative in relative.count % 5 == 1 ? EACCES : nil }
        one._system.failsReading = { relative in relative.count % 7 == 2 ? EIO : nil }
      }
      let (reference, referenceProgress) = try Self.scanRecordingProgress(path, options: one)
      for cores in [2, 3, 8] {
        var every = one
        every._scanCores = cores
        let (tree, progress) = try Self.scanRecordingProgress(path, options: every)
        let context = "\(path), \(cores) cores"
        XCTAssertEqual(Self.describe(tree), Self.describe(reference), context)
        let (last, expected) = (progress.last!, referenceProgress.last!)
        XCTAssertEqual([last.entries, last.folders, last.problems], [expected.entries, expected.folders, expected.problems], context)
        XCTAssertTrue(last.isFinished, context)
        XCTAssertEqual(progress.filter(\.isFinished).count, 1, "\(context): finished once, at the end")
        XCTAssertEqual(progress.map(\.entries), progress.map(\.entries).sorted(), "\(context): reports in order")
      }
    }
  }

  /// A scan and every progress report it made, in order.
  static func scanRecordingProgress(_ path: String, options: FileTree.Options) throws -> (FileTree, [FileScanProgress]) {
    let reports = ProgressLog()
    let tree = try FileTree.scan(path, options: options) { reports.append($0) }
    return (tree, reports.all)
  }

  /// Every entry of a tree in preorder, with everything it shows.
  static func describe(_ tree: FileTree) -> [String] {
    var lines: [String] = []
    var pending = [tree.root]
    while let id = pending.popLast() {
      let entry = tree[id]
      lines.append(
        "\(tree.outline.depth(of: id)) \(tree.name(of: id)) \(entry.kind) \(entry.size) \(entry.modified) \(entry._flags.rawValue) \(entry._problemOperation)/\(entry._problemCode) \(tree.target(of: id).map(String.init(describing:)) ?? "-")"
      )
      pending += tree.outline.children(of: id).reversed()
    }
    return lines
  }

  func testEntriesAreSmall() {
    XCTAssertEqual(MemoryLayout<FileEntry>.size, 32)
    // The outline keeps its payloads as optionals: no byte more.
    XCTAssertEqual(MemoryLayout<FileEntry?>.stride, 32)
  }
}

/// Progress reports gathered from the scanning threads.
private final class ProgressLog: @unchecked Sendable {
  private let lock = NSLock()
  private var reports: [FileScanProgress] = []

  func append(_ progress: FileScanProgress) { lock.withLock { reports.append(progress) } }

  var all: [FileScanProgress] { lock.withLock { reports } }
}
