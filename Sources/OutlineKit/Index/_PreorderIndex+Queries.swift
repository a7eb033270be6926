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

  /// Preorder offset and visible row (nil when hidden) of the entry at
  /// `position`, from one walk up.
  ///
  /// No sum of the lazies above is needed: an entry is visible exactly when
  /// it is at its leaf's minimum hidden count, each tree node on the way up
  /// is at its parent's minimum, and the root's minimum is 0; and where it
  /// is, the visible entries and children to its left are the ones at those
  /// same minimums.
  @usableFromInline
  func offsetAndRow(of position: UInt32) -> (offset: Int, row: Int?) {
    let leaf = _PreorderIndex.leaf(of: position)
    let stored = entryHidden[Int(position)]
    var isVisible = Int(stored) &+ Int(treeNodes[leaf].lazy) == treeNodes[leaf].summary.minHidden
    let first = leaf &<< _PreorderIndex.leafShift
    var offset = Int(position) &- first
    var row = 0
    if isVisible {
      row = countHidden(stored, in: first ..< Int(position))
    }
    var t = leaf
    while true {
      let parent = Int(treeNodes[t].parent)
      if parent < 0 {
        isVisible = isVisible && treeNodes[t].summary.minHidden == 0
        return (offset, isVisible ? row : nil)
      }
      let parentMin = Int32(truncatingIfNeeded: treeNodes[parent].summary.minHidden &- Int(treeNodes[parent].lazy))
      var k = 0
      let target = Int32(t)
      while entryHidden[_PreorderIndex.linkSlot(parent, k)] != target {
        offset &+= childCount(parent, k)
        if entryHidden[_PreorderIndex.hiddenCopy(parent, k)] == parentMin {
          row &+= Int(entryKeys[_PreorderIndex.childCopy(parent, k)] &>> 32)
        }
        k &+= 1
      }
      isVisible = isVisible && entryHidden[_PreorderIndex.hiddenCopy(parent, k)] == parentMin
      t = parent
    }
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

  /// Position of the entry on visible row `row` (`0 ..< visibleCount`).
  @usableFromInline
  func position(atRow row: Int) -> UInt32 {
    positionAndLazies(atRow: row).position
  }

  /// Position of the entry on visible row `row`, and the sum of the lazy
  /// deltas of its leaf's strict ancestors (what a walk from there needs).
  @usableFromInline
  func positionAndLazies(atRow row: Int) -> (position: UInt32, above: Int) {
    let (leaf, remaining, above) = leafAndLazies(atRow: row)
    return (entry(visible: remaining, inLeaf: leaf, above: above), above)
  }

  /// Key of the node on visible row `row` (`0 ..< visibleCount`).
  ///
  /// The same descent as `position(atRow:)`, but the key is loaded before
  /// the leaf's scan finishes: on a leaf with no hidden entry before the
  /// row's, the entry is the leaf's `remaining`-th, so that key's cache
  /// line is asked for while the scan runs. A random lookup would otherwise
  /// wait for two memory reads in a row at the leaf (its hidden counts,
  /// then the key they lead to).
  @usableFromInline
  func key(atRow row: Int) -> UInt64 {
    let (leaf, remaining, above) = leafAndLazies(atRow: row)
    let guess = (leaf &<< _PreorderIndex.leafShift) &+ remaining
    let guessedKey = entryKeys[guess]
    let e = Int(entry(visible: remaining, inLeaf: leaf, above: above))
    return e == guess ? guessedKey : entryKeys[e]
  }

  /// Position of the `k`-th (from 0) visible entry of `leaf`, given the sum
  /// `above` of its strict ancestors' lazy deltas.
  @inlinable @inline(__always)
  func entry(visible k: Int, inLeaf leaf: Int, above: Int) -> UInt32 {
    let visibleStored = Int32(truncatingIfNeeded: -(above &+ Int(treeNodes[leaf].lazy)))
    return entry(visible: k, in: entries(of: leaf), visibleStored: visibleStored)
  }

  /// The leaf that holds visible row `row`, which of its visible entries
  /// the row is (from 0), and the sum of the lazy deltas of its strict
  /// ancestors: the descent without the leaf's scan.
  @inlinable @inline(__always)
  func leafAndLazies(atRow row: Int) -> (leaf: Int, visibleIndex: Int, above: Int) {
    var t = Int(root)
    var remaining = row
    var above = 0
    while treeNodes[t].height > 0 {
      above &+= Int(treeNodes[t].lazy)
      t = child(child(withVisible: &remaining, in: t, above: above), of: t)
    }
    return (t, remaining, above)
  }

  /// Index of the child of inner node `t` that holds the visible entry
  /// `remaining` entries into `t`; on return `remaining` counts from that
  /// child's first entry. `above` is the sum of the lazies of `t` and its
  /// ancestors. Reads the compact copies through unsafe buffers: this is
  /// the inner loop of every row lookup, and the bounds are those of `t`.
  @inlinable @inline(__always)
  func child(withVisible remaining: inout Int, in t: Int, above: Int) -> Int {
    let first = _PreorderIndex.childCopy(t, 0)
    let count = Int(treeNodes[t].count)
    return entryHidden.withUnsafeBufferPointer { hidden in
      entryKeys.withUnsafeBufferPointer { keys in
        var k = 0
        while k < count {
          let n = Int(hidden[first &+ 2 &* k]) == -above ? Int(keys[first &+ k] &>> 32) : 0
          if remaining < n { return k }
          remaining &-= n
          k &+= 1
        }
        _failRequirement("Outline index: row descent ran past the last child (corrupt summaries)")
      }
    }
  }

  /// Position of the `k`-th (from 0) entry of `leafEntries` whose stored
  /// hidden count is `visibleStored`.
  ///
  /// Visibility changes from entry to entry, so a branch per entry
  /// mispredicts; this counts four entries at a time with one vector
  /// compare, and only the last group entry by entry.
  @usableFromInline
  func entry(visible k: Int, in leafEntries: Range<Int>, visibleStored: Int32) -> UInt32 {
    entryHidden.withUnsafeBufferPointer { hidden in
      let raw = UnsafeRawPointer(hidden.baseAddress!)
      let pattern = SIMD4<Int32>(repeating: visibleStored)
      var remaining = k
      var e = leafEntries.lowerBound
      while e &+ 4 <= leafEntries.upperBound {
        let group = raw.loadUnaligned(fromByteOffset: e &* 4, as: SIMD4<Int32>.self)
        let visible = Int(SIMD4<Int32>(repeating: 0).replacing(with: 1, where: group .== pattern).wrappedSum())
        if remaining < visible { break }
        remaining &-= visible
        e &+= 4
      }
      while e < leafEntries.upperBound {
        if hidden[e] == visibleStored {
          if remaining == 0 { return UInt32(truncatingIfNeeded: e) }
          remaining &-= 1
        }
        e &+= 1
      }
      _failRequirement("Outline index: row descent found no entry (corrupt summaries)")
    }
  }

  /// The visible entries of leaf `leaf` at entry indices `start...`, one bit
  /// per entry index, given the sum `above` of its ancestors' lazy deltas.
  ///
  /// Compares four hidden counts at a time (a leaf has a multiple of four
  /// slots, and those past its count exist, so whole groups can be read;
  /// their bits are masked off).
  @usableFromInline
  func visibleMask(ofLeaf leaf: Int, above: Int, from start: Int = 0) -> UInt64 {
    let visibleStored = Int32(truncatingIfNeeded: -(above &+ Int(treeNodes[leaf].lazy)))
    let count = Int(treeNodes[leaf].count)
    let first = leaf &<< _PreorderIndex.leafShift
    var mask: UInt64 = 0
    entryHidden.withUnsafeBufferPointer { hidden in
      let raw = UnsafeRawPointer(hidden.baseAddress!)
      let pattern = SIMD4<Int32>(repeating: visibleStored)
      let weights = SIMD4<UInt32>(1, 2, 4, 8)
      var group = start & ~3
      while group < count {
        let hiddenCounts = raw.loadUnaligned(fromByteOffset: (first &+ group) &* 4, as: SIMD4<Int32>.self)
        let bits = SIMD4<UInt32>(repeating: 0).replacing(with: weights, where: hiddenCounts .== pattern).wrappedSum()
        mask |= UInt64(bits) &<< UInt64(group)
        group &+= 4
      }
    }
    let inRange = (count == 64 ? ~0 : (1 &<< UInt64(count)) &- 1) & (~0 &<< UInt64(start))
    return mask & inRange
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
