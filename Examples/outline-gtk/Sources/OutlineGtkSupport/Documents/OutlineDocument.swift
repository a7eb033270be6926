import OutlineKit

/// What the window shows: a tree in an outline, and how to name and
/// search its nodes.
///
/// The window knows documents only through this protocol, so a new kind of
/// tree (a directory, a JSON file) is a new conforming type, and an edit
/// (a drop, an undo) is a change of ``outline`` made through the window's
/// ``OutlineSession``, which reports it to GTK like any other change.
///
/// ```swift
/// struct Bookmarks: OutlineDocument {
///   var title: String { "Bookmarks" }
///   var outline: Outline<Bookmark>
///   func label(of node: Bookmark) -> String { node.title }
///   func searchFilter(for text: String) -> @Sendable (Bookmark) -> FilterVisibility {
///     { $0.title.localizedCaseInsensitiveContains(text) ? .visible : .recurse }
///   }
/// }
/// ```
public protocol OutlineDocument {
  /// The value each node holds.
  associatedtype Node

  /// The document's name, for the window's title and the document menu.
  var title: String { get }

  /// The tree.
  var outline: Outline<Node> { get set }

  /// The text of a node's row.
  func label(of node: Node) -> String

  /// A second, dimmer text after the label (a count, a size), or nil.
  func detail(of node: Node) -> String?

  /// The filter for a search: `.visible` for the nodes that match `text`
  /// (not empty), `.recurse` for the others, so the paths to the matches
  /// stay.
  func searchFilter(for text: String) -> @Sendable (Node) -> FilterVisibility
}

extension OutlineDocument {
  /// No detail.
  public func detail(of node: Node) -> String? { nil }
}
