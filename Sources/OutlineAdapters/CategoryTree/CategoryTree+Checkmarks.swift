import OutlineKit

/// Checkboxes on the category tree: a category shows checked when every
/// subcategory under it is, a dash when some are (see OutlineKit's
/// checkmarks). A category checked before its subcategories load keeps
/// them checked when they arrive.
///
/// Marks are not undo steps: checking neither records a step nor clears
/// the history, and what an undo brings back has the marks it had.
extension CategoryTree {
  /// Checks or unchecks a category and everything under it.
  ///
  /// ```swift
  /// apply(tree.setChecked(true, id))   // its rows, its section's header
  /// ```
  ///
  /// - Returns: The rows (and section headers) whose box turned.
  /// - Precondition: `id` names a node of this tree.
  /// - Complexity: O(log n), plus O(log n) per row that turns (see
  ///   `Outline.setChecked(_:_:)`), plus O(r log s) for the sections.
  @discardableResult
  public mutating func setChecked(_ checked: Bool, _ id: NodeID) -> SectionedChange {
    _sectioned(outline.setChecked(checked, id))
  }

  /// What a category's box shows.
  ///
  /// - Precondition: `id` names a node of this tree.
  /// - Complexity: O(log n).
  public func checkState(of id: NodeID) -> CheckState {
    outline.checkState(of: id)
  }

  /// How many categories without subcategories are checked.
  ///
  /// - Complexity: O(1).
  public var checkedCount: Int { outline.checkedLeafCount(in: nil) }
}
