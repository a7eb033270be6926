/// Sparse walks for narrowing and widening a filter: they visit only the
/// entries of a given set (the ones the filter includes, or a list of
/// offsets kept from an earlier filter) and the tree nodes above them, so a
/// keystroke of search as you type costs the matches, not the outline.
extension _PreorderIndex {
  /// The entries that pass the filter, in preorder, as narrowing's
  /// candidates with their answers. Descends only into tree nodes that hold
  /// included entries.
  ///
  /// - Complexity: O(m + L·c) for m included entries spread over L leaves
  ///   of c entries, plus the inner nodes above those leaves.
  func includedEntries() -> _FilterCandidates {
    var result = _FilterCandidates()
    guard root >= 0 else { return result }
    result.reserveCapacity(includedCount)
    collectIncluded(below: Int(root), base: 0, into: &result)
    return result
  }

  private func collectIncluded(below t: Int, base: Int, into result: inout _FilterCandidates) {
    if treeNodes[t].height == 0 {
      let first = t &<< _PreorderIndex.leafShift
      for i in 0 ..< Int(treeNodes[t].count) where entryDepths[first &+ i] & _PreorderIndex.excludedFlag == 0 {
        let word = entryDepths[first &+ i]
        result.append(
          offset: UInt32(truncatingIfNeeded: base &+ i), slot: UInt32(truncatingIfNeeded: entryKeys[first &+ i]),
          depth: word & _PreorderIndex.depthMask, answer: UInt8(truncatingIfNeeded: _PreorderIndex.answer(of: word)))
      }
      return
    }
    var start = base
    for k in 0 ..< Int(treeNodes[t].count) {
      let c = child(k, of: t)
      if treeNodes[c].summary.included > 0 { collectIncluded(below: c, base: start, into: &result) }
      start &+= treeNodes[c].summary.count
    }
  }

  /// Calls `body` once per leaf holding entries at `offsets` (ascending),
  /// in preorder, with the positions of the list it covers, the leaf's
  /// first offset and first position, what to add to a stored hidden count
  /// for the true one (the deltas pending above), and the leaf's keys,
  /// words and stored hidden counts to rewrite (a delta added to a stored
  /// count adds to the true one); `body` returns whether it changed
  /// anything. Then brings the summaries of the leaves that changed, and of
  /// the tree nodes above them, up to date: a leaf nothing changed in is
  /// read, never recomputed.
  ///
  /// - Complexity: O(k log n) for k offsets at worst; O(k + L·c) when they
  ///   change L leaves of c entries.
  mutating func rewriteEntries<State>(
    atOffsets offsets: UnsafeBufferPointer<UInt32>, state: inout State,
    _ body: (
      inout State, _ list: Range<Int>, _ firstOffset: Int, _ firstPosition: UInt32, _ hiddenAbove: Int32,
      _ keys: UnsafeBufferPointer<UInt64>, _ words: UnsafeMutableBufferPointer<UInt32>,
      _ hidden: UnsafeMutableBufferPointer<Int32>
    ) -> Bool
  ) {
    guard root >= 0, !offsets.isEmpty else { return }
    rewriteEntries(atOffsets: offsets, list: 0 ..< offsets.count, below: Int(root), base: 0, above: 0, state: &state, body)
  }

  @discardableResult
  private mutating func rewriteEntries<State>(
    atOffsets offsets: UnsafeBufferPointer<UInt32>, list: Range<Int>, below t: Int, base: Int, above: Int32,
    state: inout State,
    _ body: (
      inout State, Range<Int>, Int, UInt32, Int32, UnsafeBufferPointer<UInt64>, UnsafeMutableBufferPointer<UInt32>,
      UnsafeMutableBufferPointer<Int32>
    ) -> Bool
  ) -> Bool {
    let above = above &+ treeNodes[t].lazy
    if treeNodes[t].height == 0 {
      let first = t &<< _PreorderIndex.leafShift
      let entries = first ..< first &+ Int(treeNodes[t].count)
      let changed = entryKeys.withUnsafeBufferPointer { keys in
        entryDepths.withUnsafeMutableBufferPointer { words in
          entryHidden.withUnsafeMutableBufferPointer { hidden in
            body(
              &state, list, base, UInt32(truncatingIfNeeded: first), above, UnsafeBufferPointer(rebasing: keys[entries]),
              UnsafeMutableBufferPointer(rebasing: words[entries]), UnsafeMutableBufferPointer(rebasing: hidden[entries]))
          }
        }
      }
      if changed { recomputeLeaf(t) }
      return changed
    }
    var changed = false
    var next = list.lowerBound
    var start = base
    for k in 0 ..< Int(treeNodes[t].count) where next < list.upperBound {
      let c = child(k, of: t)
      let end = start &+ treeNodes[c].summary.count
      var stop = next
      while stop < list.upperBound && Int(offsets[stop]) < end { stop &+= 1 }
      if stop > next {
        if rewriteEntries(atOffsets: offsets, list: next ..< stop, below: c, base: start, above: above, state: &state, body) {
          changed = true
        }
        next = stop
      }
      start = end
    }
    if changed { recomputeInner(t) }
    return changed
  }
}
