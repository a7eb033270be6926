/// The edits of one undo step, as the engine performs them: runs of
/// sibling subtrees that come or go, runs cut out and put back, and values
/// swapped. Each op is applied forwards (redo) or backwards (undo), and
/// flips what it holds: a run that goes is kept here (its entries; the
/// payloads are the generic side's), a run that comes back is released
/// from here.
///
/// Places are a parent's key and a child index, which stay right because
/// the ops are replayed in order (redo) or in reverse (undo) on the very
/// tree each was recorded on.
@usableFromInline
internal struct _EditLog: Sendable {
  /// Where a run of sibling subtrees starts: under the node with this key
  /// (nil: the top level), at this child index.
  @usableFromInline
  struct Place: Sendable {
    @usableFromInline var parent: UInt64?
    @usableFromInline var index: Int

    @inlinable
    init(parent: UInt64?, index: Int) {
      self.parent = parent
      self.index = index
    }
  }

  @usableFromInline
  enum Op: Sendable {
    /// `count` sibling subtrees at `place`, whose `entries` (a range of
    /// `held`, and of the generic side's payloads) are in the outline when
    /// `isAttached` and kept here otherwise.
    case presence(place: Place, count: Int, entries: Range<Int>, isAttached: Bool)
    /// `count` sibling subtrees cut out at `place`, to be put back by the
    /// `put` of the same run (forwards; backwards the other way round).
    case cut(place: Place, count: Int, run: Int)
    /// `count` sibling subtrees put at `place`, cut out by the `cut` of the
    /// same run.
    case put(place: Place, count: Int, run: Int)
    /// A value set: the node's other value is the generic side's payload
    /// `payload` (a place of `held` too, unused there); applying swaps
    /// them.
    case value(key: UInt64, payload: Int)
  }

  @usableFromInline var ops: [Op] = []
  /// The entries of runs kept here (undefined while their run is
  /// attached). The generic side keeps a payload for each place, at the
  /// same index.
  @usableFromInline var held: [_HeldEntry] = []
  @usableFromInline var nextRun = 0

  @inlinable
  init() {}

  /// Whether the log holds no edit.
  @inlinable
  var isEmpty: Bool { ops.isEmpty }

  /// Reserves places for `count` entries (and their payloads) and returns
  /// their range.
  @inlinable
  mutating func reserveEntries(_ count: Int) -> Range<Int> {
    let range = held.count ..< held.count &+ count
    held.append(contentsOf: repeatElement(_HeldEntry(key: 0, level: 0, height: _PreorderIndex.unmeasured), count: count))
    return range
  }

  /// Adds the ops of a log recorded after this one, renumbering its entry
  /// places and runs after this log's.
  @inlinable
  mutating func append(_ later: _EditLog) {
    let base = held.count
    let runs = nextRun
    for op in later.ops {
      switch op {
      case .presence(let place, let count, let entries, let isAttached):
        ops.append(.presence(place: place, count: count, entries: entries.lowerBound &+ base ..< entries.upperBound &+ base, isAttached: isAttached))
      case .cut(let place, let count, let run): ops.append(.cut(place: place, count: count, run: run &+ runs))
      case .put(let place, let count, let run): ops.append(.put(place: place, count: count, run: run &+ runs))
      case .value(let key, let payload): ops.append(.value(key: key, payload: payload &+ base))
      }
    }
    held += later.held
    nextRun &+= later.nextRun
  }

  /// The keys of the nodes this log keeps while they are out of the
  /// outline: those whose slots an undo history retains.
  @inlinable
  var detachedKeys: [UInt64] {
    var keys: [UInt64] = []
    for case .presence(_, _, let entries, false) in ops { keys += held[entries].map(\.key) }
    return keys
  }
}

/// A node out of the outline, as an undo step keeps it: its key, its depth
/// below the top of its run with its expanded flag, and its row height.
@usableFromInline
internal struct _HeldEntry: Sendable {
  @usableFromInline var key: UInt64
  /// Depth below the run's top level, with `expandedFlag`.
  @usableFromInline var level: UInt32
  /// `_PreorderIndex.unmeasured` when the node had no height.
  @usableFromInline var height: Double

  @inlinable
  init(key: UInt64, level: UInt32, height: Double) {
    self.key = key
    self.level = level
    self.height = height
  }
}
