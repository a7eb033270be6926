extension Outline {
  /// Makes several changes and returns them as one `OutlineChange`, valid for
  /// a single `performBatchUpdates`.
  ///
  /// Everything done inside `body` (expansion, insertion, removal, moves,
  /// setting values) is composed: the change goes from the rows before the
  /// batch to the rows after it and is minimal. A node collapsed and
  /// re-expanded, or inserted and removed, inside one batch leaves no row
  /// change; a visible node that moved is removed at its old row and inserted
  /// at its new one; a node whose value was set, or whose flag ends different,
  /// and that stays visible is reloaded.
  ///
  /// ```swift
  /// let change = outline.batch { outline in
  ///   let folder = outline.insert(Item("New folder"), under: nil, at: 0)
  ///   outline.insert(Item("Notes"), under: folder, at: 0)
  ///   outline.expand(folder)
  /// }
  /// tableView.performBatchUpdates { /* apply change */ }
  /// ```
  ///
  /// Batches nest: an inner batch returns its own part, and the outer one
  /// includes it. If `body` throws, what it did before throwing stays done
  /// and the error is rethrown.
  ///
  /// - Complexity: The cost of the operations, plus O(r) per operation for
  ///   the r separate row ranges changed so far, plus O(1) per removed row
  ///   and O(log n) per node whose flag or value changed. Never a diff of
  ///   the whole list.
  @inlinable @discardableResult
  public mutating func batch(_ body: (inout Outline) throws -> Void) rethrows -> OutlineChange {
    try _mutate(.composite) { outline in
      outline._core.beginBatch()
      do {
        try body(&outline)
      } catch {
        outline._core.abandonBatch()
        throw error
      }
      return outline._core.endBatch()
    }
  }
}
