import Foundation

/// A scan of a directory running on a thread of its own: watch its
/// progress, cancel it, take the tree when it is done.
///
/// ```swift
/// let scan = FileScan(root: "/usr", options: .init(ordering: FileOrdering(.size)))
/// // on a timer:
/// status.text = "\(scan.progress.entries) entries"
/// if let result = scan.result { show(try result.get()) }
/// // Esc:
/// scan.cancel()
/// ```
///
/// The scan is ``FileTree/scan(_:options:progress:)``; it starts when the
/// `FileScan` is made and ends on its own, or soon after ``cancel()``
/// (within a few thousand entries).
public final class FileScan: @unchecked Sendable {
  /// The directory being scanned.
  public let rootPath: String
  private let control: _ScanControl
  private let lock = NSCondition()
  private var _result: Result<FileTree, any Error>?
  private var waiters: [CheckedContinuation<FileTree, any Error>] = []

  /// Starts scanning `root` on a new thread.
  ///
  /// - Complexity: O(1) here; the scan costs what
  ///   ``FileTree/scan(_:options:progress:)`` does.
  public init(root: String, options: FileTree.Options = FileTree.Options()) {
    rootPath = root
    control = _ScanControl()
    let thread = Thread { [self] in
      let result = Result { try FileTree._scan(root, options: options, control: control) }
      finish(result)
    }
    thread.name = "FileScan"
    thread.start()
  }

  /// How far the scan has got.
  ///
  /// - Complexity: O(1).
  public var progress: FileScanProgress { control.progress }

  /// Asks the scan to stop; it ends with `CancellationError` soon after.
  /// Does nothing once it has ended.
  ///
  /// - Complexity: O(1).
  public func cancel() { control.cancel() }

  /// Whether ``cancel()`` was called.
  ///
  /// - Complexity: O(1).
  public var isCancelled: Bool { control.isCancelled }

  /// The tree, or why there is none (``FileProblem`` for a root that
  /// cannot be opened, `CancellationError`); nil while the scan runs.
  ///
  /// - Complexity: O(1).
  public var result: Result<FileTree, any Error>? {
    lock.lock()
    defer { lock.unlock() }
    return _result
  }

  /// Blocks until the scan ends and returns its result.
  ///
  /// - Complexity: The rest of the scan.
  public func wait() -> Result<FileTree, any Error> {
    lock.lock()
    defer { lock.unlock() }
    while _result == nil { lock.wait() }
    return _result!
  }

  /// The tree, when the scan ends.
  ///
  /// - Throws: What the scan threw.
  /// - Complexity: The rest of the scan.
  public var tree: FileTree {
    get async throws {
      try await withCheckedThrowingContinuation { continuation in
        lock.lock()
        if let result = _result {
          lock.unlock()
          continuation.resume(with: result)
        } else {
          waiters.append(continuation)
          lock.unlock()
        }
      }
    }
  }

  private func finish(_ result: Result<FileTree, any Error>) {
    lock.lock()
    _result = result
    let waiting = waiters
    waiters = []
    lock.broadcast()
    lock.unlock()
    for continuation in waiting { continuation.resume(with: result) }
  }
}
