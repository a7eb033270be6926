import OutlineKit

/// A category tree driven from the main actor, with an `async` loader for
/// lazy subcategories.
///
/// Every change, including the ones that arrive when a load finishes, goes
/// to ``onChange`` in order, ready for `performBatchUpdates`. While a load
/// runs, the user can go on collapsing, expanding or removing nodes; the
/// answer is then applied as ``CategoryTree/finishLoading(_:with:)`` says:
/// stored without showing rows if its node was collapsed, dropped if the
/// node is gone.
///
/// ```swift
/// let controller = CategoryTreeController(tree: tree) { node in
///   try await api.subcategories(of: node.name)       // any async source
/// }
/// controller.onChange = { change in tableView.performBatchUpdates { apply(change) } }
/// // A tap:
/// Task { await controller.toggle(at: indexPath) }
/// ```
@MainActor
public final class CategoryTreeController {
  /// Loads a node's subcategories.
  public typealias Loader = @Sendable (CategoryNode) async throws -> [CategoryCatalog.Subcategory]

  /// The tree, as of the last change reported.
  public private(set) var tree: CategoryTree

  /// Receives every non-empty change, in order.
  public var onChange: ((SectionedChange) -> Void)?

  private let loader: Loader

  /// Creates a controller over a tree.
  ///
  /// - Parameters:
  ///   - tree: The tree.
  ///   - loader: Fetches the subcategories of a node marked lazy; it runs
  ///     off the main actor and may throw.
  /// - Complexity: O(1).
  public init(tree: CategoryTree, loader: @escaping Loader) {
    self.tree = tree
    self.loader = loader
  }

  /// Expands a node, or collapses it if it is expanded; see ``expand(_:)``.
  ///
  /// - Returns: What became of the load, when one ran; nil otherwise.
  /// - Precondition: `id` names a node of the tree.
  /// - Complexity: As ``CategoryTree/toggle(_:)``, plus the load.
  @discardableResult
  public func toggle(_ id: CategoryTree.NodeID) async -> CategoryLoadCompletion.Outcome? {
    if tree.isExpanded(id) {
      collapse(id)
      return nil
    }
    return await expand(id)
  }

  /// Toggles the node at an index path: a tap on its row.
  ///
  /// - Returns: What became of the load, when one ran; nil otherwise.
  /// - Precondition: the index path names a visible row.
  /// - Complexity: As ``CategoryTree/toggle(_:)``, plus the load.
  @discardableResult
  public func toggle(at indexPath: OutlineIndexPath) async -> CategoryLoadCompletion.Outcome? {
    await toggle(tree.id(at: indexPath))
  }

  /// Toggles a section: a tap on its header.
  ///
  /// - Returns: What became of the load, when one ran; nil otherwise.
  /// - Precondition: `0 <= section < tree.numberOfSections`.
  /// - Complexity: As ``CategoryTree/toggle(_:)``, plus the load.
  @discardableResult
  public func toggleSection(_ section: Int) async -> CategoryLoadCompletion.Outcome? {
    await toggle(tree.sections.root(ofSection: section))
  }

  /// Expands a node; if its subcategories need loading, reports the
  /// `.loading` change, awaits the loader and reports the result's change.
  ///
  /// - Returns: What became of the load, when one ran; nil otherwise.
  /// - Precondition: `id` names a node of the tree.
  /// - Complexity: As ``CategoryTree/expand(_:)``, plus the load.
  @discardableResult
  public func expand(_ id: CategoryTree.NodeID) async -> CategoryLoadCompletion.Outcome? {
    let update = tree.expand(id)
    report(update.change)
    guard let request = update.loadRequest else { return nil }
    let node = tree[id]
    let result: Result<[CategoryCatalog.Subcategory], any Error>
    do {
      result = .success(try await loader(node))
    } catch {
      result = .failure(error)
    }
    let completion = tree.finishLoading(request, with: result)
    report(completion.change)
    return completion.outcome
  }

  /// Collapses a node.
  ///
  /// - Precondition: `id` names a node of the tree.
  /// - Complexity: O(log n).
  public func collapse(_ id: CategoryTree.NodeID) {
    report(tree.collapse(id))
  }

  /// Removes a node and everything under it.
  ///
  /// - Precondition: `id` names a node of the tree.
  /// - Complexity: O(log n + m) for m removed nodes.
  public func remove(_ id: CategoryTree.NodeID) {
    report(tree.remove(id))
  }

  /// Replaces the categories with a newer catalog (see
  /// ``CategoryTree/update(catalog:)``) and reports the change. Loads
  /// under way for lazy entries that stay lazy still answer; a load for an
  /// entry the catalog removed, or whose subcategories it now lists, is
  /// dropped when it answers.
  ///
  /// ```swift
  /// try controller.update(catalog: try await api.catalog())
  /// ```
  ///
  /// - Throws: ``CategoryCatalogError`` for a repeated id; nothing changes.
  /// - Complexity: As ``CategoryTree/update(catalog:)``.
  public func update(catalog: CategoryCatalog) throws {
    report(try tree.update(catalog: catalog))
  }

  private func report(_ change: SectionedChange) {
    if !change.isEmpty { onChange?(change) }
  }
}
