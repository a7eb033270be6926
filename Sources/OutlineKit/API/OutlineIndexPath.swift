/// A (section, row) pair: where a node is in a sectioned view of an outline.
///
/// On Apple platforms, convert with `IndexPath(row: path.row, section:
/// path.section)`; OutlineKit itself depends on the standard library only.
public struct OutlineIndexPath: Hashable, Comparable, Sendable, CustomStringConvertible {
  /// The section: the index of the node's root among the roots.
  public var section: Int
  /// The row within the section.
  public var row: Int

  /// Creates an index path.
  ///
  /// - Complexity: O(1).
  public init(section: Int, row: Int) {
    self.section = section
    self.row = row
  }

  /// Orders by section, then by row.
  public static func < (lhs: OutlineIndexPath, rhs: OutlineIndexPath) -> Bool {
    (lhs.section, lhs.row) < (rhs.section, rhs.row)
  }

  /// `[section, row]`.
  public var description: String { "[\(section), \(row)]" }
}

/// How a sectioned view of an outline shows each root.
public enum SectionHeaderStyle: Hashable, Sendable {
  /// The root is the section's header; its visible descendants are the
  /// section's rows. Expanding or collapsing the root shows or hides them.
  case header
  /// The root is the first row of its own section (the "header cell" of the
  /// classic expandable table view), followed by its visible descendants.
  case firstRow
}

/// An `OutlineChange` in the form a table view with sections accepts.
///
/// The rules are those of `performBatchUpdates`: deleted sections, deleted
/// rows and reloads are in the old sections; inserted sections and rows are
/// in the new ones. Rows of a deleted or inserted section are not listed:
/// deleting or inserting the section covers them. Every list is sorted.
public struct SectionedChange: Hashable, Sendable {
  /// Old sections whose roots were removed or moved.
  public var deletedSections: [Int]
  /// New sections whose roots were inserted or moved.
  public var insertedSections: [Int]
  /// Old sections whose header must be redrawn (`.header` style: the root's
  /// expanded flag flipped or its value was set).
  public var reloadedSections: [Int]
  /// Old index paths of rows that went away.
  public var deletedRows: [OutlineIndexPath]
  /// New index paths of rows that appeared.
  public var insertedRows: [OutlineIndexPath]
  /// Old index paths of rows that stay but must be redrawn.
  public var reloadedRows: [OutlineIndexPath]

  /// Creates a change from its parts, which must follow the rules above.
  ///
  /// - Complexity: O(1).
  public init(
    deletedSections: [Int] = [], insertedSections: [Int] = [], reloadedSections: [Int] = [],
    deletedRows: [OutlineIndexPath] = [], insertedRows: [OutlineIndexPath] = [],
    reloadedRows: [OutlineIndexPath] = []
  ) {
    self.deletedSections = deletedSections
    self.insertedSections = insertedSections
    self.reloadedSections = reloadedSections
    self.deletedRows = deletedRows
    self.insertedRows = insertedRows
    self.reloadedRows = reloadedRows
  }

  /// Whether nothing changed.
  ///
  /// - Complexity: O(1).
  public var isEmpty: Bool {
    deletedSections.isEmpty && insertedSections.isEmpty && reloadedSections.isEmpty
      && deletedRows.isEmpty && insertedRows.isEmpty && reloadedRows.isEmpty
  }
}
