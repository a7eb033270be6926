import Foundation
import OutlineKit
import XCTest

@testable import OutlineFiles

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import OutlineTestSupport

// MARK: - Random numbers

/// Seeds for the random file trees: a fixed list, or `OUTLINE_SEED` alone
/// (`OUTLINE_SEED_LIMIT=n` keeps the first n, as the engine's tests do).
func fileTreeSeeds(count: Int) -> [UInt64] {
  if let text = ProcessInfo.processInfo.environment["OUTLINE_SEED"], let seed = UInt64(text) { return [seed] }
  let limit = ProcessInfo.processInfo.environment["OUTLINE_SEED_LIMIT"].flatMap(Int.init).map { max(1, $0) } ?? count
  return (0 ..< UInt64(min(count, limit))).map { $0 &* 0x9E37_79B9 &+ 29 }
}

// MARK: - Paths as bytes

/// A path or name as bytes (names in these tests need not be UTF-8).
typealias Bytes = [UInt8]

func bytes(_ string: String) -> Bytes { Array(string.utf8) }

func join(_ parent: Bytes, _ name: Bytes) -> Bytes { parent + [UInt8(ascii: "/")] + name }

/// Calls `body` with a path as a C string.
func withPath<R>(_ path: Bytes, _ body: (UnsafePointer<CChar>) -> R) -> R {
  (path + [0]).withUnsafeBufferPointer { $0.withMemoryRebound(to: CChar.self) { body($0.baseAddress!) } }
}

/// Fails the test unless a system call returned 0 (or more).
func check(_ result: Int32, _ what: String, _ path: Bytes, file: StaticString = #filePath, line: UInt = #line) {
  if result < 0 {
    XCTFail("\(what) \(String(decoding: path, as: UTF8.self)): \(String(cString: strerror(errno)))", file: file, line: line)
  }
}

enum Disk {
  static func makeFolder(_ path: Bytes) { check(withPath(path) { mkdir($0, 0o755) }, "mkdir", path) }

  static func writeFile(_ path: Bytes, size: Int, fill: UInt8 = 0x61) {
    let fd = withPath(path) { open($0, O_WRONLY | O_CREAT | O_TRUNC, 0o644) }
    check(fd, "open", path)
    guard fd >= 0 else { return }
    if size > 0 {
      let data = Bytes(repeating: fill, count: size)
      _ = data.withUnsafeBytes { write(fd, $0.baseAddress!, size) }
    }
    close(fd)
  }

  static func makeSymlink(_ target: Bytes, at path: Bytes) {
    check(withPath(target) { t in withPath(path) { symlink(t, $0) } }, "symlink", path)
  }

  static func makeHardLink(_ existing: Bytes, at path: Bytes) {
    check(withPath(existing) { e in withPath(path) { link(e, $0) } }, "link", path)
  }

  static func fifo(_ path: Bytes) { check(withPath(path) { mkfifo($0, 0o644) }, "mkfifo", path) }

  static func remove(_ path: Bytes) { check(withPath(path) { unlink($0) }, "unlink", path) }

  /// Removes a whole tree, whatever its names.
  static func removeTree(_ path: Bytes) {
    var status = stat()
    guard withPath(path, { lstat($0, &status) }) == 0 else { return }
    if status.st_mode & S_IFMT == S_IFDIR {
      _ = withPath(path) { chmod($0, 0o755) }
      for name in names(in: path) { removeTree(join(path, name)) }
      _ = withPath(path) { rmdir($0) }
    } else {
      _ = withPath(path) { unlink($0) }
    }
  }

  static func move(_ from: Bytes, _ to: Bytes) {
    check(withPath(from) { f in withPath(to) { rename(f, $0) } }, "rename", from)
  }

  /// The names in a folder, in the order `readdir` gives them.
  static func names(in path: Bytes) -> [Bytes] {
    guard let directory = withPath(path, { opendir($0) }) else { return [] }
    defer { closedir(directory) }
    var names: [Bytes] = []
    while let record = readdir(directory) {
      // The record may end before a whole `d_name` array: read up to its
      // terminating zero only.
      let start = UnsafeRawPointer(record) + MemoryLayout<dirent>.offset(of: \dirent.d_name)!
      let name = Bytes(UnsafeRawBufferPointer(start: start, count: strlen(start.assumingMemoryBound(to: CChar.self))))
      if name != [0x2E] && name != [0x2E, 0x2E] { names.append(name) }
    }
    return names
  }
}

/// A fresh directory for one test, removed at its end (the path is UTF-8;
/// names inside it need not be).
func makeScratchDirectory(for testCase: XCTestCase) throws -> Bytes {
  let url = try makeTemporaryDirectory { testCase.addTeardownBlock($0) }
  _ = withPath(bytes(url.path)) { chmod($0, 0o755) }
  let path = bytes(url.path)
  testCase.addTeardownBlock { Disk.removeTree(path) }
  return path
}

// MARK: - Random trees on disk

/// Makes a random tree of folders, files of random sizes, names with
/// spaces, newlines, digits and bytes that are not UTF-8, dot files,
/// symbolic links that dangle, loop or point up, hard links and FIFOs.
struct RandomDiskTree {
  var random: SplitMix64
  var maximumDepth = 4
  var maximumFanOut = 6
  /// Every file made so far, for hard links.
  private(set) var files: [Bytes] = []
  private var serial = 0

  init(seed: UInt64) { random = SplitMix64(seed: seed) }

  /// A name no sibling has: plain, with a space, a newline, numbers,
  /// invalid UTF-8, a leading dot.
  mutating func name() -> Bytes {
    serial += 1
    let tag = bytes("\(serial)")
    switch random.int(in: 0 ... 9) {
    case 0: return bytes("with space ") + tag
    case 1: return bytes("new\nline") + tag
    case 2: return [0x66, 0xE9, 0x74, 0x65] + tag  // Latin-1 "fête"
    case 3: return [0xFF, 0xFE] + tag
    case 4: return bytes(".hidden") + tag
    case 5: return bytes("file") + bytes("\(random.int(in: 0 ... 120))") + bytes("_") + tag
    case 6: return bytes("Caf\u{E9} ") + tag
    case 7: return bytes("IMG_00") + tag
    default: return bytes(random.pick(["alpha", "Beta", "gamma", "delta9", "x"])) + bytes("-") + tag
    }
  }

  /// Fills `folder` with random entries, `depth` levels deep at most.
  mutating func fill(_ folder: Bytes, depth: Int = 0) {
    // A wide top level, so that every tree has something in it.
    let count = depth == 0 ? random.int(in: maximumFanOut ... 3 * maximumFanOut) : random.int(in: 0 ... maximumFanOut)
    for _ in 0 ..< count {
      let path = join(folder, name())
      switch random.int(in: 0 ... 11) {
      case 0 ... 3 where depth < maximumDepth:
        Disk.makeFolder(path)
        fill(path, depth: depth + 1)
      case 3:
        Disk.makeFolder(path)  // an empty folder
      case 4:
        Disk.makeSymlink(bytes("nowhere/") + name(), at: path)  // dangling
      case 5:
        // A loop: the link points at itself, or two links at each other.
        if random.chance(0.5) {
          Disk.makeSymlink(path.split(separator: UInt8(ascii: "/")).last.map(Array.init)!, at: path)
        } else {
          let other = join(folder, name())
          Disk.makeSymlink(other.split(separator: UInt8(ascii: "/")).last.map(Array.init)!, at: path)
          Disk.makeSymlink(path.split(separator: UInt8(ascii: "/")).last.map(Array.init)!, at: other)
        }
      case 6:
        Disk.makeSymlink(bytes(".."), at: path)  // up: followed, it would never end
      case 7 where !files.isEmpty:
        Disk.makeHardLink(random.pick(files), at: path)
      case 8:
        Disk.fifo(path)
      default:
        Disk.writeFile(path, size: random.chance(0.2) ? 0 : random.int(in: 1 ... 9_000))
        files.append(path)
      }
    }
  }
}

// MARK: - The naive reference walker

/// What the tests expect of one entry, read the simplest way: `lstat`
/// and `readlink` on full paths, `opendir` / `readdir` on full paths,
/// recursion.
struct ReferenceEntry: Equatable, CustomStringConvertible {
  var path: Bytes
  var kind: FileKind
  var size: UInt64
  var modified: Int64
  var target: Bytes?
  var device: UInt64
  var inode: UInt64
  var links: UInt64
  var children: [ReferenceEntry]?

  var description: String { String(decoding: path, as: UTF8.self) }
}

/// A status's modification time in nanoseconds since 1970.
func modificationTime(_ status: stat) -> Int64 {
  #if canImport(Darwin)
  let time = status.st_mtimespec
  #else
  let time = status.st_mtim
  #endif
  return Int64(time.tv_sec) * 1_000_000_000 + Int64(time.tv_nsec)
}

enum ReferenceWalker {
  /// Reads `path` and everything below it; paths are relative to it.
  static func read(_ root: Bytes) -> ReferenceEntry {
    read(root, relative: [])
  }

  private static func read(_ full: Bytes, relative: Bytes) -> ReferenceEntry {
    var status = stat()
    precondition(withPath(full, { lstat($0, &status) }) == 0, "reference: cannot lstat")
    let kind = FileKind(mode: UInt32(status.st_mode))
    var entry = ReferenceEntry(
      path: relative, kind: kind, size: UInt64(status.st_size),
      modified: modificationTime(status), target: nil,
      device: UInt64(status.st_dev), inode: UInt64(status.st_ino), links: UInt64(status.st_nlink), children: nil)
    if kind == .symbolicLink {
      var buffer = [CChar](repeating: 0, count: 4097)
      let count = withPath(full) { readlink($0, &buffer, 4096) }
      entry.target = buffer.prefix(max(0, count)).map { UInt8(bitPattern: $0) }
    }
    if kind == .folder {
      entry.children = Disk.names(in: full).map { name in
        read(join(full, name), relative: relative.isEmpty ? name : join(relative, name))
      }
    }
    return entry
  }

  /// Every entry below the root (not the root), by path.
  static func flatten(_ root: ReferenceEntry) -> [Bytes: ReferenceEntry] {
    var all: [Bytes: ReferenceEntry] = [:]
    var stack = root.children ?? []
    while let entry = stack.popLast() {
      all[entry.path] = entry
      stack += entry.children ?? []
    }
    return all
  }

  /// What `du -sb` prints: every entry's size, a multi-link file once.
  static func total(_ root: ReferenceEntry) -> UInt64 {
    var seen = Set<[UInt64]>()
    var total: UInt64 = 0
    var stack = [root]
    while let entry = stack.popLast() {
      if entry.kind != .folder && entry.links > 1 && !seen.insert([entry.device, entry.inode]).inserted { continue }
      total += entry.size
      stack += entry.children ?? []
    }
    return total
  }
}

// MARK: - Reading a FileTree back

extension FileTree {
  /// Every entry below the root, by path below the root.
  func entriesByPath() -> [Bytes: NodeID] {
    var all: [Bytes: NodeID] = [:]
    var stack: [(NodeID, Bytes)] = outline.children(of: root).map { ($0, name(of: $0).bytes) }
    while let (id, path) = stack.popLast() {
      all[path] = id
      stack += outline.children(of: id).map { ($0, join(path, name(of: $0).bytes)) }
    }
    return all
  }

  /// The visible rows as paths below the root.
  func rowPaths() -> [Bytes] {
    outline.rows.map { relativePath(of: $0) }
  }
}

/// Natural order written the plain way: names cut into tokens (numbers
/// as values, other bytes folded to lower case), compared token by token,
/// then by leading zeros, then by bytes.
func referenceNaturalOrder(_ a: Bytes, _ b: Bytes) -> Int {
  enum Token: Comparable {
    case number(digits: Bytes)  // without leading zeros
    case byte(UInt8)

    static func < (lhs: Token, rhs: Token) -> Bool {
      switch (lhs, rhs) {
      case (.number(let x), .number(let y)): return x.count != y.count ? x.count < y.count : x.lexicographicallyPrecedes(y)
      case (.number, .byte(let y)): return UInt8(ascii: "0") < y
      case (.byte(let x), .number): return x < UInt8(ascii: "0")
      case (.byte(let x), .byte(let y)): return x < y
      }
    }
  }
  func tokens(_ name: Bytes) -> (tokens: [Token], zeros: [Int]) {
    var tokens: [Token] = []
    var zeros: [Int] = []
    var i = 0
    while i < name.count {
      if (0x30 ... 0x39).contains(name[i]) {
        var j = i
        while j < name.count && (0x30 ... 0x39).contains(name[j]) { j += 1 }
        let run = Bytes(name[i ..< j])
        let significant = Bytes(run.drop(while: { $0 == 0x30 }))
        tokens.append(.number(digits: significant))
        zeros.append(run.count - significant.count)
        i = j
      } else {
        let byte = name[i]
        tokens.append(.byte((0x41 ... 0x5A).contains(byte) ? byte + 0x20 : byte))
        i += 1
      }
    }
    return (tokens, zeros)
  }
  let (ta, za) = tokens(a)
  let (tb, zb) = tokens(b)
  if ta != tb { return ta.lexicographicallyPrecedes(tb) ? -1 : 1 }
  if za != zb { return za.lexicographicallyPrecedes(zb) ? -1 : 1 }
  if a == b { return 0 }
  return a.lexicographicallyPrecedes(b) ? -1 : 1
}

/// The output of a command, or nil when it cannot be run.
func runCommand(_ executable: String, _ arguments: [String]) -> String? {
  guard FileManager.default.isExecutableFile(atPath: executable) else { return nil }
  let process = Process()
  process.executableURL = URL(fileURLWithPath: executable)
  process.arguments = arguments
  let pipe = Pipe()
  process.standardOutput = pipe
  process.standardError = FileHandle.nullDevice
  do { try process.run() } catch { return nil }
  let data = pipe.fileHandleForReading.readDataToEndOfFile()
  process.waitUntilExit()
  return String(decoding: data, as: UTF8.self)
}

// MARK: - Checking a tree against the walker

extension XCTestCase {
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

  /// Each folder's entries are in the tree's ordering (only the folders
  /// whose entries show, with `showingOnly`).
  func assertOrdered(
    _ tree: FileTree, seed: UInt64, showingOnly: Bool = false, file: StaticString = #filePath, line: UInt = #line
  ) {
    let ordering = tree.options.ordering
    var stack = [tree.root]
    while let folder = stack.popLast() {
      let children = Array(tree.outline.children(of: folder))
      stack += children
      if showingOnly && !(tree.outline.isExpanded(folder) && tree.outline.row(of: folder) != nil) { continue }
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
