import Foundation
import OutlineKit

/// One entry of a category tree: a section or a subcategory at any depth.
///
/// Two nodes are equal when they show the same thing: name, count, image
/// and load state. Their ``identity`` (who they are across reloads) is
/// not compared: the tree assigns it from where the entry sits in its
/// catalog.
public struct CategoryNode: Hashable, Sendable {
  /// The category's name.
  public var name: String
  /// The number shown beside the name.
  public var count: Int
  /// The section's image name; nil for subcategories.
  public var imageName: String?
  /// Whether the subcategories are here, not loaded yet, being loaded, or
  /// failed to load.
  public var loadState: CategoryLoadState
  /// Who the category is across reloads of the catalog: its `id`, or its
  /// name path (see ``CategoryIdentity``). The tree sets it.
  public internal(set) var identity: CategoryIdentity

  /// Creates a node, known by its name alone until a tree places it.
  ///
  /// - Complexity: O(1).
  public init(name: String, count: Int, imageName: String? = nil, loadState: CategoryLoadState = .loaded) {
    self.name = name
    self.count = count
    self.imageName = imageName
    self.loadState = loadState
    identity = CategoryIdentity(path: [.init(name: name)])
  }

  /// The category's own id from the catalog (JSON `"id"`), or nil.
  ///
  /// - Complexity: O(1).
  public var id: String? { identity.path.isEmpty ? identity.id : nil }

  /// Whether two nodes show the same thing; identities are not compared.
  ///
  /// - Complexity: O(1), plus comparing the strings.
  public static func == (lhs: CategoryNode, rhs: CategoryNode) -> Bool {
    lhs.name == rhs.name && lhs.count == rhs.count && lhs.imageName == rhs.imageName && lhs.loadState == rhs.loadState
  }

  /// Hashes what `==` compares.
  ///
  /// - Complexity: O(1), plus hashing the strings.
  public func hash(into hasher: inout Hasher) {
    hasher.combine(name)
    hasher.combine(count)
    hasher.combine(imageName)
    hasher.combine(loadState)
  }
}

/// Where a category's subcategories are.
public enum CategoryLoadState: Hashable, Sendable {
  /// They are in the tree (there may be none).
  case loaded
  /// There are some, not loaded yet: expanding the node loads them.
  case notLoaded
  /// A load is under way: show a spinner.
  case loading
  /// The last load failed, with the loader's message; expanding the node
  /// again retries.
  case failed(String)

  /// Whether expanding the node starts a load (`.notLoaded` or `.failed`).
  ///
  /// - Complexity: O(1).
  public var needsLoading: Bool {
    switch self {
    case .notLoaded, .failed: return true
    case .loaded, .loading: return false
    }
  }
}

/// A category catalog on an outline: sections shown as section headers or
/// as their sections' first rows, an accordion, and subcategories loaded
/// when first needed.
///
/// ```swift
/// var tree = try CategoryTree(json: data, headerStyle: .header)
/// // UITableViewDataSource
/// tree.numberOfSections                       // one per catalog section
/// tree.header(ofSection: 0).imageName         // the header's image
/// tree.numberOfRows(inSection: 0)             // 0 until the section is opened
/// // A tap on a section header:
/// let update = tree.toggleSection(0)          // opens it, closes the open one
/// apply(update.change)
/// ```
///
/// With `keepsPreviousCellExpanded` false (the default, as the question's
/// `keepPreviousCellExpanded = false`), opening a section closes the open
/// section and opening a subcategory closes its open sibling: the outline's
/// `.exclusiveSiblings` policy.
///
/// ## Lazy subcategories
///
/// An entry marked `"lazy": true` has subcategories that are not loaded.
/// Expanding it marks it ``CategoryLoadState/loading`` and returns a
/// ``CategoryLoadRequest``; the app fetches the subcategories however it
/// likes and hands the result to ``finishLoading(_:with:)``, which inserts
/// them (showing them if the node is still expanded), or records the
/// failure for a retry. An answer for a node that was collapsed meanwhile
/// is stored without showing rows; one for a node that was removed is
/// dropped. ``toggle(_:loader:)`` does all of this with a synchronous
/// loader, and ``CategoryTreeController`` with an `async` one.
public struct CategoryTree: Sendable {
  /// A handle to a node of the tree.
  public typealias NodeID = Outline<CategoryNode>.NodeID

  /// The tree as an outline: sections are roots.
  public internal(set) var outline: Outline<CategoryNode>

  /// Whether each section is a section header or its section's first row.
  public let headerStyle: SectionHeaderStyle

  /// The load under way for each node, by serial number.
  internal var _loadsInFlight: [NodeID: Int] = [:]
  /// The serial number of the next load.
  internal var _nextLoadSerial = 1
  /// The search in force, if any.
  internal var _searchText: String?
  /// How the search changed the filter as it was typed.
  internal var _typing = SearchAsYouType()
  /// The edits that can be undone: moves, removals, renames, updates
  /// (`OutlineDocument` gives undo, redo and their state).
  public internal(set) var history = Outline<CategoryNode>.History()

  /// Whether opening a section or subcategory leaves its open siblings open.
  ///
  /// False (the default) makes an accordion: the outline's
  /// `.exclusiveSiblings` policy. Changing it changes no row.
  ///
  /// - Complexity: O(1).
  public var keepsPreviousCellExpanded: Bool {
    get { outline.expansionPolicy == .independent }
    set { outline.expansionPolicy = newValue ? .independent : .exclusiveSiblings }
  }

  /// Maps a catalog onto an outline; everything starts collapsed.
  ///
  /// - Parameters:
  ///   - catalog: The categories.
  ///   - headerStyle: `.header` to show each section as a section header
  ///     (tapping it calls ``toggleSection(_:)``), `.firstRow` to show it as
  ///     its section's first row.
  ///   - keepsPreviousCellExpanded: False for an accordion.
  /// - Complexity: O(n) for n categories.
  public init(catalog: CategoryCatalog, headerStyle: SectionHeaderStyle = .header, keepsPreviousCellExpanded: Bool = false) {
    var preorder: [(node: CategoryNode, depth: Int)] = []
    CategoryTree._walk(catalog) { node, depth, _ in preorder.append((node, depth)) }
    outline = Outline(preorder: preorder)
    self.headerStyle = headerStyle
    self.keepsPreviousCellExpanded = keepsPreviousCellExpanded
  }

  /// Reads category JSON and maps it onto an outline.
  ///
  /// - Throws: ``CategoryCatalogError`` naming the JSON path of the first
  ///   bad value.
  /// - Complexity: O(n) in the size of the data.
  public init(json data: Data, headerStyle: SectionHeaderStyle = .header, keepsPreviousCellExpanded: Bool = false) throws {
    self.init(
      catalog: try CategoryCatalog(json: data), headerStyle: headerStyle,
      keepsPreviousCellExpanded: keepsPreviousCellExpanded)
  }

  /// The tree as a catalog again, with what has been loaded since: nodes
  /// still `.notLoaded`, `.loading` or `.failed` are written as lazy; ids
  /// are kept.
  ///
  /// - Complexity: O(n).
  public func catalog() -> CategoryCatalog {
    func subcategory(_ id: NodeID) -> CategoryCatalog.Subcategory {
      let node = outline[id]
      return CategoryCatalog.Subcategory(
        name: node.name, count: node.count, subcategories: outline.children(of: id).map(subcategory),
        isLazy: node.loadState != .loaded && !outline.hasChildren(id), id: node.id)
    }
    return CategoryCatalog(
      sections: outline.roots.map { id in
        let node = outline[id]
        return CategoryCatalog.Section(
          name: node.name, count: node.count, imageName: node.imageName ?? "",
          subcategories: outline.children(of: id).map(subcategory),
          isLazy: node.loadState != .loaded && !outline.hasChildren(id), id: node.id)
      })
  }

  /// Visits every entry of a catalog in preorder as a node (lazy entries
  /// `.notLoaded`, with their identities), with its depth and whether it
  /// is lazy.
  internal static func _walk(
    _ catalog: CategoryCatalog, _ visit: (_ node: CategoryNode, _ depth: Int, _ isLazy: Bool) throws -> Void
  ) rethrows {
    var roots = CategoryIdentity.SiblingNames()
    // Each entry with its parent's identity, and the names of its siblings seen so far.
    var stack: [(entry: CategoryCatalog.Subcategory, depth: Int, parent: Int)] = []
    var identities: [CategoryIdentity] = []
    var siblings: [CategoryIdentity.SiblingNames] = []
    for section in catalog.sections {
      var node = CategoryNode(
        name: section.name, count: section.count, imageName: section.imageName,
        loadState: section.isLazy ? .notLoaded : .loaded)
      node.identity = roots.identity(under: nil, id: section.id, name: section.name)
      try visit(node, 0, section.isLazy)
      identities = [node.identity]
      siblings = [CategoryIdentity.SiblingNames()]
      stack.append(contentsOf: section.subcategories.reversed().map { ($0, 1, 0) })
      while let (entry, depth, parent) = stack.popLast() {
        var node = CategoryNode(entry)
        node.identity = siblings[parent].identity(under: identities[parent], id: entry.id, name: entry.name)
        try visit(node, depth, entry.isLazy)
        guard !entry.subcategories.isEmpty else { continue }
        identities.append(node.identity)
        siblings.append(CategoryIdentity.SiblingNames())
        let me = identities.count - 1
        stack.append(contentsOf: entry.subcategories.reversed().map { ($0, depth + 1, me) })
      }
    }
  }
}

extension CategoryNode {
  /// A subcategory's node, without its children, known by its name until
  /// the tree gives it its identity.
  init(_ subcategory: CategoryCatalog.Subcategory) {
    self.init(
      name: subcategory.name, count: subcategory.count,
      loadState: subcategory.isLazy ? .notLoaded : .loaded)
  }
}

// MARK: - Data source

extension CategoryTree {
  /// The tree as a table view with sections sees it, in ``headerStyle``.
  ///
  /// - Complexity: O(1).
  public var sections: Outline<CategoryNode>.Sections { outline.sections(style: headerStyle) }

  /// The number of sections (while searching, the sections that hold a
  /// match).
  ///
  /// - Complexity: O(1).
  public var numberOfSections: Int { sections.count }

  /// The number of rows in a section: its visible subcategories (plus the
  /// section's own row in `.firstRow` style).
  ///
  /// - Precondition: `0 <= section < numberOfSections`.
  /// - Complexity: O(log n).
  public func numberOfRows(inSection section: Int) -> Int {
    sections.numberOfRows(inSection: section)
  }

  /// The section's own node: what its header (or first row) shows.
  ///
  /// - Precondition: `0 <= section < numberOfSections`.
  /// - Complexity: O(log n).
  public func header(ofSection section: Int) -> CategoryNode {
    outline[sections.root(ofSection: section)]
  }

  /// A node's value.
  ///
  /// - Precondition: `id` names a node of this tree.
  /// - Complexity: O(1).
  public subscript(id: NodeID) -> CategoryNode { outline[id] }

  /// The node shown at an index path.
  ///
  /// - Precondition: the index path names a visible row.
  /// - Complexity: O(log n).
  public func id(at indexPath: OutlineIndexPath) -> NodeID { sections.id(at: indexPath) }

  /// The index path of a node; nil when it is hidden, or is a section in
  /// `.header` style.
  ///
  /// - Precondition: `id` names a node of this tree.
  /// - Complexity: O(log n).
  public func indexPath(of id: NodeID) -> OutlineIndexPath? { sections.indexPath(of: id) }

  /// Whether a node is expanded (a section: open).
  ///
  /// - Precondition: `id` names a node of this tree.
  /// - Complexity: O(1).
  public func isExpanded(_ id: NodeID) -> Bool { outline.isExpanded(id) }

  /// Whether a node shows a disclosure indicator: it has subcategories
  /// (while searching, ones that match or lead to a match), or has some
  /// still to load.
  ///
  /// - Precondition: `id` names a node of this tree.
  /// - Complexity: O(log n).
  public func isExpandable(_ id: NodeID) -> Bool {
    !outline.includedChildren(of: id).isEmpty || outline[id].loadState != .loaded
  }

  /// The node with a path of names from a section down, or nil when there
  /// is none: `["Books", "Fiction", "Mystery"]`.
  ///
  /// - Complexity: O(k log n) for k siblings along the path.
  public func id(named path: [String]) -> NodeID? {
    guard let first = path.first, var id = outline.roots.first(where: { outline[$0].name == first }) else { return nil }
    for name in path.dropFirst() {
      guard let next = outline.children(of: id).first(where: { outline[$0].name == name }) else { return nil }
      id = next
    }
    return id
  }
}

// MARK: - Expanding and collapsing

/// What expanding a category did: the rows and sections changed, and the
/// load to run when its subcategories are not loaded yet. (The engine's
/// one load update, for categories.)
public typealias CategoryTreeUpdate = OutlineLoadUpdate<CategoryNode, CategoryNode, SectionedChange>

extension CategoryTree {
  /// Opens a closed section or closes an open one: a tap on its header.
  ///
  /// - Precondition: `0 <= section < numberOfSections`.
  /// - Complexity: O(log n), plus O(k log n) when the accordion closes k
  ///   nodes.
  @discardableResult
  public mutating func toggleSection(_ section: Int) -> CategoryTreeUpdate {
    toggle(sections.root(ofSection: section))
  }

  /// Expands or collapses the node at an index path: a tap on its row.
  ///
  /// - Precondition: the index path names a visible row.
  /// - Complexity: As ``toggle(_:)``.
  @discardableResult
  public mutating func toggle(at indexPath: OutlineIndexPath) -> CategoryTreeUpdate {
    toggle(id(at: indexPath))
  }

  /// Expands a collapsed node (see ``expand(_:)``) or collapses an expanded
  /// one.
  ///
  /// - Precondition: `id` names a node of this tree.
  /// - Complexity: As ``expand(_:)``.
  @discardableResult
  public mutating func toggle(_ id: NodeID) -> CategoryTreeUpdate {
    outline.isExpanded(id) ? CategoryTreeUpdate(change: collapse(id)) : expand(id)
  }

  /// Expands a node, closing its open siblings unless
  /// ``keepsPreviousCellExpanded``.
  ///
  /// If the node's subcategories are not loaded (or the last load failed),
  /// it becomes `.loading` and the update carries the request to run.
  /// Expanding a node that is already loading starts no second load.
  ///
  /// - Precondition: `id` names a node of this tree.
  /// - Complexity: O(log n), plus O(k log n) when the accordion closes k
  ///   nodes.
  @discardableResult
  public mutating func expand(_ id: NodeID) -> CategoryTreeUpdate {
    guard outline[id].loadState.needsLoading else {
      let change = outline.expand(id)
      return CategoryTreeUpdate(change: _sectioned(change))
    }
    let serial = _nextLoadSerial
    _nextLoadSerial += 1
    _loadsInFlight[id] = serial
    let change = history.recordIntoLastStep(in: &outline) { outline in
      outline[id].loadState = .loading
      outline.expand(id)
    }
    return CategoryTreeUpdate(change: _sectioned(change), loadRequest: CategoryLoadRequest(node: id, serial: serial, work: outline[id]))
  }

  /// Collapses a node; its descendants keep their flags.
  ///
  /// - Precondition: `id` names a node of this tree.
  /// - Complexity: O(log n).
  @discardableResult
  public mutating func collapse(_ id: NodeID) -> SectionedChange {
    let change = outline.collapse(id)
    return _sectioned(change)
  }

  /// Closes every open node.
  ///
  /// - Complexity: O(n).
  @discardableResult
  public mutating func collapseAll() -> SectionedChange {
    let change = outline.collapseAll()
    return _sectioned(change)
  }

  /// Removes a node and everything under it, as a step that ``undo()``
  /// takes back. A load under way for any of them is dropped when it
  /// answers.
  ///
  /// - Precondition: `id` names a node of this tree.
  /// - Complexity: O(log n + m) for m removed nodes.
  @discardableResult
  public mutating func remove(_ id: NodeID) -> SectionedChange {
    let name = outline[id].name
    let change = history.record(in: &outline, named: "delete \(name)") { $0.remove(id) }
    _loadsInFlight = _loadsInFlight.filter { outline.contains($0.key) }
    return _sectioned(change)
  }

  /// A change of the outline in the tree's sections, made after the
  /// mutation as `convert(_:)` requires.
  ///
  /// Call it in a statement after the mutation, never as
  /// `_sectioned(outline.expand(id))`: Swift evaluates `self` (a copy of
  /// the struct, before the mutation) before the argument, and the view
  /// would describe the old outline.
  internal func _sectioned(_ change: OutlineChange) -> SectionedChange {
    sections.convert(change)
  }
}
