import OutlineKit

extension OutlineChange {
  /// The change as `items-changed` calls: one per contiguous run of
  /// removed, inserted and reloaded rows, in the order to make them.
  ///
  /// A `GListModel` reports a change as calls of `(position, removed,
  /// added)`, each applied to the list the earlier ones left. Removals and
  /// insertions that meet at one place go in one call (an expansion that
  /// also redraws the expanded row is `(row, 1, 1 + children)`), and a
  /// reloaded row is a call that removes it and adds it again, so GTK binds
  /// it afresh. Rows outside every run are in no call: GTK keeps their
  /// widgets.
  ///
  /// ```swift
  /// let change = outline.expand(id)           // row 4: +[5..<9], ~[4]
  /// change.listSplices                        // [items-changed(4, 1, 5)]
  /// ```
  ///
  /// The calls are sorted and never touch: each ends before the next
  /// begins, in the list between them. ``ListSpliceSequence`` says which
  /// row sits at a position while they are being made.
  ///
  /// - Complexity: O(r + k log k) for r ranges and k reloaded rows.
  public var listSplices: [ListSplice] {
    if reloadedRows.isEmpty {
      return Self._splices(removed: removedRows, inserted: insertedRows)
    }
    // A reloaded row is removed and inserted again: its old row joins the
    // removals, its new row the insertions.
    let reloaded = reloadedRows
    let newRows = _newRows(forSortedOldRows: reloaded)
    return Self._splices(
      removed: (removedRows + reloaded.map { $0 ..< $0 + 1 }).mergedRanges(),
      inserted: (insertedRows + newRows.map { $0 ..< $0 + 1 }).mergedRanges())
  }

  /// The rows after the change of the sorted rows `oldRows`, which stay.
  private func _newRows(forSortedOldRows oldRows: [Int]) -> [Int] {
    let removed = removedRows
    let inserted = insertedRows
    var removedIndex = 0
    var removedBefore = 0
    var insertedIndex = 0
    var insertedBefore = 0
    return oldRows.map { oldRow in
      while removedIndex < removed.count && removed[removedIndex].upperBound <= oldRow {
        removedBefore += removed[removedIndex].count
        removedIndex += 1
      }
      // The row among the rows that stay, then skip the insertions up to it.
      let survivor = oldRow - removedBefore
      while insertedIndex < inserted.count && inserted[insertedIndex].lowerBound <= survivor + insertedBefore {
        insertedBefore += inserted[insertedIndex].count
        insertedIndex += 1
      }
      return survivor + insertedBefore
    }
  }

  /// Walks removals (old rows) and insertions (new rows) from the top, in
  /// the coordinates of the list as the calls so far left it, and merges
  /// the events that meet.
  private static func _splices(removed: [Range<Int>], inserted: [Range<Int>]) -> [ListSplice] {
    var splices: [ListSplice] = []
    splices.reserveCapacity(max(removed.count, inserted.count))
    var removedIndex = 0
    var insertedIndex = 0
    // Rows added minus rows removed by the calls so far.
    var delta = 0
    while removedIndex < removed.count || insertedIndex < inserted.count {
      let removal = removedIndex < removed.count ? removed[removedIndex].lowerBound + delta : Int.max
      let insertion = insertedIndex < inserted.count ? inserted[insertedIndex].lowerBound : Int.max
      let position = min(removal, insertion)
      var removedCount = 0
      var addedCount = 0
      if removal <= insertion {
        removedCount = removed[removedIndex].count
        removedIndex += 1
      } else {
        addedCount = inserted[insertedIndex].count
        insertedIndex += 1
      }
      if let last = splices.last, last.position + last.added == position {
        splices[splices.count - 1].removed += removedCount
        splices[splices.count - 1].added += addedCount
      } else {
        splices.append(ListSplice(position: position, removed: removedCount, added: addedCount, oldPosition: position - delta))
      }
      delta += addedCount - removedCount
    }
    return splices
  }
}
