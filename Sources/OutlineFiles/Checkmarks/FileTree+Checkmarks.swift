import OutlineKit

/// Checkboxes on a file tree: what to back up, sync or delete.
///
/// The tree's outline keeps the marks (see OutlineKit's checkmarks): a
/// folder shows checked when everything in it is, a dash when some of it
/// is. Checking a folder of a million files is one lazy assignment.
///
/// A folder checked before it is listed stays checked when it is listed:
/// its entries arrive checked, where an outline would bring them in
/// unchecked (new nodes are unmarked). That holds for every listing: a
/// folder opened, refreshed, or reached by a scan.
///
/// ```swift
/// tree.setChecked(true, downloads)
/// let (entries, bytes) = tree.checkedTotal   // "12,345 files checked, 4.2 GB"
/// ```
extension FileTree {
  /// Checks or unchecks an entry, and everything inside it for a folder.
  ///
  /// - Returns: The rows to redraw: those whose box turned.
  /// - Precondition: `id` names an entry of this tree.
  /// - Complexity: O(log n) plus O(log n) per row that turns (see
  ///   `Outline.setChecked(_:_:)`).
  @discardableResult
  public mutating func setChecked(_ checked: Bool, _ id: NodeID) -> OutlineChange {
    outline.setChecked(checked, id)
  }

  /// What an entry's box shows.
  ///
  /// - Precondition: `id` names an entry of this tree.
  /// - Complexity: O(log n).
  public func checkState(of id: NodeID) -> CheckState {
    outline.checkState(of: id)
  }

  /// The checked entries without entries of their own (files, links, and
  /// folders not listed or empty), and the bytes they hold: a checked
  /// folder counts its total when the tree has one (a scanned tree).
  ///
  /// The bytes come from the same counts as the boxes: a checked folder
  /// with a total adds it whole, an unchecked one is skipped, and only
  /// mixed folders are entered.
  ///
  /// - Complexity: O(log n) for the count; O(m log n) for the bytes, for
  ///   the m entries of the folders whose box shows a dash.
  public var checkedTotal: (entries: Int, bytes: UInt64) {
    let count = outline.checkedLeafCount(in: nil)
    guard count > 0 else { return (0, 0) }
    var bytes: UInt64 = 0
    var pending = [root]
    while let id = pending.popLast() {
      switch outline.checkState(of: id) {
      case .unchecked:
        continue
      case .checked where outline[id].isTotal || !outline.hasChildren(id):
        bytes &+= outline[id].size
      case .checked, .mixed:
        pending.append(contentsOf: outline.children(of: id))
      }
    }
    return (count, bytes)
  }

  /// The checked folders with no entries yet in `folder` (itself
  /// included): a listing of it must check the entries it brings in.
  ///
  /// - Complexity: O(log n), plus O(log n) per checked leaf in `folder`.
  func _checkedUnlistedFolders(in folder: NodeID, of outline: Outline<FileEntry>) -> [NodeID] {
    guard outline.checkedLeafCount(in: folder) > 0 else { return [] }
    return outline.checkedLeaves(in: folder).filter { outline[$0].isFolder }
  }

  /// Checks what the listings brought into `folders`, which were checked
  /// before they had entries.
  func _checkListed(_ folders: [NodeID], in outline: inout Outline<FileEntry>) {
    for folder in folders where outline.contains(folder) && outline.hasChildren(folder) {
      outline.setChecked(true, folder)
    }
  }
}
