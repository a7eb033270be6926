import OutlineKit

/// What the window shows: a tree in an outline, how to name its nodes, and
/// how it expands, searches and (when it may) is edited.
///
/// It is the engine's one document shape (`OutlineDocument`: the outline,
/// its undo history, undo and redo with their exact state) with what a
/// window needs besides. The window knows documents only through this
/// protocol, so a new kind of tree is a new conforming type. Trees the app
/// keeps itself conform to ``EditableOutlineDocument``, which does
/// everything here with the outline's own calls; a tree that owns its
/// outline (a directory, whose folders are listed as they open) does it
/// with its own.
public protocol WindowDocument: OutlineDocument where Change == OutlineChange {
  /// The document's name, for the window's title.
  var title: String { get }

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

  /// Checks or unchecks a node and everything under it (marks are no undo
  /// step): `Outline.setChecked(_:_:)` by default.
  mutating func setChecked(_ checked: Bool, _ id: Outline<Node>.NodeID) -> OutlineChange

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

  /// Drops `ids` at `target` as one undoable step named `name`, with the
  /// selection before and after it: `Outline.move(_:to:)` by default (a
  /// JSON document gives elements that move into an object their keys).
  /// Throws, changing nothing, when the move is refused.
  mutating func drop(
    _ ids: [Outline<Node>.NodeID], at target: Outline<Node>.DropTarget, named name: String,
    selection: inout Outline<Node>.Selection
  ) throws -> OutlineChange

}

extension WindowDocument {
  /// Runs `body` on the outline: the session's keys (which may expand and
  /// collapse); moves, undo and redo go through the document's history.
  ///
  /// - Precondition: The document is editable, or lists children
  ///   eagerly (``listsChildrenLazily`` is false).
  public mutating func edit<Result>(_ body: (inout Outline<Node>) throws -> Result) rethrows -> Result {
    try editOutline { outline, _ in try body(&outline) }
  }

  /// No detail.
  public func detail(of id: Outline<Node>.NodeID) -> String? { nil }

  /// `Outline.setChecked(_:_:)`.
  public mutating func setChecked(_ checked: Bool, _ id: Outline<Node>.NodeID) -> OutlineChange {
    edit { $0.setChecked(checked, id) }
  }

  /// Every node may take children.
  public func allowsChildren(_ id: Outline<Node>.NodeID) -> Bool { true }

  /// `Outline.move(_:to:)`, recorded as a step.
  public mutating func drop(
    _ ids: [Outline<Node>.NodeID], at target: Outline<Node>.DropTarget, named name: String,
    selection: inout Outline<Node>.Selection
  ) throws -> OutlineChange {
    try record(named: name, selection: &selection) { outline, _ in try outline.move(ids, to: target) }
  }
}

/// A document whose outline the app keeps: every call of
/// ``WindowDocument`` is the outline's own, and the nodes can be moved and
/// the moves undone.
///
/// ```swift
/// struct Bookmarks: EditableOutlineDocument {
///   var title: String { "Bookmarks" }
///   private(set) var outline: Outline<Bookmark>
///   private(set) var history = Outline<Bookmark>.History()
///   var typing = SearchAsYouType()
///   mutating func editOutline<Result>(
///     _ body: (inout Outline<Bookmark>, inout Outline<Bookmark>.History) throws -> Result
///   ) rethrows -> Result { try body(&outline, &history) }
///   func label(of id: Outline<Bookmark>.NodeID) -> String { outline[id].title }
///   func matches(_ matcher: SearchAsYouType.Matcher) -> @Sendable (Bookmark) -> Bool {
///     { matcher.matches($0.title) }
///   }
/// }
/// ```
public protocol EditableOutlineDocument: WindowDocument {
  /// The search as the user types it: a letter typed narrows the filter,
  /// Backspace widens it.
  var typing: SearchAsYouType { get set }

  /// Whether a node matches a search box's text, through its matcher
  /// (the engine's search: case and diacritics folded, narrowing as a
  /// letter is typed).
  func matches(_ matcher: SearchAsYouType.Matcher) -> @Sendable (Node) -> Bool
}

/// Every change goes through `editOutline(_:)`, so a document whose outline
/// is a stored property of another value (a JSON document's) changes it in
/// place by giving that path, never through a copy.
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
    var typing = self.typing
    defer { self.typing = typing }
    let matching = matches
    return edit { typing.search(for: text, in: &$0, matching: matching) }
  }

  public var isEditable: Bool { true }
}
