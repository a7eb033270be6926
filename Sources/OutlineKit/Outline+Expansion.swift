/// Expanding and collapsing nodes.
///
/// Semantics follow UIKit's section snapshots and `NSOutlineView`: a node's
/// expanded flag is its own, so collapsing a node keeps its descendants'
/// flags and re-expanding it brings back exactly the rows it hid; expanding
/// or collapsing a hidden node flips its flag and changes no row; and a node
/// without children can be expanded (an app may load its children later).
extension Outline {
  /// Expands a node, showing its children (and their expanded descendants).
  ///
  /// Under ``expansionPolicy`` `.exclusiveSiblings` or `.exclusiveLevel`,
  /// expanding a single node first collapses the other expanded nodes the
  /// policy names. With `recursively: true`, the node and every descendant
  /// are expanded and the policy is not applied.
  ///
  /// ```swift
  /// let change = outline.expand(id)
  /// tableView.insertRows(at: change.insertedRows...)   // see OutlineChange
  /// ```
  ///
  /// - Parameters:
  ///   - id: The node to expand.
  ///   - recursively: Whether to expand the whole subtree.
  /// - Returns: The rows that appeared, disappeared and must be redrawn;
  ///   empty when nothing changed (expanding an expanded node).
  /// - Precondition: `id` names a node of this outline.
  /// - Complexity: O(log n), whatever the size of the subtree and the shape
  ///   of the tree; O(k log n) more when a policy collapses k nodes;
  ///   O(log n + m) with `recursively`, for an m-node subtree.
  @discardableResult
  public mutating func expand(_ id: NodeID, recursively: Bool = false) -> OutlineChange {
    let position = _position(of: id)
    defer { _didMutate() }
    if recursively {
      let range = _subtreeRange(of: position)
      return _rewriteFlags(in: range, expanded: true, baseHidden: _index.hidden(at: position), baseDepth: _index.depth(at: position))
    }
    guard !_index.isExpanded(at: position) else { return OutlineChange() }
    if expansionPolicy == .independent { return _setFlag(true, at: position) }
    return _composing { outline in outline._expandUnderPolicy(position) }
  }

  /// Collapses a node, hiding its descendants; their flags are kept.
  ///
  /// With `recursively: true`, every descendant is collapsed too, so that
  /// re-expanding the node shows its children only.
  ///
  /// - Parameters:
  ///   - id: The node to collapse.
  ///   - recursively: Whether to collapse the whole subtree.
  /// - Returns: The rows that disappeared and must be redrawn; empty when
  ///   nothing changed (collapsing a collapsed node).
  /// - Precondition: `id` names a node of this outline.
  /// - Complexity: O(log n), whatever the size of the subtree and the shape
  ///   of the tree; O(log n + m) with `recursively`, for an m-node subtree.
  @discardableResult
  public mutating func collapse(_ id: NodeID, recursively: Bool = false) -> OutlineChange {
    let position = _position(of: id)
    defer { _didMutate() }
    if recursively {
      let range = _subtreeRange(of: position)
      return _rewriteFlags(in: range, expanded: false, baseHidden: _index.hidden(at: position), baseDepth: _index.depth(at: position))
    }
    guard _index.isExpanded(at: position) else { return OutlineChange() }
    return _setFlag(false, at: position)
  }

  /// Collapses an expanded node, or expands a collapsed one (under the
  /// expansion policy).
  ///
  /// - Precondition: `id` names a node of this outline.
  /// - Complexity: As `expand(_:)` or `collapse(_:)`.
  @discardableResult
  public mutating func toggle(_ id: NodeID) -> OutlineChange {
    isExpanded(id) ? collapse(id) : expand(id)
  }

  /// Expands every node; every node becomes visible.
  ///
  /// - Complexity: O(n).
  @discardableResult
  public mutating func expandAll() -> OutlineChange {
    defer { _didMutate() }
    return _rewriteFlags(in: 0 ..< nodeCount, expanded: true, baseHidden: 0, baseDepth: 0)
  }

  /// Collapses every node; the rows become the roots.
  ///
  /// - Complexity: O(n).
  @discardableResult
  public mutating func collapseAll() -> OutlineChange {
    defer { _didMutate() }
    return _rewriteFlags(in: 0 ..< nodeCount, expanded: false, baseHidden: 0, baseDepth: 0)
  }

  /// Expands every collapsed ancestor of a node, so that the node is visible.
  ///
  /// Ancestors are expanded from the top down, each under the expansion
  /// policy. The node's own flag is unchanged.
  ///
  /// ```swift
  /// outline.reveal(searchResult)
  /// tableView.scrollToRow(at: IndexPath(row: outline.row(of: searchResult)!, section: 0), ...)
  /// ```
  ///
  /// - Precondition: `id` names a node of this outline.
  /// - Complexity: O(d log n) for a node at depth d, plus O(k log n) when a
  ///   policy collapses k nodes.
  @discardableResult
  public mutating func reveal(_ id: NodeID) -> OutlineChange {
    var position = _position(of: id)
    defer { _didMutate() }
    var collapsedAncestors: [UInt32] = []
    var depth = _index.depth(at: position)
    while depth > 0, let parent = _index.lastPosition(before: position, depthBelow: depth) {
      if !_index.isExpanded(at: parent) { collapsedAncestors.append(parent) }
      position = parent
      depth -= 1
    }
    guard !collapsedAncestors.isEmpty else { return OutlineChange() }
    if collapsedAncestors.count == 1 && expansionPolicy == .independent {
      return _setFlag(true, at: collapsedAncestors[0])
    }
    return _composing { outline in
      for ancestor in collapsedAncestors.reversed() {
        if outline.expansionPolicy == .independent {
          outline._setFlag(true, at: ancestor)
        } else {
          outline._expandUnderPolicy(ancestor)
        }
      }
    }
  }
}

// MARK: - Primitives

extension Outline {
  /// Runs `body` and returns the composition of every step it takes.
  @usableFromInline
  internal mutating func _composing(_ body: (inout Outline) -> Void) -> OutlineChange {
    _composers.append(_ChangeComposer(tracksIdentity: false))
    body(&self)
    var composer = _composers.removeLast()
    return _finish(&composer)
  }

  /// The composed change of a finished composer, read against the outline
  /// as it is now.
  @usableFromInline
  internal func _finish(_ composer: inout _ChangeComposer) -> OutlineChange {
    composer.finish(
      currentRow: { key in
        let id = NodeID(key: key)
        return contains(id) ? _index.row(of: _index.positions[Int(id.slot)]) : nil
      },
      isExpanded: { key in
        let id = NodeID(key: key)
        return contains(id) && _index.isExpanded(at: _index.positions[Int(id.slot)])
      })
  }

  /// Collapses the nodes the policy names, then expands the node at
  /// `position`.
  @usableFromInline
  internal mutating func _expandUnderPolicy(_ position: UInt32) {
    let depth = _index.depth(at: position)
    let scope: Range<Int>
    switch expansionPolicy {
    case .independent:
      scope = 0 ..< 0
    case .exclusiveSiblings:
      if depth == 0 {
        scope = 0 ..< nodeCount
      } else {
        let parent = _index.lastPosition(before: position, depthBelow: depth)!
        let parentOffset = _index.offset(of: parent)
        scope = parentOffset + 1 ..< _index.firstOffset(after: parent, offset: parentOffset, depthAtMost: depth - 1)
      }
    case .exclusiveLevel:
      scope = 0 ..< nodeCount
    }
    let own = _index.offset(of: position)
    for offset in _index.expandedOffsets(in: scope, atDepth: depth) where offset != own {
      _setFlag(false, at: _index.position(atOffset: offset))
    }
    _setFlag(true, at: position)
  }

  /// Sets the flag of the node at `position` (which must differ from it)
  /// and returns the step's change, recording it in open composers.
  @usableFromInline @discardableResult
  internal mutating func _setFlag(_ expanded: Bool, at position: UInt32) -> OutlineChange {
    let offset = _index.offset(of: position)
    let end = _index.firstOffset(after: position, offset: offset, depthAtMost: _index.depth(at: position))
    let row = _index.row(of: position)
    var change = OutlineChange()
    if let row {
      change.reloadedRows = [row]
      if !expanded {
        let hiding = _index.visibleCount(before: end) - _index.visibleCount(before: offset + 1)
        if hiding > 0 {
          change.removedRows = [row + 1 ..< row + 1 + hiding]
          _recordRemoval(row + 1 ..< row + 1 + hiding)
        }
      }
    }
    if !_composers.isEmpty {
      let key = _id(at: position).key
      for k in _composers.indices { _composers[k].recordFlag(of: key, was: !expanded) }
    }
    _index.setExpandedFlag(expanded, at: position)
    _index.addHidden(expanded ? -1 : 1, in: offset + 1 ..< end)
    if let row, expanded {
      let showing = _index.visibleCount(before: end) - _index.visibleCount(before: offset + 1)
      if showing > 0 {
        change.insertedRows = [row + 1 ..< row + 1 + showing]
        _recordInsertion(row + 1 ..< row + 1 + showing)
      }
    }
    return change
  }

  /// Sets the flag of every node in `range` (a subtree, or the whole
  /// outline) and their hidden counts accordingly: `baseHidden` for all when
  /// expanding, `baseHidden` plus the depth below `baseDepth` when
  /// collapsing.
  @usableFromInline
  internal mutating func _rewriteFlags(
    in range: Range<Int>, expanded: Bool, baseHidden: Int, baseDepth: Int
  ) -> OutlineChange {
    var diff = _RowDiff(firstRow: _index.visibleCount(before: range.lowerBound), collectsKeys: !_composers.isEmpty)
    let generations = _index.generations
    _index.rewriteEntries(in: range) { _, slot, hidden, raw in
      let depth = Int(raw & _PreorderIndex.depthMask)
      let newHidden = expanded ? baseHidden : baseHidden + depth - baseDepth
      let wasExpanded = raw & _PreorderIndex.expandedFlag != 0
      diff.add(
        key: UInt64(generations[Int(slot)]) << 32 | UInt64(slot),
        wasVisible: hidden == 0, isVisible: newHidden == 0,
        wasExpanded: wasExpanded, isExpanded: expanded)
      hidden = Int32(newHidden)
      raw = UInt32(depth) | (expanded ? _PreorderIndex.expandedFlag : 0)
    }
    if !_composers.isEmpty {
      var keyEnd = diff.removedKeys.endIndex
      for range in diff.removed.reversed() {
        let keys = diff.removedKeys[keyEnd - range.count ..< keyEnd]
        keyEnd -= range.count
        for k in _composers.indices { _composers[k].recordRemoval(range, keys: keys) }
      }
      for (key, was) in diff.flippedFlags {
        for k in _composers.indices { _composers[k].recordFlag(of: key, was: was) }
      }
      for range in diff.inserted { _recordInsertion(range) }
    }
    return diff.change
  }

  /// Tells open composers that the current rows `range` are about to go.
  @usableFromInline
  internal mutating func _recordRemoval(_ range: Range<Int>) {
    guard !_composers.isEmpty, !range.isEmpty else { return }
    let keys: [UInt64] =
      _composers.contains(where: \.tracksIdentity) ? rows[range].map(\.key) : []
    for k in _composers.indices { _composers[k].recordRemoval(range, keys: keys[...]) }
  }

  /// Tells open composers that the rows `range` just appeared.
  @usableFromInline
  internal mutating func _recordInsertion(_ range: Range<Int>) {
    guard !range.isEmpty else { return }
    for k in _composers.indices { _composers[k].recordInsertion(range) }
  }
}
