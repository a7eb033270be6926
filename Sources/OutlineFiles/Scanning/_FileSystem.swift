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

/// The few directory calls a file tree makes, with seams for the tests.
///
/// Scans and listings call the platform directly (`openat`, `fdopendir`,
/// `readdir`, `fstatat`, `readlinkat`); the hooks here are nil outside the
/// tests. A test uses them to make a race happen at a chosen moment (a
/// folder removed, or replaced by a file, just before it is opened), or a
/// call fail that permissions cannot make fail for root.
struct _FileSystem: Sendable {
  /// Called before a folder below the root is opened, with its path below
  /// the root; returning an error number makes the open fail with it.
  var beforeOpening: (@Sendable (_ relativePath: [UInt8]) -> Int32?)?
  /// Called after a folder's first entry is read; returning an error
  /// number makes reading fail there, as `readdir` can.
  var failsReading: (@Sendable (_ relativePath: [UInt8]) -> Int32?)?
  /// The device number to see for a folder, instead of its own (to test
  /// one-file-system scans without mounting anything).
  var device: (@Sendable (_ relativePath: [UInt8], _ actual: UInt64) -> UInt64)?

  /// The real calls, no hooks.
  static let live = _FileSystem()

  /// Whether any hook is set, so that scans track paths for them.
  var hasHooks: Bool { beforeOpening != nil || failsReading != nil || device != nil }
}

/// Two entries are one file when their device and inode are.
struct _InodeKey: Hashable, Sendable {
  var device: UInt64
  var inode: UInt64
}

/// What a file tree keeps of an entry's status.
struct _Status {
  var kind: FileKind
  var size: UInt64
  var modified: Int64
  var device: UInt64
  var inode: UInt64
  var links: UInt64

  init(_ status: stat) {
    kind = FileKind(mode: UInt32(status.st_mode))
    size = UInt64(clamping: status.st_size)
    #if canImport(Darwin)
    let time = status.st_mtimespec
    #else
    let time = status.st_mtim
    #endif
    modified = Int64(time.tv_sec) &* 1_000_000_000 &+ Int64(time.tv_nsec)
    #if canImport(Darwin)
    device = UInt64(UInt32(bitPattern: status.st_dev))
    #else
    device = UInt64(status.st_dev)
    #endif
    inode = UInt64(status.st_ino)
    links = UInt64(status.st_nlink)
  }

  /// The entry these facts make, named `name`.
  func entry(named name: _NameRef) -> FileEntry {
    FileEntry(name: name, kind: kind, size: size, modified: modified)
  }
}

/// The current thread's `errno`.
var _errno: Int32 {
  get { errno }
  set { errno = newValue }
}

/// Opens a folder for reading: `open` flags that never follow a link at
/// the last step when `followsLink` is false, and never leak to children.
func _openFolder(at parent: Int32, _ name: UnsafePointer<CChar>, followsLink: Bool) -> Int32 {
  var flags = O_RDONLY | O_DIRECTORY | O_CLOEXEC
  if !followsLink { flags |= O_NOFOLLOW }
  return openat(parent, name, flags)
}

/// Opens the folder at `relativePath` below `root`, one name at a time,
/// never following a symbolic link below the root (the root itself is
/// followed, as `du DIR/` does).
///
/// - Returns: The descriptor, or the problem on the way.
func _openFolder(root: [UInt8], relativePath components: [[UInt8]], system: _FileSystem) -> Result<Int32, FileProblem> {
  var fd = root.withUnsafeBufferPointer { buffer -> Int32 in
    var path = Array(buffer)
    path.append(0)
    return path.withUnsafeBufferPointer { pointer in
      pointer.withMemoryRebound(to: CChar.self) { _openFolder(at: AT_FDCWD, $0.baseAddress!, followsLink: true) }
    }
  }
  if fd < 0 { return .failure(FileProblem(.open, code: _errno)) }
  var walked: [UInt8] = []
  for component in components {
    if !walked.isEmpty { walked.append(UInt8(ascii: "/")) }
    walked += component
    if let code = system.beforeOpening?(walked) {
      close(fd)
      return .failure(FileProblem(.open, code: code))
    }
    var name = component
    name.append(0)
    let next = name.withUnsafeBufferPointer { pointer in
      pointer.withMemoryRebound(to: CChar.self) { _openFolder(at: fd, $0.baseAddress!, followsLink: false) }
    }
    let code = _errno
    close(fd)
    if next < 0 { return .failure(FileProblem(.open, code: code)) }
    fd = next
  }
  return .success(fd)
}
