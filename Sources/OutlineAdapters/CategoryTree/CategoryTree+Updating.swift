import Foundation
import OutlineKit

/// Refreshing a category tree from a newer catalog (a newer JSON from the
/// server, the file edited on disk), keeping what the user opened.
///
/// ```swift
/// let change = try tree.update(json: try Data(contentsOf: url))
/// tableView.performBatchUpdates { apply(change) }    // only what changed moves
/// ```
///
/// Entries are matched to the tree's categories by identity (an entry's
/// `id`, or its name path: ``CategoryIdentity``). A matched category keeps
/// its row handle (`NodeID`), its open or closed state and its selection,
/// and takes the new name, count and image; new entries arrive closed;
/// categories the catalog no longer lists go, with everything under them.
///
/// - **Lazy subcategories.** A lazy entry (`"lazy": true`) keeps what the
///   tree has loaded under it since, and its load state: loaded, loading
///   (the answer is still taken), or failed. An entry that now lists its
///   subcategories (not lazy) takes the catalog's, and a load under way for
///   it is dropped when it answers: the catalog wins.
/// - **A search in force** runs again over the new catalog, so new matches
///   show with their paths opened.
/// - **The accordion** (unless ``keepsPreviousCellExpanded``): an open
///   category that moves (an entry with an id under another parent) next to
///   an open sibling closes, so one sibling stays open (not while
///   searching: a search opens paths regardless). Nothing else closes:
///   rows opened while the accordion was off stay open.
extension CategoryTree {
  /// Replaces the categories with a newer catalog, matching entries by
  /// identity, and returns the rows and sections that changed.
  ///
  /// The change is minimal: a category that stays where it was keeps its
  /// row (redrawn when its name, count, image or load state changed); among
  /// the categories that stay under one parent, one longest run that kept
  /// its order keeps its rows and only the others are reported moved.
  /// Updating with an equal catalog changes nothing.
  ///
  /// ```swift
  /// var catalog = tree.catalog()
  /// catalog.sections[0].subcategories[1].count += 1
  /// let change = try tree.update(catalog: catalog)   // one row reloaded
  /// ```
  ///
  /// - Returns: The rows and sections removed, inserted and to reload, in
  ///   the tree's ``headerStyle``.
  /// - Throws: ``CategoryCatalogError`` when two entries of the catalog
  ///   have the same id (the path of the second); the tree is left
  ///   unchanged.
  /// - Complexity: O(n + m) expected for n categories in the tree and m in
  ///   the catalog (each identity is O(d) to hash, for a path d names
  ///   long), plus the edits (see `Outline.update(roots:children:id:)`),
  ///   plus O(n) when a search is in force or the accordion is on.
  @discardableResult
  public mutating func update(catalog: CategoryCatalog) throws -> SectionedChange {
    try catalog.checkIDs()
    // What the tree has: each category's load state, by identity, and
    // each open category's parent.
    var current: [CategoryIdentity: CategoryLoadState] = [:]
    var openParents: [NodeID: NodeID?] = [:]
    var stack = Array(outline.roots)
    while let id = stack.popLast() {
      current[outline[id].identity] = outline[id].loadState
      if outline.isExpanded(id) { openParents[id] = outline.parent(of: id) }
      stack.append(contentsOf: outline.children(of: id))
    }
    // The catalog as nodes, and each listed entry's children (a lazy entry
    // has none listed: `nil` keeps what the tree has under it).
    var roots: [CategoryNode] = []
    var children: [CategoryIdentity: [CategoryNode]] = [:]
    var path: [CategoryIdentity] = []
    CategoryTree._walk(catalog) { node, depth, isLazy in
      var node = node
      if isLazy, let kept = current[node.identity] { node.loadState = kept }
      path.removeLast(path.count - depth)
      if let parent = path.last { children[parent]!.append(node) } else { roots.append(node) }
      path.append(node.identity)
      if !isLazy { children[node.identity] = [] }
    }
    // Identities are unique by construction (ids checked, names counted),
    // so the engine's duplicate check cannot fail.
    let searching = _searchText != nil
    let accordion = !keepsPreviousCellExpanded
    let change = try history.record(in: &outline, named: "reload") { outline in
      try outline.update(childrenOf: nil, to: roots, children: { children[$0.identity] }, id: \.identity)
      if searching {
        outline.refilter()
      } else if accordion {
        Self._closeMovedOpenSiblings(openParents, in: &outline)
      }
    }
    // Loads for categories that went, or whose subcategories the catalog
    // now lists, are dropped when they answer.
    _loadsInFlight = _loadsInFlight.filter { outline.contains($0.key) && outline[$0.key].loadState == .loading }
    return _sectioned(change)
  }

  /// Reads category JSON and updates the tree from it, as
  /// ``update(catalog:)``.
  ///
  /// ```swift
  /// let change = try tree.update(json: try Data(contentsOf: catalogURL))
  /// ```
  ///
  /// - Throws: ``CategoryCatalogError`` naming the JSON path of the first
  ///   bad value (see ``CategoryCatalog/init(json:)``); the tree is left
  ///   unchanged.
  /// - Complexity: As ``update(catalog:)``, plus reading the data.
  @discardableResult
  public mutating func update(json data: Data) throws -> SectionedChange {
    try update(catalog: CategoryCatalog(json: data))
  }

  /// The accordion after an update: an open category whose parent
  /// changed closes when a sibling is open too.
  private static func _closeMovedOpenSiblings(_ openParents: [NodeID: NodeID?], in outline: inout Outline<CategoryNode>) {
    // In a stable order, so that of two moved open siblings the first stays.
    let moved = openParents.filter { outline.contains($0.key) && outline.parent(of: $0.key) != $0.value }.keys
      .sorted { (outline.row(of: $0) ?? .max, $0) < (outline.row(of: $1) ?? .max, $1) }
    for id in moved where outline.isExpanded(id) {
      let siblings = outline.parent(of: id).map { Array(outline.children(of: $0)) } ?? Array(outline.roots)
      if siblings.contains(where: { $0 != id && outline.isExpanded($0) }) { outline.collapse(id) }
    }
  }
}
