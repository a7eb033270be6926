import OutlineKit

/// A node's key, value and place, as the document shows them.
extension JSONDocument {
  /// A node's handle in ``outline``.
  public typealias NodeID = Outline<JSONNode>.NodeID

  /// The node's value.
  ///
  /// - Precondition: `id` names a node of ``outline``.
  /// - Complexity: O(1).
  public subscript(id: NodeID) -> JSONNode { outline[id] }

  /// The kind of a node's value.
  ///
  /// - Complexity: O(1).
  public func kind(of id: NodeID) -> JSONNode.Kind { outline[id].kind }

  /// Whether a node is an object member: its parent is an object.
  ///
  /// - Complexity: O(log n).
  public func isMember(_ id: NodeID) -> Bool {
    guard let parent = outline.parent(of: id) else { return false }
    return outline[parent].kind == .object
  }

  /// A member's key, unescaped; nil for an array element or a root.
  ///
  /// - Complexity: O(log n + k) for a key of k bytes.
  public func key(of id: NodeID) -> String? {
    isMember(id) ? source.key(of: outline[id]) ?? "" : nil
  }

  /// An array element's index in its array; nil for a member or a root.
  ///
  /// - Complexity: O(log n).
  public func index(of id: NodeID) -> Int? {
    guard let parent = outline.parent(of: id), outline[parent].kind == .array else { return nil }
    return outline.indexInParent(of: id)
  }

  /// A scalar's value as shown: a string unescaped, a number as written,
  /// `true`, `false` or `null`; nil for an object or array.
  ///
  /// - Complexity: O(v) for a value of v bytes.
  public func value(of id: NodeID) -> String? { source.value(of: outline[id]) }

  /// A scalar's value as JSON text, as written (a string with its quotes
  /// and escapes); `{}` or `[]` for an object or array.
  ///
  /// - Complexity: O(v) for a value of v bytes.
  public func valueText(of id: NodeID) -> String { source.valueText(of: outline[id]) }

  /// The number of members or elements of a container; 0 for a scalar.
  ///
  /// - Complexity: O(log n).
  public func count(of id: NodeID) -> Int { outline.children(of: id).count }

  /// Where a node's text is in ``source``: its key's range (with quotes),
  /// if it has one there, and its value's range (a container's opening
  /// bracket); nil for a node whose text an edit gave.
  ///
  /// - Complexity: O(k + v) for a key of k bytes and a value of v bytes.
  public func byteRanges(of id: NodeID) -> (key: Range<Int>?, value: Range<Int>)? {
    let node = outline[id]
    guard node.isFromSource else { return nil }
    return source.bytes.withUnsafeBufferPointer { bytes in
      let start = _JSONStrings.valueStart(of: node, at: node._offset, in: bytes)
      let value = start ..< _JSONStrings.valueEnd(of: node.kind, at: start, in: bytes)
      guard node.hasKey else { return (nil, value) }
      return (node._offset ..< _JSONStrings.end(ofStringAt: node._offset, in: bytes), value)
    }
  }
}
