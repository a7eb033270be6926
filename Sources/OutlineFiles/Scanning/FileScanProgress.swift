import Foundation

/// How far a scan has got: what a progress line shows.
///
/// ```swift
/// let scan = FileScan(root: "/usr")
/// let p = scan.progress
/// print("\(p.entries) entries, \(p.bytes) bytes, \(Int(p.entriesPerSecond))/s in \(p.currentFolder)")
/// ```
public struct FileScanProgress: Hashable, Sendable {
  /// Entries read so far, below the root.
  public var entries: Int
  /// Their bytes so far, a hard-linked file counted once.
  public var bytes: UInt64
  /// Folders opened so far.
  public var folders: Int
  /// Folders and entries that could not be read so far.
  public var problems: Int
  /// Seconds since the scan started.
  public var seconds: Double
  /// The folder being read, below the root, escaped for display.
  public var currentFolder: String
  /// Whether the scan has ended (finished, failed or cancelled).
  public var isFinished: Bool

  /// No progress yet.
  ///
  /// - Complexity: O(1).
  public init(
    entries: Int = 0, bytes: UInt64 = 0, folders: Int = 0, problems: Int = 0, seconds: Double = 0,
    currentFolder: String = "", isFinished: Bool = false
  ) {
    self.entries = entries
    self.bytes = bytes
    self.folders = folders
    self.problems = problems
    self.seconds = seconds
    self.currentFolder = currentFolder
    self.isFinished = isFinished
  }

  /// Entries read per second so far.
  ///
  /// - Complexity: O(1).
  public var entriesPerSecond: Double { seconds > 0 ? Double(entries) / seconds : 0 }
}

/// Shared between a scan and whoever watches it: the progress to show and
/// the request to stop. Locked; the scan touches it every few thousand
/// entries.
final class _ScanControl: @unchecked Sendable {
  private let lock = NSLock()
  private var _progress = FileScanProgress()
  private var _isCancelled = false
  /// Called with each progress report, on the scanning thread.
  let onProgress: (@Sendable (FileScanProgress) -> Void)?

  init(onProgress: (@Sendable (FileScanProgress) -> Void)? = nil) {
    self.onProgress = onProgress
  }

  var progress: FileScanProgress {
    lock.lock()
    defer { lock.unlock() }
    return _progress
  }

  var isCancelled: Bool {
    lock.lock()
    defer { lock.unlock() }
    return _isCancelled
  }

  func cancel() {
    lock.lock()
    _isCancelled = true
    lock.unlock()
  }

  /// Publishes progress; returns whether the scan should go on.
  func report(_ progress: FileScanProgress) -> Bool {
    lock.lock()
    _progress = progress
    let cancelled = _isCancelled
    lock.unlock()
    onProgress?(progress)
    return !cancelled
  }
}
