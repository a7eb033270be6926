import OutlineKit

/// The `items-changed` calls of one change, and the list GTK sees between
/// them.
///
/// GTK handles each call at once, and may ask the model for items and
/// their count before the next call: at that moment the model must answer
/// for the list as the calls so far left it, not as the whole change left
/// it. That list is the new list up to the end of the last call made, then
/// the old list shifted. Its rows after that point are either rows of the
/// new list (at another position) or rows a later call removes. The outline
/// no longer knows the nodes of the latter, so they are answered as
/// placeholders: GTK paints nothing between the calls of one change, and
/// the later call removes them before the next frame.
///
/// ```swift
/// let sequence = ListSpliceSequence(change.listSplices)
/// for made in 1 ... sequence.splices.count {
///   current = made                          // the model answers through row(atPosition:afterFirst:)
///   itemsChanged(sequence.splices[made - 1])
/// }
/// ```
public struct ListSpliceSequence: Sendable {
  /// The calls, in order.
  public let splices: [ListSplice]
  /// `rowsAddedBefore[i]`: rows added minus rows removed by the calls
  /// before call `i` (one more entry than calls).
  private let rowsAddedBefore: [Int]

  /// The calls of one change, as ``OutlineChange/listSplices`` makes them.
  ///
  /// - Complexity: O(c) for c calls.
  public init(_ splices: [ListSplice]) {
    self.splices = splices
    var sums = [0]
    sums.reserveCapacity(splices.count + 1)
    for splice in splices { sums.append(sums[sums.count - 1] + splice.added - splice.removed) }
    rowsAddedBefore = sums
  }

  /// The row of the new list at `position` of the list as the first `made`
  /// calls left it, or nil when that position holds a row of the old list
  /// that a later call removes.
  ///
  /// - Precondition: `0 <= made <= splices.count`.
  /// - Complexity: O(log c) for c calls.
  public func row(atPosition position: Int, afterFirst made: Int) -> Int? {
    precondition(made >= 0 && made <= splices.count, "ListSpliceSequence: \(made) of \(splices.count) calls")
    if made == splices.count { return position }
    if made > 0 {
      let last = splices[made - 1]
      if position < last.position + last.added { return position }
    } else if position < splices[0].position {
      return position
    }
    // A row of the old list, shifted by the calls made so far.
    let oldRow = position - rowsAddedBefore[made]
    // The first later call that ends after it, by old rows.
    var low = made
    var high = splices.count
    while low < high {
      let middle = (low + high) / 2
      if splices[middle].oldPosition + splices[middle].removed <= oldRow {
        low = middle + 1
      } else {
        high = middle
      }
    }
    if low < splices.count && splices[low].oldPosition <= oldRow && splices[low].removed > 0 {
      return nil
    }
    return oldRow + rowsAddedBefore[low]
  }
}
