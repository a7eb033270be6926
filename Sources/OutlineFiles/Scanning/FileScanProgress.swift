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
  /// Held while a report is summed and delivered: the parts of a scan
  /// report one at a time, in order (not under `lock`, which the callback
  /// may need).
  private let callbackLock = NSLock()
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

  /// Publishes the end of a scan made in parts: the summed progress,
  /// finished, after `seconds`.
  func reportFinished(seconds: Double) {
    callbackLock.lock()
    defer { callbackLock.unlock() }
    lock.lock()
    _progress.isFinished = true
    _progress.seconds = seconds
    let total = _progress
    lock.unlock()
    onProgress?(total)
  }

  /// The progress of each part of a scan on several cores, by part.
  private var parts: [FileScanProgress] = []

  /// Publishes the progress of part `part` of the scan (0 for a scan in
  /// one part): what is published is the sum over the parts, and the
  /// folder of the last part that reported. Returns whether the scan
  /// should go on.
  func report(_ progress: FileScanProgress, part: Int = 0) -> Bool {
    // Summed and delivered in one turn, so reports arrive in order.
    callbackLock.lock()
    defer { callbackLock.unlock() }
    lock.lock()
    while parts.count <= part { parts.append(FileScanProgress()) }
    parts[part] = progress
    var total = progress
    if parts.count > 1 {
      (total.entries, total.folders, total.bytes, total.problems) = (0, 0, 0, 0)
      for each in parts {
        total.entries += each.entries
        total.folders += each.folders
        total.bytes &+= each.bytes
        total.problems += each.problems
        total.seconds = Swift.max(total.seconds, each.seconds)
      }
    }
    _progress = total
    let cancelled = _isCancelled
    lock.unlock()
    onProgress?(total)
    return !cancelled
  }
}
