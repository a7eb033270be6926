import OutlineKit

/// A directory on an outline: listed lazily as folders are opened, or
/// scanned whole with sizes totalled per folder, as a disk-usage tool
/// does.
///
/// ```swift
/// // An explorer's sidebar: each folder is listed when first opened.
/// var tree = try FileTree(lazy: "/home/ada/project")
/// let update = tree.expand(id)                      // "loading" shows
/// if let request = update.loadRequest {
///   let listing = request.perform()                 // on any thread
///   apply(tree.finishLoading(request, with: listing).change)
/// }
///
/// // A disk-usage view: everything below, sizes totalled, largest first.
/// let usage = try await FileTree.scan("/usr", options: .init(ordering: FileOrdering(.size)))
/// usage[usage.root].size                            // what `du -sb /usr` prints
/// ```
///
/// The tree's root is the directory itself (one row, expanded); below it
/// every entry is a node, in each folder's ``Options/ordering``. Entries
/// are compact (``FileEntry``); names are kept byte for byte
/// (``FileName``); symbolic links are never followed. A folder that cannot
/// be opened or read keeps its ``FileProblem`` on its row, and the rest of
/// the tree is read as usual.
///
/// Nodes are known by their path below the root: ``refresh(_:)`` lists
/// again (or scans again) and applies the difference with the outline's
/// `update(childrenOf:...)`, so only what changed moves, and open folders
/// stay open. Docs/Files.md has the details and the costs.
public struct FileTree: Sendable {
  /// A handle to an entry of the tree.
  public typealias NodeID = Outline<FileEntry>.NodeID

  /// How the tree is read.
  public enum Mode: Hashable, Sendable {
    /// Each folder is listed when first expanded; folder sizes are their
    /// own entries', not totals.
    case lazy
    /// Everything below the root was read, sizes totalled per folder;
    /// loading a folder (a retry, a refresh) scans its whole subtree.
    case scanned
  }

  /// The directory, as given.
  public let rootPath: String
  /// How the tree is read.
  public internal(set) var mode: Mode
  /// The tree as an outline: one root, the directory. Read it for rows,
  /// row info, selection and geometry; change it through the tree.
  public internal(set) var outline: Outline<FileEntry>
  /// The ordering and the scan options.
  public internal(set) var options: Options
  /// Whether entries whose names start with a dot show.
  public internal(set) var showsHiddenFiles = true
  /// The search in force (names that contain it show, with the folders
  /// that lead to them); nil when none.
  public internal(set) var searchText: String?

  /// Every name and link target of the tree.
  internal var _names: _FileNameStore
  /// A symbolic link's name ref to its target's ref.
  internal var _targets: [UInt64: UInt64]
  /// Each multi-link file counted in a scanned tree, to the name ref of
  /// the link that counted it.
  internal var _hardLinks: [_InodeKey: UInt64]
  /// The root's device (one-file-system scans stay on it).
  internal var _rootDevice: UInt64
  /// Listed folders whose entries are not in ``Options/ordering`` yet:
  /// a new ordering puts the folders that show in order at once, and each
  /// other one when it shows.
  internal var _staleFolders: Set<NodeID> = []
  /// How the search changed the filter as it was typed.
  internal var _typing = SearchAsYouType()
  /// The listing under way for each folder, by serial number.
  internal var _loadsInFlight: [NodeID: Int] = [:]
  /// The serial number of the next listing.
  internal var _nextLoadSerial = 1

  /// A tree from what a scan or listing of the root read; the root is
  /// expanded.
  init(rootPath: String, mode: Mode, options: Options, read tree: _ScanTree) {
    self.rootPath = rootPath
    self.mode = mode
    self.options = options
    _names = _FileNameStore(chunks: tree.names)
    _targets = tree.targets
    _hardLinks = tree.hardLinks
    _rootDevice = tree.device
    outline = Outline(preorder: tree.preorder)
    if let root = outline.roots.first { outline.expand(root) }
  }

  /// The root's path as bytes, as the system calls take it.
  var _rootBytes: [UInt8] { Array(rootPath.utf8) }

  // MARK: Entries

  /// The root: the directory itself.
  ///
  /// - Complexity: O(log n).
  public var root: NodeID { outline.roots[0] }

  /// An entry.
  ///
  /// - Precondition: `id` names an entry of this tree.
  /// - Complexity: O(1).
  public subscript(id: NodeID) -> FileEntry { outline[id] }

  /// An entry's name, byte for byte; the root's is ``rootPath``.
  ///
  /// - Precondition: `id` names an entry of this tree.
  /// - Complexity: O(k) for a name of k bytes.
  public func name(of id: NodeID) -> FileName {
    FileName(bytes: _names.snapshot().array(outline[id]._name))
  }

  /// The name of an entry of this tree, from its value (a filter's or a
  /// type-ahead's closure, which sees values, not handles).
  ///
  /// - Precondition: `entry` is an entry of this tree.
  /// - Complexity: O(k) for a name of k bytes.
  public func name(of entry: FileEntry) -> FileName {
    FileName(bytes: _names.snapshot().array(entry._name))
  }

  /// Where a symbolic link points, as it is written in the link (never
  /// followed); nil for other entries, and for a link whose target could
  /// not be read (its ``FileEntry/problem`` says why).
  ///
  /// - Precondition: `id` names an entry of this tree.
  /// - Complexity: O(k) for a target of k bytes.
  public func target(of id: NodeID) -> FileName? {
    guard let raw = _targets[outline[id]._name.raw] else { return nil }
    return FileName(bytes: _names.snapshot().array(_NameRef(raw: raw)))
  }

  /// The names from the root down to an entry, the root's excluded: its
  /// path below the root, one name per level (empty for the root).
  ///
  /// - Precondition: `id` names an entry of this tree.
  /// - Complexity: O(d log n + k) for an entry at depth d with a path of
  ///   k bytes.
  public func components(of id: NodeID) -> [FileName] {
    let reader = _names.snapshot()
    var names: [FileName] = []
    var current: NodeID? = id
    while let node = current, let parent = outline.parent(of: node) {
      names.append(FileName(bytes: reader.array(outline[node]._name)))
      current = parent
    }
    return names.reversed()
  }

  /// An entry's path below the root as bytes (`a/b/c`; empty for the
  /// root).
  ///
  /// - Complexity: As ``components(of:)``.
  public func relativePath(of id: NodeID) -> [UInt8] {
    var path: [UInt8] = []
    for (index, component) in components(of: id).enumerated() {
      if index > 0 { path.append(UInt8(ascii: "/")) }
      path += component.bytes
    }
    return path
  }

  /// An entry's full path as bytes: the root's path, then the path below
  /// it. What to hand to system calls.
  ///
  /// - Complexity: As ``components(of:)``.
  public func pathBytes(of id: NodeID) -> [UInt8] {
    var path = _rootBytes
    let relative = relativePath(of: id)
    guard !relative.isEmpty else { return path }
    if path.last != UInt8(ascii: "/") { path.append(UInt8(ascii: "/")) }
    return path + relative
  }

  /// An entry's full path for display, each name escaped as
  /// ``FileName/description`` shows it.
  ///
  /// - Complexity: As ``components(of:)``.
  public func path(of id: NodeID) -> String {
    let names = components(of: id).map(\.description)
    guard !names.isEmpty else { return rootPath }
    return (rootPath.hasSuffix("/") ? rootPath : rootPath + "/") + names.joined(separator: "/")
  }

  /// The number of entries inside a folder, at any depth, that the tree
  /// holds (for a scanned tree, everything inside it).
  ///
  /// - Precondition: `id` names an entry of this tree.
  /// - Complexity: O(log n).
  public func entryCount(inside id: NodeID) -> Int {
    outline.subtreeCount(of: id) - 1
  }

  /// An entry's share of its folder's total, 0 ... 1, as a disk-usage
  /// view draws its bar; nil for the root, in a lazy tree, and when the
  /// folder's total is 0.
  ///
  /// - Precondition: `id` names an entry of this tree.
  /// - Complexity: O(log n).
  public func share(of id: NodeID) -> Double? {
    guard let parent = outline.parent(of: id) else { return nil }
    let folder = outline[parent]
    guard folder.isTotal, folder.size > 0 else { return nil }
    return min(1, Double(outline[id].countedSize) / Double(folder.size))
  }

  /// Whether an entry shows a disclosure: a folder with children in the
  /// tree (passing the filter), or one not listed yet.
  ///
  /// - Precondition: `id` names an entry of this tree.
  /// - Complexity: O(log n).
  public func isExpandable(_ id: NodeID) -> Bool {
    let entry = outline[id]
    guard entry.isFolder else { return false }
    return entry.loadState != .loaded || !outline.includedChildren(of: id).isEmpty
  }

  /// Bytes the tree holds, for the benchmark: the outline's index and
  /// payloads, the names, the link targets. Not API.
  ///
  /// - Complexity: O(c) for c name chunks.
  public var _memoryBytes: Int {
    outline._indexMemoryBytes + outline.nodeCount * MemoryLayout<FileEntry?>.stride + _names.byteCount
      + _targets.capacity * 16 + _hardLinks.capacity * 24
  }

  /// The bytes of every name and link target held. Not API.
  ///
  /// - Complexity: O(c) for c name chunks.
  public var _nameBytes: Int { _names.byteCount }
}
