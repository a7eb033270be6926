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
extension DescriptorForm {
  /// Undoes the newest edit.
  ///
  /// - Returns: The rows to redraw, or nil when there is nothing to undo.
  /// - Complexity: O(k log n) for the k rows the edit changed.
  @discardableResult
  public mutating func undo() -> SectionedChange? {
    guard let change = _history.undo(in: &outline) else { return nil }
    return _sectioned(change)
  }

  /// Redoes the newest undone edit.
  ///
  /// - Returns: The rows to redraw, or nil when there is nothing to redo.
  /// - Complexity: O(k log n) for the k rows the edit changed.
  @discardableResult
  public mutating func redo() -> SectionedChange? {
    guard let change = _history.redo(in: &outline) else { return nil }
    return _sectioned(change)
  }

  /// Whether there is an edit to undo, exactly: an Undo menu item
  /// enabled by it always does something.
  ///
  /// - Complexity: O(1).
  public var canUndo: Bool { _history.canUndo(in: outline) }

  /// Whether there is an edit to redo, exactly.
  ///
  /// - Complexity: O(1).
  public var canRedo: Bool { _history.canRedo(in: outline) }

  /// What the next undo takes back ("type First name", "pick Football"),
  /// or nil.
  ///
  /// - Complexity: O(1).
  public var undoName: String? { canUndo ? _history.undoName : nil }

  /// What the next redo does again, or nil.
  ///
  /// - Complexity: O(1).
  public var redoName: String? { canRedo ? _history.redoName : nil }
}
