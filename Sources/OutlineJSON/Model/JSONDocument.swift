import OutlineKit

/// A JSON document (or a JSON Lines file) as an outline: every value a
/// node, in document order, read in one pass over the bytes.
///
/// ```swift
/// var document = try JSONDocument(contentsOf: url)     // 100 MB: about a fifth of a second
/// let root = document.outline.roots[0]
/// document.outline.expand(root)
/// for id in document.outline.rows {
///   print(document.path(of: id), document.value(of: id) ?? document.preview(of: id))
/// }
/// ```
///
/// The outline holds ``JSONNode``s: 8 bytes each, pointing into the bytes
/// read (``source``), which are kept as they are; keys and values are
/// decoded when they are asked for. Objects and arrays are nodes whose
/// children are their members and elements, in order; duplicate keys are
/// kept, in order; numbers keep their text.
///
/// The reader is RFC 8259 exactly: every valid document reads, and every
/// invalid one throws a ``JSONSyntaxError`` naming the line, the column and
/// what was expected. It does not recurse: nesting is limited only by
/// ``maximumDepth`` (by default the deepest an outline holds).
///
/// Edits are `Outline` operations (`Outline.renameKey(of:to:in:)`,
/// `Outline.setValue(of:toJSON:in:)`, ...) on ``outline``, which add the
/// text they write to ``source``, so they can be made in batches and
/// recorded for undo; ``save(to:style:)`` writes the document back,
/// atomically.
public struct JSONDocument: Sendable {
  /// How the bytes hold values.
  public enum Format: Hashable, Sendable, CaseIterable {
    /// One JSON value (RFC 8259).
    case json
    /// JSON Lines: one JSON value per line (blank lines are skipped), each
    /// a root of the outline.
    case jsonLines

    /// The format a file name suggests: JSON Lines for `.jsonl`, `.ndjson`
    /// and `.jsonlines`, JSON otherwise.
    ///
    /// - Complexity: O(n) in the name's length.
    public init(fileName: String) {
      let lowercased = fileName.lowercased()
      let lines = [".jsonl", ".ndjson", ".jsonlines"].contains { lowercased.hasSuffix($0) }
      self = lines ? .jsonLines : .json
    }
  }

  /// The values as an outline: one root for JSON, one per line for JSON
  /// Lines; every node starts collapsed.
  public var outline: Outline<JSONNode>
  /// The bytes read, which the nodes point into.
  public let source: JSONSource
  /// How the bytes held values; ``JSONDocument/save(to:style:)`` writes the same.
  public let format: Format
  /// The deepest a value was allowed to be.
  public let maximumDepth: Int
  /// The undo history of the document's edits (`OutlineDocument` gives
  /// undo, redo and their exact state).
  public internal(set) var history = Outline<JSONNode>.History()
  /// How the search changed the filter as it was typed.
  internal var _typing = SearchAsYouType()

  /// Reads a document from UTF-8 bytes.
  ///
  /// ```swift
  /// let document = try JSONDocument(bytes: Array(#"{"a": [1, 2.50, "x"]}"#.utf8))
  /// document.outline.nodeCount    // 5: the object, the array, three elements
  /// ```
  ///
  /// - Parameters:
  ///   - bytes: The text; a byte order mark at the start is ignored.
  ///   - format: `.json` (one value) or `.jsonLines` (one per line).
  ///   - maximumDepth: The deepest a value may be nested (a root is at
  ///     depth 0); deeper is a ``JSONSyntaxError``. At most
  ///     `Outline.maximumDepth`, the default.
  /// - Throws: ``JSONSyntaxError`` when the bytes are not valid in `format`.
  /// - Complexity: O(n) for n bytes: one pass, which builds the outline as
  ///   it goes (about 2 ns a byte).
  public init(bytes: [UInt8], format: Format = .json, maximumDepth: Int = Outline<JSONNode>.maximumDepth) throws {
    precondition(
      maximumDepth >= 0 && maximumDepth <= Outline<JSONNode>.maximumDepth,
      "JSONDocument: maximumDepth must be 0 ... \(Outline<JSONNode>.maximumDepth), not \(maximumDepth)")
    let source = JSONSource(bytes: bytes)
    self.outline = try source.withBytes { buffer in
      let status = _JSONReadStatus()
      let reader = _JSONNodeReader(
        base: buffer.baseAddress!, count: buffer.count, isJSONLines: format == .jsonLines,
        maximumDepth: maximumDepth, status: status)
      // The reader only hands out valid depths.
      let outline = Outline(preorder: reader)
      if let failure = status.failure { throw failure.syntaxError(in: buffer) }
      return outline
    }
    self.source = source
    self.format = format
    self.maximumDepth = maximumDepth
  }

  /// A document from an outline and the source its nodes point into (for
  /// example, a document's outline after edits).
  ///
  /// - Complexity: O(1).
  public init(outline: Outline<JSONNode>, source: JSONSource, format: Format = .json) {
    self.outline = outline
    self.source = source
    self.format = format
    self.maximumDepth = Outline<JSONNode>.maximumDepth
  }
}
