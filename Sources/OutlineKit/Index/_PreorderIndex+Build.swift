/// Bulk loading: a run of preorder entries becomes a balanced tree in O(m).
extension _PreorderIndex {
  /// One preorder entry to load.
  @usableFromInline
  struct EntrySeed: Sendable {
    /// The node's key: its slot and generation (`allocateSlot()`).
    @usableFromInline var key: UInt64
    /// Depth, with `expandedFlag` set when the node is expanded, and the
    /// filter's answer (its other filter bits are set when it is inserted).
    @usableFromInline var depthAndFlag: UInt32
    /// Collapsed strict ancestors (the inserting code adds 1 when the
    /// filter excludes the node).
    @usableFromInline var hidden: Int32

    @inlinable
    init(key: UInt64, depth: Int, expanded: Bool, hidden: Int) {
      self.key = key
      self.depthAndFlag = UInt32(depth) | (expanded ? _PreorderIndex.expandedFlag : 0)
      self.hidden = Int32(hidden)
    }

    /// The node's slot.
    @inlinable
    var slot: UInt32 { UInt32(truncatingIfNeeded: key) }

    /// The depth, without the flags.
    @inlinable
    var depth: Int { Int(depthAndFlag & _PreorderIndex.depthMask) }

    /// The hidden count of this node's children: its own, plus 1 when it
    /// is collapsed (before any filter exclusion is added).
    @inlinable
    var childrenHidden: Int { Int(hidden) &+ (depthAndFlag & _PreorderIndex.expandedFlag == 0 ? 1 : 0) }
  }

  /// Loads a fresh index from a preorder run of any length as it arrives:
  /// seeds gather in a chunk that stays in cache, and each full chunk
  /// becomes full leaves at once, so a build never writes (and reads back)
  /// a seed array as large as the outline.
  ///
  /// For a fresh index whose slots are the entries' offsets: each flush
  /// extends the node table by its seeds.
  @usableFromInline
  struct LeafLoader {
    @usableFromInline var pending: [EntrySeed] = []
    @usableFromInline var leaves: [Int32] = []

    /// Seeds per chunk: whole leaves, about a megabyte of them.
    @inlinable
    static var chunkSize: Int { _PreorderIndex.leafCapacity &<< 10 }

    /// Sizes the arena for `expectedCount` entries (an estimate).
    @inlinable
    init(expectedCount: Int, index: inout _PreorderIndex) {
      pending.reserveCapacity(Swift.min(Swift.max(expectedCount, 16), LeafLoader.chunkSize))
      index.reserveArena(forEntries: expectedCount)
    }

    @inlinable @inline(__always)
    mutating func append(_ seed: EntrySeed, to index: inout _PreorderIndex) {
      pending.append(seed)
      if pending.count == LeafLoader.chunkSize { flush(into: &index) }
    }

    /// Turns the pending seeds into full leaves (the last one partial).
    @usableFromInline
    mutating func flush(into index: inout _PreorderIndex) {
      guard !pending.isEmpty else { return }
      let capacity = _PreorderIndex.leafCapacity
      index.appendFreshSlots(pending.count)
      let first = leaves.count
      var left = pending.count
      while left > 0 {
        let leaf = index.makeTreeNode(height: 0)
        index.treeNodes[leaf].count = Int32(Swift.min(left, capacity))
        left &-= capacity
        leaves.append(Int32(leaf))
      }
      let new = Array(leaves[first...])
      index.fillLeaves(new, from: pending)
      for leaf in new { index.recomputeLeaf(Int(leaf)) }
      pending.removeAll(keepingCapacity: true)
    }

    /// Flushes the rest, evens out the last two leaves (so each is at least
    /// half full) and builds the inner levels; returns the root, or -1 for
    /// no entries.
    @usableFromInline
    mutating func finish(into index: inout _PreorderIndex) -> Int32 {
      flush(into: &index)
      guard !leaves.isEmpty else { return -1 }
      // Every leaf but the last is full, so the last two never fit in one:
      // joining them evens them out.
      let last = Int(leaves[leaves.count &- 1])
      if leaves.count >= 2 && Int(index.treeNodes[last].count) < _PreorderIndex.leafCapacity / 2 {
        let evened = index.joinSiblings(Int(leaves[leaves.count &- 2]), last, keepingRight: true)
        _require(evened, "Outline index: the loader's last two leaves fit in one")
      }
      return index.buildLevels(above: leaves)
    }
  }

  /// Reserves the arena of a fresh index for about `entries` entries in
  /// full leaves, on huge pages; a live arena grows geometrically instead.
  @usableFromInline
  mutating func reserveArena(forEntries entries: Int) {
    let leafCount = (entries &+ _PreorderIndex.leafCapacity &- 1) / _PreorderIndex.leafCapacity
    // Leaves and the inner nodes above them, rather than by doubling as
    // nodes are made. A live arena is left to grow geometrically:
    // reserving exactly count + a few on every insert would copy the
    // whole arena each time.
    let nodesNeeded = leafCount &+ leafCount / (_PreorderIndex.innerCapacity &- 1) &+ 4
    guard treeNodes.isEmpty && nodesNeeded > treeNodes.capacity else { return }
    treeNodes._reserveCapacityOnHugePages(nodesNeeded)
    entryKeys._reserveCapacityOnHugePages(nodesNeeded &<< _PreorderIndex.leafShift)
    entryDepths._reserveCapacityOnHugePages(nodesNeeded &<< _PreorderIndex.leafShift)
    entryHidden._reserveCapacityOnHugePages(nodesNeeded &<< _PreorderIndex.leafShift)
    if tracksHeights { entryHeights._reserveCapacityOnHugePages(nodesNeeded &<< _PreorderIndex.leafShift) }
  }

  /// Builds the inner levels above `leaves` (standalone, in order) and
  /// returns the root.
  @usableFromInline
  mutating func buildLevels(above leaves: [Int32]) -> Int32 {
    var level = leaves
    var height = 1
    while level.count > 1 {
      level = buildLevel(above: level, height: height)
      height &+= 1
    }
    treeNodes[Int(level[0])].parent = -1
    return level[0]
  }

  /// Builds a standalone tree holding `seeds` in order and returns its root
  /// (-1 when `seeds` is empty). Every leaf and inner node is filled evenly,
  /// so each is at least half full. Sets each seed's slot position, and
  /// each entry's height from `heights` when it is not empty (one per seed).
  @usableFromInline
  mutating func buildTree(_ seeds: [EntrySeed], heights: [Double] = []) -> Int32 {
    let n = seeds.count
    guard n > 0 else { return -1 }
    let capacity = _PreorderIndex.leafCapacity
    let leafCount = (n &+ capacity &- 1) / capacity
    var level: [Int32] = []
    level.reserveCapacity(leafCount)
    reserveArena(forEntries: n)
    // The leaves first, then their entries in one pass through unsafe
    // buffers (an element-wise array write checks uniqueness and bounds
    // each time, which was a tenth of a build), then their summaries.
    for k in 0 ..< leafCount {
      let leaf = makeTreeNode(height: 0)
      treeNodes[leaf].count = Int32(n / leafCount &+ (k < n % leafCount ? 1 : 0))
      level.append(Int32(leaf))
    }
    fillLeaves(level, from: seeds)
    if tracksMarks { setParentFlags(of: seeds) }
    if !heights.isEmpty {
      var next = 0
      for leaf in level {
        for e in entries(of: Int(leaf)) {
          entryHeights[e] = heights[next]
          next &+= 1
        }
      }
    }
    for leaf in level { recomputeLeaf(Int(leaf)) }
    return buildLevels(above: level)
  }

  /// Writes `seeds` in order into the entries of `leaves` (whose counts are
  /// set and add up to the seeds'), and each seed's position into the node
  /// table.
  @usableFromInline
  mutating func fillLeaves(_ leaves: [Int32], from seeds: [EntrySeed]) {
    seeds.withUnsafeBufferPointer { seeds in
      leaves.withUnsafeBufferPointer { leaves in
        treeNodes.withUnsafeBufferPointer { treeNodes in
          entryKeys.withUnsafeMutableBufferPointer { keys in
            entryDepths.withUnsafeMutableBufferPointer { depths in
              entryHidden.withUnsafeMutableBufferPointer { hidden in
                nodeTable.withUnsafeMutableBufferPointer { nodeTable in
                  var seedIndex = 0
                  for leaf in leaves {
                    let first = Int(leaf) &<< _PreorderIndex.leafShift
                    for i in 0 ..< Int(treeNodes[Int(leaf)].count) {
                      let seed = seeds[seedIndex]
                      seedIndex &+= 1
                      keys[first &+ i] = seed.key
                      depths[first &+ i] = seed.depthAndFlag
                      hidden[first &+ i] = seed.hidden
                      nodeTable[Int(seed.slot)] = _PreorderIndex.position(leaf: Int(leaf), index: i)
                    }
                  }
                  _require(seedIndex == seeds.count, "Outline index: leaf sizes do not add up to the seeds")
                }
              }
            }
          }
        }
      }
    }
    if tracksHeights {
      // A reused tree node's slots may hold old heights.
      for leaf in leaves {
        for e in entries(of: Int(leaf)) { entryHeights[e] = _PreorderIndex.unmeasured }
      }
    }
  }

  /// Groups `nodes` evenly under new inner nodes of the given height.
  @usableFromInline
  mutating func buildLevel(above nodes: [Int32], height: Int) -> [Int32] {
    let capacity = _PreorderIndex.innerCapacity
    let parentCount = (nodes.count &+ capacity &- 1) / capacity
    var parents: [Int32] = []
    parents.reserveCapacity(parentCount)
    var next = 0
    for k in 0 ..< parentCount {
      let size = nodes.count / parentCount &+ (k < nodes.count % parentCount ? 1 : 0)
      let t = makeTreeNode(height: height)
      for i in 0 ..< size {
        let c = nodes[next]
        next &+= 1
        entryHidden[_PreorderIndex.linkSlot(t, i)] = c
        treeNodes[Int(c)].parent = Int32(t)
      }
      treeNodes[t].count = Int32(size)
      recomputeInner(t)
      parents.append(Int32(t))
    }
    return parents
  }

  /// Frees every tree node of the standalone tree `t`, calling `body` with
  /// each entry's key in preorder first.
  @usableFromInline
  mutating func dismantle(_ t: Int32, _ body: (UInt64) -> Void) {
    guard t >= 0 else { return }
    let node = Int(t)
    if treeNodes[node].height == 0 {
      for e in entries(of: node) { body(entryKeys[e]) }
    } else {
      for k in children(of: node) { dismantle(entryHidden[k], body) }
    }
    freeTreeNode(node)
  }

  /// Adds `delta` to the depth of every entry of the standalone tree `t` and
  /// brings its summaries up to date; O(m).
  @usableFromInline
  mutating func shiftDepths(of t: Int32, by delta: Int) {
    guard t >= 0, delta != 0 else { return }
    let node = Int(t)
    if treeNodes[node].height == 0 {
      for e in entries(of: node) {
        let raw = entryDepths[e]
        let depth = Int(raw & _PreorderIndex.depthMask) &+ delta
        entryDepths[e] = (raw & ~_PreorderIndex.depthMask) | UInt32(depth)
      }
      recomputeLeaf(node)
    } else {
      for k in children(of: node) { shiftDepths(of: entryHidden[k], by: delta) }
      recomputeInner(node)
    }
  }
}
