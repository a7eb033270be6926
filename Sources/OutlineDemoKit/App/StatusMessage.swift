/// A message on the line above the status bar: what the last key did, or
/// what went wrong.
package struct StatusMessage: Hashable, Sendable {
  /// The text.
  package var text: String
  /// Whether it reports a failure (shown as an error).
  package var isError: Bool

  /// Creates a message.
  ///
  /// - Complexity: O(1).
  package init(_ text: String, isError: Bool = false) {
    self.text = text
    self.isError = isError
  }

  /// A failure message.
  ///
  /// - Complexity: O(1).
  package static func error(_ text: String) -> StatusMessage {
    StatusMessage(text, isError: true)
  }

  /// What an undo (or, with `forwards`, a redo) did: `undid: moved 3 rows
  /// · Ctrl-Y redoes it`.
  ///
  /// - Complexity: O(n) in the name's length.
  package static func replayed(_ name: String, forwards: Bool) -> StatusMessage {
    StatusMessage(
      (forwards ? "redid: " : "undid: ") + TerminalText.sanitized(name) + " · "
        + (forwards ? "Ctrl-Z undoes it" : "Ctrl-Y redoes it"))
  }

  /// That there is nothing to undo (or, with `forwards`, to redo).
  ///
  /// - Complexity: O(1).
  package static func nothingToReplay(forwards: Bool) -> StatusMessage {
    StatusMessage(forwards ? "Nothing to redo" : "Nothing to undo")
  }
}
