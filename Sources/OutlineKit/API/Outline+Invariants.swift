extension Outline {
  /// Checks every internal invariant of the index and the payload table, and
  /// traps with a description of the first one broken. O(n).
  ///
  /// Runs after every public mutation in builds with
  /// `OUTLINE_INTERNAL_CHECKS` (debug builds); tests call it directly. Not
  /// API.
  public func _checkInvariants() {
    _core.index.checkInvariants()
    precondition(_payloads.count == _core.index.slotCount, "payload table size differs from node table")
    for slot in _payloads.indices {
      let live = _core.index.isLive(slot: UInt32(slot))
      precondition(live == (_payloads[slot] != nil), "slot \(slot): live=\(live) but payload present=\(!live)")
    }
  }

  /// Whether this build runs `_checkInvariants()` after mutations (debug
  /// builds); the benchmark refuses to time such a build. Not API.
  public static var _internalChecksEnabled: Bool {
    #if OUTLINE_INTERNAL_CHECKS
    return true
    #else
    return false
    #endif
  }
}

extension Outline {
  /// Bytes held by the index and the node table, not counting the `Node`
  /// payloads; the benchmark reports it per node. Not API.
  ///
  /// - Complexity: O(1).
  public var _indexMemoryBytes: Int { _core.index.memoryBytes }
}

extension _PreorderIndex {
  /// Bytes of every array the index owns, by capacity.
  var memoryBytes: Int {
    func bytes<T>(_ array: [T]) -> Int { array.capacity * MemoryLayout<T>.stride }
    return bytes(treeNodes) + bytes(freeTreeNodes) + bytes(entryKeys) + bytes(entryDepths)
      + bytes(entryHidden) + bytes(entryHeights) + bytes(nodeTable) + bytes(freeSlots)
      + bytes(slotMarks) + bytes(markCounts)
  }
}
