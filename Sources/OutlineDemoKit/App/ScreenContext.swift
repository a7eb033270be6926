/// What a screen needs from the app while it handles a key or a tick: the
/// clock, the height of its list, and the message line to write to.
public struct ScreenContext {
  /// The clock.
  public let clock: any DemoClock
  /// The lines the screen's body has (the page size for Page Up / Down).
  public var bodyHeight: Int
  /// The message to show after this key; screens set it.
  public var message: StatusMessage?

  /// Creates a context.
  ///
  /// - Complexity: O(1).
  public init(clock: any DemoClock, bodyHeight: Int, message: StatusMessage? = nil) {
    self.clock = clock
    self.bodyHeight = bodyHeight
    self.message = message
  }
}
