/// Updating from new data: give the outline a fresh copy of the tree (a
/// server response, a directory listing, a document parsed again) and it
/// works out what changed, keeping what the user expanded and returning one
/// minimal change to animate.
///
/// Nodes are matched by an identity you choose (`id`), so the new data can
/// be made of brand-new values:
///
/// - a node whose identity the outline holds is the same node: it keeps its
///   `NodeID` and its expanded flag, and takes the new value; if its parent
///   changed, it moves, with its subtree;
/// - a node with a new identity is inserted, collapsed (unless a restored
///   expansion state names it);
/// - a node the new data no longer holds is removed, with its subtree.
///
/// ```swift
/// let fresh = try await api.fetchFolders()
/// let change = try outline.update(roots: fresh, children: \.children, id: \.id)
/// tableView.performBatchUpdates { /* apply change */ }
/// ```
///
/// The change is minimal: among the surviving children of each parent, one
/// longest run that kept its relative order keeps its rows, and only the
/// others are reported moved; a node that keeps its row is reloaded when its
/// value changed (when `Node` is `Equatable`; otherwise always). An update
/// with no difference returns an empty change. Docs/Updating.md has the
/// details, recipes and costs.
extension Outline {
  /// Replaces the whole tree with new data, matching nodes by identity, and
  /// returns the rows that changed.
  ///
  /// Matched nodes keep their `NodeID` and expanded flag and take the new
  /// values; matched nodes under another parent move with their subtrees;
  /// new nodes are inserted collapsed (a pending expansion state from
  /// ``restoreExpansionState(_:by:)`` still applies); nodes missing from the
  /// new data are removed. Under a filter, new nodes and changed values are
  /// judged, as edits are.
  ///
  /// Without `Equatable`, the outline cannot tell whether a matched node's
  /// value changed, so every matched node that keeps its row is reloaded;
  /// when `Node` is `Equatable` only those whose value differs are.
  ///
  /// ```swift
  /// struct Entry { var path: String; var name: String; var children: [Entry] }
  ///
  /// let change = try outline.update(roots: listing, children: \.children, id: \.path)
  /// ```
  ///
  /// Inside ``batch(_:)`` the update composes with everything else done
  /// there.
  ///
  /// - Parameters:
  ///   - roots: The new top-level nodes, in order.
  ///   - children: Returns a node's children, in order; called once per new
  ///     node, in preorder.
  ///   - id: A node's identity: equal identities are the same node. Called
  ///     once per new node and once per current node.
  /// - Returns: The rows removed, inserted and to reload, in batch-update
  ///   form; empty when nothing differs.
  /// - Throws: ``DuplicateIdentityError`` when two nodes of the new data
  ///   have the same identity, or what `children` throws; the outline is
  ///   left unchanged.
  /// - Complexity: O(n + m) expected for n current and m new nodes (plus
  ///   the calls to `children` and `id`), plus O(k log k) per sibling list
  ///   of k whose surviving nodes changed order, plus O(log n) per run of
  ///   adjacent siblings removed, moved together or inserted, plus O(s)
  ///   per moved s-node subtree that changes depth. Edits split and join
  ///   the index; when they are many (more than about one node in 128
  ///   removed, moved or inserted) and no filter, open batch or undo
  ///   history watches them, the index is laid out again in one O(n + m)
  ///   pass instead, the nodes that stay keeping their `NodeID`s, expanded
  ///   flags and heights. Under a filter or inside a batch, each edit
  ///   also costs O(r) for the r separate row ranges changed so far, and
  ///   each reload O(log n).
  @inlinable @discardableResult
  public mutating func update<ID: Hashable>(
    roots: some Sequence<Node>, children: (Node) throws -> [Node], id: (Node) -> ID
  ) throws -> OutlineChange {
    try _update(childrenOf: nil, to: roots, children: { try children($0) }, id: id, valueChanged: { _, _ in true })
  }

  /// Replaces one parent's descendants (or the whole tree, for nil) with
  /// new data, matching nodes by identity among them, and returns the rows
  /// that changed.
  ///
  /// Identities are matched among the parent's current descendants only;
  /// nodes outside its subtree, and the parent itself, are not touched. A
  /// `children` closure that returns nil for a matched node keeps that
  /// node's current children as they are: the way to refresh one level of
  /// a lazily loaded tree without loading the levels below.
  ///
  /// ```swift
  /// // A folder's listing arrived; subfolders not listed again keep theirs.
  /// let change = try outline.update(
  ///   childrenOf: folder, to: listing,
  ///   children: { $0.isLoaded ? $0.children : nil }, id: \.path)
  /// ```
  ///
  /// Kept children keep their subtrees, with one exception: a node below
  /// them whose identity the new data holds elsewhere is matched there and
  /// moves (fresh data wins over what was kept). A new node whose
  /// `children` returns nil gets no children.
  ///
  /// Everything else is as in ``update(roots:children:id:)-56nyh``.
  ///
  /// - Parameters:
  ///   - parent: The node whose descendants are replaced, or nil for the
  ///     whole tree.
  ///   - nodes: Its new children, in order.
  ///   - children: Returns a node's children, in order, or nil to keep a
  ///     matched node's current children.
  ///   - id: A node's identity: equal identities are the same node.
  /// - Returns: The rows removed, inserted and to reload; empty when
  ///   nothing differs.
  /// - Throws: ``DuplicateIdentityError`` when an identity occurs twice in
  ///   the new data, or what `children` throws; the outline is left
  ///   unchanged.
  /// - Precondition: `parent` names a node of this outline.
  /// - Complexity: As ``update(roots:children:id:)-56nyh``, with n counting only
  ///   `parent`'s descendants (each edit still costs O(log N) for the
  ///   outline's N nodes): a partial update costs what the subtree costs,
  ///   not the whole outline.
  @inlinable @discardableResult
  public mutating func update<ID: Hashable>(
    childrenOf parent: NodeID?, to nodes: some Sequence<Node>, children: (Node) throws -> [Node]?,
    id: (Node) -> ID
  ) throws -> OutlineChange {
    try _update(childrenOf: parent, to: nodes, children: children, id: id, valueChanged: { _, _ in true })
  }
}

extension Outline where Node: Equatable {
  /// Replaces the whole tree with new data, matching nodes by identity;
  /// a node that keeps its row is reloaded only when its value changed.
  ///
  /// See ``update(roots:children:id:)-56nyh``; this overload, chosen when `Node`
  /// is `Equatable`, compares each matched node's old and new value, so an
  /// update with identical data returns an empty change.
  ///
  /// ```swift
  /// let change = try outline.update(roots: listing, children: \.children, id: \.path)
  /// if change.isEmpty { return }   // nothing new
  /// ```
  ///
  /// - Complexity: As ``update(roots:children:id:)-56nyh``, plus one comparison
  ///   per matched node.
  @inlinable @discardableResult
  public mutating func update<ID: Hashable>(
    roots: some Sequence<Node>, children: (Node) throws -> [Node], id: (Node) -> ID
  ) throws -> OutlineChange {
    try _update(childrenOf: nil, to: roots, children: { try children($0) }, id: id, valueChanged: { $0 != $1 })
  }

  /// Replaces one parent's descendants with new data, matching nodes by
  /// identity; a node that keeps its row is reloaded only when its value
  /// changed.
  ///
  /// See ``update(childrenOf:to:children:id:)-5gspd``.
  ///
  /// ```swift
  /// try outline.update(childrenOf: folder, to: listing, children: { _ in nil }, id: \.path)
  /// ```
  ///
  /// - Complexity: As ``update(childrenOf:to:children:id:)-5gspd``, plus one
  ///   comparison per matched node.
  @inlinable @discardableResult
  public mutating func update<ID: Hashable>(
    childrenOf parent: NodeID?, to nodes: some Sequence<Node>, children: (Node) throws -> [Node]?,
    id: (Node) -> ID
  ) throws -> OutlineChange {
    try _update(childrenOf: parent, to: nodes, children: children, id: id, valueChanged: { $0 != $1 })
  }
}

extension Outline where Node: Identifiable {
  /// Replaces the whole tree with new data, matching nodes by their `id`.
  ///
  /// The same as ``update(roots:children:id:)-56nyh`` with `id: \.id`.
  ///
  /// ```swift
  /// let change = try outline.update(roots: fetched, children: \.children)
  /// ```
  ///
  /// - Complexity: As ``update(roots:children:id:)-56nyh``.
  @inlinable @discardableResult
  public mutating func update(roots: some Sequence<Node>, children: (Node) throws -> [Node]) throws -> OutlineChange {
    try _update(
      childrenOf: nil, to: roots, children: { try children($0) }, id: { $0.id }, valueChanged: { _, _ in true })
  }

  /// Replaces one parent's descendants with new data, matching nodes by
  /// their `id`.
  ///
  /// The same as ``update(childrenOf:to:children:id:)-5gspd`` with `id: \.id`.
  ///
  /// ```swift
  /// try outline.update(childrenOf: folder, to: listing, children: { $0.isLoaded ? $0.children : nil })
  /// ```
  ///
  /// - Complexity: As ``update(childrenOf:to:children:id:)-5gspd``.
  @inlinable @discardableResult
  public mutating func update(
    childrenOf parent: NodeID?, to nodes: some Sequence<Node>, children: (Node) throws -> [Node]?
  ) throws -> OutlineChange {
    try _update(childrenOf: parent, to: nodes, children: children, id: { $0.id }, valueChanged: { _, _ in true })
  }
}

extension Outline where Node: Identifiable & Equatable {
  /// Replaces the whole tree with new data, matching nodes by their `id`;
  /// a node that keeps its row is reloaded only when its value changed.
  ///
  /// The same as ``update(roots:children:id:)-56nyh`` with `id: \.id`.
  ///
  /// ```swift
  /// let change = try outline.update(roots: fetched, children: \.children)
  /// ```
  ///
  /// - Complexity: As ``update(roots:children:id:)-56nyh``, plus one comparison
  ///   per matched node.
  @inlinable @discardableResult
  public mutating func update(roots: some Sequence<Node>, children: (Node) throws -> [Node]) throws -> OutlineChange {
    try _update(childrenOf: nil, to: roots, children: { try children($0) }, id: { $0.id }, valueChanged: { $0 != $1 })
  }

  /// Replaces one parent's descendants with new data, matching nodes by
  /// their `id`; a node that keeps its row is reloaded only when its value
  /// changed.
  ///
  /// The same as ``update(childrenOf:to:children:id:)-5gspd`` with `id: \.id`.
  ///
  /// ```swift
  /// try outline.update(childrenOf: folder, to: listing, children: { _ in nil })
  /// ```
  ///
  /// - Complexity: As ``update(childrenOf:to:children:id:)-5gspd``, plus one
  ///   comparison per matched node.
  @inlinable @discardableResult
  public mutating func update(
    childrenOf parent: NodeID?, to nodes: some Sequence<Node>, children: (Node) throws -> [Node]?
  ) throws -> OutlineChange {
    try _update(childrenOf: parent, to: nodes, children: children, id: { $0.id }, valueChanged: { $0 != $1 })
  }
}

// MARK: - Matching

extension Outline {
  /// Every `update` form's way in: an edit.
  @inlinable
  internal mutating func _update<ID: Hashable>(
    childrenOf parent: NodeID?, to nodes: some Sequence<Node>, children: (Node) throws -> [Node]?,
    id: (Node) -> ID, valueChanged: (Node, Node) -> Bool
  ) throws -> OutlineChange {
    try _mutate(.edit) { outline in
      try outline._matchAndUpdate(
        childrenOf: parent, to: nodes, children: children, id: id, valueChanged: valueChanged)
    }
  }

  /// Walks the new data and the scope's current nodes, matches them (see
  /// `_IdentityMatching`), and, once nothing can throw, stores the new
  /// values and hands the plan to the core.
  @inlinable
  internal mutating func _matchAndUpdate<ID: Hashable>(
    childrenOf parent: NodeID?, to nodes: some Sequence<Node>, children: (Node) throws -> [Node]?,
    id: (Node) -> ID, valueChanged: (Node, Node) -> Bool
  ) throws -> OutlineChange {
    // The scope: the parent's descendants, or everything.
    var scope = 0 ..< nodeCount
    var topDepth = 0
    if let parent {
      let position = _position(of: parent)
      let subtree = _core.subtreeRange(of: position)
      scope = subtree.lowerBound + 1 ..< subtree.upperBound
      topDepth = _core.index.depth(at: position) + 1
    }
    var plan = _UpdatePlan(scopeSlot: parent?.slot)

    // The new data, in preorder (iteratively: any depth is fine).
    var newNodes: [Node] = []
    var newIDs: [ID] = []
    var keepsChildren: [Bool] = []
    newNodes.reserveCapacity(scope.count)
    newIDs.reserveCapacity(scope.count)
    plan.newParents.reserveCapacity(scope.count)
    keepsChildren.reserveCapacity(scope.count)
    var stack: [(nodes: [Node], next: Int, parent: Int32)] = [(Array(nodes), 0, -1)]
    while let level = stack.indices.last {
      let next = stack[level].next
      guard next < stack[level].nodes.count else {
        stack.removeLast()
        continue
      }
      stack[level].next = next + 1
      let node = stack[level].nodes[next]
      let number = Int32(truncatingIfNeeded: newNodes.count)
      newNodes.append(node)
      newIDs.append(id(node))
      plan.newParents.append(stack[level].parent)
      if let kids = try children(node) {
        keepsChildren.append(false)
        if !kids.isEmpty { stack.append((kids, 0, number)) }
      } else {
        keepsChildren.append(true)
      }
    }
    let m = newNodes.count
    if let (first, second) = _IdentityMatching.firstDuplicate(in: newIDs) {
      throw DuplicateIdentityError(
        identity: String(reflecting: newIDs[second]), firstIndexPath: plan.newIndexPath(of: first),
        secondIndexPath: plan.newIndexPath(of: second))
    }

    // The scope's current nodes, in preorder: key, parent, identity, and
    // whether each has a row.
    let entries = _core.scopeEntries(scope, topDepth: topDepth)
    plan.oldKeys = entries.keys
    plan.oldParents = entries.parents
    plan.oldVisible = entries.visible
    plan.firstRow = _core.index.visibleCount(before: scope.lowerBound)
    var oldIDs: [ID] = []
    oldIDs.reserveCapacity(scope.count)
    _payloads.withUnsafeBufferPointer { payloads in
      for key in plan.oldKeys { oldIDs.append(id(payloads[Int(UInt32(truncatingIfNeeded: key))].unsafelyUnwrapped)) }
    }
    let n = oldIDs.count
    (plan.oldMatches, plan.newMatches) = _IdentityMatching.match(old: oldIDs, new: newIDs)
    oldIDs = []
    newIDs = []

    // Kept nodes (below a matched node whose children are kept, with no
    // matched node between), changed values and their old rows.
    var keepsBelow = [Bool](repeating: false, count: n)
    var row = plan.firstRow
    for i in 0 ..< n {
      let match = plan.oldMatches[i]
      if match >= 0 {
        keepsBelow[i] = keepsChildren[Int(match)]
        let slot = Int(UInt32(truncatingIfNeeded: plan.oldKeys[i]))
        if valueChanged(_payloads[slot].unsafelyUnwrapped, newNodes[Int(match)]) {
          plan.changed.append(match)
          plan.changedRows.append(plan.oldVisible[i] ? row : -1)
        }
      } else {
        let parent = Int(plan.oldParents[i])
        if parent >= 0 && keepsBelow[parent] {
          keepsBelow[i] = true
          plan.oldMatches[i] = _UpdatePlan.kept
        }
      }
      if plan.oldVisible[i] { row &+= 1 }
    }

    // Nothing throws from here on: store the values (a recorded step keeps
    // the old ones of those that changed).
    for v in plan.changed {
      let slot = UInt32(truncatingIfNeeded: plan.oldKeys[Int(plan.newMatches[Int(v)])])
      if let place = _core.noteValueEdit(ofSlot: slot) { _logPayload(_payloads[Int(slot)], at: place) }
    }
    for v in 0 ..< m {
      let old = plan.newMatches[v]
      if old >= 0 { _payloads[Int(UInt32(truncatingIfNeeded: plan.oldKeys[Int(old)]))] = newNodes[v] }
    }
    if let firstNew = plan.newMatches.firstIndex(of: -1) {
      plan.newKeys = [UInt64](repeating: 0, count: m)
      plan.newWords = [UInt32](repeating: 0, count: m)
      let pending = _pendingExpansion
      let filter = _filter
      for v in firstNew ..< m where plan.newMatches[v] < 0 {
        let node = newNodes[v]
        let key = _core.index.allocateSlot()
        let slot = Int(UInt32(truncatingIfNeeded: key))
        if slot == _payloads.count { _payloads.append(node) } else { _payloads[slot] = node }
        plan.newKeys[v] = key
        var word: UInt32 = pending?.isExpanded(node) == true ? _PreorderIndex.expandedFlag : 0
        if let filter { word |= filter.answer(for: node) &<< _PreorderIndex.answerShift }
        plan.newWords[v] = word
      }
    }
    if let filter = _filter {
      plan.changedAnswers = plan.changed.map { filter.answer(for: newNodes[Int($0)]) }
    }
    return _core.applyUpdate(plan) { slot in
      _recordedPayloads?.append(_payloads[Int(slot)])
      _payloads[Int(slot)] = nil
    }
  }
}
