import OutlineKit

extension FileTree {
  /// Reads a folder again and applies what changed, as one minimal
  /// change: entries found again keep their rows (redrawn only when their
  /// size, time or kind changed), new ones appear, vanished ones go, and
  /// open folders stay open.
  ///
  /// In a lazy tree the folder is listed again, and so is every folder
  /// inside it that had been listed, and the sizes and times read before
  /// are read again; in a scanned tree its whole subtree
  /// is scanned again, and the totals of the folders above it change by
  /// the difference. Called on an entry that is not a folder, it refreshes
  /// its folder.
  ///
  /// ```swift
  /// let change = tree.refresh(tree.root)      // after files changed on disk
  /// ```
  ///
  /// - Precondition: `id` names an entry of this tree.
  /// - Complexity: The system calls of the entries read, plus O(s + m)
  ///   expected for s entries the tree held there and m read, plus
  ///   O(log n) per change.
  @discardableResult
  public mutating func refresh(_ id: NodeID) -> OutlineChange {
    let request = refreshRequest(for: id)
    let listing = request.perform()
    _loadsInFlight[request.folder] = nil
    // A lazy listing reads names and kinds: the sizes and times read
    // before are read again.
    var detailed: [NodeID] = []
    if mode == .lazy {
      var stack = Array(outline.children(of: request.folder))
      while let node = stack.popLast() {
        if outline[node].hasDetails { detailed.append(node) }
        stack += outline.children(of: node)
      }
    }
    var outline = self.outline
    self.outline = Outline()  // so that the outline is not shared while it changes
    defer { self.outline = outline }
    return outline.batch { outline in
      _apply(listing, of: request, in: &outline)
      _readDetails(of: detailed.filter { outline.contains($0) }, in: &outline)
    }
  }

  /// The listing ``refresh(_:)`` runs, to run elsewhere (a scan of a big
  /// subtree on a background thread) and hand to
  /// ``finishLoading(_:with:)``. A later request for the same folder
  /// supersedes it.
  ///
  /// - Precondition: `id` names an entry of this tree.
  /// - Complexity: O(s) for the s entries the tree holds in the folder.
  public mutating func refreshRequest(for id: NodeID) -> FileLoadRequest {
    let folder = outline[id].isFolder ? id : outline.parent(of: id)!
    return _makeRequest(for: folder, enteringLoadedFolders: true)
  }

  /// Takes in a newer reading of the same directory (a finished
  /// ``FileScan``): entries matched by path keep their nodes, expanded
  /// flags and row heights, and one minimal change comes back. The tree
  /// takes the other's mode: a lazy tree that a scan of its root updates
  /// becomes a scanned tree, with sizes.
  ///
  /// ```swift
  /// var tree = try FileTree(lazy: path)           // shows at once
  /// let scan = FileScan(root: path)
  /// // ... when scan.result arrives:
  /// apply(tree.update(from: try scan.result!.get()))
  /// ```
  ///
  /// - Precondition: `other.rootPath == rootPath`.
  /// - Complexity: O(n + m log m) for n entries here and m in `other`.
  @discardableResult
  public mutating func update(from other: FileTree) -> OutlineChange {
    precondition(other.rootPath == rootPath, "FileTree.update(from:): \(other.rootPath) is not \(rootPath)")
    mode = other.mode
    _rootDevice = other._rootDevice
    _loadsInFlight = [:]
    let read = _ScanTree(other)
    let root = self.root
    var outline = self.outline
    self.outline = Outline()  // so that the outline is not shared while it changes
    defer { self.outline = outline }
    return outline.batch { outline in
      _apply(read, to: root, in: &outline)
      if other.options.ordering != options.ordering { _reorder(subtreeOf: root, in: &outline) }
      _orderShowingFolders(in: &outline)
    }
  }
}

extension _ScanTree {
  /// Another tree's entries as a read of its root: each folder's children
  /// as a block, in the order they have.
  init(_ tree: FileTree) {
    let outline = tree.outline
    let root = tree.root
    var entries = [outline[root]]
    var firstChild: [UInt32] = [0]
    var childCount: [UInt32] = [0]
    entries.reserveCapacity(outline.nodeCount)
    firstChild.reserveCapacity(outline.nodeCount)
    childCount.reserveCapacity(outline.nodeCount)
    var stack = [(root, 0)]
    while let (folder, index) = stack.popLast() {
      let start = entries.count
      for child in outline.children(of: folder) {
        let entry = outline[child]
        entries.append(entry)
        firstChild.append(0)
        childCount.append(0)
        if entry.isFolder && entry.loadState == .loaded { stack.append((child, entries.count - 1)) }
      }
      firstChild[index] = UInt32(start)
      childCount[index] = UInt32(entries.count - start)
    }
    let order = (0 ..< UInt32(entries.count)).map { $0 }
    self.init(
      entries: entries, firstChild: firstChild, childCount: childCount, order: order,
      names: tree._names.snapshot().chunks, targets: tree._targets, hardLinks: tree._hardLinks, problems: 0,
      device: tree._rootDevice)
  }
}
