/// Walks over a range of entries a leaf at a time, handing the body the
/// leaf's entries as buffers, for the rewrites that visit every entry of a
/// big range (setting and removing a filter): one call per leaf instead of
/// one per entry, and the walk's state passed `inout` rather than captured,
/// so the per-entry loop is plain code over contiguous memory.
extension _PreorderIndex {
  /// Calls `body` for each leaf holding entries of `range`, in preorder,
  /// with the offset of the first entry it gets, and the keys, words and
  /// true hidden counts of those entries (the words and hidden counts to
  /// rewrite); then brings every summary up to date. O(log n + range.count).
  mutating func rewriteLeaves<State>(
    in range: Range<Int>, state: inout State,
    _ body: (
      inout State, _ firstOffset: Int, _ keys: UnsafeBufferPointer<UInt64>,
      _ words: UnsafeMutableBufferPointer<UInt32>, _ hidden: UnsafeMutableBufferPointer<Int32>
    ) -> Void
  ) {
    guard root >= 0, !range.isEmpty else { return }
    rewriteLeaves(in: range, below: Int(root), base: 0, state: &state, body)
  }

  mutating func rewriteLeaves<State>(
    in range: Range<Int>, below t: Int, base: Int, state: inout State,
    _ body: (
      inout State, Int, UnsafeBufferPointer<UInt64>, UnsafeMutableBufferPointer<UInt32>,
      UnsafeMutableBufferPointer<Int32>
    ) -> Void
  ) {
    pushDown(t)
    let n = treeNodes[t].summary.count
    if treeNodes[t].height == 0 {
      let first = t &<< _PreorderIndex.leafShift
      let lo = Swift.max(range.lowerBound &- base, 0)
      let hi = Swift.min(range.upperBound &- base, n)
      let slice = first &+ lo ..< first &+ hi
      entryKeys.withUnsafeBufferPointer { keys in
        entryDepths.withUnsafeMutableBufferPointer { words in
          entryHidden.withUnsafeMutableBufferPointer { hidden in
            body(
              &state, base &+ lo, UnsafeBufferPointer(rebasing: keys[slice]),
              UnsafeMutableBufferPointer(rebasing: words[slice]), UnsafeMutableBufferPointer(rebasing: hidden[slice]))
          }
        }
      }
      recomputeLeaf(t)
      return
    }
    var start = base
    for k in 0 ..< Int(treeNodes[t].count) {
      let c = child(k, of: t)
      let cn = treeNodes[c].summary.count
      if start >= range.upperBound { break }
      if start &+ cn > range.lowerBound { rewriteLeaves(in: range, below: c, base: start, state: &state, body) }
      start &+= cn
    }
    recomputeInner(t)
  }

  /// Calls `body` for each leaf holding entries of `range`, in reverse
  /// preorder, with the offset of the first entry it gets and those
  /// entries' keys and words. O(log n + range.count).
  func forEachLeafReversed<State>(
    in range: Range<Int>, state: inout State,
    _ body: (inout State, _ firstOffset: Int, _ keys: UnsafeBufferPointer<UInt64>, _ words: UnsafeBufferPointer<UInt32>) -> Void
  ) {
    guard root >= 0, !range.isEmpty else { return }
    entryKeys.withUnsafeBufferPointer { keys in
      entryDepths.withUnsafeBufferPointer { words in
        forEachLeafReversed(in: range, below: Int(root), base: 0, keys: keys, words: words, state: &state, body)
      }
    }
  }

  func forEachLeafReversed<State>(
    in range: Range<Int>, below t: Int, base: Int, keys: UnsafeBufferPointer<UInt64>,
    words: UnsafeBufferPointer<UInt32>, state: inout State,
    _ body: (inout State, Int, UnsafeBufferPointer<UInt64>, UnsafeBufferPointer<UInt32>) -> Void
  ) {
    let n = treeNodes[t].summary.count
    if treeNodes[t].height == 0 {
      let first = t &<< _PreorderIndex.leafShift
      let lo = Swift.max(range.lowerBound &- base, 0)
      let hi = Swift.min(range.upperBound &- base, n)
      let slice = first &+ lo ..< first &+ hi
      body(&state, base &+ lo, UnsafeBufferPointer(rebasing: keys[slice]), UnsafeBufferPointer(rebasing: words[slice]))
      return
    }
    var end = base &+ n
    var k = Int(treeNodes[t].count)
    while k > 0 {
      k &-= 1
      let c = child(k, of: t)
      let start = end &- treeNodes[c].summary.count
      if end <= range.lowerBound { break }
      if start < range.upperBound {
        forEachLeafReversed(in: range, below: c, base: start, keys: keys, words: words, state: &state, body)
      }
      end = start
    }
  }
}
