import Foundation
extension FileTree {
  /// Opens a directory lazily: the root is listed now, every other folder
  /// when it is first expanded (``expand(_:)``).
  ///
  /// Folders are listed by names and kinds (what `readdir` gives), without
  /// a call per entry, so even a folder of millions lists in about a
  /// second; sizes and times are read for the entries you ask about
  /// (``readDetails(of:)``: the rows on screen, say).
  ///
  /// ```swift
  /// var tree = try FileTree(lazy: "/home/ada/project")
  /// tree.outline.rowCount      // the root and its entries
  /// ```
  ///
  /// - Parameters:
  ///   - rootPath: The directory (a symbolic link to one is followed;
  ///     nothing below it is).
  ///   - options: The ordering.
  /// - Throws: ``FileProblem`` with its path when the directory cannot be
  ///   opened or is not a directory.
  /// - Complexity: O(k log k) for the root's k entries, plus their system
  ///   calls.
  public init(lazy rootPath: String, options: Options = Options()) throws {
    let request = FileTree._request(mode: .lazy, options: options, relativePath: [], rootDevice: nil)
    let read = FileTree._read(rootPath: rootPath, components: [], request: request, control: nil)
    self.init(rootPath: rootPath, mode: .lazy, options: options, read: try FileTree._tree(read, rootPath: rootPath))
  }

  /// Scans a directory and everything below it, on every core, totalling
  /// sizes per folder, and builds the tree in one pass
  /// (`Outline(preorder:)`).
  ///
  /// The call returns when the scan is done. The root's entries are read
  /// first, on this thread; then its subfolders are scanned side by side,
  /// one per core at a time, and put together in the root's order: the
  /// tree is the one a scan on one thread reads, entry for entry (a
  /// multi-link file is counted by the link met first in that order).
  /// `fstatat`, one per entry, is most of a scan, and the kernel answers
  /// it on every core at once: on 2 cores `/usr` takes 0.27 s against
  /// `du -sb`'s 0.38 s.
  ///
  /// The root's total equals what `du -sb rootPath` prints (`du -sbx` with
  /// ``Options/staysOnFileSystem``), and the tree holds one entry per line
  /// of `find rootPath`. To scan in the background with progress and
  /// cancel, use ``FileScan`` or ``scan(_:options:)``.
  ///
  /// ```swift
  /// let tree = try FileTree.scan("/usr") { progress in print(progress.entries) }
  /// ```
  ///
  /// - Parameters:
  ///   - rootPath: The directory (a symbolic link to one is followed;
  ///     nothing below it is).
  ///   - options: The ordering, and whether to stay on the root's file
  ///     system.
  ///   - progress: Called every few thousand entries of each part, and at
  ///     the end, with the parts' sums; from the scanning threads, one at a
  ///     time.
  /// - Throws: ``FileProblem`` with its path when the root cannot be
  ///   opened. Folders below it that cannot be read keep their problem on
  ///   their rows.
  /// - Complexity: O(n log k) for n entries in folders of k, plus one
  ///   `fstatat` per entry, a `readlinkat` per symbolic link, and an open,
  ///   reads and a close per folder.
  public static func scan(
    _ rootPath: String, options: Options = Options(), progress: (@Sendable (FileScanProgress) -> Void)? = nil
  ) throws -> FileTree {
    try _scan(rootPath, options: options, control: progress.map { _ScanControl(onProgress: $0) })
  }

  /// Scans a directory and everything below it on a thread of its own;
  /// cancelling the task stops the scan (it throws `CancellationError`).
  ///
  /// ```swift
  /// let task = Task { try await FileTree.scan("/usr") }
  /// // ... task.cancel() stops it
  /// ```
  ///
  /// - Throws: ``FileProblem`` when the root cannot be opened;
  ///   `CancellationError` when the task was cancelled.
  /// - Complexity: As ``scan(_:options:progress:)``.
  public static func scan(_ rootPath: String, options: Options = Options()) async throws -> FileTree {
    let scan = FileScan(root: rootPath, options: options)
    return try await withTaskCancellationHandler {
      try await scan.tree
    } onCancel: {
      scan.cancel()
    }
  }

  /// The scan behind ``scan(_:options:progress:)`` and ``FileScan``.
  static func _scan(_ rootPath: String, options: Options, control: _ScanControl?) throws -> FileTree {
    let request = _request(mode: .scanned, options: options, relativePath: [], rootDevice: nil)
    let cores = options._scanCores ?? ProcessInfo.processInfo.activeProcessorCount
    let read =
      _ParallelScan.read(rootPath: rootPath, request: request, control: control, cores: cores)
      ?? _read(rootPath: rootPath, components: [], request: request, control: control)
    return FileTree(rootPath: rootPath, mode: .scanned, options: options, read: try _tree(read, rootPath: rootPath))
  }

  /// What a listing (lazy) or a scan (scanned) of a folder reads.
  static func _request(
    mode: Mode, options: Options, relativePath: [UInt8], rootDevice: UInt64?,
    foldersToEnter: Set<[UInt8]>? = nil, countedInodes: Set<_InodeKey> = []
  ) -> _ScanRequest {
    _ScanRequest(
      depthLimit: mode == .lazy && foldersToEnter == nil ? 1 : Int.max, computesTotals: mode == .scanned,
      readsStatus: mode == .scanned,
      staysOnFileSystem: options.staysOnFileSystem, rootDevice: rootDevice, foldersToEnter: foldersToEnter,
      countedInodes: countedInodes, ordering: options.ordering, system: options._system,
      maximumOpenFolders: max(1, options._maximumOpenFolders), relativePath: relativePath)
  }

  /// Opens the folder at `components` below the root and reads it.
  static func _read(
    rootPath: String, components: [[UInt8]], request: _ScanRequest, control: _ScanControl?, part: Int = 0,
    isPart: Bool = false
  ) -> Result<_ScanTree, any Error> {
    switch _openFolder(root: Array(rootPath.utf8), relativePath: components, system: request.system) {
    case .failure(let problem):
      return .failure(problem)
    case .success(let descriptor):
      var scanner = _FileScanner(request: request, control: control, part: part, isPart: isPart)
      return scanner.run(descriptor: descriptor, name: components.last ?? Array(rootPath.utf8))
    }
  }

  /// The tree read, or the error with the root's path.
  static func _tree(_ read: Result<_ScanTree, any Error>, rootPath: String) throws -> _ScanTree {
    switch read {
    case .success(let tree):
      return tree
    case .failure(var problem as FileProblem):
      problem.path = rootPath
      throw problem
    case .failure(let error):
      throw error
    }
  }
}
