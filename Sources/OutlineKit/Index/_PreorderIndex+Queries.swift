/// Read-only searches over the index. Every one is O(log n): a walk up from a
/// leaf or a descent from the root, scanning at most one node per level.
extension _PreorderIndex {
  // MARK: Offsets

  /// Preorder offset of the entry at `position`.
  @usableFromInline
  func offset(of position: UInt32) -> Int {
    var t = _PreorderIndex.leaf(of: position)
    var result = Int(position & _PreorderIndex.leafSlotMask)
    while true {
      let parent = Int(treeNodes[t].parent)
      if parent < 0 { return result }
      var k = 0
      let target = Int32(t)
      while entryHidden[_PreorderIndex.linkSlot(parent, k)] != target {
        result &+= childCount(parent, k)
        k &+= 1
      }
      t = parent
    }
  }

  /// Position of the entry at preorder `offset` (`0 ..< count`).
  @usableFromInline
  func position(atOffset offset: Int) -> UInt32 {
    var t = Int(root)
    var remaining = offset
    while treeNodes[t].height > 0 {
      var k = 0
      while true {
        let n = childCount(t, k)
        if remaining < n { break }
        remaining &-= n
        k &+= 1
      }
      t = child(k, of: t)
    }
    return _PreorderIndex.position(leaf: t, index: remaining)
  }

  // MARK: Rows

  /// Where the entry at `position` stands, from one walk up from its leaf:
  /// its preorder offset, its visible row (nil when hidden), the first
  /// offset after its subtree, and the sum of the lazy deltas of its leaf's
  /// strict ancestors. When given, `path` (room for the root's height)
  /// receives each tree node's index among its parent's children on the
  /// way up, the leaf's first, so that an update along the same path does
  /// not scan the links again.
  ///
  /// Each level's copies are scanned once: the children left of the path
  /// give the offset and the row, those right of it (up to the first that
  /// holds an entry no deeper than this one) the subtree's end. No sum of
  /// the lazies above is needed for the row: an entry is visible exactly
  /// when it is at its leaf's minimum hidden count, each tree node on the
  /// way up is at its parent's minimum, and the root's minimum is 0; and
  /// where it is, the visible entries and children to its left are the
  /// ones at those same minimums.
  @usableFromInline
  func span(of position: UInt32, path: UnsafeMutableBufferPointer<Int32>? = nil) -> _EntrySpan {
    let leaf = _PreorderIndex.leaf(of: position)
    let first = leaf &<< _PreorderIndex.leafShift
    let depth = entryDepths[Int(position)] & _PreorderIndex.depthMask
    let stored = entryHidden[Int(position)]
    var isVisible = Int(stored) &+ Int(treeNodes[leaf].lazy) == treeNodes[leaf].summary.minHidden
    var row = isVisible ? countHidden(stored, in: first ..< Int(position)) : 0
    var offset = Int(position) &- first
    // The end, relative to the first entry of the tree node the walk is
    // at; -1 until found.
    var end = -1
    var lazies = 0
    var root = leaf
    // One set of unsafe buffers for the whole walk: per level, the scans
    // below are the work, and element-wise reads checked bounds for each.
    entryDepths.withUnsafeBufferPointer { depths in
      entryHidden.withUnsafeBufferPointer { hidden in
        entryKeys.withUnsafeBufferPointer { keys in
          treeNodes.withUnsafeBufferPointer { nodes in
            for e in Int(position) &+ 1 ..< first &+ Int(nodes[leaf].count)
            where depths[e] & _PreorderIndex.depthMask <= depth {
              end = e &- first
              break
            }
            var t = leaf
            var level = 0
            while true {
              let parent = Int(nodes[t].parent)
              if parent < 0 { break }
              let parentLazy = Int(nodes[parent].lazy)
              lazies &+= parentLazy
              let parentMin = Int32(truncatingIfNeeded: nodes[parent].summary.minHidden &- parentLazy)
              let base = _PreorderIndex.childCopy(parent, 0)
              // Left of the path: the offset and the row.
              var k = 0
              var start = 0
              let target = Int32(truncatingIfNeeded: t)
              while hidden[base &+ 2 &* k &+ 1] != target {
                let copy = keys[base &+ k]
                start &+= Int(UInt32(truncatingIfNeeded: copy))
                row &+= hidden[base &+ 2 &* k] == parentMin ? Int(copy &>> 32) : 0
                k &+= 1
              }
              isVisible = isVisible && hidden[base &+ 2 &* k] == parentMin
              path?[level] = Int32(truncatingIfNeeded: k)
              if end >= 0 {
                end &+= start
              } else {
                // Right of the path: the first child holding an entry no
                // deeper than this one.
                var skipped = start &+ Int(UInt32(truncatingIfNeeded: keys[base &+ k]))
                var j = k &+ 1
                let children = Int(nodes[parent].count)
                while j < children {
                  if depths[base &+ j] <= depth {
                    end = skipped &+ firstOffset(in: Int(hidden[base &+ 2 &* j &+ 1]), depthAtMost: Int(depth))
                    break
                  }
                  skipped &+= Int(UInt32(truncatingIfNeeded: keys[base &+ j]))
                  j &+= 1
                }
              }
              offset &+= start
              t = parent
              level &+= 1
            }
            root = t
          }
        }
      }
    }
    isVisible = isVisible && treeNodes[root].summary.minHidden == 0
    return _EntrySpan(
      offset: offset, row: isVisible ? row : nil, end: end >= 0 ? end : treeNodes[root].summary.count, lazies: lazies)
  }

  /// Visible row of the entry at `position`, or nil when it is hidden: one
  /// walk up, as `offsetAndRow(of:)`, that stops where the entry turns out
  /// hidden.
  @usableFromInline
  func row(of position: UInt32) -> Int? {
    let leaf = _PreorderIndex.leaf(of: position)
    let stored = entryHidden[Int(position)]
    guard Int(stored) &+ Int(treeNodes[leaf].lazy) == treeNodes[leaf].summary.minHidden else { return nil }
    let first = leaf &<< _PreorderIndex.leafShift
    var row = countHidden(stored, in: first ..< Int(position))
    var t = leaf
    while true {
      let parent = Int(treeNodes[t].parent)
      if parent < 0 { return treeNodes[t].summary.minHidden == 0 ? row : nil }
      let parentMin = Int32(truncatingIfNeeded: treeNodes[parent].summary.minHidden &- Int(treeNodes[parent].lazy))
      var k = 0
      let target = Int32(t)
      while entryHidden[_PreorderIndex.linkSlot(parent, k)] != target {
        if entryHidden[_PreorderIndex.hiddenCopy(parent, k)] == parentMin {
          row &+= Int(entryKeys[_PreorderIndex.childCopy(parent, k)] &>> 32)
        }
        k &+= 1
      }
      guard entryHidden[_PreorderIndex.hiddenCopy(parent, k)] == parentMin else { return nil }
      t = parent
    }
  }

  /// Number of visible entries at offsets `< offset`.
  @usableFromInline
  func visibleCount(before offset: Int) -> Int {
    guard root >= 0, offset > 0 else { return 0 }
    var t = Int(root)
    var remaining = offset
    var above = 0
    var result = 0
    while treeNodes[t].height > 0 {
      if remaining >= treeNodes[t].summary.count {
        return result &+ treeNodes[t].summary.visibleCount(above: above)
      }
      above &+= Int(treeNodes[t].lazy)
      var k = 0
      while true {
        let n = childCount(t, k)
        if remaining < n { break }
        remaining &-= n
        result &+= childVisibleCount(t, k, above: above)
        k &+= 1
      }
      t = child(k, of: t)
    }
    let visibleStored = Int32(truncatingIfNeeded: -(above &+ Int(treeNodes[t].lazy)))
    let first = t &<< _PreorderIndex.leafShift
    return result &+ countHidden(visibleStored, in: first ..< first &+ Swift.min(remaining, Int(treeNodes[t].count)))
  }

  // MARK: Depth searches

  /// First offset after the entry at `position` (offset `offset`) whose depth
  /// is `<= depth`: the end of that entry's subtree when `depth` is its own.
  @usableFromInline
  func firstOffset(after position: UInt32, offset: Int, depthAtMost depth: Int) -> Int {
    let leaf = _PreorderIndex.leaf(of: position)
    var result = offset &+ 1
    for e in Int(position) &+ 1 ..< entries(of: leaf).upperBound {
      if Int(entryDepths[e] & _PreorderIndex.depthMask) <= depth { return result }
      result &+= 1
    }
    var t = leaf
    while true {
      let parent = Int(treeNodes[t].parent)
      if parent < 0 { return result }
      let count = Int(treeNodes[parent].count)
      var k = indexInParent(t) &+ 1
      while k < count {
        if childMinDepth(parent, k) <= depth {
          return result &+ firstOffset(in: child(k, of: parent), depthAtMost: depth)
        }
        result &+= childCount(parent, k)
        k &+= 1
      }
      t = parent
    }
  }

  /// Offset, within tree node `t`, of its first entry of depth `<= depth`
  /// (which must exist).
  @usableFromInline
  func firstOffset(in t: Int, depthAtMost depth: Int) -> Int {
    var node = t
    var result = 0
    while treeNodes[node].height > 0 {
      var k = 0
      while childMinDepth(node, k) > depth {
        result &+= childCount(node, k)
        k &+= 1
      }
      node = child(k, of: node)
    }
    for e in entries(of: node) {
      if Int(entryDepths[e] & _PreorderIndex.depthMask) <= depth { return result }
      result &+= 1
    }
    _failRequirement("Outline index: depth descent found no entry (corrupt summaries)")
  }

  /// Position of the last entry before the one at `position` whose depth is
  /// `< depth`: its parent when `depth` is its own.
  @usableFromInline
  func lastPosition(before position: UInt32, depthBelow depth: Int) -> UInt32? {
    let leaf = _PreorderIndex.leaf(of: position)
    var e = Int(position)
    let first = leaf &<< _PreorderIndex.leafShift
    while e > first {
      e &-= 1
      if Int(entryDepths[e] & _PreorderIndex.depthMask) < depth { return UInt32(e) }
    }
    var t = leaf
    while true {
      let parent = Int(treeNodes[t].parent)
      if parent < 0 { return nil }
      var k = indexInParent(t)
      while k > 0 {
        k &-= 1
        if childMinDepth(parent, k) < depth {
          return lastPosition(in: child(k, of: parent), depthBelow: depth)
        }
      }
      t = parent
    }
  }

  /// Position of the last entry below tree node `t` whose depth is `< depth`
  /// (which must exist).
  @usableFromInline
  func lastPosition(in t: Int, depthBelow depth: Int) -> UInt32 {
    var node = t
    while treeNodes[node].height > 0 {
      var k = Int(treeNodes[node].count) &- 1
      while childMinDepth(node, k) >= depth { k &-= 1 }
      node = child(k, of: node)
    }
    for e in entries(of: node).reversed()
    where Int(entryDepths[e] & _PreorderIndex.depthMask) < depth {
      return UInt32(e)
    }
    _failRequirement("Outline index: depth descent found no entry (corrupt summaries)")
  }

  /// Number of entries of depth `depth` in `range`, whose entries all have
  /// depth `>= depth`: the children of a node when `range` is its subtree
  /// without it. Only entries that pass the filter when `includedOnly`.
  @usableFromInline
  func countEntries(atDepth depth: Int, in range: Range<Int>, includedOnly: Bool = false) -> Int {
    guard root >= 0, !range.isEmpty else { return 0 }
    return countEntries(atDepth: depth, in: range, includedOnly: includedOnly, below: Int(root), base: 0)
  }

  @usableFromInline
  func countEntries(atDepth depth: Int, in range: Range<Int>, includedOnly: Bool, below t: Int, base: Int) -> Int {
    let summary = treeNodes[t].summary
    if range.lowerBound <= base && base &+ summary.count <= range.upperBound {
      return summary.count(atDepth: depth, includedOnly: includedOnly)
    }
    if treeNodes[t].height == 0 {
      let first = t &<< _PreorderIndex.leafShift
      let lo = Swift.max(range.lowerBound &- base, 0)
      let hi = Swift.min(range.upperBound &- base, summary.count)
      var result = 0
      for e in first &+ lo ..< first &+ hi where isEntry(e, ofDepth: depth, includedOnly: includedOnly) {
        result &+= 1
      }
      return result
    }
    var result = 0
    var start = base
    for k in children(of: t) {
      let c = link(k)
      let n = treeNodes[c].summary.count
      if start >= range.upperBound { break }
      if start &+ n > range.lowerBound {
        result &+= countEntries(atDepth: depth, in: range, includedOnly: includedOnly, below: c, base: start)
      }
      start &+= n
    }
    return result
  }

  /// Whether entry `e` has depth `depth` (and passes the filter, when
  /// `includedOnly`).
  @inlinable @inline(__always)
  func isEntry(_ e: Int, ofDepth depth: Int, includedOnly: Bool) -> Bool {
    let word = entryDepths[e]
    return Int(word & _PreorderIndex.depthMask) == depth
      && (!includedOnly || word & _PreorderIndex.excludedFlag == 0)
  }

  /// Position of the `k`-th entry of depth `depth` in `range` (entries there
  /// all have depth `>= depth`), counting only entries that pass the filter
  /// when `includedOnly`; nil when there are not that many.
  @usableFromInline
  func position(ofEntry k: Int, atDepth depth: Int, in range: Range<Int>, includedOnly: Bool = false) -> UInt32? {
    guard root >= 0, !range.isEmpty else { return nil }
    var remaining = k
    return position(
      ofEntry: &remaining, atDepth: depth, in: range, includedOnly: includedOnly, below: Int(root), base: 0)
  }

  @usableFromInline
  func position(
    ofEntry remaining: inout Int, atDepth depth: Int, in range: Range<Int>, includedOnly: Bool, below t: Int,
    base: Int
  ) -> UInt32? {
    let summary = treeNodes[t].summary
    if range.lowerBound <= base && base &+ summary.count <= range.upperBound {
      let here = summary.count(atDepth: depth, includedOnly: includedOnly)
      if remaining >= here {
        remaining &-= here
        return nil
      }
    }
    if treeNodes[t].height == 0 {
      let first = t &<< _PreorderIndex.leafShift
      let lo = Swift.max(range.lowerBound &- base, 0)
      let hi = Swift.min(range.upperBound &- base, summary.count)
      for e in first &+ lo ..< first &+ hi where isEntry(e, ofDepth: depth, includedOnly: includedOnly) {
        if remaining == 0 { return UInt32(e) }
        remaining &-= 1
      }
      return nil
    }
    var start = base
    for k in children(of: t) {
      let c = link(k)
      let n = treeNodes[c].summary.count
      if start >= range.upperBound { break }
      if start &+ n > range.lowerBound,
        let found = position(
          ofEntry: &remaining, atDepth: depth, in: range, includedOnly: includedOnly, below: c, base: start)
      {
        return found
      }
      start &+= n
    }
    return nil
  }

  /// Offsets of the expanded entries in `range`, of depth `depth` only when
  /// it is given, in preorder. O(k log n) for k found, plus the stale mask
  /// bits it visits, which it clears (each one a collapse left behind).
  @usableFromInline
  mutating func expandedOffsets(in range: Range<Int>, atDepth depth: Int? = nil) -> [Int] {
    var result: [Int] = []
    guard root >= 0, !range.isEmpty else { return result }
    let mask = depth.map(_Summary.depthBit) ?? ~0
    collectExpanded(in: range, depth: depth, mask: mask, below: Int(root), base: 0, into: &result)
    return result
  }

  /// Collects the expanded entries below `t`; where `t` lies wholly in
  /// `range`, sets its mask to what its entries (or its children's masks)
  /// have now.
  @usableFromInline
  mutating func collectExpanded(
    in range: Range<Int>, depth: Int?, mask: UInt64, below t: Int, base: Int, into result: inout [Int]
  ) {
    let summary = treeNodes[t].summary
    guard summary.expandedDepths & mask != 0 else { return }
    let isWhole = range.lowerBound <= base && base &+ summary.count <= range.upperBound
    if treeNodes[t].height == 0 {
      let first = t &<< _PreorderIndex.leafShift
      let lo = Swift.max(range.lowerBound &- base, 0)
      let hi = Swift.min(range.upperBound &- base, summary.count)
      var exact: UInt64 = 0
      for i in lo ..< Swift.max(lo, hi) {
        let raw = entryDepths[first &+ i]
        guard raw & _PreorderIndex.expandedFlag != 0 else { continue }
        let entryDepth = Int(raw & _PreorderIndex.depthMask)
        exact |= _Summary.depthBit(entryDepth)
        if let depth, entryDepth != depth { continue }
        result.append(base &+ i)
      }
      if isWhole { treeNodes[t].summary.expandedDepths = exact }
      return
    }
    var start = base
    var exact: UInt64 = 0
    for k in 0 ..< Int(treeNodes[t].count) {
      let c = child(k, of: t)
      let n = treeNodes[c].summary.count
      if start < range.upperBound && start &+ n > range.lowerBound {
        collectExpanded(in: range, depth: depth, mask: mask, below: c, base: start, into: &result)
      }
      exact |= treeNodes[c].summary.expandedDepths
      start &+= n
    }
    if isWhole { treeNodes[t].summary.expandedDepths = exact }
  }

}

/// Where an entry stands, from one walk up from its leaf
/// (`_PreorderIndex.span(of:path:)`).
@usableFromInline
internal struct _EntrySpan {
  /// The entry's preorder offset.
  @usableFromInline var offset: Int
  /// Its visible row, or nil when it has none.
  @usableFromInline var row: Int?
  /// The first offset after its subtree.
  @usableFromInline var end: Int
  /// The sum of the lazy deltas of its leaf's strict ancestors.
  @usableFromInline var lazies: Int

  @inlinable
  init(offset: Int, row: Int?, end: Int, lazies: Int) {
    self.offset = offset
    self.row = row
    self.end = end
    self.lazies = lazies
  }
}
