extension Array where Element == Range<Int> {
  /// The ranges sorted, overlapping and adjacent ones merged: the form of
  /// an `OutlineChange`'s ranges.
  ///
  /// - Complexity: O(r log r) for r ranges.
  func mergedRanges() -> [Range<Int>] {
    var merged: [Range<Int>] = []
    merged.reserveCapacity(count)
    for range in sorted(by: { $0.lowerBound < $1.lowerBound }) where !range.isEmpty {
      if let last = merged.last, range.lowerBound <= last.upperBound {
        merged[merged.count - 1] = last.lowerBound ..< Swift.max(last.upperBound, range.upperBound)
      } else {
        merged.append(range)
      }
    }
    return merged
  }
}
