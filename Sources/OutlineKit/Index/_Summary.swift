/// What an index node knows about the run of preorder entries below it.
///
/// `minHidden` is relative to the node: it includes the node's own pending
/// `lazy` delta but not the deltas pending in its ancestors. A run's visible
/// entries are the ones whose true hidden count is 0; because hidden counts
/// are never negative, that is `atMinHidden` when the true minimum is 0 and
/// none otherwise.
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

  @inlinable @inline(__always)
  init() {}

  @inlinable @inline(__always)
  static func depthBit(_ depth: Int) -> UInt64 {
    1 &<< UInt64(truncatingIfNeeded: Swift.min(depth, 63))
  }

  /// Adds one entry to the run.
  @inlinable @inline(__always)
  mutating func include(hidden: Int, depth: Int, expanded: Bool) {
    count &+= 1
    if hidden < minHidden {
      minHidden = hidden
      atMinHidden = 1
    } else if hidden == minHidden {
      atMinHidden &+= 1
    }
    if depth < minDepth {
      minDepth = depth
      atMinDepth = 1
    } else if depth == minDepth {
      atMinDepth &+= 1
    }
    if expanded { expandedDepths |= _Summary.depthBit(depth) }
  }

  /// Appends a run whose hidden counts are in the same frame as this one.
  @inlinable @inline(__always)
  mutating func include(_ other: _Summary) {
    guard other.count > 0 else { return }
    count &+= other.count
    if other.minHidden < minHidden {
      minHidden = other.minHidden
      atMinHidden = other.atMinHidden
    } else if other.minHidden == minHidden {
      atMinHidden &+= other.atMinHidden
    }
    if other.minDepth < minDepth {
      minDepth = other.minDepth
      atMinDepth = other.atMinDepth
    } else if other.minDepth == minDepth {
      atMinDepth &+= other.atMinDepth
    }
    expandedDepths |= other.expandedDepths
  }

  /// Visible entries in the run, given the sum of the lazy deltas pending
  /// above it.
  @inlinable @inline(__always)
  func visibleCount(above: Int) -> Int {
    minHidden == -above ? atMinHidden : 0
  }

  /// Entries of depth `depth` in a run whose depths are all `>= depth`.
  @inlinable @inline(__always)
  func count(atDepth depth: Int) -> Int {
    minDepth == depth ? atMinDepth : 0
  }
}
