/// A tree of nodes shown as a list of rows, in which any node can be expanded
/// to show its children or collapsed to hide them.
///
/// `Outline` keeps every node in a flattened preorder index with prefix
/// counts, so that the questions a list view asks are answered in O(log n),
/// whatever the tree's depth or fan-out: which node is on visible row 17
/// (`id(atRow:)`), which row a node is on (`row(of:)`), and which rows appear
/// when a node expands (`expand(_:)` returns an ``OutlineChange``).
///
/// ```swift
/// struct Item { var title: String; var children: [Item] = [] }
///
/// var outline = Outline(roots: library, children: \.children)
/// outline.rowCount                       // the roots: every node starts collapsed
/// let change = outline.expand(outline.roots[0])
/// change.insertedRows                    // [1..<4]: hand it to the table view
/// outline[outline.id(atRow: 1)].title    // the first child's title
/// ```
///
/// Nodes are addressed by ``NodeID``, a handle that stays valid for the
/// node's lifetime, whatever is inserted, removed, moved, expanded or
/// collapsed around it. Rows are positions in the current list of visible
/// nodes and change with every mutation.
///
/// ## Value semantics
///
/// `Outline` is a value: copies are independent. Storage is copy-on-write,
/// so copying is O(1) and the first mutation of a shared copy copies the
/// index once, in O(n). Every mutation returns the change it made, so an app
/// never needs to keep the old copy around to find out what changed; keeping
/// one makes the next mutation pay for that copy.
///
/// ## Misuse
///
/// As with `Array`, using a row out of range or a `NodeID` of a node that was
/// removed (or that belongs to another outline) is a programming error and
/// traps with a message that says so.
public struct Outline<Node> {
  /// The index, open batches and policy: everything but the payloads.
  @usableFromInline internal var _core: _OutlineCore

  /// Payloads by node slot; nil for free slots.
  @usableFromInline internal var _payloads: ContiguousArray<Node?>

  /// A restored expansion state that nodes inserted later still consult.
  @usableFromInline internal var _pendingExpansion: (any _PendingExpansion<Node>)?

  /// The filter in force, if any; its answers live in the index.
  @usableFromInline internal var _filter: _OutlineFilter<Node>?

  /// While an `Outline.History` records a step: the payloads of the nodes
  /// its edits removed and the old values of the values set, at the
  /// places the core's log gives them (nil for the places of inserted
  /// nodes).
  @usableFromInline internal var _recordedPayloads: ContiguousArray<Node?>?

  /// How expanding one node affects the others. Default `.independent`.
  ///
  /// Changing the policy changes no node: it governs later calls to
  /// `expand(_:)`, `toggle(_:)` and `reveal(_:)`.
  ///
  /// - Complexity: O(1).
  @inlinable
  public var expansionPolicy: ExpansionPolicy {
    get { _core.policy }
    set { _core.policy = newValue }
  }

  /// Creates an empty outline.
  ///
  /// - Complexity: O(1).
  @inlinable
  public init() {
    _core = _OutlineCore()
    _payloads = []
    _pendingExpansion = nil
    _filter = nil
    _recordedPayloads = nil
  }

  /// Creates an outline from nested data; every node starts collapsed, so the
  /// rows are the roots.
  ///
  /// `children` is called once per node, in preorder. The walk is iterative:
  /// a chain of a million nodes is as fine as a root with a million children.
  ///
  /// ```swift
  /// let outline = Outline(roots: [root], children: { $0.subfolders })
  /// ```
  ///
  /// - Parameters:
  ///   - roots: The top-level nodes, in order.
  ///   - children: Returns a node's children, in order.
  /// - Complexity: O(n) plus the cost of `children`.
  @inlinable
  public init(roots: some Sequence<Node>, children: (Node) throws -> [Node]) rethrows {
    self.init()
    let seeds = try _makeSeeds(for: Array(roots), depth: 0, hidden: 0, children: children)
    _core.index.root = _core.index.buildTree(seeds)
    _didMutate()
  }
}

extension Outline: Sendable where Node: Sendable {}

// MARK: - Node handles

extension Outline {
  /// A stable handle to one node of an outline.
  ///
  /// A `NodeID` stays valid from the node's insertion to its removal, whatever
  /// else changes. After the node is removed, `contains(_:)` returns false for
  /// it, even if a later node reuses its storage, and using it traps.
  ///
  /// IDs are cheap to copy, hash and compare. They are meaningful only to the
  /// outline that made them (and to copies of it).
  ///
  /// An ID also remembers where its node's entry was when the ID was made
  /// (by `id(atRow:)`, `rows`, `children(of:)`, `parent(of:)`, an insert,
  /// ...). Looking the node up checks that place first and goes through the
  /// node table only when the node has moved since, which only edits in
  /// the same leaf of the index (64 entries) do. This hint takes no part in
  /// equality, hashing or ordering: two IDs of one node are equal whenever
  /// they were made.
  ///
  /// - Complexity: Every operation on an ID is O(1).
  public struct NodeID: Hashable, Sendable, Comparable, CustomStringConvertible {
    /// Index into the node table.
    @usableFromInline internal let slot: UInt32
    /// The slot's generation when the node was made; always odd.
    @usableFromInline internal let generation: UInt32
    /// The position the node's entry had when this ID was made, or
    /// `noHint`. Looked at first, checked against the entry's key.
    @usableFromInline internal let hint: UInt32

    /// The hint of an ID made where the position was not at hand: it names
    /// no entry, so the lookup goes through the node table.
    @inlinable @inline(__always)
    internal static var noHint: UInt32 { .max }

    /// One 64-bit word that identifies the node.
    @inlinable
    internal var key: UInt64 { UInt64(generation) << 32 | UInt64(slot) }

    /// The ID of the node with `key`, whose entry is at `position` now.
    @inlinable
    internal init(key: UInt64, position: UInt32) {
      slot = UInt32(truncatingIfNeeded: key)
      generation = UInt32(truncatingIfNeeded: key >> 32)
      hint = position
    }

    /// The ID of the node with `key`, made where its position is not at
    /// hand: its first lookup goes through the node table.
    @inlinable
    internal init(key: UInt64) { self.init(key: key, position: NodeID.noHint) }

    /// Whether two IDs name the same node (wherever it was when each was
    /// made).
    ///
    /// - Complexity: O(1).
    @inlinable
    public static func == (lhs: NodeID, rhs: NodeID) -> Bool { lhs.key == rhs.key }

    /// Hashes the node's identity (not where it was when the ID was made).
    ///
    /// - Complexity: O(1).
    @inlinable
    public func hash(into hasher: inout Hasher) { hasher.combine(key) }

    /// Orders IDs by creation slot; an arbitrary but stable order, handy for
    /// sorting sets of IDs deterministically.
    ///
    /// - Complexity: O(1).
    @inlinable
    public static func < (lhs: NodeID, rhs: NodeID) -> Bool { lhs.key < rhs.key }

    /// `#slot`, with `.generation` when the slot has been reused.
    public var description: String {
      generation == 1 ? "#\(slot)" : "#\(slot).\(generation / 2)"
    }
  }

  /// Whether `id` names a node of this outline.
  ///
  /// False for the ID of a removed node, even if its storage was reused.
  ///
  /// - Complexity: O(1).
  @inlinable
  public func contains(_ id: NodeID) -> Bool {
    _core.index.livePosition(ofKey: id.key, hint: id.hint) != nil
  }

  /// Position of a live node's index entry; traps on a bad ID.
  @inlinable @inline(__always)
  internal func _position(of id: NodeID) -> UInt32 {
    guard let position = _core.index.livePosition(ofKey: id.key, hint: id.hint) else { _invalid(id) }
    return position
  }

  @usableFromInline
  internal func _invalid(_ id: NodeID) -> Never {
    if Int(id.slot) < _core.index.slotCount && id.generation & 1 == 1 {
      _failRequirement("Outline: NodeID \(id) refers to a node that was removed from this outline")
    }
    _failRequirement("Outline: NodeID \(id) does not belong to this outline")
  }

  /// The ID of the node whose entry is at `position`.
  @inlinable @inline(__always)
  internal func _id(at position: UInt32) -> NodeID {
    NodeID(key: _core.index.key(at: position), position: position)
  }
}

// MARK: - Payloads and counts

extension Outline {
  /// The number of nodes, visible or not.
  ///
  /// - Complexity: O(1).
  @inlinable
  public var nodeCount: Int { _core.index.count }

  /// Whether the outline has no nodes.
  ///
  /// - Complexity: O(1).
  @inlinable
  public var isEmpty: Bool { _core.index.root < 0 }

  /// The value of a node.
  ///
  /// Setting a value keeps the node where it is; inside `batch(_:)` the
  /// node's row is reported in the batch's `reloadedRows`. With a filter
  /// set, the new value is judged: the node (and the `.recurse` ancestors
  /// that depend on it) may come to pass or stop passing, and the batch
  /// reports the rows that appear or go.
  ///
  /// - Precondition: `id` names a node of this outline.
  /// - Complexity: O(1), plus a hash insertion inside a batch. With a
  ///   filter: O(log n) per node whose inclusion flips, plus O(m) for the
  ///   node's m-node subtree when its answer turns to or from `.hidden`.
  @inlinable
  public subscript(id: NodeID) -> Node {
    get {
      _ = _position(of: id)
      return _payloads[Int(id.slot)].unsafelyUnwrapped
    }
    set {
      _ = _position(of: id)
      _mutate(.edit) { outline in
        if let place = outline._core.noteValueEdit(ofSlot: id.slot) {
          outline._logPayload(outline._payloads[Int(id.slot)], at: place)
        }
        outline._payloads[Int(id.slot)] = newValue
        outline._core.recordValueChange(ofSlot: id.slot)
        if let filter = outline._filter { outline._core.rejudge(slot: id.slot, answer: filter.answer(for: newValue)) }
      }
    }
  }
}

// MARK: - Internal bookkeeping

extension Outline {
  /// Allocates slots for `top` and all their descendants (in preorder),
  /// stores their payloads, and returns their index entries: collapsed, or
  /// expanded when a restored expansion state says so, with the filter's
  /// answer when one is set. On a throw, releases what it allocated.
  @inlinable
  internal mutating func _makeSeeds(
    for top: [Node], depth: Int, hidden: Int, children: (Node) throws -> [Node]
  ) rethrows -> [_PreorderIndex.EntrySeed] {
    var seeds: [_PreorderIndex.EntrySeed] = []
    // With no free slot to reuse (always in a fresh outline), the new
    // nodes take the next slots in order: no slot is allocated one at a
    // time, and the node table grows once, by the exact count, at the end.
    let firstFreshSlot = _core.index.slotCount
    let takesFreshSlots = _core.index.freeSlots.isEmpty
    var completed = false
    defer {
      if !completed {
        if takesFreshSlots {
          _payloads.removeSubrange(firstFreshSlot...)
        } else {
          for seed in seeds.reversed() {
            _payloads[Int(seed.slot)] = nil
            _core.index.releaseSlot(seed.key)
          }
        }
      }
    }
    let pending = _pendingExpansion
    let filter = _filter
    // The level being visited is kept in locals; `saved` holds the levels
    // above it that still have nodes left. A level is saved only when it
    // has, so a chain n deep saves none (with one entry per level, the
    // 10^7 chain took 150 ns per node instead of 79).
    var nodes = top
    var next = 0
    var levelHidden = hidden
    var levelDepth = depth
    var saved: [(nodes: [Node], next: Int, hidden: Int, depth: Int)] = []
    while true {
      if next == nodes.count {
        guard let level = saved.popLast() else { break }
        (nodes, next, levelHidden, levelDepth) = level
      }
      let node = nodes[next]
      next &+= 1
      let key = takesFreshSlots ? 1 &<< 32 | UInt64(firstFreshSlot &+ seeds.count) : _core.index.allocateSlot()
      let slot = Int(UInt32(truncatingIfNeeded: key))
      if slot == _payloads.count {
        _payloads._growOnHugePages(toHold: 1)
        _payloads.append(node)
      } else {
        _payloads[slot] = node
      }
      let expanded = pending?.isExpanded(node) ?? false
      var seed = _PreorderIndex.EntrySeed(key: key, depth: levelDepth, expanded: expanded, hidden: levelHidden)
      if let filter { seed.depthAndFlag |= filter.answer(for: node) &<< _PreorderIndex.answerShift }
      seeds._growOnHugePages(toHold: 1)
      seeds.append(seed)
      let kids = try children(node)
      if !kids.isEmpty {
        if next < nodes.count { saved.append((nodes, next, levelHidden, levelDepth)) }
        nodes = kids
        next = 0
        levelHidden &+= expanded ? 0 : 1
        levelDepth &+= 1
      }
    }
    if takesFreshSlots {
      _core.index.appendFreshSlots(seeds.count)
    }
    completed = true
    return seeds
  }

  /// Runs after every public mutation (`_mutate(_:_:)`) and construction:
  /// the full invariant check in builds with `OUTLINE_INTERNAL_CHECKS`, for
  /// outlines small enough that an O(n) check per mutation keeps debug
  /// builds usable.
  @inlinable @inline(__always)
  internal func _didMutate() {
    #if OUTLINE_INTERNAL_CHECKS
    if nodeCount <= _automaticCheckLimit { _checkInvariants() }
    #endif
  }
}

/// Outlines up to this many nodes are checked after every mutation in
/// checked builds; bigger ones when a test calls `_checkInvariants()`.
@usableFromInline
internal let _automaticCheckLimit = 20_000
