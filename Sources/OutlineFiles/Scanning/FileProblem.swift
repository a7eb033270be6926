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

/// Why an entry or a folder could not be read: the call that failed and
/// the system's error number.
///
/// A folder that cannot be opened or read keeps its problem on its row
/// (``FileEntry/problem``) and the rest of the tree is read as usual; a
/// root that cannot be opened throws it, with ``path`` set.
///
/// ```swift
/// if let problem = tree[id].problem {
///   cell.detail = problem.description     // "cannot open: Permission denied"
/// }
/// ```
public struct FileProblem: Error, Hashable, Sendable, CustomStringConvertible {
  /// The call that failed.
  public enum Operation: UInt8, Hashable, Sendable {
    /// Opening a folder (`open`, `openat`).
    case open = 1
    /// Reading a folder's entries (`readdir`).
    case read
    /// Reading an entry's status (`fstatat`).
    case status
    /// Reading a symbolic link's target (`readlinkat`).
    case readLink
    /// Going back to a folder read earlier, to open the rest of its
    /// subfolders (deep trees); it had moved.
    case reopen
  }

  /// The call that failed.
  public var operation: Operation
  /// The system's error number (`errno`), e.g. `EACCES`.
  public var code: Int32
  /// The path, for a problem thrown (a root that cannot be opened); nil
  /// on a row, whose path the tree knows.
  public var path: String?

  /// Creates a problem.
  ///
  /// - Complexity: O(1).
  public init(_ operation: Operation, code: Int32, path: String? = nil) {
    self.operation = operation
    self.code = code
    self.path = path
  }

  /// Whether the entry was gone when it was read (`ENOENT`): removed, or
  /// renamed, after its folder was listed.
  ///
  /// - Complexity: O(1).
  public var isVanished: Bool { code == ENOENT }

  /// Whether a folder had been replaced by something else (a file, a
  /// symbolic link) when it was opened.
  ///
  /// - Complexity: O(1).
  public var isNotAFolder: Bool { operation == .open && (code == ENOTDIR || code == ELOOP) }

  /// Whether permissions stopped the read (`EACCES`, `EPERM`).
  ///
  /// - Complexity: O(1).
  public var isPermissionDenied: Bool { code == EACCES || code == EPERM }

  /// The problem in words, as a row shows it: "cannot open: Permission
  /// denied", "vanished while being read", "not a folder any more".
  ///
  /// - Complexity: O(1).
  public var description: String {
    let what: String
    if isVanished {
      what = "vanished while being read"
    } else if isNotAFolder {
      what = "not a folder any more"
    } else if operation == .reopen {
      what = "moved while being read"
    } else {
      let verb: String
      switch operation {
      case .open: verb = "cannot open"
      case .read: verb = "cannot read"
      case .status: verb = "cannot read status"
      case .readLink: verb = "cannot read link"
      case .reopen: verb = "cannot reopen"
      }
      what = verb + ": " + String(cString: strerror(code))
    }
    guard let path else { return what }
    return path + ": " + what
  }
}
