#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A temporary directory holding one folder of `count` empty files, made
/// for `--scan`'s big-folder measurement and removed after it.
struct BigFolder {
  /// The directory (it holds `files/`).
  let root: String
  let count: Int

  /// Makes it under `parent` (default /tmp); nil when it cannot.
  init?(count: Int, parent: String = "/tmp") {
    var template = Array("\(parent)/outline-bench-big-XXXXXX".utf8CString)
    guard let made = mkdtemp(&template) else { return nil }
    root = String(cString: made)
    self.count = count
    let folder = root + "/files"
    guard mkdir(folder, 0o755) == 0 else { return nil }
    let fd = open(folder, O_RDONLY | O_DIRECTORY)
    guard fd >= 0 else { return nil }
    defer { close(fd) }
    for index in 0 ..< count {
      let file = openat(fd, "f\(index)", O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
      guard file >= 0 else { return nil }
      close(file)
    }
  }

  /// Removes the files, the folder and the directory.
  func remove() {
    let folder = root + "/files"
    let fd = open(folder, O_RDONLY | O_DIRECTORY)
    if fd >= 0 {
      for index in 0 ..< count { unlinkat(fd, "f\(index)", 0) }
      close(fd)
    }
    rmdir(folder)
    rmdir(root)
  }
}
