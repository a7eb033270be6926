/// What an index node knows about the run of preorder entries below it.
///
/// `minHidden` is relative to the node: it includes the node's own pending
/// `lazy` delta but not the deltas pending in its ancestors. A run's visible
/// entries are the ones whose true hidden count is 0; because hidden counts
/// are never negative, that is `atMinHidden` when the true minimum is 0 and
/// none otherwise.
///
/// The filter's counts (`included`, `includedAtMinDepth`, `matches`,
/// `matchesAtMinHidden`) are read from the entries' filter bits; with no
/// filter every entry is included and none is a match. The heights
/// (`heightAtMinHidden`, `measuredAtMinHidden`) are kept while the index
/// tracks heights, and are 0 otherwise: every node then has the estimated
/// height.
@usableFromInline
internal struct _Summary: Equatable, Sendable {
  /// Number of entries in the run.
  @usableFromInline var count: Int = 0
  /// Smallest hidden count in the run (`Int.max` when empty).
  @usableFromInline var minHidden: Int = .max
  /// How many entries have `minHidden`.
  @usableFromInline var atMinHidden: Int = 0
  /// Smallest depth in the run (`Int.max` when empty).
  @usableFromInline var minDepth: Int = .max
  /// How many entries have `minDepth`.
  @usableFromInline var atMinDepth: Int = 0
  /// Bit `min(d, 63)` is set when an expanded entry of depth `d` is in the run.
  @usableFromInline var expandedDepths: UInt64 = 0
  /// Entries that pass the filter.
  @usableFromInline var included: Int = 0
  /// Entries of `minDepth` that pass the filter.
  @usableFromInline var includedAtMinDepth: Int = 0
  /// Entries that are matches (included, answered `.visible`).
  @usableFromInline var matches: Int = 0
  /// Matches among the entries of `minHidden`. Kept only while the index
  /// tracks matches (a filter is set); 0 otherwise, as every match count is.
  @usableFromInline var matchesAtMinHidden: Int = 0
  /// The sum of the heights of the entries of `minHidden` that have one.
  @usableFromInline var heightAtMinHidden: Double = 0
  /// How many entries of `minHidden` have a height (the others have the
  /// estimated height).
  @usableFromInline var measuredAtMinHidden: Int = 0

  @inlinable @inline(__always)
  init() {}

  @inlinable @inline(__always)
  static func depthBit(_ depth: Int) -> UInt64 {
    1 &<< UInt64(truncatingIfNeeded: Swift.min(depth, 63))
  }

  /// Adds one entry, given its hidden count, its depth-and-flags word and
  /// its height (negative when it has none).
  @inlinable @inline(__always)
  mutating func include(hidden: Int, word: UInt32, height: Double = -1) {
    let depth = Int(word & _PreorderIndex.depthMask)
    let isIncluded = word & _PreorderIndex.excludedFlag == 0
    let isMatch = word & _PreorderIndex.matchFlag != 0
    count &+= 1
    let measured = height >= 0
    if hidden < minHidden {
      minHidden = hidden
      atMinHidden = 1
      matchesAtMinHidden = isMatch ? 1 : 0
      heightAtMinHidden = measured ? height : 0
      measuredAtMinHidden = measured ? 1 : 0
    } else if hidden == minHidden {
      atMinHidden &+= 1
      matchesAtMinHidden &+= isMatch ? 1 : 0
      if measured {
        heightAtMinHidden += height
        measuredAtMinHidden &+= 1
      }
    }
    if depth < minDepth {
      minDepth = depth
      atMinDepth = 1
      includedAtMinDepth = isIncluded ? 1 : 0
    } else if depth == minDepth {
      atMinDepth &+= 1
      includedAtMinDepth &+= isIncluded ? 1 : 0
    }
    if word & _PreorderIndex.expandedFlag != 0 { expandedDepths |= _Summary.depthBit(depth) }
    included &+= isIncluded ? 1 : 0
    matches &+= isMatch ? 1 : 0
  }

  /// Appends a run whose hidden counts are in the same frame as this one.
  @inlinable @inline(__always)
  mutating func include(_ other: _Summary) {
    guard other.count > 0 else { return }
    count &+= other.count
    if other.minHidden < minHidden {
      minHidden = other.minHidden
      atMinHidden = other.atMinHidden
      matchesAtMinHidden = other.matchesAtMinHidden
      heightAtMinHidden = other.heightAtMinHidden
      measuredAtMinHidden = other.measuredAtMinHidden
    } else if other.minHidden == minHidden {
      atMinHidden &+= other.atMinHidden
      matchesAtMinHidden &+= other.matchesAtMinHidden
      heightAtMinHidden += other.heightAtMinHidden
      measuredAtMinHidden &+= other.measuredAtMinHidden
    }
    if other.minDepth < minDepth {
      minDepth = other.minDepth
      atMinDepth = other.atMinDepth
      includedAtMinDepth = other.includedAtMinDepth
    } else if other.minDepth == minDepth {
      atMinDepth &+= other.atMinDepth
      includedAtMinDepth &+= other.includedAtMinDepth
    }
    expandedDepths |= other.expandedDepths
    included &+= other.included
    matches &+= other.matches
  }

  /// Visible entries in the run, given the sum of the lazy deltas pending
  /// above it.
  @inlinable @inline(__always)
  func visibleCount(above: Int) -> Int {
    minHidden == -above ? atMinHidden : 0
  }

  /// The height of the run's visible entries, given the sum of the lazy
  /// deltas above it and the height of an entry that has none.
  @inlinable @inline(__always)
  func visibleHeight(above: Int, estimate: Double) -> Double {
    guard minHidden == -above else { return 0 }
    return heightAtMinHidden + Double(atMinHidden &- measuredAtMinHidden) * estimate
  }

  /// Visible matches in the run, given the sum of the lazy deltas above it.
  @inlinable @inline(__always)
  func visibleMatches(above: Int) -> Int {
    minHidden == -above ? matchesAtMinHidden : 0
  }

  /// Entries of depth `depth` in a run whose depths are all `>= depth`;
  /// only those that pass the filter when `includedOnly`.
  @inlinable @inline(__always)
  func count(atDepth depth: Int, includedOnly: Bool = false) -> Int {
    minDepth == depth ? (includedOnly ? includedAtMinDepth : atMinDepth) : 0
  }
}
