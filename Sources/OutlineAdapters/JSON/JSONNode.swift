import OutlineKit

/// One value of a JSON document as an outline node: an object member (with
/// its key) or an array element, its kind, and where its text is.
///
/// A node is 16 bytes and holds no strings: its text stays in the bytes the
/// document was read from (a ``JSONSource``), and the node remembers where
/// (``offset``), so reading a 100 MB document copies nothing. Read a node's
/// key and value through its document (``JSONDocument/key(of:)``,
/// ``JSONDocument/value(of:)``) or its source (``JSONSource/key(of:)``).
///
/// Containers (objects and arrays) have their members and elements as
/// children in the outline; a member is a node that has a key, an element
/// one that has none. Whether a node is a member or an element is decided by
/// its parent's kind, so a member moved into an array becomes an element
/// (its key is kept, unshown, and comes back if it moves into an object
/// again).
///
/// Nodes that edits made (``Outline/setValue(of:toJSON:)``,
/// ``Outline/renameKey(of:to:)``, ``Outline/insertValue(json:key:under:at:)``)
/// carry their new text with them, so an outline of `JSONNode`s can be edited
/// without its source at hand, and the edits can be wrapped in the engine's
/// batches and undo history.
///
/// - Complexity: Every property is O(1).
public struct JSONNode: Hashable, Sendable {
  /// The kinds of JSON value.
  public enum Kind: UInt8, Hashable, Sendable, CaseIterable, CustomStringConvertible {
    /// `{ ... }`: members as children.
    case object
    /// `[ ... ]`: elements as children.
    case array
    /// `"..."`.
    case string
    /// `-12.5e3`, kept as written.
    case number
    /// `true` or `false`.
    case bool
    /// `null`.
    case null

    /// Whether values of this kind have children: objects and arrays.
    ///
    /// - Complexity: O(1).
    public var isContainer: Bool { self == .object || self == .array }

    /// The kind in words: "object", "array", "string", "number", "boolean",
    /// "null".
    ///
    /// - Complexity: O(1).
    public var description: String {
      switch self {
      case .object: return "object"
      case .array: return "array"
      case .string: return "string"
      case .number: return "number"
      case .bool: return "boolean"
      case .null: return "null"
      }
    }
  }

  /// Offset, kind and flags in one word (see the bit layout below).
  internal var _bits: UInt64
  /// Text given by an edit, or the source of a node that was not read
  /// from the document's own bytes; nil for a node read from them.
  internal var _text: _JSONNodeText?

  // Bit layout of `_bits`: the offset in bits 0 ..< 48, the kind in bits
  // 48 ..< 51, then the flags.
  static var offsetMask: UInt64 { (1 << 48) - 1 }
  static var kindShift: UInt64 { 48 }
  /// The text at the offset starts with a key (`"key": value`).
  static var keyFlag: UInt64 { 1 << 51 }
  /// The key's text has backslash escapes.
  static var keyEscapedFlag: UInt64 { 1 << 52 }
  /// The string value's text has backslash escapes.
  static var valueEscapedFlag: UInt64 { 1 << 53 }

  /// The largest document a node can point into: 256 TiB.
  public static let maximumOffset = Int(offsetMask)

  @inline(__always)
  internal init(_bits: UInt64, text: _JSONNodeText? = nil) {
    self._bits = _bits
    self._text = text
  }

  /// The kind of value.
  ///
  /// - Complexity: O(1).
  public var kind: Kind {
    Kind(rawValue: UInt8(truncatingIfNeeded: (_bits >> JSONNode.kindShift) & 7)).unsafelyUnwrapped
  }

  /// Whether the node is an object or an array.
  ///
  /// - Complexity: O(1).
  public var isContainer: Bool { kind.isContainer }

  /// Whether the node carries a key: it was read as an object member, or
  /// an edit gave it one. (A member moved into an array keeps its key but
  /// is shown and saved as an element.)
  ///
  /// - Complexity: O(1).
  public var hasKey: Bool { _bits & JSONNode.keyFlag != 0 || _text?.key != nil }

  /// Where the node's text starts in the document's bytes: the key's
  /// opening quote for a member, the value's first byte otherwise; nil for
  /// a node that an edit made or changed (its text is its own).
  ///
  /// - Complexity: O(1).
  public var offset: Int? {
    _text == nil ? Int(truncatingIfNeeded: _bits & JSONNode.offsetMask) : nil
  }

  /// Whether the node's text is all in the document's bytes, as read.
  ///
  /// - Complexity: O(1).
  public var isFromSource: Bool { _text == nil }

  /// The raw offset, whatever buffer it is in.
  internal var _offset: Int { Int(truncatingIfNeeded: _bits & JSONNode.offsetMask) }

  /// Whether the text at the offset starts with a key.
  internal var _hasKeyAtOffset: Bool { _bits & JSONNode.keyFlag != 0 }
}

/// The text of a node that was not read as it is from the document's bytes:
/// a key or a value given by an edit, or the bytes the node's offset points
/// into (a value inserted from JSON text of its own).
///
/// Shared and immutable: an edit makes a new one.
internal final class _JSONNodeText: Sendable {
  /// The bytes the node's offset points into; nil for the document's.
  let source: JSONSource?
  /// The key's JSON text (with quotes), replacing the one at the offset.
  let key: [UInt8]?
  /// Whether `key` has backslash escapes.
  let keyIsEscaped: Bool
  /// The value's JSON text, replacing the one at the offset (a scalar, or
  /// `{}` / `[]` for a container).
  let value: [UInt8]?

  init(source: JSONSource?, key: [UInt8]?, value: [UInt8]?) {
    self.source = source
    self.key = key
    self.keyIsEscaped = key?.contains(UInt8(ascii: "\\")) ?? false
    self.value = value
  }
}

extension JSONNode {
  /// Two nodes are equal when they have the same kind and text in the same
  /// place (edited nodes: the same edit).
  ///
  /// - Complexity: O(1).
  public static func == (lhs: JSONNode, rhs: JSONNode) -> Bool {
    lhs._bits == rhs._bits && lhs._text === rhs._text
  }

  /// Hashes what `==` compares.
  ///
  /// - Complexity: O(1).
  public func hash(into hasher: inout Hasher) {
    hasher.combine(_bits)
    hasher.combine(_text.map(ObjectIdentifier.init))
  }
}
