/// The bytes a JSON document was read from, shared by the document and its
/// nodes: a ``JSONNode`` holds an offset into them, and a key or value is
/// decoded from them only when it is asked for.
///
/// A source is immutable and `Sendable`, so a filter closure or another
/// thread can read nodes through it.
///
/// ```swift
/// let document = try JSONDocument(bytes: Array(#"{"name": "Ada"}"#.utf8))
/// let member = document.outline.children(of: document.outline.roots[0])[0]
/// document.source.key(of: document.outline[member])     // "name"
/// document.source.value(of: document.outline[member])   // "Ada"
/// ```
public final class JSONSource: Sendable {
  /// The UTF-8 bytes, as read.
  public let bytes: [UInt8]

  /// A source over `bytes`, which are not copied.
  ///
  /// - Complexity: O(1).
  public init(bytes: [UInt8]) {
    self.bytes = bytes
  }

  /// Calls `body` with the bytes and their length; an empty source gets a
  /// pointer to one zero byte (which the reader never reads).
  func withBytes<R>(_ body: (UnsafeBufferPointer<UInt8>) throws -> R) rethrows -> R {
    if bytes.isEmpty {
      return try [0].withUnsafeBufferPointer { try body(UnsafeBufferPointer(rebasing: $0[0 ..< 0])) }
    }
    return try bytes.withUnsafeBufferPointer(body)
  }
}

// MARK: - Reading a node's text

extension JSONSource {
  /// The key of a node, unescaped; nil when the node has none (an element,
  /// a root).
  ///
  /// A member moved into an array keeps its key, which this returns; ask
  /// ``JSONDocument/key(of:)`` for the key as the document shows it (nil
  /// for an element).
  ///
  /// - Complexity: O(k) for a key of k bytes.
  public func key(of node: JSONNode) -> String? {
    _withKeyToken(of: node) { token, escaped in _JSONStrings.decode(token, escaped: escaped) }
  }

  /// The key of a node as JSON text, with its quotes and escapes as
  /// written: `"caf\u00e9"`; nil when the node has none.
  ///
  /// - Complexity: O(k) for a key of k bytes.
  public func keyText(of node: JSONNode) -> String? {
    _withKeyToken(of: node) { token, _ in String(decoding: token, as: UTF8.self) }
  }

  /// The value of a scalar as shown to a reader: a string unescaped, a
  /// number as written (`1.50e3` stays `1.50e3`), `true`, `false`, `null`;
  /// nil for an object or array.
  ///
  /// - Complexity: O(v) for a value of v bytes.
  public func value(of node: JSONNode) -> String? {
    guard !node.isContainer else { return nil }
    return _withValueToken(of: node) { token, escaped in
      node.kind == .string ? _JSONStrings.decode(token, escaped: escaped) : String(decoding: token, as: UTF8.self)
    }
  }

  /// The value of a scalar as JSON text, as written: a string with its
  /// quotes and escapes, a number as written; `{}` or `[]` for an object
  /// or array (its members are its children).
  ///
  /// - Complexity: O(v) for a value of v bytes.
  public func valueText(of node: JSONNode) -> String {
    switch node.kind {
    case .object: return "{}"
    case .array: return "[]"
    default: return _withValueToken(of: node) { token, _ in String(decoding: token, as: UTF8.self) }
    }
  }

  /// Calls `body` with the key's JSON text and whether it has escapes; nil
  /// when the node has no key.
  func _withKeyToken<R>(of node: JSONNode, _ body: (UnsafeBufferPointer<UInt8>, Bool) -> R) -> R? {
    if let text = node._text, let key = text.key {
      return key.withUnsafeBufferPointer { body($0, text.keyIsEscaped) }
    }
    guard node._hasKeyAtOffset else { return nil }
    return (node._text?.source ?? self).bytes.withUnsafeBufferPointer { bytes in
      let start = node._offset
      let end = _JSONStrings.end(ofStringAt: start, in: bytes)
      return body(UnsafeBufferPointer(rebasing: bytes[start ..< end]), node._bits & JSONNode.keyEscapedFlag != 0)
    }
  }

  /// Calls `body` with the value's JSON text (a container's opening
  /// bracket) and whether a string value has escapes.
  func _withValueToken<R>(of node: JSONNode, _ body: (UnsafeBufferPointer<UInt8>, Bool) -> R) -> R {
    if let text = node._text, let value = text.value {
      return value.withUnsafeBufferPointer { body($0, $0.contains(UInt8(ascii: "\\"))) }
    }
    return (node._text?.source ?? self).bytes.withUnsafeBufferPointer { bytes in
      let start = _JSONStrings.valueStart(of: node, in: bytes)
      let end = _JSONStrings.valueEnd(of: node.kind, at: start, in: bytes)
      return body(UnsafeBufferPointer(rebasing: bytes[start ..< end]), node._bits & JSONNode.valueEscapedFlag != 0)
    }
  }
}
