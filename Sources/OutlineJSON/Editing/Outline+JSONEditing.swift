import OutlineKit

/// The edits of a JSON document's outline, made through the document
/// (`JSONDocument.edit(named:_:)` and its one-edit calls), which gives them
/// its source: renaming keys, setting scalars, inserting and moving members
/// and elements.
///
/// Each edit is an ordinary mutation of the `Outline` (subscript sets,
/// `insert`, `remove`, `move`), so edits compose in a step of the
/// document's history. An edit that writes text (a key, a value, an
/// inserted value) adds it to the document's source, and the changed node
/// points there. An edit that cannot be made throws ``JSONEditError`` and
/// changes nothing.
extension Outline where Node == JSONNode {
  /// Renames an object member's key (duplicate keys are allowed, as in the
  /// documents read).
  ///
  /// - Parameters:
  ///   - id: An object member.
  ///   - key: The new key, any text (it is escaped as JSON needs).
  ///   - source: The source the outline's nodes point into; the new key is
  ///     added to it.
  /// - Throws: ``JSONEditError`` `.notAMember` when `id` is not a member.
  /// - Complexity: O(log n + k + v) for a key of k bytes and a value of v.
  mutating func _renameKey(of id: NodeID, to key: String, in source: JSONSource) throws {
    guard let parent = parent(of: id), self[parent].kind == .object else { throw JSONEditError(.notAMember) }
    let node = self[id]
    self[id] = Self._node(node, key: _JSONEncoding.quoted(key), value: Self._valueText(of: node, in: source), in: source)
  }

  /// Sets a scalar's value from JSON text: `42`, `-1.5e3`, `"text"`,
  /// `true`, `false`, `null`, or `{}` / `[]` for an empty object or array.
  /// The value may change kind; an empty object or array may become a
  /// scalar.
  ///
  /// ```swift
  /// try outline.setValue(of: id, toJSON: #""Ada""#, in: source)   // a string
  /// try outline.setValue(of: id, toJSON: "Ada", in: source)       // throws: expected a value, found 'Ada'
  /// ```
  ///
  /// - Parameters:
  ///   - id: A scalar, or an empty object or array.
  ///   - json: The JSON text of the new value; whitespace around it is
  ///     ignored. Numbers keep their text.
  ///   - source: The source the outline's nodes point into; the new value
  ///     is added to it.
  /// - Throws: ``JSONEditError`` `.invalidJSON` (naming the line and column
  ///   in `json`) when the text is not one JSON value, `.notAScalar` when it
  ///   is an object or array with members, or `id` is one.
  /// - Complexity: O(log n + k + v) for a key of k bytes and a value of v.
  mutating func _setValue(of id: NodeID, toJSON json: String, in source: JSONSource) throws {
    // A value with members would be nested deeper than 0.
    let parsed = try Self._parse(json, maximumDepth: 0, tooDeep: .notAScalar)
    guard !hasChildren(id) else { throw JSONEditError(.notAScalar) }
    let new = parsed.outline[parsed.outline.roots[0]]
    let node = self[id]
    let key = source._withKeyToken(of: node) { token, _ in Array(token) }
    self[id] = Self._node(new, key: key, value: Self._valueText(of: new, in: parsed.source), in: source)
  }

  /// Sets a value to a string: the text is escaped as JSON needs.
  ///
  /// - Parameters:
  ///   - id: A scalar, or an empty object or array.
  ///   - text: Any text.
  ///   - source: The source the outline's nodes point into.
  /// - Throws: ``JSONEditError`` `.notAScalar` when `id` is an object or
  ///   array with members.
  /// - Complexity: O(log n + k + v) for a key of k bytes and a text of v.
  mutating func _setString(of id: NodeID, to text: String, in source: JSONSource) throws {
    try _setValue(of: id, toJSON: JSONDocument.quoted(text), in: source)
  }

  /// Inserts a value, given as JSON text, into an object, an array or (for
  /// JSON Lines) the top level. The text may be any JSON value: a scalar,
  /// or an object or array with everything in it.
  ///
  /// ```swift
  /// let id = try outline.insertValue(
  ///   json: #"{"name": "Ada", "tags": []}"#, key: "user", under: root, at: 0, in: document.source)
  /// ```
  ///
  /// - Parameters:
  ///   - json: The value's JSON text.
  ///   - key: Its key: required under an object, not allowed elsewhere.
  ///   - parent: An object or array, or nil for the top level.
  ///   - index: Its place among the parent's members or elements, from 0
  ///     to their count.
  ///   - source: The source the outline's nodes point into; the text is
  ///     added to it.
  /// - Returns: The new node (collapsed, as its members are).
  /// - Throws: ``JSONEditError``: `.invalidJSON` when the text is not one
  ///   JSON value, `.notAContainer` when `parent` is a scalar,
  ///   `.keyRequired` / `.keyNotAllowed` for a missing or extra key,
  ///   `.tooDeep` when it would be nested deeper than an outline holds.
  /// - Precondition: `index` is in range.
  /// - Complexity: O(log n + m) for a value of m nodes (and its text).
  @discardableResult
  mutating func _insertValue(
    json: String, key: String?, under parent: NodeID?, at index: Int, in source: JSONSource
  ) throws -> NodeID {
    let depth = parent.map { self.depth(of: $0) + 1 } ?? 0
    if let parent {
      let kind = self[parent].kind
      guard kind.isContainer else { throw JSONEditError(.notAContainer(kind)) }
      if kind == .object && key == nil { throw JSONEditError(.keyRequired) }
      if kind == .array && key != nil { throw JSONEditError(.keyNotAllowed) }
    } else if key != nil {
      throw JSONEditError(.keyNotAllowed)
    }
    guard depth <= Self.maximumDepth else { throw JSONEditError(.tooDeep) }
    let parsed = try Self._parse(json, maximumDepth: Self.maximumDepth - depth, tooDeep: .tooDeep)
    // The text goes into the source as it is; every node read from it
    // moves to where it landed.
    let base = UInt64(source._appendEdit(parsed.source.bytes))
    func moved(_ node: JSONNode) -> JSONNode { JSONNode(_bits: (node._bits + base) | JSONNode.editedFlag) }
    let top = parsed.outline.roots[0]
    var children: [Int: [JSONNode]] = [:]
    var pending = [top]
    while let next = pending.popLast() {
      let kids = parsed.outline.children(of: next)
      guard !kids.isEmpty else { continue }
      children[parsed.outline[next]._offset + Int(base)] = kids.map { moved(parsed.outline[$0]) }
      pending += kids
    }
    var node = moved(parsed.outline[top])
    if let key {
      // The top value with its key, where its members can still be found.
      let keyed = Self._node(node, key: _JSONEncoding.quoted(key), value: Self._valueText(of: node, in: source), in: source)
      children[keyed._offset] = children[node._offset]
      node = keyed
    }
    return insert(node, under: parent, at: index) { children[$0._offset] ?? [] }
  }

  /// Moves values (each with everything in it) into an object, an array
  /// or (for JSON Lines) the top level, so that they stand side by side,
  /// in document order, at the gap `index`: the gap among the parent's
  /// members or elements before the move (0: first; their count: last).
  ///
  /// A value inside another moved value travels with it. An element (or
  /// a top-level value) moved into an object gets a key, the index it had
  /// (`"0"`, `"1"`, ...); a member moved into an array keeps its key,
  /// unshown, for a move back.
  ///
  /// ```swift
  /// try outline.moveValues([b], under: array, before: 0, in: source)   // b becomes the first element
  /// ```
  ///
  /// - Parameters:
  ///   - ids: The values to move.
  ///   - parent: An object or array, or nil for the top level.
  ///   - index: The gap, counted before the move.
  ///   - source: The source the outline's nodes point into; the keys that
  ///     elements get are added to it.
  /// - Throws: ``JSONEditError`` `.notAContainer` when `parent` is a scalar,
  ///   `.intoOwnSubtree` when it is one of the values or inside one; the
  ///   outline is left as it was.
  /// - Precondition: `index` is in `0 ... children(of: parent).count`.
  /// - Complexity: O(m log n) for m values, plus their nodes when their
  ///   depth changes (the engine's `move(_:to:)`).
  mutating func _moveValues(
    _ ids: some Sequence<NodeID>, under parent: NodeID?, before index: Int, in source: JSONSource
  ) throws {
    let ids = Array(ids)
    let count = parent.map { children(of: $0).count } ?? roots.count
    precondition(index >= 0 && index <= count, "moveValues: index \(index) is not in 0 ... \(count)")
    if let parent {
      let kind = self[parent].kind
      guard kind.isContainer else { throw JSONEditError(.notAContainer(kind)) }
    }
    let target = DropTarget(parent: parent, index: index)
    guard canMove(ids, to: target) else { throw JSONEditError(.intoOwnSubtree) }
    // The keys elements get in an object: the indices they have before any
    // of them moves.
    let intoObject = parent.map { self[$0].kind == .object } ?? false
    var keys: [NodeID: String] = [:]
    if intoObject {
      for id in ids where !self[id].hasKey { keys[id] = String(indexInParent(of: id)) }
    }
    try move(ids, to: target)
    // The values that moved on their own now sit under `parent`; those
    // inside them kept their keys and places.
    for (id, key) in keys where self.parent(of: id) == parent {
      self[id] = Self._node(self[id], key: _JSONEncoding.quoted(key), value: Self._valueText(of: self[id], in: source), in: source)
    }
  }

  /// A node of `node`'s kind whose text, added to `source`, is `key` (its
  /// JSON text, or nil for none), a colon and `value` (a scalar's JSON
  /// text, a container's opening bracket).
  static func _node(_ node: JSONNode, key: [UInt8]?, value: [UInt8], in source: JSONSource) -> JSONNode {
    var text = key ?? []
    if key != nil { text.append(UInt8(ascii: ":")) }
    text += value
    let offset = UInt64(source._appendEdit(text))
    var bits = offset | UInt64(node.kind.rawValue) << JSONNode.kindShift | JSONNode.editedFlag
    if let key {
      bits |= JSONNode.keyFlag
      if key.contains(UInt8(ascii: "\\")) { bits |= JSONNode.keyEscapedFlag }
    }
    if node.kind == .string && value.contains(UInt8(ascii: "\\")) { bits |= JSONNode.valueEscapedFlag }
    return JSONNode(_bits: bits)
  }

  /// A node's value as JSON text: a scalar's text, a container's opening
  /// bracket.
  static func _valueText(of node: JSONNode, in source: JSONSource) -> [UInt8] {
    source._withValueToken(of: node) { token, _ in Array(token) }
  }

  /// One JSON value read from text for an edit; a value nested deeper
  /// than `maximumDepth` throws `tooDeep`.
  static func _parse(_ json: String, maximumDepth: Int, tooDeep: JSONEditError.Reason) throws -> JSONDocument {
    do {
      return try JSONDocument(bytes: Array(json.utf8), maximumDepth: maximumDepth)
    } catch let error as JSONSyntaxError {
      if case .tooDeep = error.reason { throw JSONEditError(tooDeep) }
      throw JSONEditError(.invalidJSON(error))
    }
  }
}
