import Foundation
import OutlineKit

/// A search's run (`SearchAsYouType.Request.run`) on a thread of its own,
/// so the keys typed meanwhile are taken at once: the next key cancels it
/// (the run stops within a few thousand nodes per core) and starts the
/// next one; the screen's ticks apply it when it is done.
///
/// ```swift
/// running?.cancel()
/// running = BackgroundSearch(typing.request(for: text, in: outline) { ... }, clock: clock)
/// // on a tick:
/// if let done = running?.finished { _ = typing.apply(done.request, to: &outline) }
/// ```
final class BackgroundSearch<Node: Sendable>: @unchecked Sendable {
  /// The search box's text it runs for.
  let text: String
  /// When it started, on the screen's clock.
  let started: Double
  private let lock = NSCondition()
  private var cancelled = false
  private var done: (request: SearchAsYouType.Request<Node>, seconds: Double)?
  private var ended = false

  /// Starts running `request` on a new thread.
  ///
  /// - Complexity: O(1) here; the run costs the request's
  ///   `nodesToAsk` calls of its test, shared among the cores.
  init(_ request: SearchAsYouType.Request<Node>, clock: any DemoClock) {
    text = request.text
    let started = clock.now()
    self.started = started
    let thread = Thread { [self] in
      var request = request
      let finished = request.run(isCancelled: { [self] in isCancelled })
      let seconds = clock.now() - started
      lock.withLock {
        if finished { done = (request, seconds) }
        ended = true
        lock.broadcast()
      }
    }
    thread.name = "BackgroundSearch"
    thread.start()
  }

  /// Asks the run to stop; it ends soon after, with no result.
  ///
  /// - Complexity: O(1).
  func cancel() { lock.withLock { cancelled = true } }

  private var isCancelled: Bool { lock.withLock { cancelled } }

  /// The run's request with its answers, and how long the run took; nil
  /// while it runs, or when it was cancelled.
  ///
  /// - Complexity: O(1).
  var finished: (request: SearchAsYouType.Request<Node>, seconds: Double)? {
    lock.withLock { cancelled ? nil : done }
  }

  /// Blocks until the run ends (a key script's `wait`, or a search that
  /// must be in before the next step).
  ///
  /// - Complexity: The rest of the run.
  func waitUntilEnded() {
    lock.lock()
    defer { lock.unlock() }
    while !ended { lock.wait() }
  }
}
