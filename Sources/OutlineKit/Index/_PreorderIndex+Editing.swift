/// Inserting, removing and moving runs of entries, each in O(log n + m).
extension _PreorderIndex {
  /// Inserts a standalone tree's entries before preorder `offset`.
  @usableFromInline
  mutating func insertTree(_ tree: Int32, at offset: Int) {
    guard tree >= 0 else { return }
    let size = treeNodes[Int(tree)].summary.count
    let (left, right) = split(root, at: offset)
    root = join(join(left, tree), right)
    // The entries before each cut may have gained or lost their children.
    settleParentFlag(atOffset: offset &- 1)
    settleParentFlag(atOffset: offset &+ size &- 1)
  }

  /// Inserts `seeds` before preorder `offset`; their slots must be allocated.
  @usableFromInline
  mutating func insert(_ seeds: [EntrySeed], at offset: Int) {
    insertTree(buildTree(seeds), at: offset)
  }

  /// Takes the entries in `range` out of the index, as a standalone tree.
  @usableFromInline
  mutating func extract(_ range: Range<Int>) -> Int32 {
    guard !range.isEmpty else { return -1 }
    let (left, rest) = split(root, at: range.lowerBound)
    let (middle, right) = split(rest, at: range.count)
    root = join(left, right)
    settleParentFlag(atOffset: range.lowerBound &- 1)
    return middle
  }

  /// Removes the entries in `range` and releases their slots, calling `body`
  /// with each slot (in preorder) before it is released; with `retaining`,
  /// the slots are retained for an undo history instead of freed.
  @usableFromInline
  mutating func removeEntries(in range: Range<Int>, retaining: Bool = false, _ body: (UInt32) -> Void) {
    let middle = extract(range)
    // Removed nodes keep their marks for an undo that brings them back.
    settleMarks(below: middle)
    var removed: [UInt64] = []
    removed.reserveCapacity(range.count)
    dismantle(middle) { removed.append($0) }
    for key in removed {
      let slot = UInt32(truncatingIfNeeded: key)
      body(slot)
      if retaining {
        nodeTable[Int(slot)] = _PreorderIndex.freePosition
        retainedSlots.insert(key)
      } else {
        releaseSlot(key)
      }
    }
  }

  /// Shifts the hidden counts of a standalone tree by `delta`, lazily.
  @usableFromInline
  mutating func shiftHidden(of tree: Int32, by delta: Int) {
    guard tree >= 0, delta != 0 else { return }
    addLazy(delta, to: Int(tree))
  }
}
