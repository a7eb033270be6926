import Foundation
import OutlineKit
import XCTest

@testable import OutlineFiles
import OutlineTestSupport

/// Refreshing after random changes on disk: the tree matches the disk
/// again, and the change is minimal and valid for a table view.
final class FileTreeRefreshTests: XCTestCase {
  func testRefreshAfterRandomChangesGivesTheMinimalChange() throws {
    for mode in [FileTree.Mode.scanned, .lazy] {
      for seed in fileTreeSeeds(count: 8) {
        let root = try makeScratchDirectory(for: self)
        var maker = RandomDiskTree(seed: seed)
        maker.fill(root)
        var tree = try open(root, mode, random: &maker.random)
        for round in 0 ..< 3 {
          let label = "\(mode) seed \(seed) round \(round)"
          let before = Snapshot(tree)
          changeDisk(root, using: &maker, count: maker.random.int(in: 1 ... 8))
          let change = tree.refresh(tree.root)
          assertMinimal(change, from: before, to: tree, label)
          if mode == .scanned {
            assertTree(tree, matches: ReferenceWalker.read(root), seed: seed)
          } else {
            assertLoadedFoldersMatchDisk(tree, root: root, label)
          }
          XCTAssertTrue(tree.refresh(tree.root).isEmpty, "\(label): a second refresh changes nothing")
          tree.outline._checkInvariants()
        }
      }
    }
  }

  func testRefreshingOneFolderRescansItAndMovesTheTotalsAbove() throws {
    for seed in fileTreeSeeds(count: 6) {
      let root = try makeScratchDirectory(for: self)
      var maker = RandomDiskTree(seed: seed)
      maker.fill(root)
      var tree = try open(root, .scanned, random: &maker.random)
      let folders = tree.entriesByPath().filter { tree[$0.value].isFolder }.keys.sorted { $0.count < $1.count }
      guard let folder = folders.last else { continue }
      // New and rewritten files inside the folder only.
      Disk.writeFile(join(join(root, folder), maker.name()), size: maker.random.int(in: 1 ... 5_000))
      Disk.makeFolder(join(join(root, folder), maker.name()))
      let before = Snapshot(tree)
      let change = tree.refresh(tree.entriesByPath()[folder]!)
      assertMinimal(change, from: before, to: tree, "seed \(seed)")
      assertTree(tree, matches: ReferenceWalker.read(root), seed: seed)
    }
  }

  func testAFolderThatVanishedFromTheTreeDropsItsListing() throws {
    let root = try makeScratchDirectory(for: self)
    Disk.makeFolder(join(root, bytes("a")))
    Disk.writeFile(join(root, bytes("a/f")), size: 3)
    var tree = try FileTree(lazy: String(decoding: root, as: UTF8.self))
    let a = tree.entriesByPath()[bytes("a")]!
    let update = tree.expand(a)
    let request = try XCTUnwrap(update.loadRequest)
    XCTAssertEqual(tree[a].loadState, .loading)
    let listing = request.perform()
    Disk.removeTree(join(root, bytes("a")))
    tree.refresh(tree.root)
    XCTAssertFalse(tree.outline.contains(a))
    XCTAssertEqual(tree.finishLoading(request, with: listing).outcome, .dropped)
  }

  // MARK: Helpers

  /// A tree of the directory, scanned or listed, with random folders open.
  private func open(_ root: Bytes, _ mode: FileTree.Mode, random: inout SplitMix64) throws -> FileTree {
    let path = String(decoding: root, as: UTF8.self)
    var tree = mode == .scanned ? try FileTree.scan(path) : try FileTree(lazy: path)
    // Open folders top down, at random; some stay closed, some are listed
    // and closed again.
    var queue = [tree.root]
    while !queue.isEmpty {
      let folder = queue.removeFirst()
      for child in tree.outline.children(of: folder) where tree[child].isFolder && random.chance(0.6) {
        tree.expandNow(child)
        if random.chance(0.2) { tree.collapse(child) }
        queue.append(child)
      }
    }
    // A lazy tree's view reads the details of the rows it shows: some.
    tree.readDetails(of: tree.outline.rows.filter { _ in random.chance(0.5) })
    return tree
  }

  /// Random edits below `root`: files added, rewritten, removed, folders
  /// added and removed, a file turned into a folder, new hard links.
  private func changeDisk(_ root: Bytes, using maker: inout RandomDiskTree, count: Int) {
    for _ in 0 ..< count {
      let all = ReferenceWalker.flatten(ReferenceWalker.read(root))
      let folders = [Bytes()] + all.values.filter { $0.kind == .folder }.map(\.path)
      let files = all.values.filter { $0.kind == .file }.map(\.path)
      let folder = join(root, maker.random.pick(folders.sorted { $0.lexicographicallyPrecedes($1) }))
      switch maker.random.int(in: 0 ... 6) {
      case 0:
        Disk.writeFile(join(folder, maker.name()), size: maker.random.int(in: 0 ... 4_000))
      case 1:
        let new = join(folder, maker.name())
        Disk.makeFolder(new)
        Disk.writeFile(join(new, maker.name()), size: 7)
      case 2 where !all.isEmpty:
        Disk.removeTree(join(root, maker.random.pick(all.keys.sorted { $0.lexicographicallyPrecedes($1) })))
      case 3 where !files.isEmpty:
        let file = join(root, maker.random.pick(files.sorted { $0.lexicographicallyPrecedes($1) }))
        Disk.writeFile(file, size: maker.random.int(in: 9_001 ... 12_000))
      case 4 where !files.isEmpty:
        let file = join(root, maker.random.pick(files.sorted { $0.lexicographicallyPrecedes($1) }))
        Disk.remove(file)
        Disk.makeFolder(file)
      case 5 where !files.isEmpty:
        Disk.makeHardLink(join(root, maker.random.pick(files.sorted { $0.lexicographicallyPrecedes($1) })), at: join(folder, maker.name()))
      default:
        Disk.makeSymlink(maker.name(), at: join(folder, maker.name()))
      }
    }
  }

  /// What a tree showed before a change.
  private struct Snapshot {
    var rows: [FileTree.NodeID]
    var ids: [Bytes: FileTree.NodeID]
    var entries: [FileTree.NodeID: FileEntry]
    var expanded: Set<FileTree.NodeID>
    /// The rows that draw a triangle: a child the filter shows.
    var showingChildren: Set<FileTree.NodeID>

    init(_ tree: FileTree) {
      rows = Array(tree.outline.rows)
      ids = tree.entriesByPath()
      ids[[]] = tree.root
      entries = Dictionary(uniqueKeysWithValues: ids.values.map { ($0, tree[$0]) })
      expanded = Set(ids.values.filter { tree.outline.isExpanded($0) })
      showingChildren = Snapshot.showingChildren(tree)
    }

    static func showingChildren(_ tree: FileTree) -> Set<FileTree.NodeID> {
      guard tree.outline.rowCount > 0 else { return [] }
      return Set(tree.outline.rowInfos(in: 0 ..< tree.outline.rowCount).filter(\.info.hasChildren).map(\.id))
    }
  }

  /// The change takes the old rows to the new ones, keeps every entry
  /// found again (node, expanded flag, row), and redraws exactly the rows
  /// whose entries or triangles changed.
  private func assertMinimal(_ change: OutlineChange, from before: Snapshot, to tree: FileTree, _ label: String) {
    var rows = before.rows
    change.apply(to: &rows) { tree.outline.id(atRow: $0) }
    XCTAssertEqual(rows, Array(tree.outline.rows), "\(label): the change does not replay")
    var ids = tree.entriesByPath()
    ids[[]] = tree.root
    let removed = Set(change.removedRows.flatMap { $0 })
    let inserted = Set(change.insertedRows.flatMap { $0 })
    let reloaded = Set(change.reloadedRows)
    let oldRow = Dictionary(uniqueKeysWithValues: before.rows.enumerated().map { ($1, $0) })
    let showingChildren = Snapshot.showingChildren(tree)
    for (path, old) in before.ids {
      guard let new = ids[path] else {
        XCTAssertFalse(tree.outline.contains(old), "\(label): \(FileName(bytes: path)) vanished but its node stayed")
        continue
      }
      XCTAssertEqual(new, old, "\(label): \(FileName(bytes: path)) has a new node")
      let entry = tree[new]
      let was = before.entries[old]!
      if was.isFolder && entry.isFolder {
        XCTAssertEqual(tree.outline.isExpanded(new), before.expanded.contains(old), "\(label): \(FileName(bytes: path))")
      }
      guard let row = oldRow[old], let newRow = tree.outline.row(of: new), was.kind == entry.kind else { continue }
      // A kind that changed may change the place (folders first); an
      // ancestor whose kind changed moves it too.
      var ancestors = Array(sequence(first: new) { tree.outline.parent(of: $0) })
      ancestors.removeFirst()
      guard ancestors.allSatisfy({ before.entries[$0]?.kind == tree[$0].kind }) else { continue }
      XCTAssertFalse(removed.contains(row), "\(label): \(FileName(bytes: path)) was removed and inserted")
      XCTAssertFalse(inserted.contains(newRow), "\(label): \(FileName(bytes: path)) was inserted")
      let turned = before.showingChildren.contains(old) != showingChildren.contains(new)
      XCTAssertEqual(reloaded.contains(row), entry != was || turned, "\(label): \(FileName(bytes: path)) reloaded")
    }
  }

  /// Each listed folder of a lazy tree holds what the disk holds.
  private func assertLoadedFoldersMatchDisk(_ tree: FileTree, root: Bytes, _ label: String) {
    let reference = ReferenceWalker.flatten(ReferenceWalker.read(root))
    var folders = tree.entriesByPath()
    folders[[]] = tree.root
    for (path, id) in folders where tree[id].isFolder && tree[id].loadState == .loaded {
      let names = Set(tree.outline.children(of: id).map { tree.name(of: $0).bytes })
      let disk = Set(Disk.names(in: path.isEmpty ? root : join(root, path)))
      XCTAssertEqual(names, disk, "\(label): \(FileName(bytes: path))")
      for child in tree.outline.children(of: id) {
        let childPath = tree.relativePath(of: child)
        guard let want = reference[childPath] else { continue }
        XCTAssertEqual(tree[child].kind, want.kind, "\(label): \(FileName(bytes: childPath))")
        if tree[child].hasDetails { XCTAssertEqual(tree[child].size, want.size, "\(label): \(FileName(bytes: childPath))") }
        XCTAssertEqual(tree.target(of: child)?.bytes, want.target, "\(label): \(FileName(bytes: childPath))")
      }
    }
  }
}
