import OutlineKit

/// Editing a document: every edit is a step of the document's undo history
/// (`OutlineDocument`: `undo()`, `redo()`, `canUndo`, ...), and the
/// document gives the edits its source, which is where the text they write
/// goes.
///
/// One edit is one call:
///
/// ```swift
/// try document.renameKey(of: id, to: "userName")
/// try document.setValue(of: count, toJSON: "42")
/// let (folder, change) = try document.insertValue(json: #"{"beta": true}"#, key: "flags", under: root, at: 0)
/// document.undo()                                  // the insert goes
/// ```
///
/// Several edits are one step, and one change:
///
/// ```swift
/// let change = try document.edit(named: "normalize") { editor in
///   try editor.setString(of: name, to: "Ada")
///   try editor.moveValues([tag], under: tags, before: 0)
/// }
/// ```
///
/// An edit that cannot be made throws ``JSONEditError`` and changes nothing:
/// a step whose body throws is rolled back whole.
extension JSONDocument: OutlineDocument {
  /// Runs `body` with the document's outline and history: the way
  /// `OutlineDocument`'s undo, redo and `record` reach them.
  ///
  /// - Complexity: O(1) besides `body`.
  public mutating func editOutline<Result>(
    _ body: (inout Outline<JSONNode>, inout Outline<JSONNode>.History) throws -> Result
  ) rethrows -> Result {
    try body(&outline, &history)
  }

  /// Makes `body`'s edits one step of the history, named `name` ("Undo
  /// \(name)"), and returns their change. A body that throws is rolled
  /// back and its error rethrown.
  ///
  /// - Complexity: The edits', plus the history's bookkeeping.
  @discardableResult
  public mutating func edit(named name: String? = nil, _ body: (inout JSONEditor) throws -> Void) rethrows -> OutlineChange {
    let source = self.source
    return try record(named: name) { outline in try JSONEditor.editing(&outline, in: source, body) }
  }

  /// Makes `body`'s edits one step, with the selection before and after it
  /// (undo and redo give it back), and returns their change.
  ///
  /// - Complexity: The edits', plus the history's bookkeeping.
  @discardableResult
  public mutating func edit(
    named name: String? = nil, selection: inout Outline<JSONNode>.Selection,
    _ body: (inout JSONEditor, inout Outline<JSONNode>.Selection) throws -> Void
  ) rethrows -> OutlineChange {
    let source = self.source
    return try record(named: name, selection: &selection) { outline, selection in
      try JSONEditor.editing(&outline, in: source) { try body(&$0, &selection) }
    }
  }

  /// Renames an object member's key, as one step (see
  /// ``JSONEditor/renameKey(of:to:)``).
  ///
  /// - Complexity: O(log n + k + v) for a key of k bytes and a value of v.
  @discardableResult
  public mutating func renameKey(of id: NodeID, to key: String) throws -> OutlineChange {
    try edit(named: "rename \(path(of: id))") { try $0.renameKey(of: id, to: key) }
  }

  /// Sets a scalar's value from JSON text, as one step (see
  /// ``JSONEditor/setValue(of:toJSON:)``).
  ///
  /// - Complexity: O(log n + k + v) for a key of k bytes and a value of v.
  @discardableResult
  public mutating func setValue(of id: NodeID, toJSON json: String) throws -> OutlineChange {
    try edit(named: "set \(path(of: id))") { try $0.setValue(of: id, toJSON: json) }
  }

  /// Sets a value to a string, as one step (see
  /// ``JSONEditor/setString(of:to:)``).
  ///
  /// - Complexity: O(log n + k + v) for a key of k bytes and a value of v.
  @discardableResult
  public mutating func setString(of id: NodeID, to text: String) throws -> OutlineChange {
    try edit(named: "set \(path(of: id))") { try $0.setString(of: id, to: text) }
  }

  /// Inserts a value read from JSON text, as one step (see
  /// ``JSONEditor/insertValue(json:key:under:at:)``).
  ///
  /// - Returns: The new node and the rows that changed.
  /// - Complexity: O(log n + m) for a value of m nodes (and its text).
  @discardableResult
  public mutating func insertValue(
    json: String, key: String?, under parent: NodeID?, at index: Int
  ) throws -> (node: NodeID, change: OutlineChange) {
    var node: NodeID?
    let change = try edit(named: "insert") { node = try $0.insertValue(json: json, key: key, under: parent, at: index) }
    return (node!, change)
  }

  /// Moves values to a gap among a container's members or elements, as
  /// one step (see ``JSONEditor/moveValues(_:under:before:)``).
  ///
  /// - Complexity: O(m log n) for m values, plus their nodes when their
  ///   depth changes.
  @discardableResult
  public mutating func moveValues(
    _ ids: some Sequence<NodeID>, under parent: NodeID?, before index: Int
  ) throws -> OutlineChange {
    let ids = Array(ids)
    return try edit(named: ids.count == 1 ? "move \(path(of: ids[0]))" : "move \(ids.count) values") {
      try $0.moveValues(ids, under: parent, before: index)
    }
  }

  /// Removes a value with everything in it, as one step.
  ///
  /// - Precondition: `id` names a node of this document.
  /// - Complexity: O(log n + m) for an m-node value.
  @discardableResult
  public mutating func removeValue(_ id: NodeID) -> OutlineChange {
    edit(named: "delete \(path(of: id))") { $0.removeValue(id) }
  }
}

/// The edits of a document's step: what ``JSONDocument/edit(named:_:)``
/// hands its body. It holds the document's outline while the step runs,
/// and its source, where the text the edits write goes.
public struct JSONEditor {
  /// The document's outline, as the edits so far left it.
  public private(set) var outline: Outline<JSONNode>
  /// The document's source.
  public let source: JSONSource

  /// Runs `body` on an editor holding `outline` (moved in and back, so
  /// nothing is copied).
  static func editing<Result>(
    _ outline: inout Outline<JSONNode>, in source: JSONSource, _ body: (inout JSONEditor) throws -> Result
  ) rethrows -> Result {
    var editor = JSONEditor(outline: outline, source: source)
    outline = Outline()
    defer { outline = editor.outline }
    return try body(&editor)
  }

  /// Renames an object member's key (duplicate keys are allowed, as in the
  /// documents read); the new key is added to the source.
  ///
  /// - Parameters:
  ///   - id: An object member.
  ///   - key: The new key, any text (it is escaped as JSON needs).
  /// - Throws: ``JSONEditError`` `.notAMember` when `id` is not a member.
  /// - Complexity: O(log n + k + v) for a key of k bytes and a value of v.
  public mutating func renameKey(of id: JSONDocument.NodeID, to key: String) throws {
    try outline._renameKey(of: id, to: key, in: source)
  }

  /// Sets a scalar's value from JSON text: `42`, `-1.5e3`, `"text"`,
  /// `true`, `false`, `null`, or `{}` / `[]` for an empty object or array.
  /// The value may change kind; an empty object or array may become a
  /// scalar.
  ///
  /// ```swift
  /// try editor.setValue(of: id, toJSON: #""Ada""#)   // a string
  /// try editor.setValue(of: id, toJSON: "Ada")       // throws: expected a value, found 'Ada'
  /// ```
  ///
  /// - Parameters:
  ///   - id: A scalar, or an empty object or array.
  ///   - json: The JSON text of the new value; whitespace around it is
  ///     ignored. Numbers keep their text.
  /// - Throws: ``JSONEditError`` `.invalidJSON` (naming the line and column
  ///   in `json`) when the text is not one JSON value, `.notAScalar` when it
  ///   is an object or array with members, or `id` is one.
  /// - Complexity: O(log n + k + v) for a key of k bytes and a value of v.
  public mutating func setValue(of id: JSONDocument.NodeID, toJSON json: String) throws {
    try outline._setValue(of: id, toJSON: json, in: source)
  }

  /// Sets a value to a string, any text (it is escaped as JSON needs).
  ///
  /// - Throws: ``JSONEditError`` `.notAScalar` when `id` is an object or
  ///   array with members.
  /// - Complexity: O(log n + k + v) for a key of k bytes and a value of v.
  public mutating func setString(of id: JSONDocument.NodeID, to text: String) throws {
    try outline._setString(of: id, to: text, in: source)
  }

  /// Inserts a value read from JSON text (any value, with everything in
  /// it) under a container, or at the top level.
  ///
  /// - Parameters:
  ///   - json: The value's JSON text.
  ///   - key: Its key: required under an object, not allowed elsewhere.
  ///   - parent: An object or array, or nil for the top level.
  ///   - index: Its place among the parent's members or elements, from 0
  ///     to their count.
  /// - Returns: The new node (collapsed, as its members are).
  /// - Throws: ``JSONEditError``: `.invalidJSON` when the text is not one
  ///   JSON value, `.notAContainer` when `parent` is a scalar,
  ///   `.keyRequired` / `.keyNotAllowed` for a missing or extra key,
  ///   `.tooDeep` when it would be nested deeper than an outline holds.
  /// - Precondition: `index` is in range.
  /// - Complexity: O(log n + m) for a value of m nodes (and its text).
  @discardableResult
  public mutating func insertValue(
    json: String, key: String?, under parent: JSONDocument.NodeID?, at index: Int
  ) throws -> JSONDocument.NodeID {
    try outline._insertValue(json: json, key: key, under: parent, at: index, in: source)
  }

  /// Moves values (each with everything in it) to a gap among a
  /// container's members or elements, as a drag and drop does: they
  /// become consecutive, in document order. An element moved into an
  /// object gets a key (its index in the array it left); a member moved
  /// into an array keeps its key, unshown.
  ///
  /// - Parameters:
  ///   - ids: The values to move.
  ///   - parent: An object or array, or nil for the top level.
  ///   - index: The gap, counted before the move.
  /// - Throws: ``JSONEditError`` `.notAContainer` when `parent` is a scalar,
  ///   `.intoOwnSubtree` when it is one of the values or inside one; the
  ///   outline is left as it was.
  /// - Precondition: `index` is in `0 ... children(of: parent).count`.
  /// - Complexity: O(m log n) for m values, plus their nodes when their
  ///   depth changes (the engine's `move(_:to:)`).
  public mutating func moveValues(
    _ ids: some Sequence<JSONDocument.NodeID>, under parent: JSONDocument.NodeID?, before index: Int
  ) throws {
    try outline._moveValues(ids, under: parent, before: index, in: source)
  }

  /// Removes a value with everything in it.
  ///
  /// - Precondition: `id` names a node of the document.
  /// - Complexity: O(log n + m) for an m-node value.
  public mutating func removeValue(_ id: JSONDocument.NodeID) {
    outline.remove(id)
  }
}
