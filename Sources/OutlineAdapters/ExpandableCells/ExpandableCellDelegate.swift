import OutlineKit

/// What an ``ExpandableCellController`` asks and tells its delegate: HVTableView's
/// `expandCell:` / `collapseCell:` and `heightForRowAtIndexPath:isExpanded:`,
/// with a veto and will/did pairs.
///
/// Every method has a default: expand everything, do nothing on the
/// notifications, and use the controller's ``ExpandableCellController/rowHeight``
/// and ``ExpandableCellController/expandedRowHeight``.
///
/// ```swift
/// extension DetailsViewController: ExpandableCellDelegate {
///   func expandableCellController(_ controller: ExpandableCellController<Item>,
///                                 heightFor id: Outline<Item>.NodeID, isExpanded: Bool) -> Double? {
///     isExpanded ? 220 : 60
///   }
///   func expandableCellController(_ controller: ExpandableCellController<Item>,
///                                 shouldExpand id: Outline<Item>.NodeID, at indexPath: OutlineIndexPath) -> Bool {
///     controller[id].hasDetails
///   }
/// }
/// ```
///
/// The will-methods run before the outline changes, so index paths and
/// ``ExpandableCellController/isExpanded(at:)`` describe the old state; the
/// did-methods run after, with the new index paths. A collapse that the
/// only-one rule makes is reported like any other.
@MainActor
public protocol ExpandableCellDelegate<Node>: AnyObject {
  /// The node type of the controller's outline.
  associatedtype Node

  /// Whether a cell may expand; false vetoes it: nothing changes and no
  /// other method is called.
  ///
  /// - Complexity: Called once per expansion the user asks for.
  func expandableCellController(
    _ controller: ExpandableCellController<Node>, shouldExpand id: Outline<Node>.NodeID, at indexPath: OutlineIndexPath
  ) -> Bool

  /// A cell is about to expand, at its current index path.
  ///
  /// - Complexity: Called once per expansion.
  func expandableCellController(
    _ controller: ExpandableCellController<Node>, willExpand id: Outline<Node>.NodeID, at indexPath: OutlineIndexPath)

  /// A cell expanded; its index path after the change.
  ///
  /// - Complexity: Called once per expansion.
  func expandableCellController(
    _ controller: ExpandableCellController<Node>, didExpand id: Outline<Node>.NodeID, at indexPath: OutlineIndexPath)

  /// A cell is about to collapse, at its current index path (nil when it
  /// is hidden under a collapsed ancestor).
  ///
  /// - Complexity: Called once per collapse.
  func expandableCellController(
    _ controller: ExpandableCellController<Node>, willCollapse id: Outline<Node>.NodeID, at indexPath: OutlineIndexPath?)

  /// A cell collapsed; its index path after the change (nil when hidden).
  ///
  /// - Complexity: Called once per collapse.
  func expandableCellController(
    _ controller: ExpandableCellController<Node>, didCollapse id: Outline<Node>.NodeID, at indexPath: OutlineIndexPath?)

  /// A cell's height in a state; nil for the controller's default.
  ///
  /// - Complexity: Called for every height the controller computes: the
  ///   rows above a tapped row when a viewport is set.
  func expandableCellController(
    _ controller: ExpandableCellController<Node>, heightFor id: Outline<Node>.NodeID, isExpanded: Bool
  ) -> Double?
}

extension ExpandableCellDelegate {
  /// Allows every expansion.
  ///
  /// - Complexity: O(1).
  public func expandableCellController(
    _ controller: ExpandableCellController<Node>, shouldExpand id: Outline<Node>.NodeID, at indexPath: OutlineIndexPath
  ) -> Bool { true }

  /// Does nothing.
  ///
  /// - Complexity: O(1).
  public func expandableCellController(
    _ controller: ExpandableCellController<Node>, willExpand id: Outline<Node>.NodeID, at indexPath: OutlineIndexPath
  ) {}

  /// Does nothing.
  ///
  /// - Complexity: O(1).
  public func expandableCellController(
    _ controller: ExpandableCellController<Node>, didExpand id: Outline<Node>.NodeID, at indexPath: OutlineIndexPath
  ) {}

  /// Does nothing.
  ///
  /// - Complexity: O(1).
  public func expandableCellController(
    _ controller: ExpandableCellController<Node>, willCollapse id: Outline<Node>.NodeID, at indexPath: OutlineIndexPath?
  ) {}

  /// Does nothing.
  ///
  /// - Complexity: O(1).
  public func expandableCellController(
    _ controller: ExpandableCellController<Node>, didCollapse id: Outline<Node>.NodeID, at indexPath: OutlineIndexPath?
  ) {}

  /// Uses the controller's default heights.
  ///
  /// - Complexity: O(1).
  public func expandableCellController(
    _ controller: ExpandableCellController<Node>, heightFor id: Outline<Node>.NodeID, isExpanded: Bool
  ) -> Double? { nil }
}
