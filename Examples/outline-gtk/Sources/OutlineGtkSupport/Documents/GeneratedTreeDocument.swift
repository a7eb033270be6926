import OutlineKit

/// A ``GeneratedTree`` as a document: the big tree of the window and of
/// the benchmark.
public struct GeneratedTreeDocument: EditableOutlineDocument {
  /// The tree's description, which the `GtkTreeListModel` view is built from.
  public let tree: GeneratedTree
  public private(set) var outline: Outline<Int32>
  /// The moves that can be undone.
  public private(set) var history = Outline<Int32>.History()
  /// The search as it is typed.
  public var typing = SearchAsYouType()

  /// The outline of `tree`, every node collapsed.
  ///
  /// - Complexity: O(n).
  public init(_ tree: GeneratedTree) {
    self.tree = tree
    outline = tree.makeOutline()
  }

  public var title: String { tree.title }

  public func label(of id: Outline<Int32>.NodeID) -> String { GeneratedTree.name(of: Int(outline[id])) }
  /// A node matches when its name does.
  public func matches(_ matcher: SearchAsYouType.Matcher) -> @Sendable (Int32) -> Bool {
    { matcher.matches(GeneratedTree.name(of: Int($0))) }
  }

  /// The outline and its history, changed in place.
  public mutating func editOutline<Result>(
    _ body: (inout Outline<Int32>, inout Outline<Int32>.History) throws -> Result
  ) rethrows -> Result {
    try body(&outline, &history)
  }
}
