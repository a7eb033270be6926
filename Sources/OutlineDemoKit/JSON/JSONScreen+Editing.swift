import Foundation
import OutlineJSON
import OutlineKit

/// The JSON screen's edits: the field being typed, and every change to the
/// document, made through ``edit(_:context:_:)``.
extension JSONScreen {
  /// Makes an edit: `body`'s edits are one step of the document's history
  /// (so the rows change in one step), with the selection (Ctrl-Z or `u`
  /// undoes it, Ctrl-Y redoes it); a thrown error is shown and the
  /// document is as it was. Returns whether the edit was made.
  ///
  /// - Complexity: That of `body`, plus O(r) for the r rows it changes.
  @discardableResult
  package mutating func edit(
    _ name: String, context: inout ScreenContext, _ body: (inout JSONEditor) throws -> Void
  ) -> Bool {
    let start = context.clock.now()
    do {
      try document.edit(named: name, selection: &selection) { editor, _ in try body(&editor) }
      lastOperation = (name, context.clock.now() - start)
      isModified = true
      return true
    } catch {
      context.message = .error("\(name.prefix(1).uppercased() + name.dropFirst()): \(error)")
      return false
    }
  }

  // MARK: Fields

  /// Opens a field: a scalar's value as JSON text, a member's key, or a
  /// new value (`"key": null` in an object, `null` elsewhere).
  mutating func beginEditing(_ field: Editing.Field, context: inout ScreenContext) {
    let text: String
    switch field {
    case .value(let id):
      guard !document.outline.hasChildren(id) else {
        context.message = .error("An object or array with members is edited through them: → opens it, a appends, d deletes")
        return
      }
      text = document.valueText(of: id)
    case .key(let id):
      guard let key = document.key(of: id) else {
        context.message = .error("Only object members have keys; this is \(document.outline.parent(of: id) == nil ? "a top-level value" : "an array element")")
        return
      }
      text = key
    case .insert(let parent, _):
      text = parent.map { document[$0].kind == .object } == true ? #""new": null"# : "null"
    }
    editing = Editing(field: field, editor: TextEditor(text))
  }

  /// A key while a field is open: Enter applies it, Esc cancels, Ctrl-U
  /// clears it, the rest edits the text.
  mutating func handleEditing(_ key: Key, context: inout ScreenContext) {
    guard var editing else { return }
    switch key {
    case .escape:
      self.editing = nil
      context.message = StatusMessage("Cancelled")
    case .enter:
      if apply(editing, context: &context) {
        self.editing = nil
      } else {
        // The field stays open, with the reason beside the text.
        self.editing?.problem = context.message?.text
      }
    case .control("u"):
      editing.editor = TextEditor("")
      editing.problem = nil
      self.editing = editing
    default:
      if editing.editor.handle(key) { editing.problem = nil }
      self.editing = editing
    }
  }

  /// Applies a field's text; false (with the error shown) when it cannot be.
  private mutating func apply(_ editing: Editing, context: inout ScreenContext) -> Bool {
    let text = editing.editor.text
    switch editing.field {
    case .value(let id):
      guard edit("set \(document.path(of: id))", context: &context, { try $0.setValue(of: id, toJSON: text) }) else { return false }
      context.message = StatusMessage("\(document.path(of: id)) = \(document.valueText(of: id))")
    case .key(let id):
      guard edit("rename \(document.path(of: id))", context: &context, { try $0.renameKey(of: id, to: text) }) else { return false }
      context.message = StatusMessage("Renamed: \(document.path(of: id))")
    case .insert(let parent, let index):
      var key: String?
      var json = text
      if let parent, document[parent].kind == .object {
        guard let member = Self.member(text) else {
          context.message = .error("Type one member, \"key\": value (a value is JSON: \"text\" in quotes, 12, true, null, {}, [])")
          return false
        }
        (key, json) = member
      }
      var inserted: NodeID?
      guard edit("insert", context: &context, { inserted = try $0.insertValue(json: json, key: key, under: parent, at: index) })
      else { return false }
      if let inserted {
        document.outline.reveal(inserted)
        selection.moveFocus(to: inserted, in: document.outline)
        context.message = StatusMessage("Inserted \(document.path(of: inserted))")
      }
    }
    return true
  }

  /// `"key": value` read as a member: the key, and the value's JSON text;
  /// nil unless the text is exactly one member.
  static func member(_ text: String) -> (key: String, json: String)? {
    let wrapped = Array(("{" + text + "}").utf8)
    guard let parsed = try? JSONDocument(bytes: wrapped), let object = parsed.outline.roots.first,
      parsed.outline.children(of: object).count == 1
    else { return nil }
    let member = parsed.outline.children(of: object)[0]
    guard let key = parsed.key(of: member), let keyRange = parsed.byteRanges(of: member)?.key,
      let colon = wrapped[keyRange.upperBound...].firstIndex(of: UInt8(ascii: ":"))
    else { return nil }
    return (key, String(decoding: wrapped[(colon + 1) ..< (wrapped.count - 1)], as: UTF8.self))
  }

  // MARK: Inserting, deleting, moving

  /// `i`: a new value after the focused one (into the focused document
  /// value when it is the only root).
  mutating func insertAfterFocus(context: inout ScreenContext) {
    guard let focus else { return }
    guard let parent = document.outline.parent(of: focus) else {
      if document.format == .jsonLines {
        beginEditing(.insert(parent: nil, index: document.outline.indexInParent(of: focus) + 1), context: &context)
      } else {
        appendIntoFocus(context: &context)
      }
      return
    }
    beginEditing(.insert(parent: parent, index: document.outline.indexInParent(of: focus) + 1), context: &context)
  }

  /// `a`: a new value at the end of the focused object or array.
  mutating func appendIntoFocus(context: inout ScreenContext) {
    guard let focus else { return }
    guard document[focus].isContainer else {
      context.message = .error("A \(document[focus].kind) holds nothing: a appends into an object or array (i inserts after this value)")
      return
    }
    beginEditing(.insert(parent: focus, index: document.outline.children(of: focus).count), context: &context)
  }

  /// The selected values (or the focused one), without those inside
  /// another of them, in document order.
  func targets() -> [NodeID] {
    var ids = selection.selectedNodes
    if ids.isEmpty, let focus { ids = [focus] }
    let outline = document.outline
    let tops = ids.filter { id in
      var ancestor = outline.parent(of: id)
      while let current = ancestor {
        if ids.contains(current) { return false }
        ancestor = outline.parent(of: current)
      }
      return true
    }
    return tops.sorted { a, b in
      let (rowA, rowB) = (outline.row(of: a), outline.row(of: b))
      return (rowA ?? Int.max, a) < (rowB ?? Int.max, b)
    }
  }

  /// `d` or Delete: deletes the selected values, or the focused one.
  mutating func deleteSelection(context: inout ScreenContext) {
    let ids = targets()
    guard !ids.isEmpty else { return }
    if document.format == .json && ids.contains(where: { document.outline.parent(of: $0) == nil }) {
      context.message = .error("The document's value cannot be deleted: delete its members, or edit it (e)")
      return
    }
    let paths = ids.prefix(2).map { document.path(of: $0) }
    let name = "delete " + (ids.count == 1 ? paths[0] : DemoFormat.count(ids.count, "value"))
    guard edit(name, context: &context, { editor in for id in ids { editor.removeValue(id) } }) else { return }
    selection.deselectAll(in: document.outline)
    context.message = StatusMessage(
      "Deleted \(ids.count == 1 ? paths[0] : DemoFormat.count(ids.count, "value") + " (\(paths.joined(separator: ", "))…)") · s saves")
  }

  /// `[` and `]`: moves the selected values (or the focused one) one
  /// place up or down among their siblings.
  mutating func moveSelection(by delta: Int, context: inout ScreenContext) {
    let ids = targets()
    guard let first = ids.first else { return }
    let parent = document.outline.parent(of: first)
    guard ids.allSatisfy({ document.outline.parent(of: $0) == parent }) else {
      context.message = .error("Select values of one object or array to move them together")
      return
    }
    let indices = ids.map { document.outline.indexInParent(of: $0) }
    let siblings = parent.map { document.outline.children(of: $0).count } ?? document.outline.roots.count
    // The gap before the sibling above the first, or after the one below the last.
    let gap = delta < 0 ? indices.min()! - 1 : indices.max()! + 2
    guard gap >= 0 && gap <= siblings else {
      context.message = StatusMessage(delta < 0 ? "Already the first" : "Already the last")
      return
    }
    let name = "move " + (ids.count == 1 ? document.path(of: first) : DemoFormat.count(ids.count, "value"))
    guard edit(name, context: &context, { try $0.moveValues(ids, under: parent, before: gap) }) else { return }
    context.message = StatusMessage("Moved \(ids.count == 1 ? document.path(of: first) : DemoFormat.count(ids.count, "value")) \(delta < 0 ? "up" : "down")")
  }

  // MARK: Undo and redo

  /// Ctrl-Z or `u` (`forwards` false), Ctrl-Y: undoes or redoes the last
  /// edit; the focus and the selection are what they were before (after)
  /// it, the focused value revealed.
  mutating func replay(forwards: Bool, context: inout ScreenContext) {
    guard forwards ? document.canRedo : document.canUndo else {
      context.message = .nothingToReplay(forwards: forwards)
      return
    }
    let name = (forwards ? document.redoName : document.undoName) ?? "an edit"
    let start = context.clock.now()
    if forwards {
      document.redo(selection: &selection)
    } else {
      document.undo(selection: &selection)
    }
    lastOperation = (forwards ? "redo" : "undo", context.clock.now() - start)
    isModified = true
    context.message = .replayed(name, forwards: forwards)
  }

  // MARK: Saving

  /// `s`: saves the document to its file, atomically.
  mutating func save(context: inout ScreenContext) {
    guard let path else {
      context.message = .error("Read from standard input: there is no file to save to")
      return
    }
    let start = context.clock.now()
    do {
      try document.save(to: URL(fileURLWithPath: path))
      lastOperation = ("save", context.clock.now() - start)
      isModified = false
      context.message = StatusMessage("Saved \(path) in \(DemoFormat.duration(lastOperation!.seconds))")
    } catch {
      context.message = .error("\(error)")
    }
  }
}
