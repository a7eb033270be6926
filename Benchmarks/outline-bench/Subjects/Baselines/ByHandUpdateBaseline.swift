import OutlineKit

/// Baseline (d) for updating from new data: what an app does without
/// `update`. It rebuilds the outline from the new data
/// (`Outline(roots:children:)`), gives it back its expansion by identity
/// (`expansionState(by:)`, `restoreExpansionState(_:by:)`), lists the new
/// rows, and diffs them against the rows it showed to animate the table:
/// rows whose identity went are removed, new ones inserted, and among the
/// rows in both, one longest run that kept its order stays (patience
/// method) while the others move; a row that stays is reloaded when its
/// value changed or its disclosure turned (a first child in, a last out):
/// a table view keeps its cells, so an app that diffs by hand must compare
/// what each row draws.
///
/// The diff uses hash maps (identity to row), O(r log r) for r rows. The
/// standard library's `difference(from:)` finds the same removals and
/// insertions but costs O(r · d) for d differences (Myers), and sees no
/// changed values: with 1% of the nodes inserted and 1% removed, measured
/// apart on this machine, it took 2x the hash map's time on 5,000 rows, 5x
/// on 50,000 and 26x on 500,000 (3.8 s), so the hash map is the faster
/// by-hand choice at every size.
struct ByHandUpdateBaseline {
  var outline: Outline<UpdateNode>
  /// The rows the table shows: identities, values and disclosures, and
  /// each identity's row.
  var rowIDs: [Int32] = []
  var rowValues: [Int32] = []
  var rowShowsChildren: [Bool] = []
  var rowOf: [Int32: Int] = [:]

  init(data: UpdateData, expanded: Set<Int32>) {
    outline = UpdateSuite.makeOutline(data, expanded: expanded)
    listRows()
  }

  /// Rebuilds from `data` and returns the rows that changed.
  mutating func update(to data: UpdateData) -> OutlineChange {
    let expansion = outline.expansionState(by: \.id)
    var fresh = Outline(roots: data.roots, children: data.children(of:))
    fresh.restoreExpansionState(expansion, by: \.id)
    fresh.clearPendingExpansion()
    outline = fresh
    let old = (rowIDs, rowValues, rowShowsChildren, rowOf)
    listRows()
    return ByHandUpdateBaseline.diff(old: old, new: (rowIDs, rowValues, rowShowsChildren, rowOf), offset: 0)
  }

  /// The visible rows of the outline, with a map from identity to row.
  mutating func listRows() {
    rowIDs.removeAll(keepingCapacity: true)
    rowValues.removeAll(keepingCapacity: true)
    rowShowsChildren.removeAll(keepingCapacity: true)
    rowOf.removeAll(keepingCapacity: true)
    rowIDs.reserveCapacity(outline.rowCount)
    rowValues.reserveCapacity(outline.rowCount)
    rowShowsChildren.reserveCapacity(outline.rowCount)
    rowOf.reserveCapacity(outline.rowCount)
    for id in outline.rows {
      let node = outline[id]
      rowOf[node.id] = rowIDs.count
      rowIDs.append(node.id)
      rowValues.append(node.value)
      rowShowsChildren.append(outline.hasChildren(id))
    }
  }

  typealias Rows = (ids: [Int32], values: [Int32], showsChildren: [Bool], rowOf: [Int32: Int])

  /// The change from the old rows to the new ones (their rows counted from
  /// `offset`), by hash maps and a longest increasing run.
  static func diff(old: Rows, new: Rows, offset: Int) -> OutlineChange {
    var removed: [Int] = []
    // The rows in both, in old order, with their new rows.
    var common: [(old: Int, new: Int)] = []
    common.reserveCapacity(Swift.min(old.ids.count, new.ids.count))
    for (i, id) in old.ids.enumerated() {
      if let j = new.rowOf[id] { common.append((i, j)) } else { removed.append(i) }
    }
    var inserted: [Int] = []
    for (j, id) in new.ids.enumerated() where old.rowOf[id] == nil { inserted.append(j) }
    let stays = longestIncreasingRun(common.map(\.new))
    var reloaded: [Int] = []
    for (k, pair) in common.enumerated() {
      if stays[k] {
        if old.values[pair.old] != new.values[pair.new] || old.showsChildren[pair.old] != new.showsChildren[pair.new] {
          reloaded.append(pair.old)
        }
      } else {
        removed.append(pair.old)
        inserted.append(pair.new)
      }
    }
    removed.sort()
    inserted.sort()
    return OutlineChange(
      removedRows: ranges(removed, offset), insertedRows: ranges(inserted, offset), reloadedRows: reloaded.map { $0 + offset })
  }

  /// Which elements are in one longest strictly increasing subsequence, by
  /// the patience method: O(k log k).
  static func longestIncreasingRun(_ values: [Int]) -> [Bool] {
    var tails: [Int] = []  // index of the smallest tail of each length
    var previous = [Int](repeating: -1, count: values.count)
    for (i, value) in values.enumerated() {
      var low = 0
      var high = tails.count
      while low < high {
        let middle = (low + high) / 2
        if values[tails[middle]] < value { low = middle + 1 } else { high = middle }
      }
      if low > 0 { previous[i] = tails[low - 1] }
      if low == tails.count { tails.append(i) } else { tails[low] = i }
    }
    var result = [Bool](repeating: false, count: values.count)
    var i = tails.last ?? -1
    while i >= 0 {
      result[i] = true
      i = previous[i]
    }
    return result
  }

  /// Sorted row numbers as merged ranges.
  static func ranges(_ rows: [Int], _ offset: Int) -> [Range<Int>] {
    var result: [Range<Int>] = []
    for row in rows {
      if let last = result.last, last.upperBound == row + offset {
        result[result.count - 1] = last.lowerBound ..< row + offset + 1
      } else {
        result.append(row + offset ..< row + offset + 1)
      }
    }
    return result
  }
}

/// (d) for a partial update: the app replaces a folder's children by hand
/// (removes the old ones and inserts the new, in one batch) and diffs the
/// folder's rows itself, since the batch reports every child as removed
/// and inserted.
struct ByHandFolderBaseline {
  var outline: Outline<UpdateNode>
  let folder: Outline<UpdateNode>.NodeID

  init(data: UpdateData, expanded: Set<Int32>, folderID: Int32) {
    outline = UpdateSuite.makeOutline(data, expanded: expanded)
    folder = outline.children(of: outline.roots[0])[0]
    precondition(outline[folder].id == folderID, "the folder is first under the first root")
  }

  /// The folder's children as the table shows them: identities, values,
  /// rows (the folder is expanded and its children are leaves: no
  /// disclosure).
  func folderRows() -> ByHandUpdateBaseline.Rows {
    var rows: ByHandUpdateBaseline.Rows = ([], [], [], [:])
    for (k, id) in outline.children(of: folder).enumerated() {
      let node = outline[id]
      rows.ids.append(node.id)
      rows.values.append(node.value)
      rows.showsChildren.append(false)
      rows.rowOf[node.id] = k
    }
    return rows
  }

  mutating func replaceChildren(with nodes: [UpdateNode]) -> OutlineChange {
    let old = folderRows()
    let folder = self.folder
    let children = Array(outline.children(of: folder))
    outline.batch { outline in
      for id in children.reversed() { outline.remove(id) }
      for (k, node) in nodes.enumerated() { outline.insert(node, under: folder, at: k) }
    }
    let first = outline.row(of: folder)! + 1
    return ByHandUpdateBaseline.diff(old: old, new: folderRows(), offset: first)
  }
}
