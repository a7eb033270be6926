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
///
/// The tree is an `OutlineDocument`: undo, redo, their exact state and
/// recording come from there.
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
    let change = history.record(in: &outline, named: "rename \(outline[id].name)") { outline in
      outline[id].name = name
      Self._reassignIdentities(ofChildrenOf: parent, in: &outline)
    }
    return _sectioned(change)
  }

  /// Runs `body` with the tree's outline and history: the way
  /// `OutlineDocument`'s undo, redo and `record` reach them.
  ///
  /// - Complexity: O(1) besides `body`.
  public mutating func editOutline<Result>(
    _ body: (inout Outline<CategoryNode>, inout Outline<CategoryNode>.History) throws -> Result
  ) rethrows -> Result {
    try body(&outline, &history)
  }

  /// An outline change in the tree's sections, read after the change.
  ///
  /// - Complexity: O(r log s) for r changed rows and s sections.
  public func documentChange(_ change: OutlineChange) -> SectionedChange {
    _sectioned(change)
  }
}

/// Undo, redo and their exact state (`canUndo`, `undoName`, ...) come from
/// `OutlineDocument`, in sections.
extension CategoryTree: OutlineDocument {}
