import OutlineKit

/// A load of a node's subcategories that the app is to run: from
/// ``CategoryTree/expand(_:)``, back to ``CategoryTree/finishLoading(_:with:)``.
/// It carries the category as it was when its load was asked for (`work`),
/// for a loader to read without the tree. (The engine's one load request,
/// for categories.)
public typealias CategoryLoadRequest = OutlineLoadRequest<CategoryNode, CategoryNode>

/// What finishing a load of subcategories did: the rows and sections
/// changed, and what became of the answer (`.failed` carries the error's
/// description). (The engine's one load completion, for categories.)
public typealias CategoryLoadCompletion = OutlineLoadCompletion<SectionedChange, String>

extension CategoryTree {
  /// Applies the answer of a load.
  ///
  /// - On success, the subcategories are inserted under the node, which
  ///   becomes `.loaded`; its rows appear if it is still expanded and
  ///   visible (`.revealed`), otherwise the
  ///   data is kept and no row appears (`.storedHidden`).
  /// - On failure, the node becomes `.failed(message)` and is collapsed;
  ///   expanding it again starts a new load.
  /// - If the node is gone, or the request was already finished, nothing
  ///   changes (`.dropped`).
  ///
  /// ```swift
  /// let update = tree.expand(id)
  /// apply(update.change)                                   // the spinner shows
  /// if let request = update.loadRequest {
  ///   Task { @MainActor in
  ///     let result: Result<[CategoryCatalog.Subcategory], any Error>
  ///     do { result = .success(try await api.subcategories(of: tree[request.node].name)) }
  ///     catch { result = .failure(error) }
  ///     apply(tree.finishLoading(request, with: result).change)
  ///   }
  /// }
  /// ```
  ///
  /// - Complexity: O(log n + m log n) for m loaded subcategories.
  @discardableResult
  public mutating func finishLoading(
    _ request: CategoryLoadRequest, with result: Result<[CategoryCatalog.Subcategory], any Error>
  ) -> CategoryLoadCompletion {
    let id = request.node
    guard outline.contains(id), _loadsInFlight[id] == request.serial else {
      return CategoryLoadCompletion(change: SectionedChange(), outcome: .dropped)
    }
    _loadsInFlight[id] = nil
    // Loaded subcategories join the newest undo step: undoing it takes
    // them back too (the node loads again when expanded), and nothing the
    // user did is lost from the history.
    let change = history.recordIntoLastStep(in: &outline) { Self._apply(result, to: id, in: &$0) }
    if case .failed(let message) = outline[id].loadState {
      return CategoryLoadCompletion(change: _sectioned(change), outcome: .failed(message))
    }
    // Sections are always on a row of the outline, header or not.
    let showing = outline.isExpanded(id) && outline.row(of: id) != nil
    return CategoryLoadCompletion(change: _sectioned(change), outcome: showing ? .revealed : .storedHidden)
  }

  /// Expands or collapses a node, loading its subcategories on the spot
  /// with a synchronous loader when they are not loaded yet.
  ///
  /// The whole expansion, load included, is one change. If `loader`
  /// throws, the node becomes `.failed` with the error's description and
  /// stays collapsed; toggling it again retries.
  ///
  /// ```swift
  /// let change = tree.toggle(id) { node in try cache.subcategories(of: node.name) }
  /// ```
  ///
  /// - Parameters:
  ///   - id: The node.
  ///   - loader: Returns a node's subcategories; called with the node
  ///     (`.loading`) only when it needs loading.
  /// - Precondition: `id` names a node of this tree.
  /// - Complexity: As ``expand(_:)``, plus O(m log n) for m loaded
  ///   subcategories, plus the loader.
  @discardableResult
  public mutating func toggle(
    _ id: NodeID, loader: (CategoryNode) throws -> [CategoryCatalog.Subcategory]
  ) -> SectionedChange {
    if outline.isExpanded(id) { return collapse(id) }
    guard outline[id].loadState.needsLoading else {
      let change = outline.expand(id)
      return _sectioned(change)
    }
    let change = history.recordIntoLastStep(in: &outline) { outline in
      outline[id].loadState = .loading
      outline.expand(id)
      Self._apply(Result { try loader(outline[id]) }, to: id, in: &outline)
    }
    return _sectioned(change)
  }

  /// Applies a loader's answer to node `id`: its subcategories appended and
  /// the node loaded, or the node failed (with the error's description) and
  /// collapsed.
  private static func _apply(
    _ result: Result<[CategoryCatalog.Subcategory], any Error>, to id: NodeID, in outline: inout Outline<CategoryNode>
  ) {
    switch result {
    case .success(let subcategories):
      // A category checked before it loaded keeps its subcategories checked.
      let wasChecked = !outline.hasChildren(id) && outline.checkState(of: id) == .checked
      _insert(subcategories, under: id, in: &outline)
      if wasChecked { outline.setChecked(true, id) }
      outline[id].loadState = .loaded
    case .failure(let error):
      outline[id].loadState = .failed("\(error)")
      outline.collapse(id)
    }
  }

  /// Appends subcategories (with everything under them) to a node's
  /// children, each known by its id or by its name under its parent.
  private static func _insert(
    _ subcategories: [CategoryCatalog.Subcategory], under parent: NodeID, in outline: inout Outline<CategoryNode>
  ) {
    // The names of the children already there count for the occurrences.
    var names = CategoryIdentity.SiblingNames()
    for child in outline.children(of: parent) {
      _ = names.identity(under: nil, id: outline[child].id, name: outline[child].name)
    }
    var pending: [(CategoryCatalog.Subcategory, NodeID, Int)] = []
    var siblingNames = [names]
    for subcategory in subcategories.reversed() { pending.append((subcategory, parent, 0)) }
    // Depth-first, appending each node after its earlier siblings.
    while let (subcategory, parent, list) = pending.popLast() {
      var node = CategoryNode(subcategory)
      node.identity = siblingNames[list].identity(under: outline[parent].identity, id: subcategory.id, name: subcategory.name)
      let id = outline.insert(node, under: parent, at: outline.children(of: parent).count)
      guard !subcategory.subcategories.isEmpty else { continue }
      siblingNames.append(CategoryIdentity.SiblingNames())
      let own = siblingNames.count - 1
      pending.append(contentsOf: subcategory.subcategories.reversed().map { ($0, id, own) })
    }
  }
}
