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

/// What kind of directory entry a `FileEntry` is, from its own status
/// (symbolic links are never followed).
public enum FileKind: UInt8, Hashable, Sendable, CaseIterable, CustomStringConvertible {
  /// A regular file.
  case file
  /// A directory: a folder.
  case folder
  /// A symbolic link; ``FileTree/target(of:)`` reads where it points.
  case symbolicLink
  /// A named pipe (FIFO).
  case pipe
  /// A Unix-domain socket.
  case socket
  /// A character device.
  case characterDevice
  /// A block device.
  case blockDevice
  /// Anything else, or an entry whose status could not be read.
  case unknown

  /// The kind of a file mode (`st_mode`).
  ///
  /// - Complexity: O(1).
  public init(mode: UInt32) {
    switch mode & UInt32(S_IFMT) {
    case UInt32(S_IFREG): self = .file
    case UInt32(S_IFDIR): self = .folder
    case UInt32(S_IFLNK): self = .symbolicLink
    case UInt32(S_IFIFO): self = .pipe
    case UInt32(S_IFSOCK): self = .socket
    case UInt32(S_IFCHR): self = .characterDevice
    case UInt32(S_IFBLK): self = .blockDevice
    default: self = .unknown
    }
  }

  /// The kind a directory entry's type byte (`d_type`) names; `.unknown`
  /// when the file system does not say.
  ///
  /// - Complexity: O(1).
  init(directoryEntryType type: UInt8) {
    switch Int32(type) {
    case Int32(DT_REG): self = .file
    case Int32(DT_DIR): self = .folder
    case Int32(DT_LNK): self = .symbolicLink
    case Int32(DT_FIFO): self = .pipe
    case Int32(DT_SOCK): self = .socket
    case Int32(DT_CHR): self = .characterDevice
    case Int32(DT_BLK): self = .blockDevice
    default: self = .unknown
    }
  }

  /// The kind in words: "file", "folder", "symbolic link", "pipe", ...
  ///
  /// - Complexity: O(1).
  public var description: String {
    switch self {
    case .file: return "file"
    case .folder: return "folder"
    case .symbolicLink: return "symbolic link"
    case .pipe: return "pipe"
    case .socket: return "socket"
    case .characterDevice: return "character device"
    case .blockDevice: return "block device"
    case .unknown: return "unknown"
    }
  }
}
