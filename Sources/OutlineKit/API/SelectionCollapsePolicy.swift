/// What happens to selected nodes that a collapse hides.
///
/// A node is hidden by a collapse when its nearest ancestor with a row is
/// collapsed. The focus and the anchor always move to that ancestor, the
/// collapsed node, since they must stay on a row; the policy decides what
/// becomes of the selection. Nodes hidden by a filter are kept selected under
/// either policy, so that clearing the filter shows them selected again.
///
/// It is `Codable` as its case name (`"keepHidden"`).
public enum SelectionCollapsePolicy: String, Hashable, Sendable, CaseIterable, Codable {
  /// A collapse leaves the selection alone: hidden nodes stay selected, and
  /// show as selected again when their ancestors expand (a mail client's
  /// threads, a file manager that keeps a selection across folders).
  case keepHidden
  /// A selected node hidden by a collapse leaves the selection and the
  /// collapsed ancestor that hides it is selected instead, as in Finder's
  /// list view and `NSOutlineView`. The default.
  case selectCollapsedAncestor
}
