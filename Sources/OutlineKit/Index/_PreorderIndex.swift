/// The engine's index: every node of the outline, visible or not, laid out in
/// depth-first preorder in a counted B+-tree.
///
/// Each entry holds a node slot, the node's depth with its expanded flag in
/// the top bit, and its hidden count (the number of collapsed strict
/// ancestors). Tree nodes carry a `_Summary` of the run below them and a lazy
/// hidden delta, so expanding or collapsing a node is one range update.
///
/// The index is not generic: it stores slots and counts, never payloads, so
/// every hot path is compiled once, fully optimized, whatever `Node` an app
/// uses. It is a struct of arrays (all tree nodes live in one arena, addressed
/// by `Int32`), which gives it value semantics through the arrays' own
/// copy-on-write and keeps exclusivity checks static.
///
/// See Docs/Internals.md for a diagram and the list of invariants.
@usableFromInline
internal struct _PreorderIndex: Sendable {
  // MARK: Capacities

  #if OUTLINE_INTERNAL_CHECKS
  /// Tiny nodes in checked builds, so every test reaches splits, merges and
  /// many levels. (A leaf has room for twice an inner node's children: an
  /// inner node keeps its child links in its second half of entry slots.)
  @usableFromInline static var leafShift: Int { 3 }
  @usableFromInline static var innerCapacity: Int { 4 }
  #else
  /// From 3 to 6: a row walk reads a leaf's hidden counts sixteen at a
  /// time (eight in a leaf of eight) and keeps its visible entries as a
  /// 64-bit mask.
  @usableFromInline static var leafShift: Int { 6 }
  @usableFromInline static var innerCapacity: Int { 16 }
  #endif

  @inlinable @inline(__always)
  static var leafCapacity: Int { 1 &<< leafShift }

  @inlinable @inline(__always)
  static var leafSlotMask: UInt32 { UInt32(leafCapacity &- 1) }

  // MARK: An entry's depth-and-flags word
  //
  //   bit 31      expanded
  //   bit 30      excluded: the node does not pass the filter
  //   bit 29      under hidden: the node or an ancestor answered `.hidden`
  //   bit 28      match: included and answered `.visible` (only while filtered)
  //   bits 26-27  the filter's answer (`_FilterAnswer`); 0 with no filter
  //   bit 25      revealed: a revealing filter expanded the node, and no
  //               call expanded or collapsed it since
  //   bits 0-24   depth

  /// The node is expanded.
  @usableFromInline static var expandedFlag: UInt32 { 0x8000_0000 }
  /// The node does not pass the filter. Its hidden count holds 1 for it,
  /// on top of its collapsed strict ancestors.
  @usableFromInline static var excludedFlag: UInt32 { 0x4000_0000 }
  /// The node or one of its ancestors answered `.hidden`.
  @usableFromInline static var underHiddenFlag: UInt32 { 0x2000_0000 }
  /// The node passes the filter and answered `.visible`.
  @usableFromInline static var matchFlag: UInt32 { 0x1000_0000 }
  @usableFromInline static var answerShift: UInt32 { 26 }
  @usableFromInline static var answerMask: UInt32 { 0x0C00_0000 }
  /// A revealing filter expanded the node and no call changed its flag
  /// since: removing the filter collapses it again.
  @usableFromInline static var revealedFlag: UInt32 { 0x0200_0000 }
  /// Every filter bit: cleared when the filter is removed.
  @usableFromInline static var filterBits: UInt32 { 0x7E00_0000 }

  @usableFromInline static var depthMask: UInt32 { 0x01FF_FFFF }
  /// The deepest depth an entry can hold.
  @usableFromInline static var maximumDepth: Int { Int(depthMask) }

  // MARK: Limits
  //
  // A node's slot, an entry's position (a tree node's number, then the
  // entry's place in it) and a preorder offset are 32-bit; tree nodes
  // and counts kept beside them are 31-bit. Growing past either limit
  // traps with the limit in the message, before any number wraps.

  /// The most nodes an outline holds: 2,147,483,646.
  @usableFromInline static var maximumNodeCount: Int { Int(Int32.max) &- 1 }

  /// The most tree nodes (leaves and inner nodes) positions can address:
  /// 2^26 - 1 of 64 entries (2^29 - 1 of 8 in checked builds), so that no
  /// entry's position is `freePosition`; half-full leaves reach it near
  /// the node limit.
  @usableFromInline static var maximumTreeNodes: Int { (1 &<< (32 &- leafShift)) &- 1 }

  // MARK: Tree nodes

  /// Header of one B+-tree node (a leaf or an inner node).
  @usableFromInline
  struct TreeNode: Sendable {
    @usableFromInline var summary = _Summary()
    /// Parent tree node, or -1 for a root.
    @usableFromInline var parent: Int32 = -1
    /// Entries of a leaf, children of an inner node.
    @usableFromInline var count: Int32 = 0
    /// Hidden delta pending for everything below; already in `summary`.
    @usableFromInline var lazy: Int32 = 0
    /// 0 for a leaf.
    @usableFromInline var height: Int16 = 0
    /// A checkmark pending for every entry below (`pendingChecked` or
    /// `pendingUnchecked`; 0 for none): inner nodes only. Here rather than
    /// beside the mark counts, so a walk up from a leaf reads it with the
    /// parent link. (It fits where `height` was wider.)
    @usableFromInline var pendingMark: UInt8 = 0

    @inlinable
    init(height: Int) { self.height = Int16(height) }
  }

  /// Whether summaries keep `matchesAtMinHidden` under hidden-count updates:
  /// true while a filter is set. Without a filter no entry is a match, so
  /// every match count is 0 and expansion skips the work.
  @usableFromInline var tracksMatches = false

  // MARK: Heights

  /// Each entry's row height (`unmeasured` when it has none); empty until
  /// the first height is set, so an outline that never sets one pays no
  /// memory and no time for them. An inner node's slots hold copies of its
  /// children's `heightAtMinHidden`.
  @usableFromInline var entryHeights: [Double] = []
  /// Whether heights are kept: `entryHeights` is allocated and the
  /// summaries' height fields are up to date.
  @usableFromInline var tracksHeights = false
  /// The height of a node never given one.
  @usableFromInline var estimatedHeight: Double = 44
  /// An entry's height when it has none.
  @usableFromInline static var unmeasured: Double { -1 }

  /// Every tree node; freed ones are listed in `freeTreeNodes`.
  @usableFromInline var treeNodes: [TreeNode] = []
  @usableFromInline var freeTreeNodes: [Int32] = []
  /// The root tree node, or -1 when the index is empty.
  @usableFromInline var root: Int32 = -1

  // MARK: Entries (leaf `t` holds `t << leafShift ..< + count`)
  //
  // An inner node has no entries, so the same slots hold a compact copy of
  // its children's summaries, which is what descents scan: for child k,
  // `entryKeys` = count | atMinHidden << 32, `entryHidden` = minHidden and
  // `entryDepths` = minDepth. Three cache lines per level instead of one per
  // child; kept by `recomputeInner` and `pushDown`. In `entryHidden` the
  // copies and the child links alternate (`hiddenCopy`, `linkSlot`), so the
  // link a descent picks is in a cache line the scan has already read.

  /// The node's key: its slot in the low 32 bits, the slot's generation in
  /// the high 32, so a row's `NodeID` comes from the leaf alone. A live
  /// slot's generation is kept here only: a `NodeID` is checked against its
  /// entry's key.
  @usableFromInline var entryKeys: [UInt64] = []
  @usableFromInline var entryDepths: [UInt32] = []
  @usableFromInline var entryHidden: [Int32] = []

  // MARK: Node table (by slot)

  /// Where each slot's entry is (`leaf << leafShift | indexInLeaf`), or
  /// `freePosition` for a free slot: 4 bytes a node.
  @usableFromInline var nodeTable: [UInt32] = []
  /// The free slots, each as the key its last node had with the generation
  /// bumped (so even): the next node in the slot gets the generation after
  /// it, and a handle to a removed node never matches the slot's next
  /// occupant.
  @usableFromInline var freeSlots: [UInt64] = []
  /// Slots of removed nodes that an undo history can bring back under the
  /// same key, with that key: free in the node table, but in no free list,
  /// so no new node takes them until the history lets them go.
  @usableFromInline var retainedSlots = _RetainedSlots()

  /// The node table's mark for a free slot.
  @usableFromInline static var freePosition: UInt32 { .max }

  // MARK: Checkmarks (see `_PreorderIndex+Checkmarks`)

  /// Whether marks are kept: `slotMarks` and `markCounts` are allocated and
  /// up to date. Off until the first mark is set, so an outline that never
  /// checks anything pays nothing for them.
  @usableFromInline var tracksMarks = false
  /// By slot: `markFlag` (the node's own mark) and `parentFlag` (the node
  /// has children). By slot rather than by entry, so a mark stays with its
  /// node through splits, joins, moves, rebuilds and undo for free.
  @usableFromInline var slotMarks: [UInt8] = []
  /// By tree node: the leaves below it and how many are checked (all and
  /// passing the filter), its pending mark (`TreeNode.pendingMark`)
  /// included.
  @usableFromInline var markCounts: [_MarkTally] = []

  @inlinable
  init() {}
}

// MARK: - Basic accessors

extension _PreorderIndex {
  /// Number of live nodes.
  @inlinable
  var count: Int { root < 0 ? 0 : treeNodes[Int(root)].summary.count }

  /// Number of visible entries.
  @inlinable
  var visibleCount: Int {
    root < 0 ? 0 : treeNodes[Int(root)].summary.visibleCount(above: 0)
  }

  @inlinable @inline(__always)
  static func leaf(of position: UInt32) -> Int { Int(position &>> UInt32(leafShift)) }

  @inlinable @inline(__always)
  static func entryIndex(of position: UInt32) -> Int { Int(position) }

  @inlinable @inline(__always)
  static func position(leaf: Int, index: Int) -> UInt32 {
    UInt32(truncatingIfNeeded: leaf &<< leafShift | index)
  }

  /// Where the live node with `key` has its entry, or nil when the key
  /// names no live node (removed, or never of this index).
  @inlinable @inline(__always)
  func livePosition(ofKey key: UInt64) -> UInt32? {
    let slot = Int(UInt32(truncatingIfNeeded: key))
    guard slot < nodeTable.count else { return nil }
    let position = nodeTable[slot]
    guard position != _PreorderIndex.freePosition, entryKeys[Int(position)] == key else { return nil }
    return position
  }

  /// Where the live node with `key` has its entry, trying `hint` (where the
  /// entry was when the caller's handle was made) first; nil when the key
  /// names no live node.
  ///
  /// A fresh hint saves the node table's read, which a random lookup would
  /// otherwise wait for before it could read the entry: the hint's key,
  /// its leaf's header and the entry's counts are read in parallel.
  @inlinable @inline(__always)
  func livePosition(ofKey key: UInt64, hint: UInt32) -> UInt32? {
    holds(key, at: hint) ? hint : livePosition(ofKey: key)
  }

  /// Whether the entry at `position` is the live entry of the node with
  /// `key`: a slot of a leaf in use, among its entries, holding that key.
  /// (Inner nodes keep copies of their children's counts in their slots,
  /// and freed or shrunk leaves keep stale keys past their count, so the
  /// key alone proves nothing.) Any `position` may be asked about.
  @inlinable @inline(__always)
  func holds(_ key: UInt64, at position: UInt32) -> Bool {
    let e = Int(position)
    guard e < entryKeys.count, entryKeys[e] == key else { return false }
    let leaf = _PreorderIndex.leaf(of: position)
    return treeNodes[leaf].height == 0
      && UInt32(truncatingIfNeeded: e) & _PreorderIndex.leafSlotMask < UInt32(truncatingIfNeeded: treeNodes[leaf].count)
  }

  /// How many entries follow the one at `position` in its leaf.
  @inlinable @inline(__always)
  func entriesAfter(_ position: UInt32) -> Int {
    Int(treeNodes[_PreorderIndex.leaf(of: position)].count) &- Int(position & _PreorderIndex.leafSlotMask) &- 1
  }

  /// Whether `slot` holds a live node.
  @inlinable @inline(__always)
  func isLive(slot: UInt32) -> Bool {
    Int(slot) < nodeTable.count && nodeTable[Int(slot)] != _PreorderIndex.freePosition
  }

  @inlinable @inline(__always)
  func depth(at position: UInt32) -> Int {
    Int(entryDepths[Int(position)] & _PreorderIndex.depthMask)
  }

  @inlinable @inline(__always)
  func isExpanded(at position: UInt32) -> Bool {
    entryDepths[Int(position)] & _PreorderIndex.expandedFlag != 0
  }

  /// The entry's depth-and-flags word.
  @inlinable @inline(__always)
  func word(at position: UInt32) -> UInt32 { entryDepths[Int(position)] }

  /// Whether the node at `position` passes the filter (always, with none).
  @inlinable @inline(__always)
  func isIncluded(at position: UInt32) -> Bool {
    entryDepths[Int(position)] & _PreorderIndex.excludedFlag == 0
  }

  /// Whether the node at `position` is a match: included and answered
  /// `.visible` by the filter in force.
  @inlinable @inline(__always)
  func isMatch(at position: UInt32) -> Bool {
    entryDepths[Int(position)] & _PreorderIndex.matchFlag != 0
  }

  @inlinable @inline(__always)
  func slot(at position: UInt32) -> UInt32 { UInt32(truncatingIfNeeded: entryKeys[Int(position)]) }

  /// The key (slot and generation) of the node whose entry is at `position`.
  @inlinable @inline(__always)
  func key(at position: UInt32) -> UInt64 { entryKeys[Int(position)] }

  /// Where the live node in `slot` has its entry.
  @inlinable @inline(__always)
  func position(ofSlot slot: UInt32) -> UInt32 { nodeTable[Int(slot)] }

  /// The 64-bit key of the live node in `slot`: the slot in the low 32
  /// bits, its generation in the high 32.
  @inlinable @inline(__always)
  func key(ofSlot slot: UInt32) -> UInt64 { entryKeys[Int(nodeTable[Int(slot)])] }

  /// Number of slots, live or free.
  @inlinable
  var slotCount: Int { nodeTable.count }

  /// Where inner node `t` keeps its `k`-th child link, in `entryHidden`:
  /// right after the copy of that child's `minHidden`.
  @inlinable @inline(__always)
  static func linkSlot(_ t: Int, _ k: Int) -> Int { t &<< leafShift &+ 2 &* k &+ 1 }

  /// The indices in `entryHidden` of inner node `t`'s child links.
  @inlinable @inline(__always)
  func children(of t: Int) -> StrideTo<Int> {
    stride(
      from: _PreorderIndex.linkSlot(t, 0), to: _PreorderIndex.linkSlot(t, Int(treeNodes[t].count)), by: 2)
  }

  /// The tree node a child link (an index from `children(of:)`) names.
  @inlinable @inline(__always)
  func link(_ i: Int) -> Int { Int(entryHidden[i]) }

  // MARK: Children's summaries, as kept in an inner node

  /// Where inner node `t` keeps the copy of its `k`-th child's summary (in
  /// `entryKeys`, `entryDepths` and `entryHeights`).
  @inlinable @inline(__always)
  static func childCopy(_ t: Int, _ k: Int) -> Int { t &<< leafShift &+ k }

  /// Where inner node `t` keeps the copy of its `k`-th child's `minHidden`,
  /// in `entryHidden`.
  @inlinable @inline(__always)
  static func hiddenCopy(_ t: Int, _ k: Int) -> Int { t &<< leafShift &+ 2 &* k }

  @inlinable @inline(__always)
  func childCount(_ t: Int, _ k: Int) -> Int {
    Int(UInt32(truncatingIfNeeded: entryKeys[_PreorderIndex.childCopy(t, k)]))
  }

  @inlinable @inline(__always)
  func childMinDepth(_ t: Int, _ k: Int) -> Int { Int(entryDepths[_PreorderIndex.childCopy(t, k)]) }

  /// Sum of the lazy deltas of `t`'s strict ancestors.
  @inlinable
  func lazyAbove(_ t: Int) -> Int {
    var sum = 0
    var p = Int(treeNodes[t].parent)
    while p >= 0 {
      sum &+= Int(treeNodes[p].lazy)
      p = Int(treeNodes[p].parent)
    }
    return sum
  }

  /// True hidden count of the entry at `position`: its collapsed strict
  /// ancestors, plus 1 when it does not pass the filter.
  @inlinable
  func hidden(at position: UInt32) -> Int {
    let leaf = _PreorderIndex.leaf(of: position)
    return Int(entryHidden[Int(position)]) &+ Int(treeNodes[leaf].lazy) &+ lazyAbove(leaf)
  }

  /// Number of collapsed strict ancestors of the entry at `position`.
  @inlinable
  func collapsedAncestors(at position: UInt32) -> Int {
    hidden(at: position) &- (isIncluded(at: position) ? 0 : 1)
  }
}

// MARK: - Allocation

extension _PreorderIndex {
  /// Makes an empty tree node of the given height.
  @usableFromInline
  mutating func makeTreeNode(height: Int) -> Int {
    if let reused = freeTreeNodes.popLast() {
      treeNodes[Int(reused)] = TreeNode(height: height)
      if tracksMarks { markCounts[Int(reused)] = _MarkTally() }
      return Int(reused)
    }
    let t = treeNodes.count
    _require(
      t < _PreorderIndex.maximumTreeNodes,
      "Outline: the index is full: entry positions are 32-bit, and \(_PreorderIndex.maximumTreeNodes) tree nodes of \(_PreorderIndex.leafCapacity) entries are all in use"
    )
    let capacity = _PreorderIndex.leafCapacity
    // Growing by doubling, as append would, with the new room on huge pages.
    treeNodes._growOnHugePages(toHold: 1)
    entryKeys._growOnHugePages(toHold: capacity)
    entryDepths._growOnHugePages(toHold: capacity)
    entryHidden._growOnHugePages(toHold: capacity)
    if tracksHeights { entryHeights._growOnHugePages(toHold: capacity) }
    treeNodes.append(TreeNode(height: height))
    if tracksMarks { markCounts.append(_MarkTally()) }
    entryKeys.append(contentsOf: repeatElement(0, count: capacity))
    entryDepths.append(contentsOf: repeatElement(0, count: capacity))
    entryHidden.append(contentsOf: repeatElement(0, count: capacity))
    if tracksHeights { entryHeights.append(contentsOf: repeatElement(_PreorderIndex.unmeasured, count: capacity)) }
    return t
  }

  @usableFromInline
  mutating func freeTreeNode(_ t: Int) {
    treeNodes[t].count = 0
    treeNodes[t].parent = -2  // never a valid parent: the invariant check looks for it
    treeNodes[t].summary = _Summary()
    freeTreeNodes.append(Int32(t))
  }

  /// Takes a node slot for a new node and returns the node's key (the
  /// slot and its next, odd, generation); the entry and its position are
  /// set by the caller.
  @inlinable
  mutating func allocateSlot() -> UInt64 {
    if let free = freeSlots.popLast() {
      // A new node is unmarked, whatever the slot's last node had.
      if tracksMarks { slotMarks[Int(UInt32(truncatingIfNeeded: free))] = 0 }
      return free &+ (1 &<< 32)
    }
    _requireRoom(forNodes: 1)
    nodeTable._growOnHugePages(toHold: 1)
    nodeTable.append(_PreorderIndex.freePosition)
    if tracksMarks { slotMarks.append(0) }
    return 1 &<< 32 | UInt64(nodeTable.count &- 1)
  }

  /// Adds `count` free slots at the end of the node table, for new nodes
  /// whose keys the caller makes from their slot numbers (generation 1).
  @inlinable
  mutating func appendFreshSlots(_ count: Int) {
    _requireRoom(forNodes: count)
    nodeTable._growOnHugePages(toHold: count)
    nodeTable.append(contentsOf: repeatElement(_PreorderIndex.freePosition, count: count))
    if tracksMarks { slotMarks.append(contentsOf: repeatElement(0, count: count)) }
  }

  /// Traps unless `count` more slots fit under the node limit.
  @inlinable
  func _requireRoom(forNodes count: Int) {
    _require(
      nodeTable.count &+ count <= _PreorderIndex.maximumNodeCount,
      "Outline: an outline holds at most \(_PreorderIndex.maximumNodeCount) nodes (node slots are 32-bit); \(nodeTable.count) slots are in use and \(count) more were asked for"
    )
  }

  /// Gives back the slot of the node with `key`, whose entry is gone.
  @usableFromInline
  mutating func releaseSlot(_ key: UInt64) {
    nodeTable[Int(UInt32(truncatingIfNeeded: key))] = _PreorderIndex.freePosition
    freeSlots.append(key &+ (1 &<< 32))
  }
}

// MARK: - Summaries and lazy deltas

extension _PreorderIndex {
  /// Recomputes a leaf's summary from its entries: a few straight passes
  /// over contiguous arrays, which the compiler vectorizes.
  @usableFromInline
  mutating func recomputeLeaf(_ leaf: Int) {
    let range = entries(of: leaf)
    var summary = _Summary()
    summary.count = range.count
    guard !range.isEmpty else {
      treeNodes[leaf].summary = summary
      return
    }
    let (minHidden, atMinHidden) = minimumHidden(in: range)
    let depths = entryDepths.withUnsafeBufferPointer { all in
      let words = UnsafeBufferPointer(rebasing: all[range])
      var smallest = UInt32.max
      for w in words { smallest = Swift.min(smallest, w & _PreorderIndex.depthMask) }
      var atSmallest = 0
      var includedAtSmallest = 0
      var excluded = 0
      var matches = 0
      var mask: UInt64 = 0
      for w in words {
        let depth = w & _PreorderIndex.depthMask
        let isExcluded = Int((w >> 30) & 1)
        atSmallest &+= depth == smallest ? 1 : 0
        includedAtSmallest &+= depth == smallest ? 1 &- isExcluded : 0
        excluded &+= isExcluded
        matches &+= Int((w >> 28) & 1)
        let expanded = UInt64(w >> 31)
        mask |= (expanded &* _Summary.depthBit(Int(depth)))
      }
      return (smallest, atSmallest, includedAtSmallest, excluded, matches, mask)
    }
    summary.minHidden = Int(minHidden) &+ Int(treeNodes[leaf].lazy)
    summary.atMinHidden = atMinHidden
    summary.minDepth = Int(depths.0)
    summary.atMinDepth = depths.1
    summary.includedAtMinDepth = depths.2
    summary.included = range.count &- depths.3
    summary.matches = depths.4
    summary.expandedDepths = depths.5
    if depths.4 > 0 { summary.matchesAtMinHidden = matchesAtHidden(minHidden, in: range) }
    if tracksHeights { (summary.heightAtMinHidden, summary.measuredAtMinHidden) = heightsAtHidden(minHidden, in: range) }
    treeNodes[leaf].summary = summary
    if tracksMarks { recountMarks(ofLeaf: leaf) }
  }

  /// The sum of the heights of the entries `range` of one leaf whose stored
  /// hidden count is `hidden`, among those that have one, and their number.
  @inline(__always)
  func heightsAtHidden(_ hidden: Int32, in range: Range<Int>) -> (Double, Int) {
    // Branch-free: visibility and measuredness change from entry to entry.
    // Eight sums side by side: one sum of 64 heights is a chain of 64
    // dependent additions, which took most of a toggle's extra time. Every
    // leaf summary's heights come from here, so they are in one order
    // (which rounding can tell apart from a running sum's).
    entryHidden.withUnsafeBufferPointer { hiddenCounts in
      entryHeights.withUnsafeBufferPointer { heights in
        var sums = SIMD8<Double>()
        var measured = 0
        @inline(__always)
        func value(_ e: Int) -> Double {
          let atFloor = UInt64(_PreorderIndex.isAtFloor(hiddenCounts[e], hidden))
          measured &+= Int(atFloor & ~(heights[e].bitPattern &>> 63))
          return _PreorderIndex.countedHeight(heights[e], counts: atFloor, estimate: 0)
        }
        var e = range.lowerBound
        while e &+ 8 <= range.upperBound {
          sums += SIMD8(value(e), value(e &+ 1), value(e &+ 2), value(e &+ 3), value(e &+ 4), value(e &+ 5), value(e &+ 6), value(e &+ 7))
          e &+= 8
        }
        var rest = 0.0
        while e < range.upperBound {
          rest += value(e)
          e &+= 1
        }
        let half = sums.lowHalf + sums.highHalf
        return (((half[0] + half[1]) + (half[2] + half[3])) + rest, measured)
      }
    }
  }

  /// Matches among the entries `range` of one leaf whose stored hidden
  /// count is `hidden`.
  @inline(__always)
  func matchesAtHidden(_ hidden: Int32, in range: Range<Int>) -> Int {
    var result = 0
    for e in range {
      result &+= _PreorderIndex.isAtFloor(entryHidden[e], hidden) & Int(entryDepths[e] >> 28)
    }
    return result
  }

  @usableFromInline
  mutating func recomputeInner(_ t: Int) {
    var summary = _Summary()
    let count = Int(treeNodes[t].count)
    // One set of unsafe buffers for the node: splits and joins recompute
    // the nodes along their paths many times, and element-wise writes
    // checked uniqueness and bounds each time (a third of a move's time).
    treeNodes.withUnsafeBufferPointer { nodes in
      entryKeys.withUnsafeMutableBufferPointer { keys in
        entryHidden.withUnsafeMutableBufferPointer { hidden in
          entryDepths.withUnsafeMutableBufferPointer { depths in
            for k in 0 ..< count {
              let child = nodes[Int(hidden[_PreorderIndex.linkSlot(t, k)])].summary
              summary.include(child)
              let copy = _PreorderIndex.childCopy(t, k)
              keys[copy] =
                UInt64(UInt32(truncatingIfNeeded: child.count)) | UInt64(UInt32(truncatingIfNeeded: child.atMinHidden)) << 32
              hidden[_PreorderIndex.hiddenCopy(t, k)] = Int32(truncatingIfNeeded: child.minHidden)
              depths[copy] = UInt32(truncatingIfNeeded: child.minDepth)
            }
          }
        }
      }
    }
    if tracksHeights {
      for k in 0 ..< count { copyHeights(treeNodes[self.child(k, of: t)].summary, to: t, k) }
    }
    if summary.count > 0 { summary.minHidden &+= Int(treeNodes[t].lazy) }
    treeNodes[t].summary = summary
    if tracksMarks { recountMarks(ofInner: t) }
  }

  /// Where inner node `t` keeps the copy of its `k`-th child's
  /// `measuredAtMinHidden`: in `entryDepths`, after the summary copies.
  @inlinable @inline(__always)
  static func measuredCopy(_ t: Int, _ k: Int) -> Int { t &<< leafShift &+ innerCapacity &+ k }

  /// Writes the copies of a child's heights into inner node `t`'s slots.
  @inline(__always)
  mutating func copyHeights(_ child: _Summary, to t: Int, _ k: Int) {
    entryHeights[_PreorderIndex.childCopy(t, k)] = child.heightAtMinHidden
    entryDepths[_PreorderIndex.measuredCopy(t, k)] = UInt32(truncatingIfNeeded: child.measuredAtMinHidden)
  }

  /// 1 when the stored hidden count `hidden` equals `floor`, 0 when it is
  /// above (it must not be below). Counting with this rather than a
  /// comparison leaves the loops over a leaf without a branch per entry:
  /// whether an entry is visible changes from entry to entry, so a branch
  /// mispredicts often (it took half of a toggle's leaf recount), and a
  /// loop without one vectorizes.
  @inlinable @inline(__always)
  static func isAtFloor(_ hidden: Int32, _ floor: Int32) -> Int {
    // hidden - floor is 0 or small and positive; minus 1 sets the top bit
    // for 0 only. (Widened after the shift: a 32-bit sum of the same
    // expression is turned back into a compare and a branch, and is slower.)
    Int((UInt32(bitPattern: hidden &- floor) &- 1) &>> 31)
  }

  /// How many of the entries `range` of one leaf have the stored hidden
  /// count `floor`, which none of them is below.
  @inlinable @inline(__always)
  func countHidden(_ floor: Int32, in range: Range<Int>) -> Int {
    entryHidden.withUnsafeBufferPointer { hidden in
      var count = 0
      for e in range { count &+= _PreorderIndex.isAtFloor(hidden[e], floor) }
      return count
    }
  }

  /// The smallest stored hidden count among the entries `range` of one leaf,
  /// and how many entries have it.
  @inline(__always)
  func minimumHidden(in range: Range<Int>) -> (minimum: Int32, count: Int) {
    let smallest = entryHidden.withUnsafeBufferPointer { all in
      var smallest = Int32.max
      for e in range { smallest = Swift.min(smallest, all[e]) }
      return smallest
    }
    return (smallest, countHidden(smallest, in: range))
  }

  /// Recomputes only a leaf's hidden-count summary (its depths and flags
  /// did not change).
  @usableFromInline
  mutating func recomputeLeafHidden(_ leaf: Int) {
    let range = entries(of: leaf)
    guard !range.isEmpty else { return }
    let (minHidden, atMinHidden) = minimumHidden(in: range)
    treeNodes[leaf].summary.minHidden = Int(minHidden) &+ Int(treeNodes[leaf].lazy)
    treeNodes[leaf].summary.atMinHidden = atMinHidden
    if tracksMatches && treeNodes[leaf].summary.matches > 0 {
      treeNodes[leaf].summary.matchesAtMinHidden = matchesAtHidden(minHidden, in: range)
    }
    if tracksHeights {
      (treeNodes[leaf].summary.heightAtMinHidden, treeNodes[leaf].summary.measuredAtMinHidden) =
        heightsAtHidden(minHidden, in: range)
    }
  }

  /// Recomputes only an inner node's hidden-count summary (and the heights
  /// and matches at the minimum), from the compact copies of its children's
  /// summaries (which must be current).
  @usableFromInline
  mutating func recomputeInnerHidden(_ t: Int) {
    let count = Int(treeNodes[t].count)
    let first = _PreorderIndex.childCopy(t, 0)
    var smallest = Int32.max
    var atSmallest = 0
    var heightAtSmallest = 0.0
    var measuredAtSmallest = 0
    let tracksHeights = self.tracksHeights
    entryHidden.withUnsafeBufferPointer { hidden in
      entryKeys.withUnsafeBufferPointer { keys in
        for k in 0 ..< count {
          let h = hidden[first &+ 2 &* k]
          let at = Int(keys[first &+ k] &>> 32)
          if h < smallest {
            smallest = h
            atSmallest = at
          } else if h == smallest {
            atSmallest &+= at
          }
        }
      }
    }
    if tracksHeights {
      // The copies at the minimum, in one more pass over 16 of them.
      let measuredFirst = _PreorderIndex.measuredCopy(t, 0)
      // In child order, as `recomputeInner` adds them (`_Summary.include`):
      // both must give the same bits, whichever last touched the node.
      entryHidden.withUnsafeBufferPointer { hidden in
        entryHeights.withUnsafeBufferPointer { heights in
          entryDepths.withUnsafeBufferPointer { measured in
            for k in 0 ..< count {
              let atMin = hidden[first &+ 2 &* k] == smallest
              heightAtSmallest += atMin ? heights[first &+ k] : 0
              measuredAtSmallest &+= atMin ? Int(measured[measuredFirst &+ k]) : 0
            }
          }
        }
      }
    }
    treeNodes[t].summary.minHidden = Int(smallest) &+ Int(treeNodes[t].lazy)
    treeNodes[t].summary.atMinHidden = atSmallest
    if tracksHeights {
      treeNodes[t].summary.heightAtMinHidden = heightAtSmallest
      treeNodes[t].summary.measuredAtMinHidden = measuredAtSmallest
    }
    if tracksMatches && treeNodes[t].summary.matches > 0 {
      // The children's headers, not the compact copies: only while filtered.
      var matches = 0
      for k in 0 ..< count where entryHidden[first &+ 2 &* k] == smallest {
        matches &+= treeNodes[child(k, of: t)].summary.matchesAtMinHidden
      }
      treeNodes[t].summary.matchesAtMinHidden = matches
    }
  }

  @usableFromInline
  mutating func recompute(_ t: Int) {
    if treeNodes[t].height == 0 { recomputeLeaf(t) } else { recomputeInner(t) }
  }

  /// Recomputes `t` and every ancestor of it; returns the root reached.
  @usableFromInline @discardableResult
  mutating func recomputeUpward(from t: Int) -> Int {
    var node = t
    while true {
      recompute(node)
      let parent = Int(treeNodes[node].parent)
      if parent < 0 { return node }
      node = parent
    }
  }

  /// Adds `delta` to the hidden count of every entry below `t`, lazily.
  @inlinable @inline(__always)
  mutating func addLazy(_ delta: Int, to t: Int) {
    treeNodes[t].lazy &+= Int32(truncatingIfNeeded: delta)
    if treeNodes[t].summary.count > 0 { treeNodes[t].summary.minHidden &+= delta }
  }

  /// Moves `t`'s pending delta into its children (or its entries).
  @usableFromInline
  mutating func pushDown(_ t: Int) {
    if tracksMarks { pushMarks(t) }
    let delta = treeNodes[t].lazy
    guard delta != 0 else { return }
    if treeNodes[t].height == 0 {
      for e in entries(of: t) { entryHidden[e] &+= delta }
    } else {
      for k in 0 ..< Int(treeNodes[t].count) {
        addLazy(Int(delta), to: child(k, of: t))
        entryHidden[_PreorderIndex.hiddenCopy(t, k)] &+= delta
      }
    }
    treeNodes[t].lazy = 0
  }
}
