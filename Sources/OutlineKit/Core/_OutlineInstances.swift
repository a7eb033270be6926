import Dispatch

/// Numbers for outlines, unique in the process: what tells a search
/// request that an outline is not the one it was made from, when both
/// have the same versions (two fresh outlines do).
@usableFromInline
internal enum _OutlineInstances {
  private static let counter = _Counter()

  /// The next number: one per outline made (a copy keeps its number).
  ///
  /// - Complexity: O(1); a lock taken once per outline made.
  @usableFromInline
  static func next() -> UInt64 { counter.next() }

  private final class _Counter: @unchecked Sendable {
    private let queue = DispatchQueue(label: "swift-outline.instances")
    private var last: UInt64 = 0

    func next() -> UInt64 {
      queue.sync {
        last &+= 1
        return last
      }
    }
  }
}
