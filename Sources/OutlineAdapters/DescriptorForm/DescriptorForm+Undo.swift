import OutlineKit

/// Undo and redo of the form's edits: one step per finished edit (a name
/// typed and committed, a date, the switch, a pick, the slider), with the
/// owner row's title going back with its value.
///
/// Opening and closing rows are not steps. Reloading the file after an
/// outside change clears what can be undone, as an editor does when a
/// file changes under it.
///
/// ```swift
/// form.setText("Ada", for: firstName)
/// form.undoName                           // "type First name"
/// if let change = form.undo() { apply(change) }
/// ```
///
/// The form is an `OutlineDocument`: undo, redo, their exact state and
/// recording come from there.
extension DescriptorForm: OutlineDocument {
  /// Runs `body` with the form's outline and history: the way
  /// `OutlineDocument`'s undo, redo and `record` reach them.
  ///
  /// - Complexity: O(1) besides `body`.
  public mutating func editOutline<Result>(
    _ body: (inout Outline<Item>, inout Outline<Item>.History) throws -> Result
  ) rethrows -> Result {
    try body(&outline, &history)
  }

  /// An outline change in the form's sections, read after the change.
  ///
  /// - Complexity: O(r log s) for r changed rows and s sections.
  public func documentChange(_ change: OutlineChange) -> SectionedChange {
    _sectioned(change)
  }
}
