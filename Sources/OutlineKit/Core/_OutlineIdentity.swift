import Dispatch

/// The identity of an outline, and of its copies until they change: a
/// number unique in the process, what tells a search request that an
/// outline is not the one it was made from when both have the same
/// versions (two fresh outlines do; so do two copies edited alike).
@usableFromInline
internal final class _OutlineIdentity: Sendable {
  @usableFromInline let number: UInt64

  /// A new identity, with the next number.
  ///
  /// - Complexity: O(1); a lock taken once.
  @usableFromInline
  init() { number = _OutlineIdentity.counter.next() }

  private static let counter = _Counter()

  private final class _Counter: @unchecked Sendable {
    private let queue = DispatchQueue(label: "swift-outline.identities")
    private var last: UInt64 = 0

    func next() -> UInt64 {
      queue.sync {
        last &+= 1
        return last
      }
    }
  }
}
