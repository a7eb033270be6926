/// One row of a descriptor form: the dictionary the tutorial's
/// `CellDescriptor.plist` holds for each cell, minus the state the outline
/// owns.
///
/// In the file, a descriptor has eight keys. Four are the row's content and
/// live here: `isExpandable`, `value`, `primaryTitle`, `secondaryTitle` and
/// `cellIdentifier`. The other three are structure and state, which the
/// form's outline owns and derives on saving: `isExpanded` (the node's
/// expanded flag), `additionalRows` (the number of sub-rows, the node's
/// children) and `isVisible` (whether the node is on a row at all; never
/// trusted on loading).
///
/// ```swift
/// let descriptor = form.descriptor(at: OutlineIndexPath(section: 0, row: 0))
/// cell.textLabel?.text = descriptor.primaryTitle
/// cell.detailTextLabel?.text = descriptor.secondaryTitle
/// ```
///
/// Keys the form does not know are kept in ``otherFields`` and written back
/// unchanged.
///
/// - Complexity: Every operation is O(1), but hashing and comparing, which
///   are linear in the size of the strings and extra fields.
public struct CellDescriptor: Hashable, Sendable {
  /// Whether tapping the row shows and hides the sub-rows that follow it.
  public var isExpandable: Bool
  /// What a control row holds: a text field's text, `"true"`/`"false"` for
  /// a switch, a whole number for a slider, an ISO 8601 date for a date
  /// picker.
  public var value: String
  /// The row's main text; on expandable rows, the summary of what was
  /// chosen in its sub-rows.
  public var primaryTitle: String
  /// The row's second text, such as the field's name ("Date of Birth").
  public var secondaryTitle: String
  /// The kind of cell the row asks for.
  public var cellIdentifier: CellIdentifier
  /// Keys of the descriptor dictionary that the form does not use, kept so
  /// that saving writes them back.
  public var otherFields: [String: PropertyListValue]

  /// Creates a descriptor.
  ///
  /// - Complexity: O(1).
  public init(
    isExpandable: Bool = false, value: String = "", primaryTitle: String = "",
    secondaryTitle: String = "", cellIdentifier: CellIdentifier,
    otherFields: [String: PropertyListValue] = [:]
  ) {
    self.isExpandable = isExpandable
    self.value = value
    self.primaryTitle = primaryTitle
    self.secondaryTitle = secondaryTitle
    self.cellIdentifier = cellIdentifier
    self.otherFields = otherFields
  }
}
