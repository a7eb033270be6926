import OutlineFiles
import OutlineKit

/// A directory as a document (OutlineAdapters' ``FileTree``, lazy): each
/// folder is listed when it first opens, a folder that cannot be read
/// says why on its row, and nothing is written (no moves, no undo).
///
/// The tree owns its outline: expansion and search go through it, so a
/// folder opened with → or a click is listed first.
public struct FileTreeDocument: WindowDocument {
  /// The directory.
  public private(set) var tree: FileTree

  /// The directory at `path`, its own row expanded, its entries listed.
  ///
  /// - Throws: ``FileProblem`` naming the path when it cannot be opened or
  ///   listed (it is not there, not a directory, not readable).
  /// - Complexity: O(k log k) for k entries in the directory.
  public init(path: String) throws {
    tree = try FileTree(lazy: path)
  }

  public var title: String { tree.rootPath }

  public var outline: Outline<FileEntry> { tree.outline }

  public func label(of id: FileTree.NodeID) -> String { tree.name(of: id).description }

  /// A folder's problem when it could not be listed; a file's size when
  /// it was read (a lazy listing reads names and kinds only).
  public func detail(of id: FileTree.NodeID) -> String? {
    let node = tree[id]
    if let problem = node.problem { return "\(problem)" }
    return node.isFolder || !node.hasDetails ? nil : Int(clamping: node.size).byteCount
  }

  public var listsChildrenLazily: Bool { true }

  public func canExpand(_ id: FileTree.NodeID) -> Bool { tree.isExpandable(id) }

  public mutating func setExpanded(_ id: FileTree.NodeID, _ expanded: Bool) -> OutlineChange {
    expanded ? tree.expandNow(id) : tree.collapse(id)
  }

  public var canExpandAll: Bool { false }

  /// Nothing: expanding everything would list the whole disk.
  public mutating func expandAll() -> OutlineChange { OutlineChange() }

  /// Collapses the directory to its own row (what is inside keeps its
  /// open folders for when it opens again).
  public mutating func collapseAll() -> OutlineChange { tree.collapse(tree.root) }

  public mutating func search(_ text: String) -> OutlineChange { tree.search(for: text) }

  /// Through the tree: a folder checked before it is listed keeps what its
  /// listing brings in checked.
  public mutating func setChecked(_ checked: Bool, _ id: FileTree.NodeID) -> OutlineChange {
    tree.setChecked(checked, id)
  }

  public var isEditable: Bool { false }

  /// Files and folders are read, not moved: no drop goes into them.
  public func allowsChildren(_ id: FileTree.NodeID) -> Bool { false }

  /// A directory has nothing to undo: it is read, never edited.
  public var history: Outline<FileEntry>.History { Outline<FileEntry>.History() }

  /// Runs `body` on a copy of the tree's outline, which is dropped: a
  /// directory changes through its `FileTree` (listings, refresh), never
  /// through edits, and the window makes none (``isEditable`` is false).
  /// Undo and redo find nothing to do.
  public mutating func editOutline<Result>(
    _ body: (inout Outline<FileEntry>, inout Outline<FileEntry>.History) throws -> Result
  ) rethrows -> Result {
    var outline = tree.outline
    var history = self.history
    return try body(&outline, &history)
  }
}
