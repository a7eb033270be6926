import OutlineKit

/// One `items-changed(position, removed, added)` call of a `GListModel`:
/// `removed` items at `position` go and `added` items take their place.
///
/// ``OutlineChange/listSplices`` turns a change into these calls, one per
/// contiguous run, meant to be made in order: `position` counts rows of the
/// list as it stands after the calls before this one, which is the row of
/// the first added item in the list after the whole change.
public struct ListSplice: Hashable, Sendable, CustomStringConvertible {
  /// Where the call goes: the first removed (or added) row, in the list as
  /// it stands after the earlier calls of the same change.
  public var position: Int
  /// The number of rows removed.
  public var removed: Int
  /// The number of rows added.
  public var added: Int
  /// The same place in the list before the change: the first removed row.
  public var oldPosition: Int

  /// A call that removes `removed` rows at `position` (`oldPosition` before
  /// the change) and adds `added`.
  ///
  /// - Complexity: O(1).
  public init(position: Int, removed: Int, added: Int, oldPosition: Int) {
    self.position = position
    self.removed = removed
    self.added = added
    self.oldPosition = oldPosition
  }

  /// The call, as `items-changed(position, removed, added)`.
  public var description: String { "items-changed(\(position), \(removed), \(added))" }
}
