import OutlineKit

/// The part of a table's content that is on screen: where it starts and how
/// tall it is, in the same units as row heights.
///
/// ```swift
/// controller.viewport = Viewport(top: tableView.contentOffset.y, height: tableView.bounds.height)
/// ```
public struct Viewport: Hashable, Sendable {
  /// The content offset of the top edge of the screen.
  public var top: Double
  /// The height of the screen.
  public var height: Double

  /// Creates a viewport.
  ///
  /// - Precondition: `height >= 0`.
  /// - Complexity: O(1).
  public init(top: Double, height: Double) {
    precondition(height >= 0, "Viewport: height \(height) is negative")
    self.top = top
    self.height = height
  }

  /// The content offset of the bottom edge: `top + height`.
  ///
  /// - Complexity: O(1).
  public var bottom: Double { top + height }
}

/// Where a table view should scroll after a tap, in the terms of
/// `UITableView.scrollToRow(at:at:animated:)`.
public struct ScrollTarget: Hashable, Sendable {
  /// Where the row should end up on screen.
  public enum Position: Hashable, Sendable {
    /// As little scrolling as makes the row fully visible (none if it is).
    case none
    /// The row at the top of the screen.
    case top
    /// The row at the bottom of the screen.
    case bottom
  }

  /// The row to scroll to, in the sections after the change.
  public var indexPath: OutlineIndexPath
  /// Where it should end up.
  public var position: Position

  /// Creates a target.
  ///
  /// - Complexity: O(1).
  public init(indexPath: OutlineIndexPath, position: Position) {
    self.indexPath = indexPath
    self.position = position
  }
}

/// What an expandable-cell action did: the change for the table view, the
/// new heights of the cells that grew or shrank, and where to scroll.
///
/// ```swift
/// let update = controller.toggle(at: indexPath)
/// tableView.performBatchUpdates { apply(update.change) }   // reloads fetch the new heights
/// if let target = update.scrollTarget {
///   let position: UITableView.ScrollPosition = switch target.position {
///     case .none: .none
///     case .top: .top
///     case .bottom: .bottom
///   }
///   tableView.scrollToRow(at: IndexPath(row: target.indexPath.row, section: target.indexPath.section),
///                         at: position, animated: true)
/// }
/// ```
public struct ExpandableCellUpdate: Hashable, Sendable {
  /// The sections and rows deleted, inserted and reloaded. A cell that
  /// expanded or collapsed and stays visible is reloaded, so its content
  /// and height are asked for again.
  public var change: SectionedChange
  /// The new heights of the cells that expanded or collapsed and are
  /// visible, by their index paths after the change.
  public var resizedRows: [OutlineIndexPath: Double]
  /// Where to scroll: nil when auto-scrolling is off, the action was
  /// vetoed, or it had no touched row (``ExpandableCellController/collapseExpandedCells()``).
  public var scrollTarget: ScrollTarget?

  /// Creates an update.
  ///
  /// - Complexity: O(1).
  public init(change: SectionedChange = SectionedChange(), resizedRows: [OutlineIndexPath: Double] = [:], scrollTarget: ScrollTarget? = nil) {
    self.change = change
    self.resizedRows = resizedRows
    self.scrollTarget = scrollTarget
  }

  /// Whether nothing changed and there is nowhere to scroll.
  ///
  /// - Complexity: O(1).
  public var isEmpty: Bool { change.isEmpty && resizedRows.isEmpty && scrollTarget == nil }
}
