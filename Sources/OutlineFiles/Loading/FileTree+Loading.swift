#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Android)
import Android
#else
#error("OutlineFiles reads directories through POSIX calls (openat, fstatat, readdir): this platform has no C library Swift can import")
#endif
import OutlineKit

/// A listing of a folder that the app is to run: from
/// ``FileTree/expand(_:)`` or ``FileTree/refreshRequest(for:)``, to
/// ``FileTree/finishLoading(_:with:)``. (The engine's one load request,
/// for folders: its `node` is the folder, its `work` what to read.)
///
/// `perform()` reads the folder (a lazy tree: its entries; a scanned
/// tree: everything below it) with the directory calls, on whatever
/// thread calls it; the request holds everything it needs and touches no
/// tree.
public typealias FileLoadRequest = OutlineLoadRequest<FileEntry, FileListingWork>

/// What a folder's listing needs, taken when it was asked for: the
/// folder's path below the tree's root, and what to read of it.
public struct FileListingWork: Sendable {
  /// The folder's path, for messages.
  public let path: String
  internal let rootPath: String
  internal let components: [[UInt8]]
  internal let scan: _ScanRequest

  /// Reads the folder now, on this thread, reporting progress every few
  /// thousand entries when asked.
  ///
  /// - Complexity: The system calls of the entries read, plus O(n log k)
  ///   to order n entries in folders of k.
  public func perform(progress: (@Sendable (FileScanProgress) -> Void)? = nil) -> FileListing {
    let read = FileTree._read(
      rootPath: rootPath, components: components, request: scan,
      control: progress.map { _ScanControl(onProgress: $0) })
    switch read {
    case .success(let tree): return FileListing(read: .success(tree))
    case .failure(let problem as FileProblem): return FileListing(read: .failure(problem))
    case .failure: return FileListing(read: .failure(FileProblem(.read, code: ECANCELED)))
    }
  }
}

extension OutlineLoadRequest where Node == FileEntry, Work == FileListingWork {
  /// The folder to read.
  ///
  /// - Complexity: O(1).
  public var folder: FileTree.NodeID { node }

  /// The folder's path, for messages.
  ///
  /// - Complexity: O(1).
  public var path: String { work.path }

  /// Reads the folder now, on this thread.
  ///
  /// - Complexity: The system calls of the entries read, plus O(n log k)
  ///   to order n entries in folders of k.
  public func perform() -> FileListing { work.perform() }

  /// Reads the folder now, on this thread, reporting progress every few
  /// thousand entries.
  ///
  /// - Complexity: As `perform()`.
  public func perform(progress: (@Sendable (FileScanProgress) -> Void)?) -> FileListing {
    work.perform(progress: progress)
  }
}

/// What a ``FileLoadRequest`` read: the folder's entries (and, for a
/// scanned tree, everything below), or why the folder could not be opened.
public struct FileListing: Sendable {
  internal let read: Result<_ScanTree, FileProblem>

  /// Why the folder could not be opened; nil when it was read (problems
  /// of folders inside it, or a read cut short, are on their rows).
  ///
  /// - Complexity: O(1).
  public var problem: FileProblem? {
    if case .failure(let problem) = read { return problem }
    return nil
  }

  /// The number of entries read below the folder.
  ///
  /// - Complexity: O(1).
  public var entryCount: Int {
    if case .success(let tree) = read { return tree.count }
    return 0
  }
}

/// What expanding a folder did: its change, and the listing to run when
/// the folder is not listed yet. (The engine's one load update, for
/// folders.)
public typealias FileTreeUpdate = OutlineLoadUpdate<FileEntry, FileListingWork, OutlineChange>

/// What finishing a listing did: the rows changed, and what became of the
/// listing (`.failed` carries the folder's problem: it shows on its row,
/// collapsed and empty, and expanding it again retries). (The engine's one
/// load completion, for folders.)
public typealias FileLoadCompletion = OutlineLoadCompletion<OutlineChange, FileProblem>

extension FileTree {
  /// Expands a folder. If it is not listed yet (or its last listing
  /// failed), it becomes `.loading` and the update carries the listing to
  /// run; its entries appear when ``finishLoading(_:with:)`` gets them.
  /// Expanding a folder that is loading starts no second listing.
  ///
  /// ```swift
  /// let update = tree.expand(id)
  /// apply(update.change)                                   // the spinner shows
  /// if let request = update.loadRequest {
  ///   Task.detached {
  ///     let listing = request.perform()
  ///     await MainActor.run { apply(tree.finishLoading(request, with: listing).change) }
  ///   }
  /// }
  /// ```
  ///
  /// - Precondition: `id` names an entry of this tree.
  /// - Complexity: O(log n); for a folder of a scanned tree, O(s) more
  ///   for its s entries (the hard links counted outside it).
  @discardableResult
  public mutating func expand(_ id: NodeID) -> FileTreeUpdate {
    let entry = outline[id]
    guard entry.isFolder, entry.loadState == .notLoaded else {
      var outline = self.outline
      self.outline = Outline()  // so that the outline is not shared while it changes
      defer { self.outline = outline }
      let change = outline.batch { outline in
        outline.expand(id)
        _orderShowingFolders(below: id, in: &outline)
      }
      return FileTreeUpdate(change: change)
    }
    let request = _makeRequest(for: id)
    let change = outline.batch { outline in
      outline[id].setLoadState(.loading)
      outline.expand(id)
    }
    return FileTreeUpdate(change: change, loadRequest: request)
  }

  /// Expands a collapsed folder (see ``expand(_:)``) or collapses an
  /// expanded one.
  ///
  /// - Precondition: `id` names an entry of this tree.
  /// - Complexity: As ``expand(_:)``.
  @discardableResult
  public mutating func toggle(_ id: NodeID) -> FileTreeUpdate {
    outline.isExpanded(id) ? FileTreeUpdate(change: collapse(id)) : expand(id)
  }

  /// Collapses a folder; its descendants keep their flags.
  ///
  /// - Precondition: `id` names an entry of this tree.
  /// - Complexity: O(log n).
  @discardableResult
  public mutating func collapse(_ id: NodeID) -> OutlineChange {
    outline.collapse(id)
  }

  /// Expands a folder, listing it on this thread first when it is not
  /// listed yet: one change for both. A folder that cannot be read shows
  /// its problem and stays collapsed.
  ///
  /// ```swift
  /// let change = tree.expandNow(id)      // a sidebar that lists small folders at once
  /// ```
  ///
  /// - Precondition: `id` names an entry of this tree.
  /// - Complexity: As ``expand(_:)`` plus the request's `perform()`
  ///   and ``finishLoading(_:with:)``.
  @discardableResult
  public mutating func expandNow(_ id: NodeID) -> OutlineChange {
    let entry = outline[id]
    guard entry.isFolder, entry.loadState == .notLoaded else { return expand(id).change }
    let request = _makeRequest(for: id)
    let listing = request.perform()
    _loadsInFlight[id] = nil
    var outline = self.outline
    self.outline = Outline()  // so that the outline is not shared while it changes
    defer { self.outline = outline }
    return outline.batch { outline in
      outline.expand(id)
      _apply(listing, of: request, in: &outline)
      _orderShowingFolders(below: id, in: &outline)
    }
  }

  /// Expands (listing now, as ``expandNow(_:)``) or collapses a folder.
  ///
  /// - Precondition: `id` names an entry of this tree.
  /// - Complexity: As ``expandNow(_:)``.
  @discardableResult
  public mutating func toggleNow(_ id: NodeID) -> OutlineChange {
    outline.isExpanded(id) ? collapse(id) : expandNow(id)
  }

  /// Applies a listing.
  ///
  /// - On success, the folder's entries are matched by name with those the
  ///   tree holds: an entry found again keeps its node (and its expanded
  ///   flag, and, in a lazy tree, its own listed entries unless the
  ///   listing read them again), new entries are inserted, entries gone
  ///   are removed: one minimal change (`update(childrenOf:...)`). The
  ///   folder becomes `.loaded`; in a scanned tree its total and its
  ///   folders' totals up to the root change by the difference.
  /// - When the folder could not be opened, it shows the problem, loses
  ///   its entries and collapses; expanding it again retries.
  /// - If the folder is gone, or a later listing of it was asked for,
  ///   nothing changes (`.dropped`).
  ///
  /// - Complexity: O(s + m) expected for s entries the tree held below the
  ///   folder and m read, plus O(log n) per edit and per folder above it.
  @discardableResult
  public mutating func finishLoading(_ request: FileLoadRequest, with listing: FileListing) -> FileLoadCompletion {
    let id = request.folder
    guard outline.contains(id), _loadsInFlight[id] == request.serial else {
      return FileLoadCompletion(change: OutlineChange(), outcome: .dropped)
    }
    _loadsInFlight[id] = nil
    var outline = self.outline
    self.outline = Outline()  // so that the outline is not shared while it changes
    defer { self.outline = outline }
    let change = outline.batch { outline in _apply(listing, of: request, in: &outline) }
    if let problem = listing.problem { return FileLoadCompletion(change: change, outcome: .failed(problem)) }
    let showing = outline.isExpanded(id) && outline.row(of: id) != nil
    return FileLoadCompletion(change: change, outcome: showing ? .revealed : .storedHidden)
  }

  /// Applies a listing of `request.folder` inside a batch: its entries,
  /// in the tree's ordering, or its problem.
  mutating func _apply(_ listing: FileListing, of request: FileLoadRequest, in outline: inout Outline<FileEntry>) {
    switch listing.read {
    case .success(let read):
      _apply(read, to: request.folder, in: &outline)
      if request.work.scan.ordering != options.ordering { _reorder(subtreeOf: request.folder, in: &outline) }
      _orderShowingFolders(in: &outline)
    case .failure(let problem):
      _fail(request.folder, with: problem, in: &outline)
    }
  }

  /// A listing of folder `id` as the tree reads folders; the folder's
  /// serial is recorded so that only this listing's answer is taken.
  mutating func _makeRequest(for id: NodeID, enteringLoadedFolders: Bool = false) -> FileLoadRequest {
    let serial = _nextLoadSerial
    _nextLoadSerial += 1
    _loadsInFlight[id] = serial
    let components = self.components(of: id).map(\.bytes)
    let relative = Array(components.joined(separator: [UInt8(ascii: "/")]))
    var counted: Set<_InodeKey> = []
    if mode == .scanned && !_hardLinks.isEmpty {
      let inside = _hardLinkOwners(inSubtreeOf: id, of: outline)
      for (inode, owner) in _hardLinks where !inside.contains(owner) { counted.insert(inode) }
    }
    let scan = FileTree._request(
      mode: mode, options: options, relativePath: relative, rootDevice: _rootDevice,
      foldersToEnter: enteringLoadedFolders && mode == .lazy ? _loadedFolders(inSubtreeOf: id) : nil,
      countedInodes: counted)
    return FileLoadRequest(
      node: id, serial: serial,
      work: FileListingWork(path: path(of: id), rootPath: rootPath, components: components, scan: scan))
  }

  /// The paths below the root of the listed folders inside folder `id`.
  private func _loadedFolders(inSubtreeOf id: NodeID) -> Set<[UInt8]> {
    var paths: Set<[UInt8]> = []
    let reader = _names.snapshot()
    var stack: [(NodeID, [UInt8])] = [(id, relativePath(of: id))]
    while let (folder, path) = stack.popLast() {
      for child in outline.children(of: folder) where outline[child].isFolder && outline[child].loadState == .loaded {
        var childPath = path
        if !childPath.isEmpty { childPath.append(UInt8(ascii: "/")) }
        childPath += reader.bytes(outline[child]._name)
        paths.insert(childPath)
        stack.append((child, childPath))
      }
    }
    return paths
  }

  /// The name refs of the links inside folder `id` that count a
  /// multi-link file.
  func _hardLinkOwners(inSubtreeOf id: NodeID, of outline: Outline<FileEntry>) -> Set<UInt64> {
    var owners: Set<UInt64> = []
    _forEachNode(inSubtreeOf: id, of: outline) { node in
      if node._flags.contains(.countsHardLink) { owners.insert(node._name.raw) }
    }
    return owners
  }

  /// Calls `body` with every entry of a subtree, the root of it included.
  func _forEachNode(inSubtreeOf id: NodeID, of outline: Outline<FileEntry>, _ body: (FileEntry) -> Void) {
    var stack = [id]
    while let node = stack.popLast() {
      body(outline[node])
      stack.append(contentsOf: outline.children(of: node))
    }
  }
}
