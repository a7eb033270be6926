/// The non-generic part of an outline: the index, the composers of open
/// batches, and the expansion policy.
///
/// Everything an outline does that does not touch payloads lives here, so it
/// is compiled once, fully optimized, whatever `Node` an app uses; the
/// generic `Outline` methods are thin inlinable wrappers that check their
/// arguments and call in.
@usableFromInline
internal struct _OutlineCore: Sendable {
  @usableFromInline var index = _PreorderIndex()
  /// Composers of the batches (and internal compositions) under way,
  /// innermost last.
  @usableFromInline var composers: [_ChangeComposer] = []
  @usableFromInline var policy: ExpansionPolicy = .independent
  /// The edits of the undo step being recorded, while an `Outline.History`
  /// records one.
  @usableFromInline var recorder: _EditLog?
  /// Whether an `Outline.History` is undoing or redoing (its edits are
  /// neither recorded nor counted as the app's).
  @usableFromInline var isApplyingHistory = false
  /// Counts the edits (structure and values) made outside a history's own
  /// work: a history that last saw another count has been bypassed.
  @usableFromInline var editVersion: UInt64 = 0
  /// Counts every edit of the structure or of a value, a history's
  /// included: a narrowed filter's kept offsets hold while it stays put.
  @usableFromInline var structureVersion: UInt64 = 0
  /// Counts every filter put in force or removed: a search worked out
  /// against one filter applies while it stays put.
  @usableFromInline var filterVersion: UInt64 = 0
  /// Names the outline this core was made for: a search request applies
  /// only to the outline it was made from. A copy shares it until either
  /// of the two is first changed, which takes a new one
  /// (`renewIdentityIfShared()`), so copies that went their own ways are
  /// told apart even when their versions agree.
  @usableFromInline var identity = _OutlineIdentity()

  /// The number of the outline this core was made for (see `identity`).
  @inlinable
  var instance: UInt64 { identity.number }

  /// Takes a new identity when a copy of the outline shares this one:
  /// called before every mutation. O(1).
  @inlinable
  mutating func renewIdentityIfShared() {
    if !isKnownUniquelyReferenced(&identity) { identity = _OutlineIdentity() }
  }
  /// Names this outline (and the copies made of it) to an undo history;
  /// 0 until a history first records on it.
  @usableFromInline var historyToken: UInt64 = 0

  @inlinable
  init() {}

  /// Position of the live node with `key`, or nil when it is gone.
  @usableFromInline
  func position(ofKey key: UInt64) -> UInt32? {
    index.livePosition(ofKey: key)
  }

  /// Preorder offsets of the subtree rooted at the entry at `position`.
  @usableFromInline
  func subtreeRange(of position: UInt32) -> Range<Int> {
    let span = index.span(of: position)
    return span.offset ..< span.end
  }

  /// Position of the parent of the entry at `position` (nil for a root).
  @usableFromInline
  func parentPosition(of position: UInt32) -> UInt32? {
    let depth = index.depth(at: position)
    guard depth > 0 else { return nil }
    guard let parent = index.lastPosition(before: position, depthBelow: depth) else {
      _failRequirement("Outline index: a node of depth \(depth) has no parent entry")
    }
    return parent
  }

  /// Offsets holding the children of the entry at `position` (the whole
  /// outline for nil, the roots' parent) and the children's depth.
  @usableFromInline
  func childScope(of position: UInt32?) -> (range: Range<Int>, depth: Int) {
    guard let position else { return (0 ..< index.count, 0) }
    let subtree = subtreeRange(of: position)
    return (subtree.lowerBound + 1 ..< subtree.upperBound, index.depth(at: position) + 1)
  }

  /// Index of the entry at `position` among its siblings.
  @usableFromInline
  func indexInParent(of position: UInt32) -> Int {
    parentAndIndex(of: position).index
  }

  @usableFromInline
  func hasChildren(at position: UInt32) -> Bool {
    let offset = index.offset(of: position)
    return offset + 1 < index.count && index.depth(at: index.position(atOffset: offset + 1)) > index.depth(at: position)
  }

  /// Whether a filter is set.
  @inlinable
  var isFiltered: Bool { index.tracksMatches }

  /// Whether the node at `position` or one of its ancestors answered
  /// `.hidden` to the filter in force.
  @inlinable
  func isUnderHidden(_ position: UInt32) -> Bool {
    index.word(at: position) & _PreorderIndex.underHiddenFlag != 0
  }

  /// Visible entries in a run of offsets.
  @usableFromInline
  func visibleCount(in range: Range<Int>) -> Int {
    index.visibleCount(before: range.upperBound) - index.visibleCount(before: range.lowerBound)
  }
}
