#if !OUTLINE_FUZZ
@testable import OutlineKit
#endif

/// Plays a table view that keeps its cells, as UIKit's and AppKit's do: a
/// cell draws its node's value and its row info's depth, disclosure
/// (`hasChildren`), expanded flag and check state, and is drawn again only when a
/// change inserts or reloads its row.
///
/// `apply` takes a change the way `performBatchUpdates` does (deletions
/// and reloads at old rows, insertions at new ones; a reloaded row is drawn
/// from the data as it is after the change) and then compares every cell
/// with a fresh render of the outline: a cell that differs went stale,
/// because the change failed to name its row. It also fails a spurious
/// reload: a row redrawn whose drawing did not change and whose value was
/// not set.
struct CachedTableView {
  struct Cell: Equatable, CustomStringConvertible {
    var value: Int
    var depth: Int
    var hasChildren: Bool
    var isExpanded: Bool
    var checkState: CheckState

    var description: String {
      let box = checkState == .checked ? "[x]" : checkState == .mixed ? "[-]" : "[ ]"
      return "\(String(repeating: "  ", count: depth))\(isExpanded ? "▾" : hasChildren ? "▸" : "·") \(box) \(value)"
        + (isExpanded && !hasChildren ? " (expanded leaf)" : "")
    }
  }

  private(set) var cells: [Cell]

  /// A view showing `outline` as it is now.
  init(showing outline: Outline<Int>) {
    cells = CachedTableView.render(outline)
  }

  /// Every row's cell, drawn from scratch.
  static func render(_ outline: Outline<Int>, mask: Int = .max) -> [Cell] {
    guard outline.rowCount > 0 else { return [] }
    return outline.rowInfos(in: 0 ..< outline.rowCount).map { id, info in
      Cell(
        value: outline[id] & mask, depth: info.depth, hasChildren: info.hasChildren, isExpanded: info.isExpanded,
        checkState: outline.checkState(of: id))
    }
  }

  /// Applies `change` as a table view does, then checks that every cell
  /// matches a fresh render of `outline` (after the change) and that no
  /// reload was spurious; `valuesSet` are the values set by the change's
  /// calls (their rows are redrawn even when they look the same).
  mutating func apply(
    _ change: OutlineChange, to outline: Outline<Int>, valuesSet: Set<Int> = [], mask: Int = .max,
    context: @autoclosure () -> String, file: StaticString = #filePath, line: UInt = #line
  ) {
    let fresh = CachedTableView.render(outline, mask: mask)
    var double = BatchUpdateDouble(rows: cells.map(\.value))
    double.apply(change, newRows: fresh.map(\.value), context: "cached view: \(context())", file: file, line: line)
    guard double.rows == fresh.map(\.value) else {
      cells = fresh
      return
    }
    // Old rows: reloaded or kept, minus the removed; then the inserted.
    let reloaded = Set(change.reloadedRows)
    var kept: [(cell: Cell, reloaded: Bool)?] = []
    for (row, cell) in cells.enumerated() where !change.removedRows.contains(where: { $0.contains(row) }) {
      kept.append((cell, reloaded.contains(row)))
    }
    for range in change.insertedRows { kept.insert(contentsOf: repeatElement(nil, count: range.count), at: range.lowerBound) }
    var shown: [Cell] = []
    for (row, slot) in kept.enumerated() {
      guard let slot else {
        shown.append(fresh[row])
        continue
      }
      if slot.reloaded {
        if slot.cell == fresh[row] && !valuesSet.contains(slot.cell.value) {
          fail("cached view: row of \(slot.cell.value) reloaded but nothing it draws changed [\(context())]", file: file, line: line)
        }
        shown.append(fresh[row])
      } else {
        shown.append(slot.cell)
      }
    }
    if shown != fresh {
      let stale = shown.indices.filter { shown[$0] != fresh[$0] }
      fail(
        "cached view went stale at rows \(stale): shows \(stale.map { shown[$0].description }), "
          + "fresh render \(stale.map { fresh[$0].description }) after \(change) [\(context())]", file: file, line: line)
    }
    cells = fresh
  }
}
