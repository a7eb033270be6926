/// In-place updates: hidden-count range deltas, expanded flags, and ordered
/// walks that rewrite a range of entries.
extension _PreorderIndex {
  /// Adds `delta` to the hidden count of every entry in `range`, and
  /// returns how many of them were visible before and are after: the rows a
  /// collapse hides or an expansion shows, without another descent.
  ///
  /// O(log n): whole tree nodes inside the range take the delta lazily; a
  /// range of more than half the outline is the root's delta less the
  /// rest's.
  @usableFromInline @discardableResult
  mutating func addHidden(_ delta: Int, in range: Range<Int>) -> (visibleBefore: Int, visibleAfter: Int) {
    guard root >= 0, !range.isEmpty, delta != 0 else { return (0, 0) }
    let r = Int(root)
    let count = treeNodes[r].summary.count
    if range.count &* 2 > count {
      // Most of the outline (all of it, or a root with many children): the
      // rest is none, or one or two short runs.
      return addHiddenThroughRoot(delta) { index, rest in
        if range.lowerBound > 0 {
          index.addHidden(-delta, in: 0 ..< range.lowerBound, below: r, base: 0, above: 0, visible: &rest)
        }
        if range.upperBound < count {
          index.addHidden(-delta, in: range.upperBound ..< count, below: r, base: 0, above: 0, visible: &rest)
        }
      }
    }
    var visible = (0, 0)
    addHidden(delta, in: range, below: r, base: 0, above: 0, visible: &visible)
    return visible
  }

  /// Adds `delta` to every entry through the root's lazy delta, then lets
  /// `takeBack` add `-delta` to the entries outside a range (the rest),
  /// counting the rest's visible entries before and after its step; returns
  /// the range's visible entries before and after.
  ///
  /// For a range of more than half the outline: the root's delta and the
  /// rest's cover fewer tree nodes than the range itself, whose headers
  /// are each a cache miss. The rest ends where it started, so its visible
  /// count after its step is its count before either.
  @inline(__always)
  mutating func addHiddenThroughRoot(
    _ delta: Int, takingBack takeBack: (inout _PreorderIndex, inout (Int, Int)) -> Void
  ) -> (visibleBefore: Int, visibleAfter: Int) {
    let r = Int(root)
    let visibleBefore = treeNodes[r].summary.visibleCount(above: 0)
    addLazy(delta, to: r)
    var rest = (0, 0)
    takeBack(&self, &rest)
    let visibleAfter = treeNodes[r].summary.visibleCount(above: 0)
    return (visibleBefore &- rest.1, visibleAfter &- rest.1)
  }

  /// Writes a child's hidden minimum, its count at that minimum and its
  /// heights into inner node `t`'s copies of child `k`.
  @inline(__always)
  mutating func copyHiddenSummary(_ s: _Summary, to t: Int, _ k: Int) {
    let copy = _PreorderIndex.childCopy(t, k)
    entryHidden[_PreorderIndex.hiddenCopy(t, k)] = Int32(truncatingIfNeeded: s.minHidden)
    entryKeys[copy] = (entryKeys[copy] & 0xFFFF_FFFF) | UInt64(UInt32(truncatingIfNeeded: s.atMinHidden)) << 32
    if tracksHeights { copyHeights(s, to: t, k) }
  }

  /// `addHidden(_:in:)` for a range that lies in one leaf, after the entry
  /// at `position`: the `count` entries that follow it there. Bottom-up:
  /// the leaf's entries, then each ancestor's copy of its child's minimum
  /// and summary, along the `path` and with the `lazies` that `span(of:)`
  /// found, without the descent from the root that finds the leaf again (a
  /// toggle's subtree is most often in its node's leaf).
  ///
  /// - Precondition: the leaf holds `count` entries after `position`.
  @usableFromInline
  mutating func addHidden(
    _ delta: Int, toEntriesAfter position: UInt32, count: Int, path: UnsafeMutableBufferPointer<Int32>, lazies: Int
  ) -> (visibleBefore: Int, visibleAfter: Int) {
    assert(count <= entriesAfter(position), "the range leaves the leaf")
    guard count > 0, delta != 0 else { return (0, 0) }
    let leaf = _PreorderIndex.leaf(of: position)
    let visibleStored = Int32(truncatingIfNeeded: -(lazies &+ Int(treeNodes[leaf].lazy)))
    let first = Int(position) &+ 1
    let range = first ..< first &+ count
    let visible = addStoredHidden(Int32(truncatingIfNeeded: delta), to: range, visibleStored: visibleStored)
    // Heights are recounted from every entry or child copy (a sum of
    // doubles kept by differences would drift from the recount). Counts
    // and matches are integers: a leaf whose minimum is the visible floor
    // (no entry is below it) has as many entries and matches there as
    // before, less the range's that left and plus those that came; one
    // changed child's minimum adjusts its parent's in O(1); and the walk
    // stops at the first ancestor whose copy did not change.
    let recounts = tracksHeights
    let countsMatches = tracksMatches && treeNodes[leaf].summary.matches > 0
    var matchesWere = treeNodes[leaf].summary.matchesAtMinHidden
    if !recounts && treeNodes[leaf].summary.minHidden &- Int(treeNodes[leaf].lazy) == Int(visibleStored) {
      // The toggled node is visible, or none of the range was: never 0.
      treeNodes[leaf].summary.atMinHidden &+= visible.1 &- visible.0
      if countsMatches {
        let matches = visibleMatches(in: range, visibleStored: visibleStored, delta: Int32(truncatingIfNeeded: delta))
        treeNodes[leaf].summary.matchesAtMinHidden &+= matches.after &- matches.before
      }
    } else {
      recomputeLeafHidden(leaf)
    }
    walkUp(from: leaf, along: path) { index, parent, k, child in
      let s = index.treeNodes[child].summary
      let old = (
        minimum: index.entryHidden[_PreorderIndex.hiddenCopy(parent, k)],
        count: Int(index.entryKeys[_PreorderIndex.childCopy(parent, k)] &>> 32)
      )
      let new = (minimum: Int32(truncatingIfNeeded: s.minHidden), count: s.atMinHidden)
      if !recounts && old == new && matchesWere == s.matchesAtMinHidden { return false }
      let parentMatchesWere = index.treeNodes[parent].summary.matchesAtMinHidden
      index.copyHiddenSummary(s, to: parent, k)
      if recounts {
        index.recomputeInnerHidden(parent)
      } else {
        index.adjustInnerHidden(parent, childWas: old, isNow: new, matches: (matchesWere, s.matchesAtMinHidden))
      }
      matchesWere = parentMatchesWere
      return true
    }
    return visible
  }

  /// Adds `delta` to the hidden counts of every entry after the one at
  /// `position` to the end of the outline (`toEnd`), or of every entry from
  /// the first through that one, and returns how many of them were visible
  /// before and are after.
  ///
  /// Bottom-up along the `path` and with the `lazies` that `span(of:)`
  /// found: the entries on that side in the leaf, then at each level the
  /// children on that side of the path take the delta lazily, and the
  /// path's copies are brought up to date. A deep chain's subtree runs to
  /// the end of the outline; this is its toggle without the descent from
  /// the root that a range needs.
  @usableFromInline
  mutating func addHidden(
    _ delta: Int, beside position: UInt32, toEnd: Bool, path: UnsafeMutableBufferPointer<Int32>, lazies: Int
  ) -> (visibleBefore: Int, visibleAfter: Int) {
    let leaf = _PreorderIndex.leaf(of: position)
    let first = leaf &<< _PreorderIndex.leafShift
    let entries = toEnd ? Int(position) &+ 1 ..< first &+ Int(treeNodes[leaf].count) : first ..< Int(position) &+ 1
    let visibleStored = Int32(truncatingIfNeeded: -(lazies &+ Int(treeNodes[leaf].lazy)))
    var visible = addStoredHidden(Int32(truncatingIfNeeded: delta), to: entries, visibleStored: visibleStored)
    recomputeLeafHidden(leaf)
    var above = lazies
    walkUp(from: leaf, along: path) { index, parent, k, child in
      let children = toEnd ? k &+ 1 ..< Int(index.treeNodes[parent].count) : 0 ..< k
      if !children.isEmpty { index.addLazy(delta, toChildren: children, of: parent, above: above, visible: &visible) }
      index.copyHiddenSummary(index.treeNodes[child].summary, to: parent, k)
      index.recomputeInnerHidden(parent)
      above &-= Int(index.treeNodes[parent].lazy)
      return true
    }
    return visible
  }

  /// Calls `body` for each strict ancestor of `leaf`, from its parent up,
  /// with the index of the path's child in it (read from the `path` that
  /// `span(of:path:)` recorded) and that child, until `body` returns false
  /// or the root is done.
  @inline(__always)
  mutating func walkUp(
    from leaf: Int, along path: UnsafeMutableBufferPointer<Int32>,
    _ body: (_ index: inout _PreorderIndex, _ parent: Int, _ k: Int, _ child: Int) -> Bool
  ) {
    var t = leaf
    var level = 0
    while true {
      let parent = Int(treeNodes[t].parent)
      guard parent >= 0, body(&self, parent, Int(path[level]), t) else { return }
      t = parent
      level &+= 1
    }
  }

  /// Adds `delta` to the hidden counts of the entries after the one at
  /// `position` (offset `offset`) to the end of the outline, bottom-up as
  /// `addHidden(_:beside:toEnd:path:lazies:)`; when they are more than half
  /// the outline, the root takes the delta and the entries through the one
  /// at `position` take it back, which covers fewer tree nodes.
  @usableFromInline
  mutating func addHiddenToEnd(
    _ delta: Int, after position: UInt32, offset: Int, path: UnsafeMutableBufferPointer<Int32>, lazies: Int
  ) -> (visibleBefore: Int, visibleAfter: Int) {
    let r = Int(root)
    let count = treeNodes[r].summary.count
    guard (count &- offset &- 1) &* 2 > count, treeNodes[r].height > 0 else {
      return addHidden(delta, beside: position, toEnd: true, path: path, lazies: lazies)
    }
    return addHiddenThroughRoot(delta) { index, rest in
      rest = index.addHidden(-delta, beside: position, toEnd: false, path: path, lazies: lazies &+ delta)
    }
  }

  /// Brings inner node `t`'s count at its minimum hidden count up to date
  /// after one child's copy changed from `old` to `new` (both relative to
  /// `t`, as the copies are), in O(1).
  ///
  /// The minimum itself does not move: the toggled node's own entry is
  /// below `t`, unchanged, and its descendants' hidden counts never go
  /// below its own, so `t`'s minimum neither falls nor loses its last
  /// entry.
  ///
  /// `matches` are the child's matches at its minimum before and after,
  /// which `t`'s matches at its minimum follow the same way.
  @inline(__always)
  mutating func adjustInnerHidden(
    _ t: Int, childWas old: (minimum: Int32, count: Int), isNow new: (minimum: Int32, count: Int),
    matches: (was: Int, isNow: Int)
  ) {
    let minimum = Int32(truncatingIfNeeded: treeNodes[t].summary.minHidden &- Int(treeNodes[t].lazy))
    assert(new.minimum >= minimum, "a descendant's hidden count fell below its node's")
    var count = treeNodes[t].summary.atMinHidden
    var matchCount = treeNodes[t].summary.matchesAtMinHidden
    if old.minimum == minimum {
      count &-= old.count
      matchCount &-= matches.was
    }
    if new.minimum == minimum {
      count &+= new.count
      matchCount &+= matches.isNow
    }
    assert(count > 0, "the toggled node's entry left its ancestor's minimum")
    treeNodes[t].summary.atMinHidden = count
    treeNodes[t].summary.matchesAtMinHidden = matchCount
  }

  /// How many matches among `entries` (of one leaf) were visible (at
  /// `visibleStored`) before `addStoredHidden` added `delta` to their
  /// hidden counts, and how many are after.
  @inline(__always)
  func visibleMatches(in entries: Range<Int>, visibleStored: Int32, delta: Int32) -> (before: Int, after: Int) {
    var before = 0
    var after = 0
    for e in entries {
      let isMatch = Int(entryDepths[e] &>> 28 & 1)
      let hidden = entryHidden[e]
      before &+= hidden &- delta == visibleStored ? isMatch : 0
      after &+= hidden == visibleStored ? isMatch : 0
    }
    return (before, after)
  }

  /// Adds `delta` to the stored hidden counts of `entries` (of one leaf)
  /// and returns how many were at `visibleStored` (visible) before and
  /// after.
  @inline(__always)
  mutating func addStoredHidden(_ delta: Int32, to entries: Range<Int>, visibleStored: Int32) -> (Int, Int) {
    entryHidden.withUnsafeMutableBufferPointer { hidden in
      var before = 0
      var after = 0
      for e in entries {
        before &+= _PreorderIndex.isAtFloor(hidden[e], visibleStored)
        hidden[e] &+= delta
        after &+= _PreorderIndex.isAtFloor(hidden[e], visibleStored)
      }
      return (before, after)
    }
  }

  ///
  /// Only hidden counts change, so only the hidden parts of the summaries
  /// are recomputed, from the compact copies of the children's summaries
  /// (which are updated on the way). `above` is the sum of the lazies of
  /// `t`'s strict ancestors; `visible` counts the range's visible entries
  /// before and after.
  @usableFromInline
  mutating func addHidden(
    _ delta: Int, in range: Range<Int>, below t: Int, base: Int, above: Int, visible: inout (Int, Int)
  ) {
    let n = treeNodes[t].summary.count
    let here = above &+ Int(treeNodes[t].lazy)
    let d = Int32(truncatingIfNeeded: delta)
    if treeNodes[t].height == 0 {
      let first = t &<< _PreorderIndex.leafShift
      let lo = Swift.max(range.lowerBound &- base, 0)
      let hi = Swift.min(range.upperBound &- base, n)
      let (before, after) = addStoredHidden(d, to: first &+ lo ..< first &+ hi, visibleStored: Int32(truncatingIfNeeded: -here))
      visible.0 &+= before
      visible.1 &+= after
      recomputeLeafHidden(t)
      return
    }
    var start = base
    var k = 0
    let count = Int(treeNodes[t].count)
    while k < count {
      let cn = childCount(t, k)
      if start >= range.upperBound { break }
      if start &+ cn > range.lowerBound {
        if range.lowerBound <= start && start &+ cn <= range.upperBound {
          // The run of children the range covers, in one go.
          var end = k &+ 1
          var runEnd = start &+ cn
          while end < count {
            let next = runEnd &+ childCount(t, end)
            if next > range.upperBound { break }
            runEnd = next
            end &+= 1
          }
          addLazy(delta, toChildren: k ..< end, of: t, above: here, visible: &visible)
          start = runEnd
          k = end
          continue
        }
        let c = child(k, of: t)
        addHidden(delta, in: range, below: c, base: start, above: here, visible: &visible)
        copyHiddenSummary(treeNodes[c].summary, to: t, k)
      }
      start &+= cn
      k &+= 1
    }
    recomputeInnerHidden(t)
  }

  /// Adds `delta` lazily to inner node `t`'s children `children` and to its
  /// copies of their minimums, counting their visible entries before and
  /// after (`above`: the lazies of `t` and its ancestors). Through unsafe
  /// buffers: a toggle of a big subtree covers up to 15 children a level,
  /// and element-wise writes check uniqueness and bounds for each.
  @inline(__always)
  mutating func addLazy(
    _ delta: Int, toChildren children: Range<Int>, of t: Int, above: Int, visible: inout (Int, Int)
  ) {
    let d = Int32(truncatingIfNeeded: delta)
    let visibleStored = Int32(truncatingIfNeeded: -above)
    var before = 0
    var after = 0
    entryKeys.withUnsafeBufferPointer { keys in
      entryHidden.withUnsafeMutableBufferPointer { hidden in
        treeNodes.withUnsafeMutableBufferPointer { nodes in
          for k in children {
            let atMinimum = Int(keys[_PreorderIndex.childCopy(t, k)] &>> 32)
            let hiddenCopy = _PreorderIndex.hiddenCopy(t, k)
            before &+= hidden[hiddenCopy] == visibleStored ? atMinimum : 0
            hidden[hiddenCopy] &+= d
            after &+= hidden[hiddenCopy] == visibleStored ? atMinimum : 0
            let c = Int(hidden[_PreorderIndex.linkSlot(t, k)])
            nodes[c].lazy &+= d
            if nodes[c].summary.count > 0 { nodes[c].summary.minHidden &+= delta }
          }
        }
      }
    }
    visible.0 &+= before
    visible.1 &+= after
  }

  /// Sets the expanded flag of the entry at `position`, and clears its
  /// revealed flag: the node was touched.
  ///
  /// The flag only feeds the `expandedDepths` masks, which may hold more
  /// depths than the run has expanded entries at (never fewer): setting a
  /// flag ORs its bit in upward until an ancestor already has it, O(log n);
  /// clearing one leaves the masks as they are, O(1), and the search that
  /// reads them (`expandedOffsets`) clears what it finds stale.
  @usableFromInline
  mutating func setExpandedFlag(_ expanded: Bool, at position: UInt32) {
    let e = Int(position)
    entryDepths[e] &= ~_PreorderIndex.revealedFlag
    guard expanded else {
      entryDepths[e] &= ~_PreorderIndex.expandedFlag
      return
    }
    entryDepths[e] |= _PreorderIndex.expandedFlag
    let bit = _Summary.depthBit(Int(entryDepths[e] & _PreorderIndex.depthMask))
    var t = _PreorderIndex.leaf(of: position)
    while t >= 0 && treeNodes[t].summary.expandedDepths & bit == 0 {
      treeNodes[t].summary.expandedDepths |= bit
      t = Int(treeNodes[t].parent)
    }
  }

  /// Calls `body` on every entry in `range`, in preorder, with its key, its
  /// true hidden count and its depth-and-flag word (the last two it may
  /// rewrite);
  /// then brings every summary up to date.
  ///
  /// O(log n + range.count). Lazy deltas on the way down are pushed into the
  /// entries first, so the values `body` sees and writes are the true ones.
  @usableFromInline
  mutating func rewriteEntries(
    in range: Range<Int>,
    _ body: (_ offset: Int, _ key: UInt64, _ hidden: inout Int32, _ depthAndFlag: inout UInt32) -> Void
  ) {
    guard root >= 0, !range.isEmpty else { return }
    rewriteEntries(in: range, below: Int(root), base: 0, body)
  }

  @usableFromInline
  mutating func rewriteEntries(
    in range: Range<Int>, below t: Int, base: Int,
    _ body: (_ offset: Int, _ key: UInt64, _ hidden: inout Int32, _ depthAndFlag: inout UInt32) -> Void
  ) {
    pushDown(t)
    let n = treeNodes[t].summary.count
    if treeNodes[t].height == 0 {
      let first = t &<< _PreorderIndex.leafShift
      let lo = Swift.max(range.lowerBound &- base, 0)
      let hi = Swift.min(range.upperBound &- base, n)
      for i in lo ..< hi {
        let e = first &+ i
        body(base &+ i, entryKeys[e], &entryHidden[e], &entryDepths[e])
      }
      recomputeLeaf(t)
      return
    }
    var start = base
    for k in children(of: t) {
      let c = link(k)
      let cn = treeNodes[c].summary.count
      if start >= range.upperBound { break }
      if start &+ cn > range.lowerBound {
        rewriteEntries(in: range, below: c, base: start, body)
      }
      start &+= cn
    }
    recomputeInner(t)
  }

  /// Calls `body` on every entry in `range`, in preorder, with its key, its
  /// true hidden count and its depth-and-flag word; O(log n + range.count).
  @usableFromInline
  func forEachEntry(
    in range: Range<Int>,
    _ body: (_ offset: Int, _ key: UInt64, _ hidden: Int, _ depthAndFlag: UInt32) -> Void
  ) {
    guard root >= 0, !range.isEmpty else { return }
    forEachEntry(in: range, below: Int(root), base: 0, above: 0, body)
  }

  @usableFromInline
  func forEachEntry(
    in range: Range<Int>, below t: Int, base: Int, above: Int,
    _ body: (_ offset: Int, _ key: UInt64, _ hidden: Int, _ depthAndFlag: UInt32) -> Void
  ) {
    let n = treeNodes[t].summary.count
    let here = above &+ Int(treeNodes[t].lazy)
    if treeNodes[t].height == 0 {
      let first = t &<< _PreorderIndex.leafShift
      let lo = Swift.max(range.lowerBound &- base, 0)
      let hi = Swift.min(range.upperBound &- base, n)
      for i in lo ..< hi {
        let e = first &+ i
        body(base &+ i, entryKeys[e], Int(entryHidden[e]) &+ here, entryDepths[e])
      }
      return
    }
    var start = base
    for k in children(of: t) {
      let c = link(k)
      let cn = treeNodes[c].summary.count
      if start >= range.upperBound { break }
      if start &+ cn > range.lowerBound {
        forEachEntry(in: range, below: c, base: start, above: here, body)
      }
      start &+= cn
    }
  }
}
