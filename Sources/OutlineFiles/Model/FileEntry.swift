/// One directory entry of a `FileTree`: a node of its outline.
///
/// Entries are small (32 bytes, no references) so that a tree of millions
/// stays compact: the name lives in the tree (``FileTree/name(of:)-(NodeID)``), as
/// does a symbolic link's target (``FileTree/target(of:)``) and the path
/// (``FileTree/path(of:)``).
///
/// ```swift
/// let entry = tree[id]
/// entry.kind            // .folder
/// entry.size            // a file's apparent size; a scanned folder's total
/// entry.problem         // why the folder could not be read, if it could not
/// ```
///
/// Two entries are equal when they show the same thing: the same name
/// bytes in the same tree, kind, size, time, state and problem. A refresh
/// that finds an entry unchanged keeps it equal, so its row is not
/// redrawn.
public struct FileEntry: Hashable, Sendable {
  // Laid out for 32 bytes, and `FileEntry?` too (the kind's unused values
  // mark nil): the outline keeps its payloads as optionals.
  internal var _name: _NameRef
  internal var _size: UInt64
  internal var _modified: Int64
  /// The entry's kind.
  public internal(set) var kind: FileKind
  internal var _flags: _Flags
  internal var _problemOperation: UInt8
  internal var _problemCode: Int32

  internal struct _Flags: OptionSet, Hashable, Sendable {
    let rawValue: UInt8
    /// The folder's children are in the tree.
    static let loaded = _Flags(rawValue: 1 << 0)
    /// A listing of the folder is under way.
    static let loading = _Flags(rawValue: 1 << 1)
    /// `size` is the total of everything inside, the entry included.
    static let total = _Flags(rawValue: 1 << 2)
    /// A file with several hard links whose bytes a link read earlier in
    /// the scan counted.
    static let countedElsewhere = _Flags(rawValue: 1 << 3)
    /// The link of a multi-link file that the scan counted.
    static let countsHardLink = _Flags(rawValue: 1 << 4)
    /// A folder on another file system, not entered (one-file-system
    /// scans).
    static let otherFileSystem = _Flags(rawValue: 1 << 5)
    /// The name starts with a dot.
    static let hidden = _Flags(rawValue: 1 << 6)
    /// Listed by name and kind only: size and time not read yet.
    static let noDetails = _Flags(rawValue: 1 << 7)
  }

  init(name: _NameRef, kind: FileKind, size: UInt64, modified: Int64, flags: _Flags = []) {
    _name = name
    _size = size
    _modified = modified
    self.kind = kind
    _flags = flags
    _problemOperation = 0
    _problemCode = 0
  }

  /// Whether the entry is a folder.
  ///
  /// - Complexity: O(1).
  public var isFolder: Bool { kind == .folder }

  /// The size in bytes (0 until read: see ``hasDetails``): a file's apparent size (`st_size`: what `ls -l`
  /// and `du -b` show); for a folder of a scanned tree, the total of the
  /// folder and everything inside it (``isTotal``); for a folder of a
  /// lazy tree, the folder's own entry only.
  ///
  /// - Complexity: O(1).
  public var size: UInt64 { _size }

  /// Whether ``size`` is the total of a scanned folder: the folder's own
  /// entry plus every entry inside it, a hard-linked file counted once.
  ///
  /// - Complexity: O(1).
  public var isTotal: Bool { _flags.contains(.total) }

  /// What the entry adds to its folder's total: its size, or nothing for a
  /// hard link counted elsewhere and for a folder on another file system
  /// that a one-file-system scan did not enter (as `du -x`).
  ///
  /// - Complexity: O(1).
  public var countedSize: UInt64 {
    _flags.isDisjoint(with: [.countedElsewhere, .otherFileSystem]) ? _size : 0
  }

  /// The last modification time, in nanoseconds since 1970-01-01 UTC (0
  /// until read: see ``hasDetails``).
  ///
  /// - Complexity: O(1).
  public var modified: Int64 { _modified }

  /// Whether the name starts with a dot.
  ///
  /// - Complexity: O(1).
  public var isHidden: Bool { _flags.contains(.hidden) }

  /// Whether ``size`` and ``modified`` were read. A lazy tree lists a
  /// folder by names and kinds alone (one system call per few hundred
  /// entries, so a folder of millions opens in a second); an entry's size
  /// and time are read when asked for, with
  /// ``FileTree/readDetails(of:)``. Until then both are 0. Entries of a
  /// scanned tree always have them.
  ///
  /// - Complexity: O(1).
  public var hasDetails: Bool { !_flags.contains(.noDetails) }

  /// Whether this file's bytes were counted at another of its hard links,
  /// so that totals count them once (``countedSize`` is 0).
  ///
  /// - Complexity: O(1).
  public var isCountedElsewhere: Bool { _flags.contains(.countedElsewhere) }

  /// Whether this folder is on another file system, so a one-file-system
  /// scan did not enter it.
  ///
  /// - Complexity: O(1).
  public var isOnOtherFileSystem: Bool { _flags.contains(.otherFileSystem) }

  /// Where the folder's children are: in the tree, being listed, or not
  /// listed yet (a lazy tree's unopened folder, or one whose listing
  /// failed: expanding it retries). Entries that are not folders are
  /// always `.loaded`.
  ///
  /// - Complexity: O(1).
  public var loadState: FileLoadState {
    if _flags.contains(.loading) { return .loading }
    if _flags.contains(.loaded) { return .loaded }
    return .notLoaded
  }

  /// Why the folder could not be opened or read (or the entry's status
  /// could not be read); nil when nothing went wrong.
  ///
  /// - Complexity: O(1).
  public var problem: FileProblem? {
    guard let operation = FileProblem.Operation(rawValue: _problemOperation) else { return nil }
    return FileProblem(operation, code: _problemCode)
  }

  mutating func setProblem(_ problem: FileProblem?) {
    _problemOperation = problem?.operation.rawValue ?? 0
    _problemCode = problem?.code ?? 0
  }

  mutating func setLoadState(_ state: FileLoadState) {
    _flags.remove([.loaded, .loading])
    switch state {
    case .loaded: _flags.insert(.loaded)
    case .loading: _flags.insert(.loading)
    case .notLoaded: break
    }
  }
}

/// Where a folder's children are.
public enum FileLoadState: Hashable, Sendable {
  /// In the tree (there may be none).
  case loaded
  /// Not listed yet, or the last listing failed (the entry's `problem`
  /// says why): expanding the folder lists it.
  case notLoaded
  /// A listing is under way: show a spinner.
  case loading
}
