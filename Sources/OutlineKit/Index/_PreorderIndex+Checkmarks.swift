/// Checkmarks in the index: every node has a mark, and every tree node
/// counts the outline leaves below it and how many of them are checked, so
/// a node's state and a subtree's count are O(log n) whatever its size.
///
/// Marks live by slot (`slotMarks`), beside a bit that says whether the
/// node has children; only leaves' marks count. Marking a run of entries
/// is one lazy assignment: a tree node wholly inside the run takes the mark
/// as pending (`TreeNode.pendingMark`) and its count becomes all or none
/// of its leaves; `pushDown` hands a pending mark to the children before any
/// entry moves, as it does the hidden delta. A leaf never holds one: a
/// mark reaching a leaf is written into its entries' slots at once.
///
/// Whether a node has children depends on the entry after it, so only the
/// entries at a cut change it: `insertTree` and `extract` set it again
/// there, and bulk builds set it from their seeds.
extension _PreorderIndex {
  /// The node's own mark, in `slotMarks`.
  @inlinable @inline(__always)
  static var markFlag: UInt8 { 1 }
  /// The node has children: its mark does not count.
  @inlinable @inline(__always)
  static var parentFlag: UInt8 { 2 }

  /// A pending mark that checks everything below.
  @inlinable @inline(__always)
  static var pendingChecked: UInt8 { 2 }
  /// A pending mark that unchecks everything below.
  @inlinable @inline(__always)
  static var pendingUnchecked: UInt8 { 1 }

  // MARK: Starting

  /// Starts keeping marks: every node unmarked, every count set. O(n),
  /// once, at the first mark set.
  @usableFromInline
  mutating func startTrackingMarks() {
    guard !tracksMarks else { return }
    tracksMarks = true
    slotMarks = [UInt8](repeating: 0, count: nodeTable.count)
    markCounts = [_MarkTally](repeating: _MarkTally(), count: treeNodes.count)
    guard root >= 0 else { return }
    // Each entry is a parent when the next one is deeper.
    var previous: (slot: Int, depth: UInt32)? = nil
    forEachEntry(in: 0 ..< count) { _, key, _, word in
      let depth = word & _PreorderIndex.depthMask
      if let last = previous, depth > last.depth { slotMarks[last.slot] = _PreorderIndex.parentFlag }
      previous = (Int(UInt32(truncatingIfNeeded: key)), depth)
    }
    recountAllMarks(below: Int(root))
  }

  private mutating func recountAllMarks(below t: Int) {
    if treeNodes[t].height == 0 {
      recountMarks(ofLeaf: t)
      return
    }
    for k in 0 ..< Int(treeNodes[t].count) { recountAllMarks(below: child(k, of: t)) }
    recountMarks(ofInner: t)
  }

  // MARK: Counts

  /// Counts a leaf's leaves and checked leaves, all and passing the
  /// filter, from its entries' slots and words.
  @usableFromInline
  mutating func recountMarks(ofLeaf leaf: Int) {
    var tally = _MarkTally()
    slotMarks.withUnsafeBufferPointer { marks in
      entryKeys.withUnsafeBufferPointer { keys in
        for e in entries(of: leaf) {
          tally.add(bits: marks[Int(UInt32(truncatingIfNeeded: keys[e]))], word: entryDepths[e], pending: 0)
        }
      }
    }
    markCounts[leaf] = tally
  }

  /// Sums an inner node's children's counts, under its own pending mark.
  @usableFromInline
  mutating func recountMarks(ofInner t: Int) {
    var tally = _MarkTally()
    for k in 0 ..< Int(treeNodes[t].count) { tally.add(markCounts[child(k, of: t)]) }
    markCounts[t] = tally.marked(treeNodes[t].pendingMark)
  }

  // MARK: Lazy marks

  /// Gives every entry below `t` the mark: pending on an inner node,
  /// written at once into a leaf's slots.
  @usableFromInline
  mutating func applyMark(_ pending: UInt8, to t: Int) {
    let checks = pending == _PreorderIndex.pendingChecked
    markCounts[t] = markCounts[t].marked(pending)
    guard treeNodes[t].height == 0 else {
      treeNodes[t].pendingMark = pending
      return
    }
    for e in entries(of: t) { setMark(checks, ofSlot: Int(UInt32(truncatingIfNeeded: entryKeys[e]))) }
  }

  @inlinable @inline(__always)
  mutating func setMark(_ checked: Bool, ofSlot slot: Int) {
    slotMarks[slot] = slotMarks[slot] & ~_PreorderIndex.markFlag | (checked ? _PreorderIndex.markFlag : 0)
  }

  /// Hands `t`'s pending mark to its children; part of `pushDown`.
  @usableFromInline
  mutating func pushMarks(_ t: Int) {
    let pending = treeNodes[t].pendingMark
    guard pending != 0 else { return }
    for k in 0 ..< Int(treeNodes[t].count) { applyMark(pending, to: child(k, of: t)) }
    treeNodes[t].pendingMark = 0
  }

  /// Gives every entry at `range` the mark `checked`: O(log n), plus a
  /// leaf's entries at each end.
  @usableFromInline
  mutating func setMarks(_ checked: Bool, in range: Range<Int>) {
    guard root >= 0, !range.isEmpty else { return }
    setMarks(checked ? _PreorderIndex.pendingChecked : _PreorderIndex.pendingUnchecked, in: range, below: Int(root), base: 0)
  }

  /// Marks the entries of `range` below `t`, and returns how much its
  /// checked counts (all, passing) changed: each tree node on the two
  /// paths adds its children's changes, rather than summing all its
  /// children again.
  @discardableResult
  private mutating func setMarks(_ pending: UInt8, in range: Range<Int>, below t: Int, base: Int) -> (Int, Int) {
    let n = treeNodes[t].summary.count
    let old = markCounts[t]
    if range.lowerBound <= base && range.upperBound >= base &+ n {
      applyMark(pending, to: t)
    } else if treeNodes[t].height == 0 {
      let first = t &<< _PreorderIndex.leafShift
      for i in Swift.max(range.lowerBound &- base, 0) ..< Swift.min(range.upperBound &- base, n) {
        setMark(pending == _PreorderIndex.pendingChecked, ofSlot: Int(UInt32(truncatingIfNeeded: entryKeys[first &+ i])))
      }
      recountMarks(ofLeaf: t)
    } else {
      // Handed down first, a pending mark leaves this node's counts as they are.
      pushMarks(t)
      var start = base
      var change = (0, 0)
      for k in 0 ..< Int(treeNodes[t].count) {
        let cn = childCount(t, k)
        if start >= range.upperBound { break }
        if start &+ cn > range.lowerBound {
          let own = setMarks(pending, in: range, below: child(k, of: t), base: start)
          change = (change.0 &+ own.0, change.1 &+ own.1)
        }
        start &+= cn
      }
      markCounts[t].checked &+= change.0
      markCounts[t].passingChecked &+= change.1
    }
    return (markCounts[t].checked &- old.checked, markCounts[t].passingChecked &- old.passingChecked)
  }

  /// Writes every pending mark below `t` into the slots (before the tree
  /// nodes go, as in a removal or a rebuild). O(size below `t`) at most.
  @usableFromInline
  mutating func settleMarks(below t: Int32) {
    guard tracksMarks, t >= 0, treeNodes[Int(t)].height > 0 else { return }
    pushMarks(Int(t))
    for k in 0 ..< Int(treeNodes[Int(t)].count) { settleMarks(below: Int32(child(k, of: Int(t)))) }
  }

  // MARK: Reading

  /// The mark of the node at `position`, pending ones included: the
  /// highest pending mark above its leaf wins. O(log n).
  @usableFromInline
  func mark(at position: UInt32) -> Bool {
    var pending: UInt8 = 0
    var t = Int(treeNodes[_PreorderIndex.leaf(of: position)].parent)
    while t >= 0 {
      if treeNodes[t].pendingMark != 0 { pending = treeNodes[t].pendingMark }
      t = Int(treeNodes[t].parent)
    }
    if pending != 0 { return pending == _PreorderIndex.pendingChecked }
    return slotMarks[Int(slot(at: position))] & _PreorderIndex.markFlag != 0
  }

  /// Whether the node at `position` has children, as the marks see it.
  @inlinable
  func isMarkParent(at position: UInt32) -> Bool {
    slotMarks[Int(slot(at: position))] & _PreorderIndex.parentFlag != 0
  }

  /// The leaves of the subtree whose top entry is at `position`: all,
  /// checked, passing the filter, and passing and checked.
  ///
  /// - Complexity: O(log n); see ``markTallyAndEnd(ofSubtreeAt:)``.
  @usableFromInline
  func markTally(ofSubtreeAt position: UInt32) -> _MarkTally {
    markTallyAndEnd(ofSubtreeAt: position).tally
  }

  /// The leaves of the subtree whose top entry is at `position`, and the
  /// depth of the entry after the subtree (-1 when none follows).
  ///
  /// One walk, as `firstOffset(after:offset:depthAtMost:)` finds the
  /// subtree's end: the rest of its leaf, then up, adding the tree nodes
  /// wholly inside the subtree, to the first that holds its end, and down
  /// that one to the end; then on up to the root for the pending marks
  /// above. Only the tree nodes around the subtree are read, besides the
  /// path up, which every call reads. O(log n).
  @usableFromInline
  func markTallyAndEnd(ofSubtreeAt position: UInt32) -> (tally: _MarkTally, endDepth: Int) {
    let leaf = _PreorderIndex.leaf(of: position)
    let depth = entryDepths[Int(position)] & _PreorderIndex.depthMask
    var tally = _MarkTally()
    var endDepth: Int? = nil
    for e in Int(position) ..< entries(of: leaf).upperBound {
      let word = entryDepths[e]
      if e != Int(position) && word & _PreorderIndex.depthMask <= depth {
        endDepth = Int(word & _PreorderIndex.depthMask)
        break
      }
      tally.add(bits: slotMarks[Int(UInt32(truncatingIfNeeded: entryKeys[e]))], word: word, pending: 0)
    }
    var t = leaf
    while true {
      let parent = Int(treeNodes[t].parent)
      if parent < 0 { return (tally, endDepth ?? -1) }
      if endDepth == nil {
        var k = indexInParent(t) &+ 1
        while k < Int(treeNodes[parent].count) {
          let c = child(k, of: parent)
          if childMinDepth(parent, k) <= Int(depth) {
            let rest = markTally(in: c, before: depth)
            tally.add(rest.tally)
            endDepth = rest.endDepth
            break
          }
          tally.add(markCounts[c])
          k &+= 1
        }
      }
      tally = tally.marked(treeNodes[parent].pendingMark)
      t = parent
    }
  }

  /// The leaves of tree node `t` before its first entry of depth `<=
  /// depth` (which it has), under its own pending marks, and that entry's
  /// depth.
  private func markTally(in t: Int, before depth: UInt32) -> (tally: _MarkTally, endDepth: Int) {
    var tally = _MarkTally()
    guard treeNodes[t].height > 0 else {
      for e in entries(of: t) {
        let word = entryDepths[e]
        if word & _PreorderIndex.depthMask <= depth { return (tally, Int(word & _PreorderIndex.depthMask)) }
        tally.add(bits: slotMarks[Int(UInt32(truncatingIfNeeded: entryKeys[e]))], word: word, pending: 0)
      }
      _failRequirement("Outline index: depth descent found no entry (corrupt summaries)")
    }
    var k = 0
    while childMinDepth(t, k) > Int(depth) {
      tally.add(markCounts[child(k, of: t)])
      k &+= 1
    }
    let rest = markTally(in: child(k, of: t), before: depth)
    tally.add(rest.tally)
    return (tally.marked(treeNodes[t].pendingMark), rest.endDepth)
  }

  /// The checked leaves of the whole index. O(1).
  @usableFromInline
  var checkedLeafCount: Int { tracksMarks && root >= 0 ? markCounts[Int(root)].checked : 0 }

  /// The offset of the first checked leaf at `offset` or after, or nil.
  /// O(log n): a subtree with no checked leaf is skipped whole.
  @usableFromInline
  func firstCheckedLeaf(from offset: Int) -> Int? {
    guard tracksMarks, root >= 0 else { return nil }
    return firstCheckedLeaf(from: offset, below: Int(root), pending: 0)
  }

  private func firstCheckedLeaf(from offset: Int, below t: Int, pending: UInt8) -> Int? {
    let pending = pending != 0 ? pending : treeNodes[t].pendingMark
    if treeNodes[t].height == 0 {
      let first = t &<< _PreorderIndex.leafShift
      for i in Swift.max(offset, 0) ..< Int(treeNodes[t].count) {
        let bits = slotMarks[Int(UInt32(truncatingIfNeeded: entryKeys[first &+ i]))]
        guard bits & _PreorderIndex.parentFlag == 0 else { continue }
        if pending == 0 ? bits & _PreorderIndex.markFlag != 0 : pending == _PreorderIndex.pendingChecked { return i }
      }
      return nil
    }
    if pending == _PreorderIndex.pendingUnchecked { return nil }
    var start = 0
    for k in 0 ..< Int(treeNodes[t].count) {
      let cn = childCount(t, k)
      guard start &+ cn > offset else {
        start &+= cn
        continue
      }
      let c = child(k, of: t)
      let checked = markCounts[c].marked(pending).checked
      if checked > 0, let found = firstCheckedLeaf(from: offset &- start, below: c, pending: pending) {
        return start &+ found
      }
      start &+= cn
    }
    return nil
  }

  // MARK: Parents at a cut

  /// Sets again whether the entry at `offset` has children (it does when
  /// the next entry is deeper), after a cut or a join next to it. O(log n).
  @usableFromInline
  mutating func settleParentFlag(atOffset offset: Int) {
    guard tracksMarks, offset >= 0, offset < count else { return }
    let position = position(atOffset: offset)
    let isParent = offset &+ 1 < count && depth(at: self.position(atOffset: offset &+ 1)) > depth(at: position)
    let slot = Int(self.slot(at: position))
    let bits = isParent ? slotMarks[slot] | _PreorderIndex.parentFlag : slotMarks[slot] & ~_PreorderIndex.parentFlag
    guard bits != slotMarks[slot] else { return }
    slotMarks[slot] = bits
    recountMarksUpward(from: _PreorderIndex.leaf(of: position))
  }

  /// Recounts the marks of `t` and of every tree node above it.
  @usableFromInline
  mutating func recountMarksUpward(from t: Int) {
    recountMarks(ofLeaf: t)
    var node = Int(treeNodes[t].parent)
    while node >= 0 {
      recountMarks(ofInner: node)
      node = Int(treeNodes[node].parent)
    }
  }

  /// Sets the parent flag of every seed (a seed is a parent when the next
  /// one is deeper; the last one is a leaf until a join says otherwise).
  @usableFromInline
  mutating func setParentFlags(of seeds: [EntrySeed]) {
    for (k, seed) in seeds.enumerated() {
      let isParent = k &+ 1 < seeds.count && seeds[k &+ 1].depth > seed.depth
      let slot = Int(seed.slot)
      slotMarks[slot] = isParent ? slotMarks[slot] | _PreorderIndex.parentFlag : slotMarks[slot] & ~_PreorderIndex.parentFlag
    }
  }
}

/// How many leaves (nodes without children) a run of entries holds, how
/// many of them are checked, and the same two among those that pass the
/// filter (all of them, with none).
@usableFromInline
internal struct _MarkTally: Sendable, Equatable {
  @usableFromInline var leaves: Int = 0
  @usableFromInline var checked: Int = 0
  @usableFromInline var passing: Int = 0
  @usableFromInline var passingChecked: Int = 0

  @inlinable
  init() {}

  /// Adds one entry, given its slot's mark bits, its word, and the mark
  /// pending above it (0 for none).
  @inlinable @inline(__always)
  mutating func add(bits: UInt8, word: UInt32, pending: UInt8) {
    guard bits & _PreorderIndex.parentFlag == 0 else { return }
    let isChecked = pending == 0 ? bits & _PreorderIndex.markFlag != 0 : pending == _PreorderIndex.pendingChecked
    let passes = word & _PreorderIndex.excludedFlag == 0
    leaves &+= 1
    checked &+= isChecked ? 1 : 0
    passing &+= passes ? 1 : 0
    passingChecked &+= passes && isChecked ? 1 : 0
  }

  @inlinable @inline(__always)
  mutating func add(_ other: _MarkTally) {
    leaves &+= other.leaves
    checked &+= other.checked
    passing &+= other.passing
    passingChecked &+= other.passingChecked
  }

  /// The tally with every leaf given the pending mark (unchanged for 0).
  @inlinable @inline(__always)
  func marked(_ pending: UInt8) -> _MarkTally {
    guard pending != 0 else { return self }
    var result = self
    let checks = pending == _PreorderIndex.pendingChecked
    result.checked = checks ? leaves : 0
    result.passingChecked = checks ? passing : 0
    return result
  }
}
