import Foundation
import OutlineSupport
import OutlineKit

/// Writing a document back as JSON text.
extension JSONDocument {
  /// How ``jsonBytes(style:)`` lays the text out.
  public enum WritingStyle: Hashable, Sendable {
    /// One member or element per line, indented by `indent` spaces a
    /// level, a space after each colon.
    case pretty(indent: Int)
    /// No whitespace at all.
    case compact

    /// Two spaces a level.
    public static let pretty = WritingStyle.pretty(indent: 2)
  }

  /// The document as JSON text: the outline's values in its order, keys
  /// in order (duplicates kept), strings and numbers exactly as they were
  /// written (or as an edit gave them), ending with a line break.
  ///
  /// JSON Lines documents are written one root a line, each compact,
  /// whatever the style. A `.json` document should have one root (``JSONDocument/save(to:style:)``
  /// refuses otherwise); with more, they are written one after another.
  ///
  /// ```swift
  /// String(decoding: document.jsonBytes(), as: UTF8.self)
  /// // {
  /// //   "name": "Ada",
  /// //   "tags": [
  /// //     "math",
  /// //     1.50
  /// //   ],
  /// //   "empty": {}
  /// // }
  /// ```
  ///
  /// Reading the text back gives the same tree: kinds, keys and values.
  ///
  /// - Complexity: O(n log n) for n values (each member is found in
  ///   O(log n)), plus the text's length. It walks with a stack of its own,
  ///   so any depth is fine.
  public func jsonBytes(style: WritingStyle = .pretty) -> [UInt8] {
    var out: [UInt8] = []
    out.reserveCapacity(source.bytes.count + source.bytes.count / 4 + 64)
    let indent: Int?
    switch (format, style) {
    case (.jsonLines, _), (_, .compact): indent = nil
    case (.json, .pretty(let spaces)): indent = max(0, spaces)
    }
    for root in outline.roots {
      _write(root, indent: indent, into: &out)
      out.append(0x0A)
    }
    return out
  }

  /// Saves the document to a file, atomically: the text is written to a
  /// temporary file beside it, which then replaces the file in one
  /// `rename`. A save that fails leaves the file as it was.
  ///
  /// ```swift
  /// try document.outline.setValue(of: port, toJSON: "8443", in: document.source)
  /// try document.save(to: url)
  /// ```
  ///
  /// - Parameters:
  ///   - url: A file URL.
  ///   - style: How to lay the text out (JSON Lines: always a compact line
  ///     per root).
  /// - Throws: ``JSONFileError`` `.notOneRoot` when a `.json` document does
  ///   not have exactly one root (nothing is written), `.cannotWrite` when
  ///   the file cannot be written.
  /// - Complexity: As ``jsonBytes(style:)``, plus the write.
  public func save(to url: URL, style: WritingStyle = .pretty) throws {
    try _save(to: url, style: style)
  }

  /// ``save(to:style:)`` with a seam for tests: `writer` writes the
  /// temporary file (and may fail part-way).
  func _save(
    to url: URL, style: WritingStyle = .pretty,
    writer: (Data, URL) throws -> Void = { data, url in try data.write(to: url) }
  ) throws {
    if format == .json && outline.roots.count != 1 {
      throw JSONFileError(path: url.path, reason: .notOneRoot(outline.roots.count))
    }
    try AtomicFile.write(Data(jsonBytes(style: style)), to: url, writer: writer) { message in
      JSONFileError(path: url.path, reason: .cannotWrite(message))
    }
  }

  /// Writes one root and everything in it.
  private func _write(_ root: NodeID, indent: Int?, into out: inout [UInt8]) {
    // The open containers: each one's children still to write.
    var open: [(children: Outline<JSONNode>.Children.Iterator, isObject: Bool, written: Int)] = []
    func newline() {
      guard let indent else { return }
      out.append(0x0A)
      out.append(contentsOf: repeatElement(0x20, count: open.count * indent))
    }
    func write(_ id: NodeID, asMember: Bool) {
      let node = outline[id]
      if asMember {
        let wroteKey = source._withKeyToken(of: node) { token, _ -> Bool in
          out.append(contentsOf: token)
          return true
        }
        if wroteKey == nil { out += [0x22, 0x22] }  // a member without a key: ""
        out.append(UInt8(ascii: ":"))
        if indent != nil { out.append(0x20) }
      }
      guard node.isContainer else {
        source._withValueToken(of: node) { token, _ in out.append(contentsOf: token) }
        return
      }
      let isObject = node.kind == .object
      let children = outline.children(of: id)
      if children.isEmpty {
        out += isObject ? [UInt8(ascii: "{"), UInt8(ascii: "}")] : [UInt8(ascii: "["), UInt8(ascii: "]")]
      } else {
        out.append(isObject ? UInt8(ascii: "{") : UInt8(ascii: "["))
        open.append((children.makeIterator(), isObject, 0))
      }
    }
    write(root, asMember: false)
    while !open.isEmpty {
      let last = open.count - 1
      if let child = open[last].children.next() {
        if open[last].written > 0 { out.append(UInt8(ascii: ",")) }
        open[last].written += 1
        newline()
        write(child, asMember: open[last].isObject)
      } else {
        let closed = open.removeLast()
        newline()
        out.append(closed.isObject ? UInt8(ascii: "}") : UInt8(ascii: "]"))
      }
    }
  }
}
