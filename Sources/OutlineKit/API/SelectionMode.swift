/// How many nodes an ``Outline/Selection`` can hold.
///
/// The focus, the row that keyboard navigation moves, exists in every mode;
/// the mode limits only the selection.
///
/// It is `Codable` as its case name (`"multiple"`).
public enum SelectionMode: String, Hashable, Sendable, CaseIterable, Codable {
  /// Nothing is ever selected: the list has a focus only (a read-only tree,
  /// or one where activating a row is the only action).
  case none
  /// At most one node is selected; a shift-range selects its end node only.
  case single
  /// Any set of nodes, with toggling and shift-ranges from an anchor.
  case multiple
}
