import OutlineKit

/// One value of a JSON document as an outline node: an object member (with
/// its key) or an array element, its kind, and where its text is.
///
/// A node is one 64-bit word and holds no strings: its text stays in the
/// bytes the document was read from (a ``JSONSource``), and the node
/// remembers where (``offset``), so reading a 100 MB document copies
/// nothing. Read a node's key and value through its document
/// (``JSONDocument/key(of:)``, ``JSONDocument/value(of:)``) or its source
/// (``JSONSource/key(of:)``).
///
/// Containers (objects and arrays) have their members and elements as
/// children in the outline; a member is a node whose parent is an object,
/// an element one whose parent is an array, so a member moved into an
/// array becomes an element (its key is kept, unshown, and comes back if
/// it moves into an object again).
///
/// Nodes that edits made (`Outline.setValue(of:toJSON:in:)`,
/// `Outline.renameKey(of:to:in:)`, `Outline.insertValue(json:key:under:at:in:)`)
/// point into text the edit added to the source, which keeps it as long
/// as the source lives.
///
/// - Complexity: Every property is O(1).
public struct JSONNode: Hashable, @unchecked Sendable {
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

  #if _pointerBitWidth(_64)
  /// The node's word: offset, kind and flags (the layout below), with the
  /// top bit set. It is kept as a pointer, never dereferenced, because a
  /// pointer has spare values that mark an optional's nil: the outline
  /// stores `JSONNode?`, and so each node takes 8 bytes, not 16. (That is
  /// also why the type is `@unchecked Sendable`: the pointer is only bits.)
  internal let _word: UnsafeRawPointer
  #else
  /// The node's word, whole: on 32-bit targets (arm64_32 watchOS, armv7) a
  /// pointer holds only the low 32 bits and the kind, flags and marker
  /// would be lost, so the word is kept as it is and an optional node
  /// takes 16 bytes.
  internal let _word: UInt64
  #endif
  // The word's layout: the offset in bits 0 ..< 48, the kind in bits
  // 48 ..< 51, the flags, and bit 63 always set (so the word is never a
  // pointer's spare value).
  static var offsetMask: UInt64 { (1 << 48) - 1 }
  static var kindShift: UInt64 { 48 }
  /// The text at the offset starts with a key (`"key": value`).
  static var keyFlag: UInt64 { 1 << 51 }
  /// The key's text has backslash escapes.
  static var keyEscapedFlag: UInt64 { 1 << 52 }
  /// The string value's text has backslash escapes.
  static var valueEscapedFlag: UInt64 { 1 << 53 }
  /// The offset is in the text edits added to the source, not in the
  /// bytes read.
  static var editedFlag: UInt64 { 1 << 54 }
  static var markerBit: UInt64 { 1 << 63 }

  /// The largest document a node can point into: 256 TiB (as much as an
  /// `Int` holds on 32-bit targets).
  public static let maximumOffset = Int(exactly: offsetMask) ?? Int.max

  @inline(__always)
  init(_bits: UInt64) {
    #if _pointerBitWidth(_64)
    _word = UnsafeRawPointer(bitPattern: UInt(truncatingIfNeeded: _bits | JSONNode.markerBit)).unsafelyUnwrapped
    #else
    _word = _bits | JSONNode.markerBit
    #endif
  }

  /// The word as bits.
  @inline(__always)
  var _bits: UInt64 {
    #if _pointerBitWidth(_64)
    UInt64(truncatingIfNeeded: UInt(bitPattern: _word))
    #else
    _word
    #endif
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
  public var hasKey: Bool { _bits & JSONNode.keyFlag != 0 }

  /// Where the node's text starts in the bytes the document was read from:
  /// the key's opening quote for a member, the value's first byte
  /// otherwise; nil for a node whose text an edit gave.
  ///
  /// - Complexity: O(1).
  public var offset: Int? { isFromSource ? _offset : nil }

  /// Whether the node's text is in the bytes read, as it was read.
  ///
  /// - Complexity: O(1).
  public var isFromSource: Bool { _bits & JSONNode.editedFlag == 0 }

  /// The offset, in the bytes read or in the edits' text.
  var _offset: Int { Int(truncatingIfNeeded: _bits & JSONNode.offsetMask) }

  /// Two nodes are equal when they have the same kind and text in the same
  /// place.
  ///
  /// - Complexity: O(1).
  public static func == (lhs: JSONNode, rhs: JSONNode) -> Bool { lhs._word == rhs._word }

  /// Hashes what `==` compares.
  ///
  /// - Complexity: O(1).
  public func hash(into hasher: inout Hasher) { hasher.combine(_bits) }
}
