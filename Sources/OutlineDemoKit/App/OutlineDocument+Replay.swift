import OutlineKit

/// Ctrl-Z and Ctrl-Y on the screens over a document (`CategoryTree`,
/// `DescriptorForm`, `JSONDocument`): the engine's one document shape
/// gives undo, redo and their exact state.
extension OutlineDocument {
  /// Ctrl-Z (`forwards` false) or Ctrl-Y: undoes or redoes the last step,
  /// and writes the message ("undid: move Fiction", "Nothing to undo").
  ///
  /// - Returns: The step's name, the document before it, and the change;
  ///   nil when there was nothing to do.
  mutating func replay(
    forwards: Bool, context: inout ScreenContext
  ) -> (name: String, before: Self, change: Change)? {
    guard forwards ? canRedo : canUndo else {
      context.message = .nothingToReplay(forwards: forwards)
      return nil
    }
    let name = (forwards ? redoName : undoName) ?? "an edit"
    let before = self
    guard let change = forwards ? redo() : undo() else { return nil }
    context.message = .replayed(name, forwards: forwards)
    return (name, before, change)
  }
}
