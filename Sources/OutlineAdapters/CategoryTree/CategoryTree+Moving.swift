import OutlineKit

/// Moving categories by drag and drop.
///
/// Subcategories move anywhere: within their section, to another section,
/// under another subcategory, or to the top level, where they become
/// sections (with no image). Sections move among the sections only, so
/// that no section's image is lost. Nothing moves into its own subtree.
///
/// ```swift
/// let target = tree.outline.dropTarget(atRow: row, fraction: fraction)
/// if tree.canMove(dragged, to: target) {
///   let change = try tree.move(dragged, to: target)
///   apply(change)                           // rows and sections
///   try tree.catalog().jsonData().write(to: url)
/// }
/// ```
///
/// A moved category without an `id` is known by its new name path from
/// then on (see ``CategoryIdentity``), as the saved catalog will have it.
extension CategoryTree {
  /// The reason a move of categories is refused.
  public enum MoveError: Error, Hashable, CustomStringConvertible {
    /// The target is inside one of the moved categories.
    case intoOwnSubtree(category: String, target: String)
    /// A section would become a subcategory (and lose its image).
    case sectionIntoCategory(section: String, target: String)

    /// Says which category could not go where.
    public var description: String {
      switch self {
      case .intoOwnSubtree(let category, let target):
        "cannot move \(category) into \(target), which is inside it"
      case .sectionIntoCategory(let section, let target):
        "cannot move the section \(section) into \(target): sections move among the sections only"
      }
    }
  }

  /// Why moving `ids` to `target` is refused, or nil when it is allowed.
  ///
  /// - Precondition: Every ID names a node of this tree, and the target's
  ///   parent too.
  /// - Complexity: O(m log n) for m nodes.
  public func moveError(_ ids: some Sequence<NodeID>, to target: Outline<CategoryNode>.DropTarget) -> MoveError? {
    let ids = Array(ids)
    guard let parent = target.parent else { return nil }
    if let section = ids.first(where: { outline.depth(of: $0) == 0 }) {
      return .sectionIntoCategory(section: outline[section].name, target: outline[parent].name)
    }
    guard outline.canMove(ids, to: target) else {
      var holder = parent
      while !ids.contains(holder) { holder = outline.parent(of: holder)! }
      return .intoOwnSubtree(category: outline[holder].name, target: outline[parent].name)
    }
    return nil
  }

  /// Whether the categories can move to a drop target: subcategories
  /// anywhere, sections among the sections, nothing into itself.
  ///
  /// - Precondition: Every ID names a node of this tree, and the target's
  ///   parent too.
  /// - Complexity: O(m log n) for m nodes.
  public func canMove(_ ids: some Sequence<NodeID>, to target: Outline<CategoryNode>.DropTarget) -> Bool {
    moveError(ids, to: target) == nil
  }

  /// Moves categories, each with its subcategories, to a drop target, as
  /// `Outline.move(_:to:)` does: consecutive, in tree order, at the gap
  /// counted before the move, keeping what was open and loaded.
  ///
  /// - Returns: The rows and sections that changed.
  /// - Throws: ``MoveError`` when the move is refused; nothing changes.
  /// - Precondition: Every ID names a node of this tree, and the target's
  ///   parent too; the target's index is in range.
  /// - Complexity: O(m log n) for m moved categories, plus their rows, plus
  ///   O(s) for the s categories whose identity changes.
  @discardableResult
  public mutating func move(_ ids: some Sequence<NodeID>, to target: Outline<CategoryNode>.DropTarget) throws -> SectionedChange {
    let ids = Array(ids)
    if let error = moveError(ids, to: target) { throw error }
    var lists: Set<NodeID?> = [target.parent]
    for id in ids { lists.insert(outline.parent(of: id)) }
    let name = ids.count == 1 ? "move \(outline[ids[0]].name)" : "move \(ids.count) categories"
    var moved = OutlineChange()
    try history.record(in: &outline, named: name) { outline in
      moved = try outline.move(ids, to: target)
      // Names count per sibling list, so both the lists the categories
      // left and the one they joined may renumber.
      for parent in lists { Self._reassignIdentities(ofChildrenOf: parent, in: &outline) }
    }
    // An identity is no row's business: the move's own change is the one.
    return _sectioned(moved)
  }

  /// Gives the children of `parent` (the sections for nil) the identities
  /// their place implies, and their descendants too where a parent's
  /// identity changed.
  internal static func _reassignIdentities(ofChildrenOf parent: NodeID?, in outline: inout Outline<CategoryNode>) {
    var pending: [NodeID?] = [parent]
    while let list = pending.popLast() {
      var names = CategoryIdentity.SiblingNames()
      let parentIdentity = list.map { outline[$0].identity }
      for child in list.map(outline.children(of:)) ?? outline.roots {
        let identity = names.identity(under: parentIdentity, id: outline[child].id, name: outline[child].name)
        guard identity != outline[child].identity else { continue }
        outline[child].identity = identity
        pending.append(child)
      }
    }
  }
}
