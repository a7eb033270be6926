/// What a screen needs from the app while it handles a key or a tick: the
/// clock, the height of its list, and the message line to write to.
package struct ScreenContext {
  /// The clock.
  package let clock: any DemoClock
  /// The lines the screen's body has (the page size for Page Up / Down).
  package var bodyHeight: Int
  /// The message to show after this key; screens set it.
  package var message: StatusMessage?

  /// Creates a context.
  ///
  /// - Complexity: O(1).
  package init(clock: any DemoClock, bodyHeight: Int, message: StatusMessage? = nil) {
    self.clock = clock
    self.bodyHeight = bodyHeight
    self.message = message
  }
}
