/// A message on the line above the status bar: what the last key did, or
/// what went wrong.
public struct StatusMessage: Hashable, Sendable {
  /// The text.
  public var text: String
  /// Whether it reports a failure (shown as an error).
  public var isError: Bool

  /// Creates a message.
  ///
  /// - Complexity: O(1).
  public init(_ text: String, isError: Bool = false) {
    self.text = text
    self.isError = isError
  }

  /// A failure message.
  ///
  /// - Complexity: O(1).
  public static func error(_ text: String) -> StatusMessage {
    StatusMessage(text, isError: true)
  }
}
