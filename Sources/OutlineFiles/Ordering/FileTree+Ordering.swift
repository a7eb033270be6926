import OutlineKit

extension FileTree {
  /// Orders every folder's entries anew: by name, size or date, folders
  /// first or mixed.
  ///
  /// The change is minimal: in each folder, the entries of one longest
  /// run already in the new order keep their rows, and only the others
  /// move. Expanded folders stay expanded.
  ///
  /// Folders whose entries show are put in order now; every other folder
  /// when its entries show (when it is expanded, or revealed by a search),
  /// inside that change. So a new ordering costs what shows, not the whole
  /// tree: the engine's moves are what take time, about a microsecond
  /// each.
  ///
  /// ```swift
  /// tableView.apply(tree.setOrdering(FileOrdering(.size)))   // largest first
  /// ```
  ///
  /// - Complexity: O(n log n) to find the folders, plus O(s log k) for
  ///   the s entries that show, in folders of k, plus O(log n) per moved
  ///   run.
  @discardableResult
  public mutating func setOrdering(_ ordering: FileOrdering) -> OutlineChange {
    guard ordering != options.ordering else { return OutlineChange() }
    options.ordering = ordering
    let root = self.root
    var outline = self.outline
    self.outline = Outline()  // so that the outline is not shared while it changes
    defer { self.outline = outline }
    return outline.batch { outline in _reorder(subtreeOf: root, in: &outline) }
  }

  /// Whether a folder's entries have rows.
  private func _shows(_ folder: NodeID, in outline: Outline<FileEntry>) -> Bool {
    outline.isExpanded(folder) && outline.row(of: folder) != nil
  }

  /// Puts the folders of a subtree whose entries show in the tree's
  /// ordering, as one minimal change (`update(childrenOf:...)`), and
  /// marks the others for later.
  mutating func _reorder(subtreeOf folder: NodeID, in outline: inout Outline<FileEntry>) {
    let names = _names.snapshot()
    let folderShows = _shows(folder, in: outline)
    var children: [UInt64: [FileEntry]] = [:]
    var top: [FileEntry] = []
    var stack = [folder]
    while let current = stack.popLast() {
      let ids = Array(outline.children(of: current))
      guard !ids.isEmpty else { continue }
      var entries = ids.map { outline[$0] }
      if _shows(current, in: outline) {
        _staleFolders.remove(current)
        let order = options.ordering.sortedPositions(count: entries.count, names: names) { entries[$0] }
        entries = order.map { entries[$0] }
        if current != folder { children[outline[current]._name.raw] = entries }
      } else if ids.count > 1 {
        _staleFolders.insert(current)
      }
      if current == folder { top = entries }
      for id in ids where outline[id].isFolder { stack.append(id) }
    }
    guard folderShows || !children.isEmpty else { return }
    do {
      try outline.update(childrenOf: folder, to: top, children: { children[$0._name.raw] }, id: { $0._name.raw })
    } catch {
      preconditionFailure("FileTree: two entries share a name ref (\(error))")
    }
  }

  /// Puts a folder's entries in order if they are not yet.
  mutating func _orderIfStale(_ folder: NodeID, in outline: inout Outline<FileEntry>) {
    guard _staleFolders.remove(folder) != nil, outline.contains(folder) else { return }
    let names = _names.snapshot()
    let entries = outline.children(of: folder).map { outline[$0] }
    let order = options.ordering.sortedPositions(count: entries.count, names: names) { entries[$0] }
    guard order != Array(order.indices) else { return }
    do {
      try outline.update(childrenOf: folder, to: order.map { entries[$0] }, children: { _ in nil }, id: { $0._name.raw })
    } catch {
      preconditionFailure("FileTree: two entries share a name ref (\(error))")
    }
  }

  /// Puts in order the folders whose entries show: below `folder` (one
  /// just expanded), or anywhere (nil: after a search, a filter, a
  /// refresh).
  mutating func _orderShowingFolders(below folder: NodeID? = nil, in outline: inout Outline<FileEntry>) {
    guard !_staleFolders.isEmpty else { return }
    guard let folder else {
      _staleFolders = _staleFolders.filter { outline.contains($0) }
      for stale in _staleFolders where _shows(stale, in: outline) { _orderIfStale(stale, in: &outline) }
      return
    }
    var stack = [folder]
    while let current = stack.popLast() {
      guard outline.isExpanded(current) else { continue }
      _orderIfStale(current, in: &outline)
      for child in outline.children(of: current) where outline[child].isFolder && outline.isExpanded(child) {
        stack.append(child)
      }
    }
  }
}
