import OutlineAdapters
import OutlineKit

/// What the adapters' undoable documents share (`CategoryTree`,
/// `DescriptorForm`: the same six members), so that the screens over them
/// undo and redo alike.
protocol UndoableDocument {
  var canUndo: Bool { get }
  var canRedo: Bool { get }
  var undoName: String? { get }
  var redoName: String? { get }
  mutating func undo() -> SectionedChange?
  mutating func redo() -> SectionedChange?
}

extension CategoryTree: UndoableDocument {}
extension DescriptorForm: UndoableDocument {}

extension UndoableDocument {
  /// Ctrl-Z (`forwards` false) or Ctrl-Y: undoes or redoes the last step,
  /// and writes the message ("undid: move Fiction", "Nothing to undo").
  ///
  /// - Returns: The step's name, the document before it, and the change;
  ///   nil when there was nothing to do.
  mutating func replay(
    forwards: Bool, context: inout ScreenContext
  ) -> (name: String, before: Self, change: SectionedChange)? {
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
