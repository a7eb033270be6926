/// The filter's state in the index.
///
/// Each entry's word holds the filter's answer for the node and three
/// derived bits: excluded (the node does not pass), under hidden (it or an
/// ancestor answered `.hidden`) and match (it passes and answered
/// `.visible`). An excluded node counts 1 in its own hidden count, so "has a
/// row" stays "hidden count is 0" and every row query reads the filtered
/// list with no extra work. That is exact because inclusion is closed
/// upward: a node that passes has a parent that passes (`.visible` parents
/// pass unless under `.hidden`, `.recurse` parents pass because of it), so
/// no excluded ancestor needs counting.
///
/// Summaries count included entries (and those at the minimum depth, for
/// included children and sections) and matches (and the visible ones, for
/// "next match" in O(log n)).
extension _PreorderIndex {
  /// The filter's answer in an entry's word: `_FilterAnswer.visible`,
  /// `.recurse` or `.hidden`.
  @inlinable @inline(__always)
  static func answer(of word: UInt32) -> UInt32 {
    (word & answerMask) &>> answerShift
  }

  // MARK: Counts

  /// Entries that pass the filter (every entry, with no filter).
  @inlinable
  var includedCount: Int { root < 0 ? 0 : treeNodes[Int(root)].summary.included }

  /// Entries that are matches.
  @inlinable
  var matchCount: Int { root < 0 ? 0 : treeNodes[Int(root)].summary.matches }

  /// Matches that have a row.
  @inlinable
  var visibleMatchCount: Int { root < 0 ? 0 : treeNodes[Int(root)].summary.visibleMatches(above: 0) }

  /// Included entries at offsets `< offset`.
  @usableFromInline
  func includedCount(before offset: Int) -> Int {
    guard root >= 0, offset > 0 else { return 0 }
    var t = Int(root)
    var remaining = offset
    var result = 0
    while treeNodes[t].height > 0 {
      if remaining >= treeNodes[t].summary.count { return result &+ treeNodes[t].summary.included }
      var k = 0
      while true {
        let summary = treeNodes[child(k, of: t)].summary
        if remaining < summary.count { break }
        remaining &-= summary.count
        result &+= summary.included
        k &+= 1
      }
      t = child(k, of: t)
    }
    let first = t &<< _PreorderIndex.leafShift
    for e in first ..< first &+ Swift.min(remaining, Int(treeNodes[t].count))
    where entryDepths[e] & _PreorderIndex.excludedFlag == 0 {
      result &+= 1
    }
    return result
  }

  /// Included entries in a run of offsets.
  @usableFromInline
  func includedCount(in range: Range<Int>) -> Int {
    includedCount(before: range.upperBound) &- includedCount(before: range.lowerBound)
  }

  /// Matches with a row at offsets `< offset`.
  @usableFromInline
  func visibleMatches(before offset: Int) -> Int {
    guard root >= 0, offset > 0 else { return 0 }
    var t = Int(root)
    var remaining = offset
    var above = 0
    var result = 0
    while treeNodes[t].height > 0 {
      if remaining >= treeNodes[t].summary.count {
        return result &+ treeNodes[t].summary.visibleMatches(above: above)
      }
      above &+= Int(treeNodes[t].lazy)
      var k = 0
      while true {
        let summary = treeNodes[child(k, of: t)].summary
        if remaining < summary.count { break }
        remaining &-= summary.count
        result &+= summary.visibleMatches(above: above)
        k &+= 1
      }
      t = child(k, of: t)
    }
    let visibleStored = Int32(truncatingIfNeeded: -(above &+ Int(treeNodes[t].lazy)))
    let first = t &<< _PreorderIndex.leafShift
    for e in first ..< first &+ Swift.min(remaining, Int(treeNodes[t].count))
    where entryHidden[e] == visibleStored && entryDepths[e] & _PreorderIndex.matchFlag != 0 {
      result &+= 1
    }
    return result
  }

  /// Position of the `k`-th (from 0) match that has a row
  /// (`0 ..< visibleMatchCount`).
  @usableFromInline
  func position(ofVisibleMatch k: Int) -> UInt32 {
    var t = Int(root)
    var remaining = k
    var above = 0
    while treeNodes[t].height > 0 {
      above &+= Int(treeNodes[t].lazy)
      var k = 0
      while true {
        let n = treeNodes[child(k, of: t)].summary.visibleMatches(above: above)
        if remaining < n { break }
        remaining &-= n
        k &+= 1
        _require(k < Int(treeNodes[t].count), "Outline index: match descent ran past the last child (corrupt summaries)")
      }
      t = child(k, of: t)
    }
    let visibleStored = Int32(truncatingIfNeeded: -(above &+ Int(treeNodes[t].lazy)))
    for e in entries(of: t)
    where entryHidden[e] == visibleStored && entryDepths[e] & _PreorderIndex.matchFlag != 0 {
      if remaining == 0 { return UInt32(truncatingIfNeeded: e) }
      remaining &-= 1
    }
    _failRequirement("Outline index: match descent found no entry (corrupt summaries)")
  }

  // MARK: Updates

  /// Replaces the word of the entry at `position` and adds `delta` to its
  /// hidden count, then brings every summary above it up to date:
  /// O(log n). Entries do not move.
  @usableFromInline
  mutating func setWord(_ word: UInt32, addingHidden delta: Int, at position: UInt32) {
    entryDepths[Int(position)] = word
    entryHidden[Int(position)] &+= Int32(truncatingIfNeeded: delta)
    recomputeUpward(from: _PreorderIndex.leaf(of: position))
  }
}

/// The filter's answers, as an entry's word keeps them.
@usableFromInline
internal enum _FilterAnswer {
  @usableFromInline static var visible: UInt32 { 0 }
  @usableFromInline static var recurse: UInt32 { 1 }
  @usableFromInline static var hidden: UInt32 { 2 }
}
