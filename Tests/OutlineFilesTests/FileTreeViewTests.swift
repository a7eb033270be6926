import Foundation
import OutlineKit
import XCTest

@testable import OutlineFiles
import OutlineTestSupport

/// What a view does with a tree: orders it, hides dot files, searches,
/// loads folders in two phases.
final class FileTreeViewTests: XCTestCase {
  /// A scanned random tree with random folders open.
  private func openTree(seed: UInt64, lazy: Bool = false) throws -> (FileTree, Bytes) {
    let root = try makeScratchDirectory(for: self)
    var maker = RandomDiskTree(seed: seed)
    maker.fill(root)
    let path = String(decoding: root, as: UTF8.self)
    var tree = lazy ? try FileTree(lazy: path) : try FileTree.scan(path)
    var random = SplitMix64(seed: seed ^ 0xF00)
    var queue = [tree.root]
    while !queue.isEmpty {
      let folder = queue.removeFirst()
      for child in tree.outline.children(of: folder) where tree[child].isFolder && random.chance(0.7) {
        tree.expandNow(child)
        queue.append(child)
      }
    }
    return (tree, root)
  }

  func testEveryOrderingIsAMinimalChangeThatKeepsNodesAndExpansion() throws {
    for seed in fileTreeSeeds(count: 6) {
      var (tree, _) = try openTree(seed: seed)
      var random = SplitMix64(seed: seed)
      for _ in 0 ..< 6 {
        let ordering = FileOrdering(random.pick(FileOrdering.Key.allCases), foldersFirst: random.chance(0.5))
        let ids = tree.entriesByPath()
        let expanded = Set(ids.values.filter { tree.outline.isExpanded($0) })
        let rows = Array(tree.outline.rows)
        let oldIndex = Dictionary(uniqueKeysWithValues: ids.values.map { ($0, tree.outline.indexInParent(of: $0)) })
        let change = tree.setOrdering(ordering)
        let label = "seed \(seed): \(ordering)"
        XCTAssertEqual(tree.options.ordering, ordering)
        assertOrdered(tree, seed: seed, showingOnly: true)
        XCTAssertEqual(tree.entriesByPath(), ids, label)
        XCTAssertEqual(Set(ids.values.filter { tree.outline.isExpanded($0) }), expanded, label)
        var replayed = rows
        change.apply(to: &replayed) { tree.outline.id(atRow: $0) }
        XCTAssertEqual(replayed, Array(tree.outline.rows), label)
        // In each open folder that stayed, the entries that kept their rows
        // are a longest run already in the new order.
        let removed = Set(change.removedRows.flatMap { $0 })
        let oldRow = Dictionary(uniqueKeysWithValues: rows.enumerated().map { ($1, $0) })
        for folder in [tree.root] + ids.values where tree.outline.isExpanded(folder) {
          guard let row = oldRow[folder], !removed.contains(row) else { continue }
          let children = Array(tree.outline.children(of: folder))
          let kept = children.filter { oldRow[$0].map { !removed.contains($0) } ?? false }.count
          XCTAssertEqual(kept, longestIncreasingRun(children.map { oldIndex[$0]! }), label)
        }
        XCTAssertTrue(tree.setOrdering(ordering).isEmpty, label)
      }
      // Folders that did not show are put in order as they show: by a
      // search that reveals them, and by expanding.
      tree.search(for: "e")
      assertOrdered(tree, seed: seed, showingOnly: true)
      tree.search(for: "")
      for id in tree.entriesByPath().values.sorted(by: { tree.outline.depth(of: $0) < tree.outline.depth(of: $1) })
      where tree[id].isFolder && !tree.outline.isExpanded(id) {
        let rows = Array(tree.outline.rows)
        let change = tree.expand(id).change
        var replayed = rows
        change.apply(to: &replayed) { tree.outline.id(atRow: $0) }
        XCTAssertEqual(replayed, Array(tree.outline.rows), "seed \(seed)")
      }
      assertOrdered(tree, seed: seed)
    }
  }

  func testHidingDotFilesHidesThemAndWhatIsInsideOnly() throws {
    for seed in fileTreeSeeds(count: 6) {
      var (tree, _) = try openTree(seed: seed)
      let rows = tree.rowPaths()
      tree.setShowsHiddenFiles(false)
      let hidden = { (path: Bytes) in path.split(separator: UInt8(ascii: "/")).contains { $0.first == UInt8(ascii: ".") } }
      XCTAssertEqual(tree.rowPaths(), rows.filter { !hidden($0) }, "seed \(seed)")
      tree.setShowsHiddenFiles(true)
      XCTAssertEqual(tree.rowPaths(), rows, "seed \(seed)")
    }
  }

  func testSearchShowsMatchesWithTheirFoldersAndClearingClosesWhatItOpened() throws {
    for seed in fileTreeSeeds(count: 6) {
      for lazy in [false, true] {
        var (tree, _) = try openTree(seed: seed, lazy: lazy)
        let rows = tree.rowPaths()
        for query in ["a", "FILE1", "with sp", "\u{E9}"] {
          let label = "seed \(seed) lazy \(lazy): \(query)"
          tree.search(for: query)
          // Foundation's folding as the reference: case and diacritics for
          // names that are UTF-8, ASCII case for the bytes of those that are
          // not.
          func folded(_ text: String) -> [UInt8] {
            Array(text.folding(options: [.caseInsensitive, .diacriticInsensitive], locale: nil).utf8)
          }
          let needle = folded(query)
          let matches = { (name: Bytes) in
            let folded = String(bytes: name, encoding: .utf8).map(folded)
              ?? name.map { (0x41 ... 0x5A).contains($0) ? $0 | 0x20 : $0 }
            return folded.count >= needle.count
              && (0 ... folded.count - needle.count).contains { Array(folded[$0 ..< $0 + needle.count]) == needle }
          }
          // Expected: every entry that matches or holds a match, in preorder.
          var expected: [Bytes] = []
          func visit(_ id: FileTree.NodeID, _ path: Bytes) -> Bool {
            var rowsBelow: [Bytes] = []
            var any = false
            for child in tree.outline.children(of: id) {
              let childPath = path.isEmpty ? tree.name(of: child).bytes : join(path, tree.name(of: child).bytes)
              let saved = expected
              expected = []
              let inside = visit(child, childPath)
              let hit = matches(tree.name(of: child).bytes)
              if hit || inside {
                rowsBelow.append(childPath)
                rowsBelow += expected
                any = true
              }
              expected = saved
            }
            expected = rowsBelow
            return any
          }
          let found = visit(tree.root, [])
          XCTAssertEqual(tree.rowPaths(), found ? [[]] + expected : [], label)
          for id in tree.outline.rows where id != tree.root {
            XCTAssertEqual(tree.isMatch(id), matches(tree.name(of: id).bytes), label)
          }
          XCTAssertEqual(tree.outline.matchCount, tree.entriesByPath().keys.filter { matches($0.split(separator: 0x2F).last.map(Array.init)!) }.count, label)
        }
        tree.search(for: "")
        XCTAssertNil(tree.searchText)
        XCTAssertEqual(tree.rowPaths(), rows, "seed \(seed): clearing the search brings back the rows")
      }
    }
  }

  func testAListingInTwoPhasesShowsLoadingAndAnswersEachCase() throws {
    let root = try makeScratchDirectory(for: self)
    for name in ["a", "b", "c"] {
      Disk.makeFolder(join(root, bytes(name)))
      Disk.writeFile(join(root, bytes(name + "/inside")), size: 5)
    }
    var tree = try FileTree(lazy: String(decoding: root, as: UTF8.self))
    let ids = tree.entriesByPath()
    let (a, b, c) = (ids[bytes("a")]!, ids[bytes("b")]!, ids[bytes("c")]!)

    // Expanded and answered: revealed.
    let update = tree.expand(a)
    XCTAssertEqual(update.change.reloadedRows, [tree.outline.row(of: a)!])
    XCTAssertEqual(tree[a].loadState, .loading)
    XCTAssertNil(tree.expand(a).loadRequest, "no second listing while one runs")
    let request = try XCTUnwrap(update.loadRequest)
    // The listing runs on another thread; the tree is not touched there.
    let listing = DispatchQueue.global().sync { request.perform() }
    let done = tree.finishLoading(request, with: listing)
    XCTAssertEqual(done.outcome, .revealed)
    XCTAssertEqual(done.change.insertedRows, [tree.outline.row(of: a)! + 1 ..< tree.outline.row(of: a)! + 2])
    XCTAssertEqual(tree[a].loadState, .loaded)
    XCTAssertEqual(tree.finishLoading(request, with: listing).outcome, .dropped, "answered once")

    // Collapsed meanwhile: stored, no rows.
    let second = try XCTUnwrap(tree.expand(b).loadRequest)
    tree.collapse(b)
    let stored = tree.finishLoading(second, with: second.perform())
    XCTAssertEqual(stored.outcome, .storedHidden)
    XCTAssertTrue(stored.change.insertedRows.isEmpty)
    XCTAssertEqual(tree.outline.children(of: b).count, 1)

    // Failed: the problem shows, collapsed; expanding again retries.
    Disk.removeTree(join(root, bytes("c")))
    let third = try XCTUnwrap(tree.expand(c).loadRequest)
    let failed = tree.finishLoading(third, with: third.perform())
    XCTAssertEqual(failed.outcome, .failed(FileProblem(.open, code: ENOENT)))
    XCTAssertFalse(tree.outline.isExpanded(c))
    XCTAssertEqual(tree[c].loadState, .notLoaded)
    XCTAssertEqual(tree[c].problem?.isVanished, true)
    XCTAssertTrue(tree.isExpandable(c))
    Disk.makeFolder(join(root, bytes("c")))
    let retried = tree.expandNow(c)
    XCTAssertNil(tree[c].problem)
    XCTAssertEqual(tree[c].loadState, .loaded)
    XCTAssertTrue(tree.outline.isExpanded(c))
    XCTAssertFalse(retried.isEmpty)
    XCTAssertFalse(tree.isExpandable(c), "an empty folder has nothing to show")

    // A later request of the same folder supersedes an earlier one.
    let early = tree.refreshRequest(for: a)
    let late = tree.refreshRequest(for: a)
    XCTAssertEqual(tree.finishLoading(early, with: early.perform()).outcome, .dropped)
    XCTAssertEqual(tree.finishLoading(late, with: late.perform()).outcome, .revealed)
  }

  func testATreeCanBeUpdatedFromAScanOfItsRoot() throws {
    for seed in fileTreeSeeds(count: 4) {
      var (lazy, root) = try openTree(seed: seed, lazy: true)
      let ids = lazy.entriesByPath()
      let expanded = Set(ids.values.filter { lazy.outline.isExpanded($0) })
      let rows = Array(lazy.outline.rows)
      let scanned = try FileTree.scan(lazy.rootPath)
      let change = lazy.update(from: scanned)
      XCTAssertEqual(lazy.mode, .scanned)
      assertTree(lazy, matches: ReferenceWalker.read(root), seed: seed)
      for (path, id) in ids { XCTAssertEqual(lazy.entriesByPath()[path], id, "seed \(seed)") }
      XCTAssertEqual(Set(lazy.entriesByPath().values.filter { lazy.outline.isExpanded($0) }), expanded)
      var replayed = rows
      change.apply(to: &replayed) { lazy.outline.id(atRow: $0) }
      XCTAssertEqual(replayed, Array(lazy.outline.rows))
      XCTAssertTrue(change.removedRows.isEmpty && change.insertedRows.isEmpty, "seed \(seed): rows stay, sizes arrive")
    }
  }

  /// The length of a longest strictly increasing subsequence.
  private func longestIncreasingRun(_ values: [Int]) -> Int {
    var tails: [Int] = []
    for value in values {
      var low = 0
      var high = tails.count
      while low < high {
        let mid = (low + high) / 2
        if tails[mid] < value { low = mid + 1 } else { high = mid }
      }
      if low == tails.count { tails.append(value) } else { tails[low] = value }
    }
    return tails.count
  }
}
