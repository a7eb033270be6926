import Foundation
import OutlineJSON
import OutlineKit

/// A JSON (or JSON Lines) file as a document (OutlineAdapters'
/// ``JSONDocument``): every value a row, members labelled by their keys and
/// elements by their indices, each with a one-line preview; values can be
/// dragged into other objects and arrays (an element that moves into an
/// object gets its index as its key), and the moves undone. Saving is not
/// the window's: the file on disk is not written.
public struct JSONFileDocument: EditableOutlineDocument {
  /// The document read.
  public private(set) var json: JSONDocument
  /// The file's name.
  public let title: String

  /// The file at `path`; JSON Lines when its name ends in `.jsonl`,
  /// `.ndjson` or `.jsonlines`.
  ///
  /// - Throws: `JSONFileError` when it cannot be read, `JSONSyntaxError`
  ///   naming the line and column where it stops being JSON.
  /// - Complexity: O(n) for n bytes.
  public init(path: String) throws {
    let url = URL(fileURLWithPath: path)
    json = try JSONDocument(contentsOf: url)
    title = url.lastPathComponent
  }
  /// The document's outline.
  public var outline: Outline<JSONNode> { json.outline }

  /// The document's history.
  public var history: Outline<JSONNode>.History { json.history }

  /// The search as it is typed.
  public var typing = SearchAsYouType()


  /// The JSON document's outline and history, changed in place.
  public mutating func editOutline<Result>(
    _ body: (inout Outline<JSONNode>, inout Outline<JSONNode>.History) throws -> Result
  ) rethrows -> Result {
    try json.editOutline(body)
  }

  /// A member's key, an element's index (`[3]`), a root's file name (a
  /// JSON Lines file: its line, from 1).
  public func label(of id: Outline<JSONNode>.NodeID) -> String {
    if let key = json.key(of: id) { return key }
    if let index = json.index(of: id) { return "[\(index)]" }
    return json.format == .jsonLines ? "line \(json.rootIndex(of: id) + 1)" : title
  }

  /// The value, or a summary of an object's first keys or an array's count.
  public func detail(of id: Outline<JSONNode>.NodeID) -> String? {
    json.preview(of: id)
  }

  /// Objects and arrays take dropped values.
  public func allowsChildren(_ id: Outline<JSONNode>.NodeID) -> Bool {
    outline[id].isContainer
  }
  /// A value matches when its key or its scalar value does.
  public func matches(_ matcher: SearchAsYouType.Matcher) -> @Sendable (JSONNode) -> Bool {
    let search = JSONSearch(matcher)
    let source = json.source
    return { search.matches($0, in: source) }
  }
  /// Moves values as the JSON document does (an element moved into an
  /// object gets a key), as a step of its history.
  public mutating func drop(
    _ ids: [Outline<JSONNode>.NodeID], at target: Outline<JSONNode>.DropTarget, named name: String,
    selection: inout Outline<JSONNode>.Selection
  ) throws -> OutlineChange {
    try json.edit(named: name, selection: &selection) { editor, _ in
      try editor.moveValues(ids, under: target.parent, before: target.index)
    }
  }
}
