/// The slots of removed nodes that an undo history may bring back, each
/// with the key its node had: a bit per slot to test and clear in O(1),
/// and the keys in the order they were retained, to free them all.
///
/// A slot that comes back leaves its key in `keys` (a stale entry, skipped
/// because its bit is clear, or because a later entry of the same slot
/// came first when walking from the end); the list is compacted when stale
/// entries outnumber live ones.
@usableFromInline
internal struct _RetainedSlots: Sendable {
  @usableFromInline var bits: [UInt64] = []
  @usableFromInline var keys: [UInt64] = []
  /// The number of slots retained.
  @usableFromInline private(set) var count = 0

  @inlinable
  init() {}

  @inlinable
  var isEmpty: Bool { count == 0 }

  @inlinable
  func contains(slot: UInt32) -> Bool {
    let word = Int(slot &>> 6)
    return word < bits.count && bits[word] & (1 &<< UInt64(slot & 63)) != 0
  }

  /// Retains the slot of `key`.
  @inlinable
  mutating func insert(_ key: UInt64) {
    let slot = UInt32(truncatingIfNeeded: key)
    let word = Int(slot &>> 6)
    if word >= bits.count { bits.append(contentsOf: repeatElement(0, count: word &+ 1 &- bits.count)) }
    bits[word] |= 1 &<< UInt64(slot & 63)
    keys.append(key)
    count &+= 1
  }

  /// Stops retaining `slot`; returns whether it was retained.
  @inlinable @discardableResult
  mutating func remove(slot: UInt32) -> Bool {
    guard clearBit(slot) else { return false }
    if keys.count > 2 &* count &+ 1024 { compact() }
    return true
  }

  /// Clears `slot`'s bit; returns whether it was set.
  @inlinable
  mutating func clearBit(_ slot: UInt32) -> Bool {
    guard contains(slot: slot) else { return false }
    bits[Int(slot &>> 6)] &= ~(1 &<< UInt64(slot & 63))
    count &-= 1
    return true
  }

  /// Calls `body` with the key of each retained slot, the latest for each,
  /// and stops retaining them all.
  @inlinable
  mutating func removeAll(_ body: (UInt64) -> Void) {
    for key in keys.reversed() where clearBit(UInt32(truncatingIfNeeded: key)) { body(key) }
    keys = []
  }

  /// Calls `body` with each retained slot's latest key.
  @inlinable
  func forEach(_ body: (UInt64) -> Void) {
    var copy = self
    copy.removeAll(body)
  }

  /// Drops the stale entries of `keys`.
  @usableFromInline
  mutating func compact() {
    var live: [UInt64] = []
    live.reserveCapacity(count)
    forEach { live.append($0) }
    keys = live.reversed()
  }
}
