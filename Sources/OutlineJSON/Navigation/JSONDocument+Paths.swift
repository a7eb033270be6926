import OutlineKit

/// Paths to nodes in jq syntax.
extension JSONDocument {
  /// The path from a node's root to the node, in jq syntax:
  /// `.statuses[3].user.name`; `.` for a root.
  ///
  /// Keys that are identifiers (`[A-Za-z_][A-Za-z0-9_]*`, not a jq
  /// keyword) follow a dot; any other key is quoted in brackets, as JSON
  /// text: `.["a b"]`, `.headers["Content-Type"]`, `.["if"]`. Pasted into
  /// `jq`, the path selects the node's value. In JSON Lines, the path is
  /// within the node's line (``line(of:)`` says which).
  ///
  /// - Complexity: O(d log n + k) for a node at depth d whose keys have k
  ///   bytes in all.
  public func path(of id: NodeID) -> String {
    var steps: [String] = []
    var current = id
    while let parent = outline.parent(of: current) {
      if outline[parent].kind == .array {
        steps.append("[\(outline.indexInParent(of: current))]")
      } else {
        steps.append(Self.pathStep(forKey: source.key(of: outline[current]) ?? ""))
      }
      current = parent
    }
    let path = steps.reversed().joined()
    return path.hasPrefix(".") ? path : "." + path
  }

  /// The step of a jq path that selects `key`: `.name` or `["a b"]`.
  ///
  /// - Complexity: O(k) for a key of k characters.
  public static func pathStep(forKey key: String) -> String {
    isIdentifier(key) ? "." + key : "[" + quoted(key) + "]"
  }

  /// The index of a node's root among the roots: for JSON Lines, the
  /// record's number from 0 (blank lines are not counted).
  ///
  /// - Complexity: O(d log n) for a node at depth d.
  public func rootIndex(of id: NodeID) -> Int {
    var current = id
    while let parent = outline.parent(of: current) { current = parent }
    return outline.indexInParent(of: current)
  }

  /// The line (from 1) of ``source`` where a node's text starts; nil for a
  /// node whose text an edit gave.
  ///
  /// - Complexity: O(offset): it counts the line feeds before the node.
  public func line(of id: NodeID) -> Int? {
    guard let offset = outline[id].offset else { return nil }
    return source.withBytes { _JSONPosition.lineAndColumn(of: offset, in: $0).line }
  }

  /// jq's keywords, which cannot follow a dot in older versions.
  static let jqKeywords: Set<String> = [
    "and", "as", "catch", "def", "elif", "else", "end", "foreach", "if", "import", "include", "label",
    "not", "or", "reduce", "then", "try", "__loc__",
  ]

  /// Whether `key` can follow a dot in a jq path.
  static func isIdentifier(_ key: String) -> Bool {
    guard let first = key.utf8.first, !jqKeywords.contains(key) else { return false }
    func isLetter(_ c: UInt8) -> Bool { (c | 0x20) >= UInt8(ascii: "a") && (c | 0x20) <= UInt8(ascii: "z") || c == UInt8(ascii: "_") }
    return isLetter(first) && key.utf8.allSatisfy { isLetter($0) || _JSONScanner.isDigit($0) }
  }

  /// `text` as a JSON string: in quotes, with `"`, `\` and control
  /// characters escaped.
  ///
  /// - Complexity: O(n) in the text's length.
  public static func quoted(_ text: String) -> String {
    String(decoding: _JSONEncoding.quoted(text), as: UTF8.self)
  }
}
