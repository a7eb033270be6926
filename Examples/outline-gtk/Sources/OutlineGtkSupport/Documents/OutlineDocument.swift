import OutlineKit

/// What the window shows: a tree in an outline, how to name its nodes, and
/// how it expands, searches and (when it may) is edited.
///
/// The window knows documents only through this protocol, so a new kind of
/// tree is a new conforming type. Trees the app keeps itself conform to
/// ``EditableOutlineDocument``, which does everything here with the
/// outline's own calls; a tree that owns its outline (a directory, whose
/// folders are listed as they open) does it with its own.
public protocol OutlineDocument {
  /// The value each node holds.
  associatedtype Node

  /// The document's name, for the window's title.
  var title: String { get }

  /// The tree. The window reads it for rows, row info and selection; it
  /// changes it through the calls below.
  var outline: Outline<Node> { get }

  /// The text of a node's row.
  func label(of id: Outline<Node>.NodeID) -> String

  /// A second, dimmer text after the label (a count, a size), or nil.
  func detail(of id: Outline<Node>.NodeID) -> String?

  /// Whether the document lists a node's children when it first expands
  /// (a folder): then the arrow keys expand and collapse through
  /// ``setExpanded(_:_:)``, a collapsed node that ``canExpand(_:)`` opens
  /// with →, and every other key only moves.
  var listsChildrenLazily: Bool { get }

  /// Whether → should open a collapsed node: it has children, or may have
  /// some not listed yet.
  func canExpand(_ id: Outline<Node>.NodeID) -> Bool

  /// Expands (listing the children first, for a lazy document) or
  /// collapses a node.
  mutating func setExpanded(_ id: Outline<Node>.NodeID, _ expanded: Bool) -> OutlineChange

  /// Whether "Expand all" makes sense (not for a directory: it would list
  /// the disk).
  var canExpandAll: Bool { get }

  /// Expands every node.
  mutating func expandAll() -> OutlineChange

  /// Collapses every node (a directory: to its own row).
  mutating func collapseAll() -> OutlineChange

  /// Shows only the nodes that match `text` and the paths to them,
  /// opened; an empty text ends the search and closes what it opened.
  mutating func search(_ text: String) -> OutlineChange

  /// Whether the user may edit the tree: move nodes by drag and drop, and
  /// undo and redo. A directory is read, not written.
  var isEditable: Bool { get }

  /// Whether a node may take dropped children.
  func allowsChildren(_ id: Outline<Node>.NodeID) -> Bool

  /// The edit that drops `ids` at `target`, run on the outline inside an
  /// undoable step: `Outline.move(_:to:)` by default (a JSON document
  /// gives elements that move into an object their keys).
  func moveEdit(
    _ ids: [Outline<Node>.NodeID], to target: Outline<Node>.DropTarget
  ) -> (inout Outline<Node>) throws -> Void

  /// Runs `body` on the outline: the session's keys (which may expand and
  /// collapse), moves, undo and redo.
  ///
  /// - Precondition: The document is editable, or lists children
  ///   eagerly (``listsChildrenLazily`` is false).
  mutating func edit<Result>(_ body: (inout Outline<Node>) throws -> Result) rethrows -> Result
}

extension OutlineDocument {
  /// No detail.
  public func detail(of id: Outline<Node>.NodeID) -> String? { nil }

  /// Every node may take children.
  public func allowsChildren(_ id: Outline<Node>.NodeID) -> Bool { true }

  /// `Outline.move(_:to:)`.
  public func moveEdit(
    _ ids: [Outline<Node>.NodeID], to target: Outline<Node>.DropTarget
  ) -> (inout Outline<Node>) throws -> Void {
    { try $0.move(ids, to: target) }
  }
}

/// A document whose outline the app keeps: every call of
/// ``OutlineDocument`` is the outline's own, and the nodes can be moved and
/// the moves undone.
///
/// ```swift
/// struct Bookmarks: EditableOutlineDocument {
///   var title: String { "Bookmarks" }
///   var outline: Outline<Bookmark>
///   func label(of id: Outline<Bookmark>.NodeID) -> String { outline[id].title }
///   func searchFilter(for text: String) -> @Sendable (Bookmark) -> FilterVisibility {
///     { $0.title.localizedCaseInsensitiveContains(text) ? .visible : .recurse }
///   }
/// }
/// ```
public protocol EditableOutlineDocument: OutlineDocument {
  /// The tree, changed in place.
  var outline: Outline<Node> { get set }

  /// The filter for a search: `.visible` for the nodes that match `text`
  /// (not empty), `.recurse` for the others, so the paths to the matches
  /// stay.
  func searchFilter(for text: String) -> @Sendable (Node) -> FilterVisibility
}

/// Every change goes through ``edit(_:)``, so a document whose outline is a
/// stored property of another value (a JSON document's) changes it in
/// place by giving `edit` that path, never through a copy.
extension EditableOutlineDocument {
  public var listsChildrenLazily: Bool { false }

  /// A node with children that pass the filter.
  public func canExpand(_ id: Outline<Node>.NodeID) -> Bool { !outline.includedChildren(of: id).isEmpty }

  public mutating func setExpanded(_ id: Outline<Node>.NodeID, _ expanded: Bool) -> OutlineChange {
    edit { expanded ? $0.expand(id) : $0.collapse(id) }
  }

  public var canExpandAll: Bool { true }

  public mutating func expandAll() -> OutlineChange { edit { $0.expandAll() } }

  public mutating func collapseAll() -> OutlineChange { edit { $0.collapseAll() } }

  public mutating func search(_ text: String) -> OutlineChange {
    guard !text.isEmpty else { return edit { $0.removeFilter() } }
    let filter = searchFilter(for: text)
    return edit { $0.setFilter(revealingMatches: true, filter) }
  }

  public var isEditable: Bool { true }

  public mutating func edit<Result>(_ body: (inout Outline<Node>) throws -> Result) rethrows -> Result {
    try body(&outline)
  }
}
