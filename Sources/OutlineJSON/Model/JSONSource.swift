import Foundation

/// The bytes a JSON document was read from, shared by the document and its
/// nodes: a ``JSONNode`` holds an offset into them, and a key or value is
/// decoded from them only when it is asked for.
///
/// Edits add text of their own (a new key, a new value, an inserted
/// value), which the source keeps beside the bytes read, for as long as
/// it lives: the bytes read never change, and what was added never
/// changes either, so every node that points into a source stays
/// readable, whichever copy of an outline it is in (and whatever an undo
/// brings back). The text of an edit is kept even when its node is
/// removed: a source grows by what its edits write, until it is freed. A
/// source is `Sendable` (what edits add is guarded by a lock), so a filter
/// closure or another thread can read nodes through it.
///
/// ```swift
/// let document = try JSONDocument(bytes: Array(#"{"name": "Ada"}"#.utf8))
/// let member = document.outline.children(of: document.outline.roots[0])[0]
/// document.source.key(of: document.outline[member])     // "name"
/// document.source.value(of: document.outline[member])   // "Ada"
/// ```
public final class JSONSource: @unchecked Sendable {
  /// The UTF-8 bytes, as read.
  public let bytes: [UInt8]
  /// Guards the text edits added.
  private let lock = NSLock()
  /// The text edits added, in chunks of about 64 KiB (an inserted value
  /// longer than that has one of its own), with each chunk's first offset.
  private var editChunks: [[UInt8]] = []
  private var editChunkStarts: [Int] = []
  /// The offset after the last text edits added.
  private var editsEnd = 0

  /// The size small edits' texts are gathered in.
  private static let chunkSize = 1 << 16

  /// A source over `bytes`, which are not copied.
  ///
  /// - Complexity: O(1).
  public init(bytes: [UInt8]) {
    self.bytes = bytes
  }

  /// Adds a node's text for an edit, followed by a line feed (which ends a
  /// number), and returns its offset among the texts edits added.
  func _appendEdit(_ text: [UInt8]) -> Int {
    lock.lock()
    defer { lock.unlock() }
    let offset = editsEnd
    precondition(offset + text.count < JSONNode.maximumOffset, "JSONSource: more than 256 TiB of edits")
    if let last = editChunks.indices.last, editChunks[last].count + text.count + 1 <= JSONSource.chunkSize {
      editChunks[last] += text
      editChunks[last].append(0x0A)
    } else {
      var chunk: [UInt8] = []
      chunk.reserveCapacity(max(JSONSource.chunkSize, text.count + 1))
      chunk += text
      chunk.append(0x0A)
      editChunkStarts.append(offset)
      editChunks.append(chunk)
    }
    editsEnd += text.count + 1
    return offset
  }

  /// Calls `body` with the buffer that holds a node's text and the node's
  /// offset in it: the bytes read, or the chunk of edits' text.
  func _withText<R>(of node: JSONNode, _ body: (UnsafeBufferPointer<UInt8>, Int) -> R) -> R {
    if node.isFromSource { return bytes.withUnsafeBufferPointer { body($0, node._offset) } }
    let offset = node._offset
    let (chunk, start): ([UInt8], Int) = {
      lock.lock()
      defer { lock.unlock() }
      // The last chunk that starts at or before the offset.
      var low = 0
      var high = editChunkStarts.count
      while high - low > 1 {
        let middle = (low + high) / 2
        if editChunkStarts[middle] <= offset { low = middle } else { high = middle }
      }
      return (editChunks[low], editChunkStarts[low])
    }()
    return chunk.withUnsafeBufferPointer { body($0, offset - start) }
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
    guard node.hasKey else { return nil }
    return _withText(of: node) { bytes, start in
      let end = _JSONStrings.end(ofStringAt: start, in: bytes)
      return body(UnsafeBufferPointer(rebasing: bytes[start ..< end]), node._bits & JSONNode.keyEscapedFlag != 0)
    }
  }

  /// Calls `body` with the value's JSON text (a container's opening
  /// bracket) and whether a string value has escapes.
  func _withValueToken<R>(of node: JSONNode, _ body: (UnsafeBufferPointer<UInt8>, Bool) -> R) -> R {
    _withText(of: node) { bytes, offset in
      let start = _JSONStrings.valueStart(of: node, at: offset, in: bytes)
      let end = _JSONStrings.valueEnd(of: node.kind, at: start, in: bytes)
      return body(UnsafeBufferPointer(rebasing: bytes[start ..< end]), node._bits & JSONNode.valueEscapedFlag != 0)
    }
  }
}
