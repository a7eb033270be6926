import OutlineAdapters
import OutlineKit

/// A category catalog (OutlineAdapters' ``CategoryTree``) as a document:
/// sections are roots, each row shows the category's count.
///
/// Expansion is independent, as in a desktop outline: opening a category
/// leaves its open siblings open. Lazy categories, whose subcategories are
/// not loaded, show as leaves marked "not loaded".
public struct CategoryDocument: EditableOutlineDocument {
  public private(set) var outline: Outline<CategoryNode>
  /// The moves that can be undone.
  public private(set) var history = Outline<CategoryNode>.History()
  /// The search as it is typed.
  public var typing = SearchAsYouType()

  /// The sample catalog OutlineAdapters ships (Books, Music, Garden).
  ///
  /// - Throws: What ``CategoryCatalog/sample()`` throws (only a broken
  ///   installation does).
  /// - Complexity: O(n).
  public init() throws {
    self.init(catalog: try CategoryCatalog.sample())
  }

  /// The categories of `catalog`, every one collapsed.
  ///
  /// - Complexity: O(n).
  public init(catalog: CategoryCatalog) {
    outline = CategoryTree(catalog: catalog, headerStyle: .firstRow, keepsPreviousCellExpanded: true).outline
  }

  public var title: String { "Categories" }

  public func label(of id: CategoryTree.NodeID) -> String { outline[id].name }

  public func detail(of id: CategoryTree.NodeID) -> String? {
    let node = outline[id]
    return node.loadState == .loaded ? "\(node.count)" : "\(node.count), not loaded"
  }
  /// A category matches when its name does.
  public func matches(_ matcher: SearchAsYouType.Matcher) -> @Sendable (CategoryNode) -> Bool {
    { matcher.matches($0.name) }
  }

  /// The outline and its history, changed in place.
  public mutating func editOutline<Result>(
    _ body: (inout Outline<CategoryNode>, inout Outline<CategoryNode>.History) throws -> Result
  ) rethrows -> Result {
    try body(&outline, &history)
  }
}
