/// Undo and redo that give the selection back, as editors do.
extension Outline.History {
  /// Runs `body` as one batch and keeps one step that undoes it, with the
  /// selection before and after it: undo gives back the first, redo the
  /// second.
  ///
  /// `body` gets the selection too, to select what it made. Once `body`
  /// returns, the selection is reconciled with the step's change and kept
  /// as the step's "after".
  ///
  /// ```swift
  /// history.record(in: &outline, selection: &selection, named: "New Folder") { outline, selection in
  ///   let folder = outline.insert(Item("New Folder"), under: parent, at: 0)
  ///   outline.reveal(folder)
  ///   selection.select(folder, in: outline)
  /// }
  /// ```
  ///
  /// - Parameters:
  ///   - outline: The outline to edit.
  ///   - selection: The selection to keep with the step, reconciled with
  ///     the change.
  ///   - name: What the step is called, or nil.
  ///   - body: The edits; it may change the selection.
  /// - Returns: The rows that changed.
  /// - Complexity: As ``record(in:named:_:)``, plus the reconcile.
  @inlinable @discardableResult
  public mutating func record(
    in outline: inout Outline, selection: inout Outline.Selection, named name: String? = nil,
    _ body: (inout Outline, inout Outline.Selection) throws -> Void
  ) rethrows -> OutlineChange {
    try withUnsafeMutablePointer(to: &selection) { pointer in
      try _record(in: &outline, named: name, selection: pointer) { outline, pointer in
        try body(&outline, &pointer!.pointee)
      }.change
    }
  }

  /// Undoes the newest step and gives the selection back the state it had
  /// before the step (when the step was recorded with one), revealing the
  /// focused node if a collapse made since hides it; otherwise reconciles
  /// the selection with the change.
  ///
  /// Users of outliners report both an undo that loses what they had
  /// expanded and one that leaves the cursor somewhere else as bugs: this
  /// keeps the expansion and puts the cursor back.
  ///
  /// - Returns: The rows that changed (the reveal included), or nil when
  ///   there is nothing to undo.
  /// - Complexity: As ``undo(in:)``, plus O(d log n) to reveal a focus d
  ///   deep and the reconcile.
  @inlinable @discardableResult
  public mutating func undo(in outline: inout Outline, selection: inout Outline.Selection) -> OutlineChange? {
    withUnsafeMutablePointer(to: &selection) { _replay(in: &outline, forwards: false, selection: $0) }
  }

  /// Redoes the newest undone step and gives the selection the state it
  /// had after the step, as ``undo(in:selection:)`` does.
  ///
  /// - Returns: The rows that changed, or nil when there is nothing to
  ///   redo.
  /// - Complexity: As ``redo(in:)``, plus O(d log n) to reveal a focus d
  ///   deep and the reconcile.
  @inlinable @discardableResult
  public mutating func redo(in outline: inout Outline, selection: inout Outline.Selection) -> OutlineChange? {
    withUnsafeMutablePointer(to: &selection) { _replay(in: &outline, forwards: true, selection: $0) }
  }
}
