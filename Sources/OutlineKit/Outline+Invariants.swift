extension Outline {
  /// Checks every internal invariant of the index and the payload table, and
  /// traps with a description of the first one broken. O(n).
  ///
  /// Runs after every public mutation in builds with
  /// `OUTLINE_INTERNAL_CHECKS` (debug builds); tests call it directly. Not
  /// API.
  public func _checkInvariants() {
    _index.checkInvariants()
    precondition(_payloads.count == _index.generations.count, "payload table size differs from node table")
    for slot in _payloads.indices {
      let live = _index.generations[slot] & 1 == 1
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
