/// One undo step: the engine's log of the edits, the payloads it keeps
/// (removed nodes' values and the other value of each value set), and what
/// the app said about it.
@usableFromInline
internal struct _HistoryStep<Node> {
  @usableFromInline var log: _EditLog
  /// At the log's entry places: the payload of each node the step keeps
  /// out of the outline (nil while it is in it), and each value op's other
  /// value.
  @usableFromInline var payloads: ContiguousArray<Node?>
  @usableFromInline var name: String?
  /// The selection before and after the step, when it was recorded with
  /// one.
  @usableFromInline var selectionBefore: _SelectionCore?
  @usableFromInline var selectionAfter: _SelectionCore?

  @inlinable
  init(log: _EditLog, payloads: ContiguousArray<Node?>, name: String?) {
    self.log = log
    self.payloads = payloads
    self.name = name
  }
}

extension _HistoryStep: Sendable where Node: Sendable {}
