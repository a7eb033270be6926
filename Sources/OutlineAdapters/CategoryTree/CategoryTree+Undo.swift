import OutlineKit

/// Undo and redo of what users do to categories: moves, deletions,
/// renames, and reloads from a newer catalog.
///
/// Opening and closing categories and searching are not steps. A lazy
/// category's subcategories, loaded after an edit, join that edit's step:
/// undoing it takes them back too (the category loads again when opened).
///
/// ```swift
/// try tree.move([vinyl], to: target)
/// tree.undoName                          // "move Vinyl"
/// if let change = tree.undo() { apply(change) }
/// ```
extension CategoryTree {
  /// Renames a category, as a step that ``undo()`` takes back.
  ///
  /// A category without an `id` is known by its name path: the renamed
  /// one, and its subcategories, are known by the new name from then on.
  ///
  /// - Precondition: `id` names a node of this tree.
  /// - Complexity: O(log n), plus O(s) for the s categories below it whose
  ///   identity changes.
  @discardableResult
  public mutating func rename(_ id: NodeID, to name: String) -> SectionedChange {
    let parent = outline.parent(of: id)
    let change = _history.record(in: &outline, named: "rename \(outline[id].name)") { outline in
      outline[id].name = name
      Self._reassignIdentities(ofChildrenOf: parent, in: &outline)
    }
    return _sectioned(change)
  }

  /// Undoes the newest step: the categories it moved, deleted, renamed or
  /// reloaded are as they were, with what was open in them.
  ///
  /// - Returns: The rows and sections that changed, or nil when there is
  ///   nothing to undo.
  /// - Complexity: O(k log n) for the k categories the step touched.
  @discardableResult
  public mutating func undo() -> SectionedChange? {
    guard let change = _history.undo(in: &outline) else { return nil }
    return _sectioned(change)
  }

  /// Redoes the newest undone step.
  ///
  /// - Returns: The rows and sections that changed, or nil when there is
  ///   nothing to redo.
  /// - Complexity: O(k log n) for the k categories the step touched.
  @discardableResult
  public mutating func redo() -> SectionedChange? {
    guard let change = _history.redo(in: &outline) else { return nil }
    return _sectioned(change)
  }

  /// Whether there is a step to undo, exactly: an Undo menu item
  /// enabled by it always does something.
  ///
  /// - Complexity: O(1).
  public var canUndo: Bool { _history.canUndo(in: outline) }

  /// Whether there is a step to redo, exactly.
  ///
  /// - Complexity: O(1).
  public var canRedo: Bool { _history.canRedo(in: outline) }

  /// What the next undo takes back ("move Vinyl", "delete Poetry",
  /// "rename Fiction", "reload"), or nil.
  ///
  /// - Complexity: O(1).
  public var undoName: String? { canUndo ? _history.undoName : nil }

  /// What the next redo does again, or nil.
  ///
  /// - Complexity: O(1).
  public var redoName: String? { canRedo ? _history.redoName : nil }
}
