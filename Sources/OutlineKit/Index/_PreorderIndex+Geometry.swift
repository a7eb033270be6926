/// Row geometry: each entry's height, and the height of the visible
/// entries of every run in the summaries, so that row → offset and
/// offset → row are descents like row → entry.
///
/// A run's visible height is the sum of its visible entries' heights, an
/// entry without one counting as `estimatedHeight`: the summaries keep the
/// sum of the heights that are set and how many are, so changing the
/// estimate is O(1). Until the first height is set nothing is kept and
/// every visible entry counts as the estimate.
extension _PreorderIndex {
  // MARK: Heights

  /// The height set for the entry at `position`, or nil.
  @inlinable
  func height(at position: UInt32) -> Double? {
    guard tracksHeights else { return nil }
    let height = entryHeights[Int(position)]
    return height >= 0 ? height : nil
  }

  /// `height`, or `estimate` when it is `unmeasured`, when `counts` is 1;
  /// 0 when `counts` is 0. Without a branch (bit masks from the sign and
  /// from `counts`), for loops over entries whose visibility and
  /// measuredness change from one to the next. Stored heights are never
  /// -0, so the sign bit is set for `unmeasured` only.
  @inlinable @inline(__always)
  static func countedHeight(_ height: Double, counts: UInt64, estimate: Double) -> Double {
    let bits = height.bitPattern
    let unmeasured = UInt64(bitPattern: Int64(bitPattern: bits) &>> 63)
    let chosen = bits & ~unmeasured | estimate.bitPattern & unmeasured
    return Double(bitPattern: chosen & (0 &- counts))
  }

  /// Starts keeping heights: every entry without one, every summary's
  /// height fields (already 0) valid. O(n), once.
  @usableFromInline
  mutating func startTrackingHeights() {
    guard !tracksHeights else { return }
    entryHeights = [Double](repeating: _PreorderIndex.unmeasured, count: entryKeys.count)
    tracksHeights = true
    guard root >= 0 else { return }
    var stack = [Int(root)]
    while let t = stack.popLast() {
      guard treeNodes[t].height > 0 else { continue }
      for k in 0 ..< Int(treeNodes[t].count) {
        copyHeights(_Summary(), to: t, k)
        stack.append(child(k, of: t))
      }
    }
  }

  /// Sets (or, with nil, clears) the height of the entry at `position` and
  /// brings the summaries above it up to date. O(log n).
  @usableFromInline
  mutating func setHeight(_ height: Double?, at position: UInt32) {
    if !tracksHeights {
      guard height != nil else { return }
      startTrackingHeights()
    }
    // Plus 0 turns a height of -0 into 0 (see `countedHeight`).
    entryHeights[Int(position)] = height.map { $0 + 0 } ?? _PreorderIndex.unmeasured
    var t = _PreorderIndex.leaf(of: position)
    recomputeLeafHidden(t)
    while true {
      let parent = Int(treeNodes[t].parent)
      guard parent >= 0 else { return }
      copyHeights(treeNodes[t].summary, to: parent, indexInParent(t))
      recomputeInnerHidden(parent)
      t = parent
    }
  }

  /// Sets the heights `height` gives of the visible entries of the rows
  /// in `runs` (ascending, not overlapping; nil leaves an entry as it is),
  /// then brings the summaries up to date once per leaf and tree node
  /// touched. One walk goes from run to run, stepping over short gaps and
  /// descending again past long ones. O(r + g + k log n) for r rows in k
  /// runs with g rows of short gaps between them.
  @usableFromInline
  mutating func setHeights(ofRows runs: some Sequence<Range<Int>>, _ height: (UInt32) -> Double?) {
    // Stepping over a row costs a few nanoseconds; a descent, hundreds.
    let longGap = 256
    var walker: _VisibleWalker?
    var walkerRow = 0
    var touched: [Int] = []
    for rows in runs where !rows.isEmpty {
      if walker == nil || rows.lowerBound < walkerRow || rows.lowerBound - walkerRow > longGap {
        walker = _VisibleWalker(index: self, rows: rows.lowerBound ..< visibleCount)
        walkerRow = rows.lowerBound
      }
      while walkerRow < rows.lowerBound {
        _ = walker!.next(in: self)
        walkerRow &+= 1
      }
      for _ in rows {
        let position = walker!.next(in: self)!
        walkerRow &+= 1
        guard let value = height(position) else { continue }
        if !tracksHeights { startTrackingHeights() }
        // Plus 0 turns a height of -0 into 0 (see `countedHeight`).
        entryHeights[Int(position)] = value + 0
        let leaf = _PreorderIndex.leaf(of: position)
        if touched.last != leaf { touched.append(leaf) }
      }
    }
    // Leaves, then their parents level by level: in row order each level's
    // nodes come in order, so a parent is listed once.
    for leaf in touched { recomputeLeafHidden(leaf) }
    while !touched.isEmpty {
      var parents: [Int] = []
      for t in touched {
        let parent = Int(treeNodes[t].parent)
        guard parent >= 0 else { continue }
        copyHeights(treeNodes[t].summary, to: parent, indexInParent(t))
        if parents.last != parent { parents.append(parent) }
      }
      for parent in parents { recomputeInnerHidden(parent) }
      touched = parents
    }
  }

  // MARK: Offsets

  /// The height of every visible entry.
  @inlinable
  var visibleHeight: Double {
    root < 0 ? 0 : treeNodes[Int(root)].summary.visibleHeight(above: 0, estimate: estimatedHeight)
  }

  /// Where visible row `row` starts: the heights of the rows before it
  /// (`0 ... visibleCount`; `visibleCount` gives the total). O(log n).
  @usableFromInline
  func offset(ofRow row: Int) -> Double {
    guard row < visibleCount else { return visibleHeight }
    return withGeometry { g in
      var t = Int(root)
      var remaining = row
      var above = 0
      var result = 0.0
      while treeNodes[t].height > 0 {
        above &+= Int(treeNodes[t].lazy)
        var k = 0
        while true {
          let (n, height) = g.child(k, of: t, above: above)
          if remaining < n { break }
          remaining &-= n
          result += height
          k &+= 1
        }
        t = child(k, of: t)
      }
      let visibleStored = Int32(truncatingIfNeeded: -(above &+ Int(treeNodes[t].lazy)))
      for e in entries(of: t) where g.hidden[e] == visibleStored {
        if remaining == 0 { return result }
        result += g.height(ofEntry: e)
        remaining &-= 1
      }
      _failRequirement("Outline index: offset descent found no entry (corrupt summaries)")
    }
  }

  /// The visible row whose span `[offset, offset + height)` holds `y`,
  /// clamped to `0 ..< visibleCount` (which must not be empty). The same
  /// sums as `offset(ofRow:)`, in the same order, so the two agree. O(log n).
  @usableFromInline
  func row(atOffset y: Double) -> Int {
    let count = visibleCount
    guard y >= 0 else { return 0 }
    guard y < visibleHeight else { return count &- 1 }
    return withGeometry { g in
      var t = Int(root)
      var above = 0
      var start = 0.0
      var row = 0
      while treeNodes[t].height > 0 {
        above &+= Int(treeNodes[t].lazy)
        let last = Int(treeNodes[t].count) &- 1
        var k = 0
        while k < last {
          let (n, height) = g.child(k, of: t, above: above)
          if n > 0 && y < start + height { break }
          start += height
          row &+= n
          k &+= 1
        }
        t = child(k, of: t)
      }
      let visibleStored = Int32(truncatingIfNeeded: -(above &+ Int(treeNodes[t].lazy)))
      var found = row
      for e in entries(of: t) where g.hidden[e] == visibleStored {
        start += g.height(ofEntry: e)
        if y < start { return row }
        found = row
        row &+= 1
      }
      // Only rounding (heights not exact in binary) ends here: the last row.
      return Swift.min(found, count &- 1)
    }
  }

  /// The arrays the geometry descents read, as buffers for the length of
  /// one descent.
  struct GeometryBuffers {
    let keys: UnsafeBufferPointer<UInt64>
    let hidden: UnsafeBufferPointer<Int32>
    let words: UnsafeBufferPointer<UInt32>
    /// Empty when heights are not kept.
    let heights: UnsafeBufferPointer<Double>
    let estimate: Double

    /// The visible count and height below inner node `t`'s `k`-th child,
    /// from the copies `t` keeps, given the lazies of `t` and its ancestors.
    @inline(__always)
    func child(_ k: Int, of t: Int, above: Int) -> (count: Int, height: Double) {
      let copy = _PreorderIndex.childCopy(t, k)
      guard Int(hidden[_PreorderIndex.hiddenCopy(t, k)]) == -above else { return (0, 0) }
      let atMin = Int(keys[copy] &>> 32)
      guard !heights.isEmpty else { return (atMin, Double(atMin) * estimate) }
      let measured = Int(words[_PreorderIndex.measuredCopy(t, k)])
      return (atMin, heights[copy] + Double(atMin &- measured) * estimate)
    }

    /// The height of leaf entry `e`, the estimate when it has none.
    @inline(__always)
    func height(ofEntry e: Int) -> Double {
      guard !heights.isEmpty else { return estimate }
      let height = heights[e]
      return height >= 0 ? height : estimate
    }
  }

  /// Runs `body` with the geometry's arrays as buffers.
  @inline(__always)
  func withGeometry<R>(_ body: (GeometryBuffers) -> R) -> R {
    entryKeys.withUnsafeBufferPointer { keys in
      entryHidden.withUnsafeBufferPointer { hidden in
        entryDepths.withUnsafeBufferPointer { words in
          entryHeights.withUnsafeBufferPointer { heights in
            body(
              GeometryBuffers(
                keys: keys, hidden: hidden, words: words, heights: tracksHeights ? heights : UnsafeBufferPointer(start: nil, count: 0),
                estimate: estimatedHeight))
          }
        }
      }
    }
  }
}

// MARK: - Heights in bulk (archives)

extension _PreorderIndex {
  /// Every entry's height in preorder, nil for those without one; nil when
  /// no height is kept. O(n).
  @usableFromInline
  func heightsInPreorder() -> [Double?]? {
    guard tracksHeights else { return nil }
    var result: [Double?] = []
    result.reserveCapacity(count)
    forEachEntry(in: 0 ..< count) { _, key, _, _ in
      let height = entryHeights[Int(position(ofSlot: UInt32(truncatingIfNeeded: key)))]
      result.append(height >= 0 ? height : nil)
    }
    return result
  }

  /// Sets every entry's height from a list in preorder (nil: none), and
  /// recomputes every summary. O(n).
  @usableFromInline
  mutating func setHeights(inPreorder heights: [Double?]) {
    precondition(heights.count == count, "Outline index: \(heights.count) heights for \(count) entries")
    startTrackingHeights()
    guard root >= 0 else { return }
    var offset = 0
    setHeights(below: Int(root), from: heights, offset: &offset)
  }

  private mutating func setHeights(below t: Int, from heights: [Double?], offset: inout Int) {
    if treeNodes[t].height == 0 {
      for e in entries(of: t) {
        entryHeights[e] = heights[offset].map { $0 + 0 } ?? _PreorderIndex.unmeasured
        offset &+= 1
      }
      recomputeLeaf(t)
      return
    }
    for k in 0 ..< Int(treeNodes[t].count) { setHeights(below: child(k, of: t), from: heights, offset: &offset) }
    recomputeInner(t)
  }
}
