/// A set of rows kept as sorted, disjoint, non-adjacent ranges.
///
/// Operations are linear in the number of ranges, which stays small: it is
/// the number of separate places a batch of changes touched.
@usableFromInline
internal struct _RowSet: Equatable, Sendable {
  @usableFromInline var ranges: [Range<Int>] = []

  @inlinable
  init() {}

  /// Index of the first range whose upper bound is above `row`.
  @usableFromInline
  func firstRange(endingAfter row: Int) -> Int {
    var lo = 0
    var hi = ranges.count
    while lo < hi {
      let mid = (lo + hi) / 2
      if ranges[mid].upperBound <= row { lo = mid + 1 } else { hi = mid }
    }
    return lo
  }

  @usableFromInline
  func contains(_ row: Int) -> Bool {
    let k = firstRange(endingAfter: row)
    return k < ranges.count && ranges[k].lowerBound <= row
  }

  /// Number of rows in the set below `row`.
  @usableFromInline
  func rank(_ row: Int) -> Int {
    var result = 0
    for range in ranges {
      if range.lowerBound >= row { break }
      result += Swift.min(range.upperBound, row) - range.lowerBound
    }
    return result
  }

  /// The `k`-th (from 0) non-negative integer that is not in the set.
  @usableFromInline
  func integerNotInSet(_ k: Int) -> Int {
    var skipped = 0
    for range in ranges {
      if k + skipped < range.lowerBound { break }
      skipped += range.count
    }
    return k + skipped
  }

  /// Parts of `range` that are not in the set.
  @usableFromInline
  func gaps(in range: Range<Int>) -> [Range<Int>] {
    var result: [Range<Int>] = []
    var start = range.lowerBound
    var k = firstRange(endingAfter: start)
    while start < range.upperBound {
      if k == ranges.count || ranges[k].lowerBound >= range.upperBound {
        result.append(start ..< range.upperBound)
        break
      }
      if ranges[k].lowerBound > start { result.append(start ..< ranges[k].lowerBound) }
      start = ranges[k].upperBound
      k += 1
    }
    return result
  }

  /// Adds every row of `range`.
  @usableFromInline
  mutating func formUnion(_ range: Range<Int>) {
    guard !range.isEmpty else { return }
    // Ranges touching or overlapping `range` merge into one.
    var first = firstRange(endingAfter: range.lowerBound - 1)
    if first > 0 && ranges[first - 1].upperBound >= range.lowerBound { first -= 1 }
    var last = first
    var merged = range
    while last < ranges.count && ranges[last].lowerBound <= range.upperBound {
      merged = Swift.min(merged.lowerBound, ranges[last].lowerBound) ..< Swift.max(merged.upperBound, ranges[last].upperBound)
      last += 1
    }
    ranges.replaceSubrange(first ..< last, with: CollectionOfOne(merged))
  }

  /// Removes every row of `range`, leaving the other rows where they are.
  @usableFromInline
  mutating func subtract(_ range: Range<Int>) {
    guard !range.isEmpty else { return }
    var replacement: [Range<Int>] = []
    let first = firstRange(endingAfter: range.lowerBound)
    var last = first
    while last < ranges.count && ranges[last].lowerBound < range.upperBound {
      let r = ranges[last]
      if r.lowerBound < range.lowerBound { replacement.append(r.lowerBound ..< range.lowerBound) }
      if r.upperBound > range.upperBound { replacement.append(range.upperBound ..< r.upperBound) }
      last += 1
    }
    ranges.replaceSubrange(first ..< last, with: replacement)
  }

  /// Deletes the rows of `range` from the row space: rows in it leave the
  /// set and rows above it move down by `range.count`.
  @usableFromInline
  mutating func deleteRows(_ range: Range<Int>) {
    guard !range.isEmpty else { return }
    subtract(range)
    var k = firstRange(endingAfter: range.lowerBound)
    while k < ranges.count {
      ranges[k] = ranges[k].lowerBound - range.count ..< ranges[k].upperBound - range.count
      k += 1
    }
    // The ranges on either side of the deleted rows may now touch.
    let joint = firstRange(endingAfter: range.lowerBound) - 1
    if joint >= 0 && joint + 1 < ranges.count && ranges[joint].upperBound == ranges[joint + 1].lowerBound {
      ranges[joint] = ranges[joint].lowerBound ..< ranges[joint + 1].upperBound
      ranges.remove(at: joint + 1)
    }
  }

  /// Opens `range` in the row space: rows at or above its start move up by
  /// `range.count`. The new rows are not added to the set.
  @usableFromInline
  mutating func openRows(_ range: Range<Int>) {
    guard !range.isEmpty else { return }
    var k = firstRange(endingAfter: range.lowerBound)
    if k < ranges.count && ranges[k].lowerBound < range.lowerBound {
      // A range straddles the opening: split it.
      let r = ranges[k]
      ranges[k] = r.lowerBound ..< range.lowerBound
      ranges.insert(range.upperBound ..< r.upperBound + range.count, at: k + 1)
      k += 2
    }
    while k < ranges.count {
      ranges[k] = ranges[k].lowerBound + range.count ..< ranges[k].upperBound + range.count
      k += 1
    }
  }

  /// Removes the rows of `other` (sorted, disjoint ranges) in one pass,
  /// leaving the other rows where they are.
  ///
  /// - Complexity: O(r + s) for r ranges here and s in `other`.
  @usableFromInline
  mutating func subtract(sorted other: [Range<Int>]) {
    guard !other.isEmpty, !ranges.isEmpty else { return }
    var result: [Range<Int>] = []
    result.reserveCapacity(ranges.count + other.count)
    var k = 0
    for var range in ranges {
      while k < other.count && other[k].upperBound <= range.lowerBound { k += 1 }
      var j = k
      while j < other.count && other[j].lowerBound < range.upperBound && !range.isEmpty {
        let cut = other[j]
        if cut.lowerBound > range.lowerBound { result.append(range.lowerBound ..< cut.lowerBound) }
        range = Swift.min(cut.upperBound, range.upperBound) ..< range.upperBound
        if cut.upperBound <= range.upperBound { j += 1 } else { break }
      }
      if !range.isEmpty { result.append(range) }
    }
    ranges = result
  }

  /// The rows of a sorted list of distinct rows, as merged ranges.
  @usableFromInline
  static func ranges(ofSorted rows: [Int]) -> [Range<Int>] {
    var result: [Range<Int>] = []
    for row in rows {
      if let last = result.last, last.upperBound == row {
        result[result.count - 1] = last.lowerBound ..< row + 1
      } else {
        result.append(row ..< row + 1)
      }
    }
    return result
  }
}

/// A frozen row set with prefix counts: `rank` and `integerNotInSet` in
/// O(log r) instead of O(r).
@usableFromInline
internal struct _RankedRowSet {
  @usableFromInline let rows: _RowSet
  /// before[k]: rows in ranges 0 ..< k.
  @usableFromInline let before: [Int]

  @usableFromInline var ranges: [Range<Int>] { rows.ranges }

  @usableFromInline
  init(_ set: _RowSet) {
    rows = set
    var counts: [Int] = [0]
    counts.reserveCapacity(set.ranges.count + 1)
    for range in set.ranges { counts.append(counts.last! + range.count) }
    before = counts
  }

  /// Rows in the set below `row`.
  @usableFromInline
  func rank(_ row: Int) -> Int {
    let k = rows.firstRange(endingAfter: row)
    guard k < ranges.count else { return before[k] }
    return before[k] + Swift.max(0, row - ranges[k].lowerBound)
  }

  /// The `k`-th (from 0) non-negative integer not in the set.
  @usableFromInline
  func integerNotInSet(_ k: Int) -> Int {
    // The number of ranges that start at or before the answer: the largest
    // j with ranges[j].lowerBound - before[j] <= k.
    var lo = 0
    var hi = ranges.count
    while lo < hi {
      let mid = (lo + hi) / 2
      if ranges[mid].lowerBound - before[mid] <= k { lo = mid + 1 } else { hi = mid }
    }
    return k + before[lo]
  }
}
