/// Filtering: show only the nodes that pass a test, with the ancestors that
/// lead to them, as a search box does.
///
/// The filter answers once per node with a ``FilterVisibility``:
///
/// - `.visible`: the node passes; its children are judged on their own.
/// - `.hidden`: the node and its whole subtree are left out.
/// - `.recurse`: the node passes exactly when one of its children passes,
///   so it is shown as the path to what matched.
///
/// A node has a row when it passes and every ancestor passes and is
/// expanded. The answers are kept: the filter stays in force through
/// expansion, edits, moves and batches, and every row query (`rowCount`,
/// `rows`, `id(atRow:)`, `row(of:)`, row info, sections) reads the filtered
/// list in O(log n), as without a filter. `children(of:)`, `parent(of:)`,
/// `depth(of:)`, `nodeCount` and `roots` keep describing the whole tree.
///
/// ```swift
/// let query = "pear"
/// outline.setFilter(revealingMatches: true) { item in
///   item.title.localizedCaseInsensitiveContains(query) ? .visible : .recurse
/// }
/// // ... as the user types, set a new filter; when the box is cleared:
/// outline.removeFilter()      // the nodes the filter expanded collapse again
/// ```
extension Outline {
  /// Sets a filter: asks `visibility` once per node, keeps the answers, and
  /// shows only the nodes that pass.
  ///
  /// Filtering changes no expanded flag, unless `revealingMatches` is true:
  /// then every ancestor of a passing `.visible` node (a match) is
  /// expanded, so that every match has a row. The expansion policy is not
  /// applied. ``removeFilter()`` collapses again the nodes a revealing
  /// filter expanded that no later call expanded or collapsed; setting
  /// filters one after another (search as you type) adds to that set.
  ///
  /// The filter stays in force until ``removeFilter()``: inserted nodes and
  /// values set through the subscript are judged as they arrive, and
  /// moved nodes and the `.recurse` ancestors of everything that changed
  /// are judged again. Edits never reveal.
  ///
  /// ```swift
  /// let change = outline.setFilter { $0.isFavorite ? .visible : .recurse }
  /// tableView.performBatchUpdates { /* apply change */ }
  /// ```
  ///
  /// - Parameters:
  ///   - revealingMatches: Whether to expand the ancestors of every match.
  ///   - visibility: The test; called once per node, in no set order,
  ///     on several threads at once when there are more than 16,384 nodes
  ///     (it is `@Sendable`: it must be safe to call so).
  /// - Returns: The rows that appeared, disappeared and must be redrawn
  ///   (nodes whose flag the filter flipped).
  /// - Complexity: O(n), plus n calls of `visibility`.
  @inlinable @discardableResult
  public mutating func setFilter(
    revealingMatches: Bool = false, _ visibility: @escaping @Sendable (Node) -> FilterVisibility
  ) -> OutlineChange {
    _setFilter(_OutlineFilter(visibility: visibility, revealsMatches: revealingMatches))
  }

  /// Asks the filter again about every node, after something it reads
  /// changed (say, the query it captured by reference).
  ///
  /// Reveals matches again when the filter was set with
  /// `revealingMatches`. Does nothing when no filter is set.
  ///
  /// - Returns: The rows that appeared, disappeared and must be redrawn.
  /// - Complexity: O(n), plus n calls of the filter.
  @inlinable @discardableResult
  public mutating func refilter() -> OutlineChange {
    guard var filter = _filter else { return OutlineChange() }
    filter.earlier = []
    filter.hasUnaskedNodes = false
    return _setFilter(filter)
  }

  /// Removes the filter: every node passes again.
  ///
  /// Nodes that a revealing filter expanded, and that no call expanded or
  /// collapsed since, get their flag from before: they collapse. Every
  /// other flag stays as it is.
  ///
  /// - Returns: The rows that appeared, disappeared and must be redrawn.
  /// - Complexity: O(n).
  @inlinable @discardableResult
  public mutating func removeFilter() -> OutlineChange {
    guard _filter != nil else { return OutlineChange() }
    return _mutate(.display) { outline in
      outline._filter = nil
      return outline._core.removeFilter()
    }
  }

  /// Whether a filter is set.
  ///
  /// - Complexity: O(1).
  @inlinable
  public var isFiltered: Bool { _filter != nil }

  /// Whether a node passes the filter: true for every node when no filter
  /// is set.
  ///
  /// A node that passes has a row when all its ancestors are expanded.
  ///
  /// - Precondition: `id` names a node of this outline.
  /// - Complexity: O(1).
  @inlinable
  public func isIncluded(_ id: NodeID) -> Bool {
    _core.index.isIncluded(at: _position(of: id))
  }

  /// Whether a node is a match: it passes the filter and the filter
  /// answered `.visible` for it. False for every node when no filter is set.
  ///
  /// Use it to highlight matches apart from the `.recurse` ancestors shown
  /// as their path.
  ///
  /// - Precondition: `id` names a node of this outline.
  /// - Complexity: O(1).
  @inlinable
  public func isMatch(_ id: NodeID) -> Bool {
    _core.index.isMatch(at: _position(of: id))
  }

  /// The number of nodes that pass the filter (`nodeCount` when no filter
  /// is set).
  ///
  /// - Complexity: O(1).
  @inlinable
  public var includedCount: Int { _core.index.includedCount }

  /// The number of matches: nodes that pass the filter and that it answered
  /// `.visible` for; 0 when no filter is set.
  ///
  /// - Complexity: O(1).
  @inlinable
  public var matchCount: Int { _core.index.matchCount }

  /// The first row after `row` whose node is a match: "find next".
  ///
  /// Matches hidden by a collapsed ancestor have no row and are skipped.
  ///
  /// ```swift
  /// if let next = outline.nextMatchRow(after: selectedRow) { select(row: next) }
  /// ```
  ///
  /// - Parameters:
  ///   - row: Where to start, excluded; nil starts before the first row.
  ///   - wrapping: Whether to go on from the first row after the last.
  /// - Returns: The row, or nil when no row after `row` (or none at all,
  ///   when wrapping) holds a match.
  /// - Precondition: `row` is nil or in `0 ..< rowCount`.
  /// - Complexity: O(log n).
  @inlinable
  public func nextMatchRow(after row: Int?, wrapping: Bool = true) -> Int? {
    if let row { _require(row >= 0 && row < rowCount, "Outline: row \(row) out of range 0..<\(rowCount)") }
    return _core.matchRow(after: row, wrapping: wrapping)
  }

  /// The last row before `row` whose node is a match: "find previous".
  ///
  /// - Parameters:
  ///   - row: Where to start, excluded; nil starts after the last row.
  ///   - wrapping: Whether to go on from the last row before the first.
  /// - Returns: The row, or nil when no row before `row` (or none at all,
  ///   when wrapping) holds a match.
  /// - Precondition: `row` is nil or in `0 ..< rowCount`.
  /// - Complexity: O(log n).
  @inlinable
  public func previousMatchRow(before row: Int?, wrapping: Bool = true) -> Int? {
    if let row { _require(row >= 0 && row < rowCount, "Outline: row \(row) out of range 0..<\(rowCount)") }
    return _core.matchRow(before: row, wrapping: wrapping)
  }

  /// Asks `filter` about every node (on every core) and puts it in force.
  @inlinable
  internal mutating func _setFilter(_ filter: _OutlineFilter<Node>) -> OutlineChange {
    // Asked here, where the call is specialized for `Node`, not in the
    // mutation's closure.
    let answers = Self._answers(of: filter, to: .everyNode, in: _payloads, isCancelled: { false })!
    return _mutate(.display) { $0._install(filter, asked: .everyNode, answers: answers) }
  }

  /// Puts `filter` in force from its answers to `question`: by slot for
  /// every node, or per candidate for a narrowing (`filter` then holds
  /// what widening goes back to).
  @inlinable
  internal mutating func _install(
    _ filter: _OutlineFilter<Node>, asked question: _FilterQuestion, answers: [UInt8]
  ) -> OutlineChange {
    let result: (change: OutlineChange, included: _FilterCandidates?)
    switch question {
    case .everyNode:
      // The nodes that pass, kept for a narrowing when few enough that it
      // would walk them rather than ask every node.
      let limit = _EarlierFilter<Node>.sparseWalkLimit(nodes: nodeCount)
      result = _core.applyFilter(answers: answers, revealing: filter.revealsMatches, includedLimit: limit)
    case .candidates(var candidates):
      candidates.answers = answers
      let narrowed = _core.applyFilter(to: candidates, revealing: filter.revealsMatches, allPassed: true)
      result = (narrowed.change, narrowed.included)
    }
    _filter = filter
    _filter!.included = result.included
    _filter!.includedVersion = _core.structureVersion
    return result.change
  }

  /// The filter's answer for every node, by slot.
  @inlinable
  internal func _answers(of filter: _OutlineFilter<Node>) -> [UInt8] {
    Self._answers(of: filter, to: .everyNode, in: _payloads, isCancelled: { false })!
  }

  /// Asks `filter` about the nodes `question` names, on every core: by
  /// slot (0 for free slots) for every node, or per candidate. Reads only
  /// `payloads`, so it may run on any thread while the outline it came
  /// from is in use; nil when `isCancelled` said yes first.
  @inlinable
  internal static func _answers(
    of filter: _OutlineFilter<Node>, to question: _FilterQuestion, in payloads: ContiguousArray<Node?>,
    isCancelled: @Sendable () -> Bool
  ) -> [UInt8]? {
    let slots: [UInt32]?
    switch question {
    case .everyNode: slots = nil
    case .candidates(let candidates): slots = candidates.slots
    }
    let count = slots?.count ?? payloads.count
    var answers = [UInt8](repeating: 0, count: count)
    let finished = answers.withUnsafeMutableBufferPointer { buffer in
      payloads.withUnsafeBufferPointer { nodes in
        (slots ?? []).withUnsafeBufferPointer { slotList in
          let (out, nodes, slotList) = (_SharedBuffer(buffer), _SharedNodes(nodes), _SharedNodes(slotList))
          let bySlot = slots == nil
          return _ParallelChunks.run(count: count, isCancelled: isCancelled) { range in
            for i in range {
              let slot = bySlot ? i : Int(slotList[i])
              if let node = nodes[slot] { out[i] = UInt8(truncatingIfNeeded: filter.answer(for: node)) }
            }
          }
        }
      }
    }
    return finished ? answers : nil
  }
}

/// What a filter is asked when it is set: every node, or (a narrowing)
/// only the nodes that pass now.
@usableFromInline
internal enum _FilterQuestion: Sendable {
  case everyNode
  case candidates(_FilterCandidates)
}

/// What a filter says of one node.
///
/// The three answers of a widely used editor's tree filter: a node is shown
/// (`.visible`), left out with its subtree (`.hidden`), or shown only as the
/// path to descendants that are shown (`.recurse`).
public enum FilterVisibility: Hashable, Sendable {
  /// The node passes; its children are judged on their own.
  case visible
  /// The node and its whole subtree are left out.
  case hidden
  /// The node passes exactly when at least one of its children passes.
  case recurse
}

/// A filter in force: the test and whether it reveals its matches, and,
/// after narrowing, what widening goes back to.
@usableFromInline
internal struct _OutlineFilter<Node>: Sendable {
  @usableFromInline let visibility: @Sendable (Node) -> FilterVisibility
  @usableFromInline let revealsMatches: Bool
  /// Whether nodes that no filter since the last full pass included still
  /// hold that pass's answers (narrowing asks only included nodes): edits
  /// ask every node first.
  @usableFromInline var hasUnaskedNodes = false
  /// The filters this one narrowed, oldest first.
  @usableFromInline var earlier: [_EarlierFilter<Node>] = []
  /// The nodes that pass, with their answers, when a narrowing or widening
  /// worked them out: where the next narrowing starts, with no walk of the
  /// index. Valid while the structure version is `includedVersion`.
  @usableFromInline var included: _FilterCandidates?
  @usableFromInline var includedVersion: UInt64 = 0

  @inlinable
  init(visibility: @escaping @Sendable (Node) -> FilterVisibility, revealsMatches: Bool) {
    self.visibility = visibility
    self.revealsMatches = revealsMatches
  }

  /// The node's answer, as the index stores it.
  @inlinable
  func answer(for node: Node) -> UInt32 {
    switch visibility(node) {
    case .visible: _FilterAnswer.visible
    case .recurse: _FilterAnswer.recurse
    case .hidden: _FilterAnswer.hidden
    }
  }
}
