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

/// What a scan or a listing reads, and how.
struct _ScanRequest: Sendable {
  /// 1 lists the folder alone (a lazy tree's expansion); `Int.max` reads
  /// everything below it.
  var depthLimit: Int
  /// Whether folders get totals and hard links are counted once.
  var computesTotals: Bool
  /// Whether each entry's status is read (`fstatat`); without it, entries
  /// have the kind `readdir` gives and no size or time (a lazy listing).
  var readsStatus: Bool
  /// Whether folders on another file system are left unopened (`du -x`).
  var staysOnFileSystem: Bool
  /// The tree root's device, for one-file-system scans of a subfolder;
  /// nil: the scanned folder's own.
  var rootDevice: UInt64?
  /// The only subfolders to enter, by path below the root (a lazy tree's
  /// refresh reads again the folders it had listed); nil: all of them, up
  /// to `depthLimit`.
  var foldersToEnter: Set<[UInt8]>? = nil
  /// Multi-link files already counted outside the scanned folder.
  var countedInodes: Set<_InodeKey> = []
  /// The order of each folder's entries.
  var ordering: FileOrdering
  /// The calls, with the tests' hooks.
  var system: _FileSystem
  /// The most folders kept open at once along the current path; deeper
  /// ones are found again through `..` (as fts does).
  var maximumOpenFolders: Int
  /// The scanned folder's path below the root, for hooks and progress.
  var relativePath: [UInt8]
}

/// Reads a folder, and everything below it up to a depth, into a
/// `_ScanTree`: the platform's directory calls on open descriptors, one
/// `fstatat` per entry (none for a lazy listing) and one `readlinkat` per
/// symbolic link; no path is built unless a test hook, or a lazy refresh
/// choosing the folders to enter, asks for one.
///
/// Folders are read depth first. Each folder's entries are read whole
/// (names and status), then its subfolders are opened one by one relative
/// to it; so at most one descriptor per level is open, and at most
/// `maximumOpenFolders` in all (an older level's is closed and found again
/// through its child's `..`, checked by device and inode).
struct _FileScanner {
  private let request: _ScanRequest
  private let control: _ScanControl?
  private var entries: [FileEntry] = []
  private var firstChild: [UInt32] = []
  private var childCount: [UInt32] = []
  private let names = _NameWriter()
  private var targets: [UInt64: UInt64] = [:]
  private var hardLinks: [_InodeKey: UInt64] = [:]
  private var frames: [Frame] = []
  private var openFrames = 0
  private var progress = FileScanProgress()
  private var rootDevice: UInt64 = 0
  private let started: Double
  private var nextReport = _FileScanner.reportInterval
  /// Set when a report finds the scan cancelled.
  private var isStopped = false
  /// Which part of a scan on several cores this is (0: the whole scan, or
  /// the root's listing): progress is summed over the parts.
  private let part: Int
  /// Whether this is one part of a scan on several cores: its tree is
  /// left unsorted for the merge, and its end is not the scan's.
  private let isPart: Bool

  /// Progress is reported (and cancellation checked) every this many
  /// entries.
  static let reportInterval = 4_096

  /// The byte offset of `d_name` in `dirent`.
  private static let nameOffset = MemoryLayout<dirent>.offset(of: \dirent.d_name)!

  /// One folder being read: its entry, its descriptor (nil when closed to
  /// stay under the limit), and its subfolders still to open.
  private struct Frame {
    var index: Int
    var directory: OpaquePointer?
    var next: Int
    var end: Int
    var device: UInt64
    var inode: UInt64
    var depth: Int
  }

  init(request: _ScanRequest, control: _ScanControl?, part: Int = 0, isPart: Bool = false) {
    self.request = request
    self.control = control
    self.part = part
    self.isPart = isPart
    started = _monotonicSeconds()
  }

  /// Reads the folder open at `descriptor` (which the scan takes over and
  /// closes), naming its entry `name`.
  ///
  /// - Returns: The tree read; `.failure` when the descriptor is not a
  ///   readable folder, or when the scan was cancelled
  ///   (`CancellationError`).
  mutating func run(descriptor: Int32, name: [UInt8]) -> Result<_ScanTree, any Error> {
    var status = stat()
    guard fstat(descriptor, &status) == 0 else {
      let code = _errno
      close(descriptor)
      return .failure(FileProblem(.status, code: code))
    }
    let facts = _Status(status)
    guard facts.kind == .folder else {
      close(descriptor)
      return .failure(FileProblem(.open, code: ENOTDIR))
    }
    rootDevice = request.rootDevice ?? facts.device
    // The folder read is never hidden, whatever its name: it is what was asked for.
    append(facts.entry(named: names.append(name)))
    guard let directory = fdopendir(descriptor) else {
      entries[0].setProblem(FileProblem(.open, code: _errno))
      // A part's root is a folder the whole scan counts a problem for.
      if isPart { progress.problems += 1 }
      close(descriptor)
      return .success(finish())
    }
    entries[0].setLoadState(.loaded)
    frames.append(Frame(index: 0, directory: directory, next: 0, end: 0, device: facts.device, inode: facts.inode, depth: 0))
    openFrames = 1
    progress.folders = 1
    readFolder(of: 0)
    while let top = frames.indices.last {
      if isStopped {
        closeAll()
        return .failure(CancellationError())
      }
      if frames[top].depth + 1 < request.depthLimit, let child = nextSubfolder(of: top) {
        // A cancel is seen before each folder, and every few thousand entries.
        if control?.isCancelled == true {
          isStopped = true
          continue
        }
        enter(child, from: top)
      } else {
        leave(top)
      }
    }
    return .success(finish())
  }

  // MARK: Reading one folder

  /// Reads the entries of the folder of frame `f`, appending them as one
  /// block.
  private mutating func readFolder(of f: Int) {
    let index = frames[f].index
    let directory = frames[f].directory!
    let fd = dirfd(directory)
    let start = entries.count
    let failure = request.system.failsReading.flatMap { $0(relativePath(of: f)) }
    while true {
      _errno = 0
      guard let record = readdir(directory) else {
        let code = _errno
        if code != 0 { setProblem(FileProblem(.read, code: code), at: index) }
        break
      }
      let type = record.pointee.d_type
      let name = UnsafeRawPointer(record).advanced(by: Self.nameOffset).assumingMemoryBound(to: CChar.self)
      let length = strlen(name)
      if name[0] == 0x2E && (length == 1 || (length == 2 && name[1] == 0x2E)) { continue }  // "." and ".."
      var status = stat()
      var entry: FileEntry
      let listedKind = FileKind(directoryEntryType: type)
      if !request.readsStatus && listedKind != .unknown {
        // Names and kinds only: no call per entry (but a link's target).
        entry = FileEntry(
          name: names.append(UnsafeRawBufferPointer(start: name, count: length)), kind: listedKind, size: 0,
          modified: 0, flags: .noDetails)
        if listedKind == .symbolicLink { readTarget(of: &entry, in: fd, name: name) }
      } else if fstatat(fd, name, &status, AT_SYMLINK_NOFOLLOW) == 0 {
        let facts = _Status(status)
        entry = facts.entry(named: names.append(UnsafeRawBufferPointer(start: name, count: length)))
        describe(&entry, facts, in: fd, name: name, frame: f)
      } else {
        let code = _errno
        if code == ENOENT { continue }  // removed since it was listed: not there any more
        entry = FileEntry(
          name: names.append(UnsafeRawBufferPointer(start: name, count: length)), kind: listedKind, size: 0,
          modified: 0)
        entry.setProblem(FileProblem(.status, code: code))
        progress.problems += 1
      }
      if name[0] == 0x2E { entry._flags.insert(.hidden) }
      if !entry.isFolder { entry.setLoadState(.loaded) }
      append(entry)
      progress.entries += 1
      progress.bytes &+= entry.countedSize
      if let failure, entries.count == start + 1 {
        setProblem(FileProblem(.read, code: failure), at: index)
        break
      }
      if progress.entries >= nextReport && !report() {
        isStopped = true
        break
      }
    }
    firstChild[index] = UInt32(start)
    childCount[index] = UInt32(entries.count - start)
    frames[f].next = start
    frames[f].end = entries.count
  }

  /// Fills in what an entry's status alone does not say: a link's target,
  /// a hard link counted before, a folder on another file system.
  @inline(__always)
  private mutating func describe(
    _ entry: inout FileEntry, _ facts: _Status, in fd: Int32, name: UnsafePointer<CChar>, frame f: Int
  ) {
    switch facts.kind {
    case .symbolicLink:
      readTarget(of: &entry, in: fd, name: name)
    case .folder:
      guard request.staysOnFileSystem else { return }
      var device = facts.device
      if let hook = request.system.device {
        device = hook(relativePath(of: f, appending: UnsafeRawBufferPointer(start: name, count: strlen(name))), device)
      }
      if device != rootDevice { entry._flags.insert(.otherFileSystem) }
    default:
      guard facts.links > 1 && request.computesTotals else { return }
      let key = _InodeKey(device: facts.device, inode: facts.inode)
      if request.countedInodes.contains(key) || hardLinks[key] != nil {
        entry._flags.insert(.countedElsewhere)
      } else {
        hardLinks[key] = entry._name.raw
        entry._flags.insert(.countsHardLink)
      }
    }
  }

  /// Reads a symbolic link's target into the names (never follows it).
  private mutating func readTarget(of entry: inout FileEntry, in fd: Int32, name: UnsafePointer<CChar>) {
    // A target is at most PATH_MAX bytes; one more tells a longer one.
    withUnsafeTemporaryAllocation(of: CChar.self, capacity: Int(PATH_MAX) + 1) { buffer in
      let count = readlinkat(fd, name, buffer.baseAddress!, buffer.count)
      if count < 0 {
        entry.setProblem(FileProblem(.readLink, code: _errno))
        progress.problems += 1
        return
      }
      let target = names.append(UnsafeRawBufferPointer(start: buffer.baseAddress!, count: min(count, buffer.count)))
      targets[entry._name.raw] = target.raw
    }
  }

  // MARK: Going down and up

  /// The next subfolder of frame `f` to open, if any.
  private mutating func nextSubfolder(of f: Int) -> Int? {
    while frames[f].next < frames[f].end {
      let index = frames[f].next
      frames[f].next += 1
      let entry = entries[index]
      guard entry.isFolder && entry._problemOperation == 0 && !entry._flags.contains(.otherFileSystem) else { continue }
      if let enter = request.foldersToEnter, !enter.contains(relativePath(of: f, appending: names.bytes(entry._name))) {
        continue
      }
      return index
    }
    return nil
  }

  /// Opens subfolder `index` of frame `f` and reads it.
  private mutating func enter(_ index: Int, from f: Int) {
    let nameBytes = names.bytes(entries[index]._name)
    if let hook = request.system.beforeOpening, let code = hook(relativePath(of: f, appending: nameBytes)) {
      setProblem(FileProblem(.open, code: code), at: index)
      return
    }
    let fd = withUnsafeTemporaryAllocation(of: CChar.self, capacity: nameBytes.count + 1) { buffer -> Int32 in
      let base = UnsafeMutableRawPointer(buffer.baseAddress!)
      if nameBytes.count > 0 { base.copyMemory(from: nameBytes.baseAddress!, byteCount: nameBytes.count) }
      buffer[nameBytes.count] = 0
      return _openFolder(at: dirfd(frames[f].directory!), buffer.baseAddress!, followsLink: false)
    }
    guard fd >= 0 else {
      setProblem(FileProblem(.open, code: _errno), at: index)
      return
    }
    guard let directory = fdopendir(fd) else {
      setProblem(FileProblem(.open, code: _errno), at: index)
      close(fd)
      return
    }
    entries[index].setLoadState(.loaded)
    frames.append(Frame(index: index, directory: directory, next: 0, end: 0, device: 0, inode: 0, depth: frames[f].depth + 1))
    openFrames += 1
    progress.folders += 1
    if openFrames > request.maximumOpenFolders { closeOldestFolder() }
    readFolder(of: frames.count - 1)
  }

  /// Finishes frame `f` (the top one): its total, its descriptor; and finds
  /// its parent's folder again if it was closed and has subfolders left.
  private mutating func leave(_ f: Int) {
    let frame = frames[f]
    if request.computesTotals {
      let index = frame.index
      var total = entries[index]._size
      let start = Int(firstChild[index])
      for child in start ..< start + Int(childCount[index]) { total &+= entries[child].countedSize }
      entries[index]._size = total
      entries[index]._flags.insert(.total)
    }
    // A closed parent is found again through this folder's `..` (and then
    // its own parent through its `..`, as the scan goes back up).
    if f > 0 && frames[f - 1].directory == nil {
      if let directory = frame.directory {
        reopen(f - 1, through: directory)
      } else {
        couldNotReopen(f - 1, code: ESTALE)
      }
    }
    if let directory = frame.directory {
      closedir(directory)
      openFrames -= 1
    }
    frames.removeLast()
  }

  /// Closes the descriptor of the oldest open folder but the newest, remembering its device and inode to check it when it is
  /// opened again.
  private mutating func closeOldestFolder() {
    guard let f = frames.indices.dropLast().first(where: { frames[$0].directory != nil }) else { return }
    var status = stat()
    let directory = frames[f].directory!
    if fstat(dirfd(directory), &status) == 0 {
      let facts = _Status(status)
      frames[f].device = facts.device
      frames[f].inode = facts.inode
    }
    closedir(directory)
    frames[f].directory = nil
    openFrames -= 1
  }

  /// Opens frame `f`'s folder again through `..` of its child, and checks
  /// that it is the same folder; if not, its remaining subfolders are left
  /// unread, with a problem on its row.
  private mutating func reopen(_ f: Int, through child: OpaquePointer) {
    let fd = _openFolder(at: dirfd(child), "..", followsLink: false)
    var status = stat()
    guard fd >= 0 else {
      couldNotReopen(f, code: _errno)
      return
    }
    let facts = fstat(fd, &status) == 0 ? _Status(status) : nil
    guard let facts, facts.device == frames[f].device, facts.inode == frames[f].inode,
      let directory = fdopendir(fd)
    else {
      close(fd)
      couldNotReopen(f, code: ESTALE)
      return
    }
    frames[f].directory = directory
    openFrames += 1
  }

  /// Frame `f`'s folder could not be found again: its subfolders not read
  /// yet stay unread, and it shows why (it is not loaded: expanding it
  /// reads it again).
  private mutating func couldNotReopen(_ f: Int, code: Int32) {
    guard frames[f].next < frames[f].end else { return }
    setProblem(FileProblem(.reopen, code: code), at: frames[f].index)
    frames[f].next = frames[f].end
  }

  // MARK: Bookkeeping

  private mutating func append(_ entry: FileEntry) {
    entries.append(entry)
    firstChild.append(0)
    childCount.append(0)
  }

  private mutating func setProblem(_ problem: FileProblem, at index: Int) {
    // A folder with a problem is not loaded: expanding it tries again.
    entries[index].setProblem(problem)
    entries[index].setLoadState(.notLoaded)
    progress.problems += 1
  }

  /// The path below the root of frame `f`'s folder, and of a name in it.
  private func relativePath(of f: Int, appending name: UnsafeRawBufferPointer? = nil) -> [UInt8] {
    var path = request.relativePath
    for frame in frames[1 ..< f + 1] {
      if !path.isEmpty { path.append(UInt8(ascii: "/")) }
      path += names.bytes(entries[frame.index]._name)
    }
    if let name {
      if !path.isEmpty { path.append(UInt8(ascii: "/")) }
      path += name
    }
    return path
  }

  /// Publishes progress; false when the scan is to stop.
  @inline(never)
  private mutating func report() -> Bool {
    nextReport = progress.entries + Self.reportInterval
    guard let control else { return true }
    progress.seconds = _monotonicSeconds() - started
    if let top = frames.indices.last {
      progress.currentFolder = relativePath(of: top).withUnsafeBytes { FileName.escaped($0) }
    }
    return control.report(progress, part: part)
  }

  private mutating func closeAll() {
    for frame in frames { if let directory = frame.directory { closedir(directory) } }
    frames = []
  }

  /// The tree read, each folder's entries in the requested order.
  private mutating func finish() -> _ScanTree {
    progress.seconds = _monotonicSeconds() - started
    progress.isFinished = !isPart
    _ = control?.report(progress, part: part)
    let chunks = names.finish()
    var tree = _ScanTree(
      entries: entries, firstChild: firstChild, childCount: childCount, order: [], names: chunks,
      targets: targets, hardLinks: hardLinks, problems: progress.problems, device: rootDevice)
    entries = []
    if !isPart { tree.sort(by: request.ordering) }
    return tree
  }
}

/// Seconds from a monotonic clock.
func _monotonicSeconds() -> Double {
  var time = timespec()
  clock_gettime(CLOCK_MONOTONIC, &time)
  return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
}
