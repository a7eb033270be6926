import OutlineKit

extension OutlineChange {
  /// The change's removed and inserted rows as `items-changed` calls: one
  /// per contiguous run, in the order to make them.
  ///
  /// A `GListModel` reports a change as calls of `(position, removed,
  /// added)`, each applied to the list the earlier ones left. Removals and
  /// insertions that meet at one place go in one call; rows outside every
  /// run are in no call, so GTK keeps their widgets.
  ///
  /// Reloaded rows are not in the calls: their nodes stay where they are,
  /// so the list's items do not change; only what their widgets show does
  /// (a triangle turns), and the app redraws those widgets itself, as
  /// GtkTreeListModel's rows notify their `expanded` property. Reported as
  /// removed and added again, a reloaded row would also cost more: GTK 4.8
  /// asks for every added item of a call that removes a row it tracks (its
  /// focus, its scroll anchor), looking for a widget to reuse.
  ///
  /// ```swift
  /// let change = outline.expand(id)           // row 4: +[5..<9], ~[4]
  /// change.listSplices                        // [items-changed(5, 0, 4)]; redraw row 4
  /// ```
  ///
  /// The calls are sorted and never touch: each ends before the next
  /// begins, in the list between them. ``ListSpliceSequence`` says which
  /// row sits at a position while they are being made.
  ///
  /// - Complexity: O(r) for r ranges.
  public var listSplices: [ListSplice] {
    Self._splices(removed: removedRows, inserted: insertedRows)
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
