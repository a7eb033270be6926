/// The one way in for every public mutation.
///
/// Every public method that changes an outline runs its work inside
/// `_mutate(_:_:)`, which does the bookkeeping that each of them would
/// otherwise have to remember:
///
/// - before an edit, a narrowed filter asks the nodes it skipped (an edit
///   judges what it touches against every node's answer), and a history
///   that records a step gets a payload place for every entry its log holds;
/// - after it, the payload places again (the edit may have logged more),
///   and in checked builds the full invariant check.
///
/// What a change reports is kept below, where no caller can skip it: every
/// insert, remove, move, update and undo goes through the four structural
/// primitives of the core (`_OutlineCore+Runs`), which note in the open
/// batches the rows that go and come and the disclosures that turn, and
/// the filter rewrites note theirs as they walk. A history is told of an
/// edit by the core's `noteEdit()`, which those primitives and value sets
/// call only when something changes.
extension Outline {
  /// What a mutation changes, for the bookkeeping around it.
  @usableFromInline
  internal enum _Mutation {
    /// Nodes or values: inserts, removals, moves, values set, updates,
    /// undo and redo.
    case edit
    /// What is shown of them: expansion, filters, row heights, restored
    /// expansion state.
    case display
    /// A batch or a recorded step: the calls inside come in through this
    /// funnel on their own; the whole is checked after.
    case composite
  }

  /// Runs `body`, a public mutation's work, with the bookkeeping every
  /// mutation of its kind needs around it.
  ///
  /// - Complexity: O(1) besides `body`, in builds without internal checks;
  ///   asking the nodes a narrowing skipped is O(n) once, at the first edit
  ///   after it.
  @inlinable
  internal mutating func _mutate<Result>(
    _ mutation: _Mutation, _ body: (inout Outline) throws -> Result
  ) rethrows -> Result {
    _core.renewIdentityIfShared()
    if mutation == .edit {
      _settleFilterForEdit()
      _syncPayloadLog()
    }
    defer {
      if mutation == .edit { _syncPayloadLog() }
      _didMutate()
    }
    return try body(&self)
  }
}
