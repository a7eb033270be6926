/// Which nodes of an outline are expanded, keyed by a stable key the app
/// gives its nodes, so the state survives reloading the data and relaunching
/// the app.
///
/// ```swift
/// // Save
/// let state = outline.expansionState(by: \.path)
/// let data = try JSONEncoder().encode(state)
/// // Restore, onto a freshly built outline
/// let saved = try JSONDecoder().decode(ExpansionState<String>.self, from: data)
/// outline.restoreExpansionState(saved, by: \.path)
/// ```
///
/// For `Node: Identifiable`, `expansionState()` and
/// `restoreExpansionState(_:)` key nodes by `id`.
public struct ExpansionState<Key: Hashable & Sendable>: Hashable, Sendable {
  /// Keys of the expanded nodes.
  public var expandedKeys: Set<Key>

  /// Creates a state from the keys of the expanded nodes.
  ///
  /// - Complexity: O(1).
  public init(expandedKeys: Set<Key> = []) {
    self.expandedKeys = expandedKeys
  }
}

extension ExpansionState: Codable where Key: Codable {
  private enum CodingKeys: String, CodingKey { case expandedKeys }

  /// Encodes the keys as a list.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(Array(expandedKeys), forKey: .expandedKeys)
  }

  /// Decodes the list of keys; repeated keys are not an error.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    expandedKeys = Set(try container.decode([Key].self, forKey: .expandedKeys))
  }
}

/// A restored expansion state kept for nodes inserted later.
@usableFromInline
internal protocol _PendingExpansion<Node>: Sendable {
  associatedtype Node
  /// Whether a newly inserted node should arrive expanded.
  func isExpanded(_ node: Node) -> Bool
}

/// Pending expansion by key.
@usableFromInline
internal struct _KeyedPendingExpansion<Node, Key: Hashable & Sendable>: _PendingExpansion {
  @usableFromInline let keys: Set<Key>
  @usableFromInline let key: @Sendable (Node) -> Key

  @usableFromInline
  init(keys: Set<Key>, key: @escaping @Sendable (Node) -> Key) {
    self.keys = keys
    self.key = key
  }

  @usableFromInline
  func isExpanded(_ node: Node) -> Bool { keys.contains(key(node)) }
}

/// Pending expansion by `Identifiable.id`: no closure, so nothing to capture.
@usableFromInline
internal struct _IdentifiablePendingExpansion<Node: Identifiable>: _PendingExpansion where Node.ID: Sendable {
  @usableFromInline let keys: Set<Node.ID>

  @usableFromInline
  init(keys: Set<Node.ID>) { self.keys = keys }

  @usableFromInline
  func isExpanded(_ node: Node) -> Bool { keys.contains(node.id) }
}
