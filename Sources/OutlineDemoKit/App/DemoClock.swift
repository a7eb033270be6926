import Foundation

/// Where the demo reads the time: for the lazy loads' delay, the big tree's
/// "last operation" timings, type-ahead's pause, and the date picker's
/// "today".
///
/// The terminal uses ``SystemClock``; tests inject a ``ManualClock`` so that
/// nothing depends on how fast the machine is or what day it is.
package protocol DemoClock: AnyObject, Sendable {
  /// Seconds on a monotonic scale (only differences mean anything).
  func now() -> Double
  /// The current date, for a date picker that has no date yet.
  func today() -> Date
}

/// The real clock: monotonic seconds from the system's uptime (every
/// platform the package declares has it; `ContinuousClock` needs macOS 13),
/// and the system's date.
package final class SystemClock: DemoClock {
  private let origin = ProcessInfo.processInfo.systemUptime

  /// Creates a clock whose ``now()`` starts near 0.
  ///
  /// - Complexity: O(1).
  package init() {}

  /// Seconds since the clock was created.
  ///
  /// - Complexity: O(1).
  package func now() -> Double {
    ProcessInfo.processInfo.systemUptime - origin
  }

  /// The system's current date.
  ///
  /// - Complexity: O(1).
  package func today() -> Date { Date() }
}

/// A clock that moves only when told to: for tests.
///
/// Every reading of ``now()`` first adds ``stepPerReading`` (0 by
/// default), so an operation timed by two readings takes exactly that long.
///
/// ```swift
/// let clock = ManualClock(today: someDate)
/// clock.advance(by: 2)          // a pending load becomes due
/// clock.stepPerReading = 0.0005 // every timed operation takes 0.5 ms
/// ```
package final class ManualClock: DemoClock, @unchecked Sendable {
  private let lock = NSLock()
  private var seconds: Double
  private var step: Double = 0
  private let date: Date

  /// Creates a clock at `seconds`, whose ``today()`` is `today`.
  ///
  /// - Complexity: O(1).
  package init(seconds: Double = 0, today: Date = Date(timeIntervalSince1970: 946_728_000)) {
    self.seconds = seconds
    self.date = today
  }

  /// How far every reading moves the clock first.
  ///
  /// - Complexity: O(1).
  package var stepPerReading: Double {
    get { lock.withLock { step } }
    set { lock.withLock { step = newValue } }
  }

  /// Moves the clock forward.
  ///
  /// - Complexity: O(1).
  package func advance(by seconds: Double) {
    lock.withLock { self.seconds += seconds }
  }

  /// The current time, after moving it by ``stepPerReading``.
  ///
  /// - Complexity: O(1).
  package func now() -> Double {
    lock.withLock {
      seconds += step
      return seconds
    }
  }

  /// The fixed date given at creation (2000-01-01 12:00 UTC by default).
  ///
  /// - Complexity: O(1).
  package func today() -> Date { date }
}
