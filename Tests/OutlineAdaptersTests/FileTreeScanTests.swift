import Foundation
import OutlineKit
import XCTest

@testable import OutlineAdapters

/// Scans and lazy listings of random trees made on disk, against a naive
/// walker; totals and counts against `du -sb` and `find`.
final class FileTreeScanTests: XCTestCase {
  func testScanMatchesTheNaiveWalkerOnRandomTrees() throws {
    var kinds = Set<FileKind>()
    var entries = 0
    var hardLinks = 0
    for seed in fileTreeSeeds(count: 10) {
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
    // The trees were worth checking: every kind made, hard links, hundreds of entries.
    XCTAssertEqual(kinds, [.file, .folder, .symbolicLink, .pipe])
    XCTAssertGreaterThan(hardLinks, 10)
    XCTAssertGreaterThan(entries, 300)
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

  func testEntriesAreSmall() {
    XCTAssertEqual(MemoryLayout<FileEntry>.size, 32)
    // The outline keeps its payloads as optionals: no byte more.
    XCTAssertEqual(MemoryLayout<FileEntry?>.stride, 32)
  }

  // MARK: Checking a tree against the walker

  /// Every entry is there with the walker's facts; folder totals add up,
  /// a multi-link file counts once, each folder is in natural order.
  func assertTree(
    _ tree: FileTree, matches reference: ReferenceEntry, seed: UInt64, file: StaticString = #filePath, line: UInt = #line
  ) {
    let expected = ReferenceWalker.flatten(reference)
    let actual = tree.entriesByPath()
    XCTAssertEqual(Set(actual.keys), Set(expected.keys), "seed \(seed): paths", file: file, line: line)
    XCTAssertEqual(tree.entryCount(inside: tree.root), expected.count, "seed \(seed)", file: file, line: line)
    let scanned = tree.mode == .scanned
    var counted: [[UInt64]: Int] = [:]
    for (path, id) in actual {
      guard let want = expected[path] else { continue }
      let entry = tree[id]
      let label = "seed \(seed): \(FileName(bytes: path))"
      XCTAssertEqual(entry.kind, want.kind, label, file: file, line: line)
      XCTAssertEqual(entry.modified, want.modified, label, file: file, line: line)
      XCTAssertNil(entry.problem, label, file: file, line: line)
      XCTAssertEqual(tree.name(of: id).bytes, Array(path.split(separator: UInt8(ascii: "/")).last!), label, file: file, line: line)
      XCTAssertEqual(tree.relativePath(of: id), path, label, file: file, line: line)
      XCTAssertEqual(tree.target(of: id)?.bytes, want.target, label, file: file, line: line)
      XCTAssertEqual(entry.isHidden, path.split(separator: UInt8(ascii: "/")).last!.first == UInt8(ascii: "."), label)
      if entry.isFolder {
        XCTAssertEqual(entry.loadState, .loaded, label, file: file, line: line)
        XCTAssertEqual(entry.isTotal, scanned, label, file: file, line: line)
        if !scanned { XCTAssertEqual(entry.size, want.size, label, file: file, line: line) }
      } else {
        XCTAssertEqual(entry.size, want.size, label, file: file, line: line)
        if want.links > 1 && scanned && !entry.isCountedElsewhere { counted[[want.device, want.inode], default: 0] += 1 }
        if !scanned { XCTAssertFalse(entry.isCountedElsewhere, label, file: file, line: line) }
      }
    }
    guard scanned else { return }
    // A multi-link file counts at exactly one of its links.
    var linked = Set<[UInt64]>()
    for entry in expected.values where entry.kind != .folder && entry.links > 1 { linked.insert([entry.device, entry.inode]) }
    for inode in linked { XCTAssertEqual(counted[inode], 1, "seed \(seed): inode \(inode)", file: file, line: line) }
    XCTAssertEqual(tree[tree.root].size, ReferenceWalker.total(reference), "seed \(seed): root total", file: file, line: line)
    // Each folder: its own entry plus what its entries count.
    for (path, id) in actual.merging([[]: tree.root], uniquingKeysWith: { a, _ in a }) where tree[id].isFolder {
      let own = path.isEmpty ? reference.size : expected[path]!.size
      let inside = tree.outline.children(of: id).reduce(UInt64(0)) { $0 + tree[$1].countedSize }
      XCTAssertEqual(tree[id].size, own + inside, "seed \(seed): total of \(FileName(bytes: path))", file: file, line: line)
    }
    assertOrdered(tree, seed: seed, file: file, line: line)
  }

  /// Each folder's entries are in the tree's ordering.
  func assertOrdered(_ tree: FileTree, seed: UInt64, file: StaticString = #filePath, line: UInt = #line) {
    let ordering = tree.options.ordering
    var stack = [tree.root]
    while let folder = stack.popLast() {
      let children = Array(tree.outline.children(of: folder))
      stack += children
      for (a, b) in zip(children, children.dropFirst()) {
        let x = tree[a]
        let y = tree[b]
        let nameOrder = referenceNaturalOrder(tree.name(of: a).bytes, tree.name(of: b).bytes)
        var ok: Bool
        if ordering.foldersFirst && x.isFolder != y.isFolder {
          ok = x.isFolder
        } else {
          switch ordering.key {
          case .name: ok = nameOrder < 0
          case .size: ok = x.size > y.size || (x.size == y.size && nameOrder < 0)
          case .modified: ok = x.modified > y.modified || (x.modified == y.modified && nameOrder < 0)
          }
        }
        XCTAssertTrue(ok, "seed \(seed): \(tree.name(of: a)) before \(tree.name(of: b)) in \(ordering)", file: file, line: line)
      }
    }
  }
}
