/// What an undo history needs of the index: entries taken out whole, with
/// their slots retained so they come back under the same keys.
extension _PreorderIndex {
  /// The entries at `range` as an undo step keeps them: keys, levels below
  /// `topDepth` with their expanded flags, and heights.
  @usableFromInline
  func heldEntries(in range: Range<Int>, topDepth: Int) -> [_HeldEntry] {
    var held: [_HeldEntry] = []
    held.reserveCapacity(range.count)
    forEachEntry(in: range) { _, key, _, word in
      let level = UInt32(Int(word & _PreorderIndex.depthMask) &- topDepth) | (word & _PreorderIndex.expandedFlag)
      let height = tracksHeights ? entryHeights[Int(nodeTable[Int(UInt32(truncatingIfNeeded: key))])] : _PreorderIndex.unmeasured
      held.append(_HeldEntry(key: key, level: level, height: height))
    }
    return held
  }

  /// Seeds that put held entries back at `depth` under a parent with
  /// `hidden` collapsed ancestors (or collapsed itself), each with its
  /// filter answer when `answers` are given; their slots are no longer
  /// retained.
  @usableFromInline
  mutating func revivingSeeds(_ entries: ArraySlice<_HeldEntry>, depth: Int, hidden: Int, answers: [UInt32]?) -> [EntrySeed] {
    var seeds: [EntrySeed] = []
    seeds.reserveCapacity(entries.count)
    // The hidden count of the children of the last entry at each level.
    var childHidden: [Int] = []
    for (k, entry) in entries.enumerated() {
      let level = Int(entry.level & _PreorderIndex.depthMask)
      let expanded = entry.level & _PreorderIndex.expandedFlag != 0
      let entryHidden = level == 0 ? hidden : childHidden[level &- 1]
      childHidden.removeSubrange(level...)
      childHidden.append(entryHidden &+ (expanded ? 0 : 1))
      var seed = EntrySeed(key: entry.key, depth: depth &+ level, expanded: expanded, hidden: entryHidden)
      if let answers { seed.depthAndFlag |= answers[k] &<< _PreorderIndex.answerShift }
      seeds.append(seed)
      retainedSlots.remove(slot: UInt32(truncatingIfNeeded: entry.key))
    }
    return seeds
  }

  /// Frees the retained slots of `keys` that are still retained (with that
  /// key): no history will bring their nodes back.
  @usableFromInline
  mutating func releaseRetained(_ keys: some Sequence<UInt64>) {
    for key in keys {
      let slot = UInt32(truncatingIfNeeded: key)
      guard retainedSlots.remove(slot: slot) else { continue }
      freeSlots.append(key &+ (1 &<< 32))
    }
  }

  /// Frees every retained slot.
  @usableFromInline
  mutating func releaseAllRetained() {
    guard !retainedSlots.isEmpty else { return }
    retainedSlots.removeAll { freeSlots.append($0 &+ (1 &<< 32)) }
  }
}
