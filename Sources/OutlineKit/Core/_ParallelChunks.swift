import Dispatch

/// Splits `0 ..< count` into chunks and runs them on every core, for the
/// work that asks a filter about millions of nodes: each chunk is
/// independent and writes only its own part of the result.
///
/// Chunks are small enough (`chunkSize` items) that a cancelled run stops
/// within one chunk per core, and many enough that a core that finishes
/// early takes another. Below two chunks' worth the work runs on the
/// calling thread: a thread hop costs more than it saves.
@usableFromInline
internal enum _ParallelChunks {
  /// Items per chunk: about a tenth of a millisecond of asking a filter.
  /// Checked builds take tiny chunks, so that every test of a few hundred
  /// nodes runs on several threads.
  @inlinable
  static var chunkSize: Int {
    #if OUTLINE_INTERNAL_CHECKS
    return 64
    #else
    return 16_384
    #endif
  }

  /// Runs `body` over chunks covering `0 ..< count`, on every core, and
  /// returns false when `isCancelled` said yes before every chunk ran (the
  /// chunks not yet started are skipped; the result is then partial).
  ///
  /// `body` and `isCancelled` may run on several threads at once.
  @inlinable
  static func run(
    count: Int, isCancelled: @Sendable () -> Bool, _ body: @Sendable (Range<Int>) -> Void
  ) -> Bool {
    guard count > 0 else { return !isCancelled() }
    let chunks = (count &+ chunkSize &- 1) / chunkSize
    if chunks < 2 {
      guard !isCancelled() else { return false }
      body(0 ..< count)
      return true
    }
    let skipped = _SkippedChunks()
    DispatchQueue.concurrentPerform(iterations: chunks) { chunk in
      guard !isCancelled() else {
        skipped.note()
        return
      }
      let start = chunk &* chunkSize
      body(start ..< Swift.min(count, start &+ chunkSize))
    }
    return !skipped.any
  }
}

/// Whether a parallel run skipped a chunk: set from any thread, read once
/// the run is over (`concurrentPerform` returns after every chunk, which
/// orders the writes before the read).
@usableFromInline
internal final class _SkippedChunks: @unchecked Sendable {
  private let queue = DispatchQueue(label: "swift-outline.skipped-chunks")
  private var _any = false

  @usableFromInline init() {}

  @usableFromInline func note() { queue.sync { _any = true } }

  @usableFromInline var any: Bool { queue.sync { _any } }
}

/// A buffer that chunks of a parallel run write, each its own part.
@usableFromInline
internal struct _SharedBuffer<Element>: @unchecked Sendable {
  @usableFromInline let base: UnsafeMutablePointer<Element>?

  @inlinable init(_ buffer: UnsafeMutableBufferPointer<Element>) { base = buffer.baseAddress }

  @inlinable subscript(index: Int) -> Element {
    get { base.unsafelyUnwrapped[index] }
    nonmutating set { base.unsafelyUnwrapped[index] = newValue }
  }
}

/// Elements that chunks of a parallel run read (the outline's values,
/// while the run has them to itself).
@usableFromInline
internal struct _SharedNodes<Element>: @unchecked Sendable {
  @usableFromInline let base: UnsafePointer<Element>?

  @inlinable init(_ buffer: UnsafeBufferPointer<Element>) { base = buffer.baseAddress }

  @inlinable subscript(index: Int) -> Element { base.unsafelyUnwrapped[index] }
}
