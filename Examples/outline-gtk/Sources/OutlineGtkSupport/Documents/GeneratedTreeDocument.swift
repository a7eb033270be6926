import OutlineKit

/// A ``GeneratedTree`` as a document: the big tree of the window and of
/// the benchmark.
public struct GeneratedTreeDocument: EditableOutlineDocument {
  /// The tree's description, which the `GtkTreeListModel` view is built from.
  public let tree: GeneratedTree
  public var outline: Outline<Int32>

  /// The outline of `tree`, every node collapsed.
  ///
  /// - Complexity: O(n).
  public init(_ tree: GeneratedTree) {
    self.tree = tree
    outline = tree.makeOutline()
  }

  public var title: String { tree.title }

  public func label(of id: Outline<Int32>.NodeID) -> String { GeneratedTree.name(of: Int(outline[id])) }

  /// Names containing `text`, ignoring ASCII case (names are ASCII).
  public func searchFilter(for text: String) -> @Sendable (Int32) -> FilterVisibility {
    let matcher = ASCIIMatcher(text)
    return { matcher.matches(GeneratedTree.name(of: Int($0))) ? .visible : .recurse }
  }
}
