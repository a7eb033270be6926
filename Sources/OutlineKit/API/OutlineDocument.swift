/// An outline that users edit, with its undo history: the one shape the
/// category tree, the descriptor form, JSON documents and the demo's and
/// the GTK window's documents share.
///
/// A document keeps its outline and its `Outline.History` together, makes
/// its edits as steps of that history, and reports changes in its own
/// terms (`Change`: an `OutlineChange`, or a `SectionedChange` for a table
/// with sections). In return it gets an Edit menu's whole state and
/// actions, which never disagree with the outline:
///
/// ```swift
/// undoItem.isEnabled = document.canUndo        // exact, at every moment
/// undoItem.title = "Undo \(document.undoName ?? "")"
/// if let change = document.undo() { apply(change) }
/// ```
///
/// To conform, a type gives its outline and history, a way to edit both
/// (``editOutline(_:)``), and, when its changes are not `OutlineChange`,
/// how an outline change reads in its terms (``documentChange(_:)``).
///
/// ```swift
/// struct Notes: OutlineDocument {
///   private(set) var outline: Outline<Note>
///   private(set) var history = Outline<Note>.History()
///
///   mutating func editOutline<Result>(
///     _ body: (inout Outline<Note>, inout Outline<Note>.History) throws -> Result
///   ) rethrows -> Result {
///     try body(&outline, &history)
///   }
/// }
/// ```
public protocol OutlineDocument {
  /// The outline's node type.
  associatedtype Node
  /// What the document's calls return for the rows they change.
  associatedtype Change = OutlineChange

  /// The document's outline.
  var outline: Outline<Node> { get }

  /// The undo history of the document's edits.
  var history: Outline<Node>.History { get }

  /// Runs `body` with the outline and the history to change: the one way
  /// the protocol's defaults (undo, redo, recording a step) reach them.
  mutating func editOutline<Result>(
    _ body: (inout Outline<Node>, inout Outline<Node>.History) throws -> Result
  ) rethrows -> Result

  /// A change of the outline in the document's terms, made after the
  /// change (a sectioned document reads its sections as they are now).
  func documentChange(_ change: OutlineChange) -> Change
}

extension OutlineDocument where Change == OutlineChange {
  /// The outline's change as it is.
  ///
  /// - Complexity: O(1).
  public func documentChange(_ change: OutlineChange) -> OutlineChange { change }
}

extension OutlineDocument {
  /// Whether ``undo()`` would undo a step now, exactly: false at once after
  /// an edit made outside the history, unchanged by an edit that was
  /// refused or changed nothing.
  ///
  /// - Complexity: O(1).
  public var canUndo: Bool { history.canUndo(in: outline) }

  /// Whether ``redo()`` would redo a step now, exactly.
  ///
  /// - Complexity: O(1).
  public var canRedo: Bool { history.canRedo(in: outline) }

  /// What the next undo takes back ("move Vinyl", "rename Fiction"), or
  /// nil when there is nothing to undo.
  ///
  /// - Complexity: O(1).
  public var undoName: String? { canUndo ? history.undoName : nil }

  /// What the next redo does again, or nil when there is nothing to redo.
  ///
  /// - Complexity: O(1).
  public var redoName: String? { canRedo ? history.redoName : nil }

  /// Undoes the newest step: what it edited is as it was, with the same
  /// node IDs.
  ///
  /// - Returns: The rows that changed, or nil when there is nothing to
  ///   undo.
  /// - Complexity: O(k log n) for the k nodes the step touched.
  @discardableResult
  public mutating func undo() -> Change? {
    guard let change = editOutline({ outline, history in history.undo(in: &outline) }) else { return nil }
    return documentChange(change)
  }

  /// Redoes the newest undone step.
  ///
  /// - Returns: The rows that changed, or nil when there is nothing to
  ///   redo.
  /// - Complexity: O(k log n) for the k nodes the step touched.
  @discardableResult
  public mutating func redo() -> Change? {
    guard let change = editOutline({ outline, history in history.redo(in: &outline) }) else { return nil }
    return documentChange(change)
  }

  /// Undoes the newest step and gives the selection back what it was
  /// before the step, its focus revealed.
  ///
  /// - Returns: The rows that changed, or nil when there is nothing to
  ///   undo.
  /// - Complexity: As `Outline.History.undo(in:selection:)`.
  @discardableResult
  public mutating func undo(selection: inout Outline<Node>.Selection) -> Change? {
    guard let change = editOutline({ outline, history in history.undo(in: &outline, selection: &selection) }) else {
      return nil
    }
    return documentChange(change)
  }

  /// Redoes the newest undone step and gives the selection back what it
  /// was after it.
  ///
  /// - Returns: The rows that changed, or nil when there is nothing to
  ///   redo.
  /// - Complexity: As `Outline.History.redo(in:selection:)`.
  @discardableResult
  public mutating func redo(selection: inout Outline<Node>.Selection) -> Change? {
    guard let change = editOutline({ outline, history in history.redo(in: &outline, selection: &selection) }) else {
      return nil
    }
    return documentChange(change)
  }

  /// Makes `body`'s edits one step of the history, named `name` (an Edit
  /// menu's "Undo Move"), and returns their change. A body that edits
  /// nothing keeps no step; one that throws is rolled back.
  ///
  /// - Complexity: As `Outline.History.record(in:named:_:)`.
  @discardableResult
  public mutating func record(
    named name: String? = nil, _ body: (inout Outline<Node>) throws -> Void
  ) rethrows -> Change {
    let change = try editOutline { outline, history in try history.record(in: &outline, named: name, body) }
    return documentChange(change)
  }

  /// Makes `body`'s edits one step, with the selection before and after
  /// it (undo and redo give it back), and returns their change.
  ///
  /// - Complexity: As `Outline.History.record(in:selection:named:_:)`.
  @discardableResult
  public mutating func record(
    named name: String? = nil, selection: inout Outline<Node>.Selection,
    _ body: (inout Outline<Node>, inout Outline<Node>.Selection) throws -> Void
  ) rethrows -> Change {
    let change = try editOutline { outline, history in
      try history.record(in: &outline, selection: &selection, named: name, body)
    }
    return documentChange(change)
  }
}
