/// An outline selection saved by stable keys the app gives its nodes, so it
/// survives reloading the data and relaunching the app, as
/// ``ExpansionState`` does for expanded nodes.
///
/// ```swift
/// // Save
/// let saved = selection.state(in: outline, by: \.path)
/// let data = try JSONEncoder().encode(saved)
/// // Restore, after the expansion state
/// let state = try JSONDecoder().decode(SelectionState<String>.self, from: data)
/// selection.restore(state, in: outline, by: \.path)
/// ```
public struct SelectionState<Key: Hashable & Sendable>: Hashable, Sendable {
  /// The focused node's key, if any.
  public var focusedKey: Key?
  /// The anchor's key, if any: where a shift-range starts.
  public var anchorKey: Key?
  /// The keys of the selected nodes.
  public var selectedKeys: Set<Key>

  /// Creates a state from its keys.
  ///
  /// - Complexity: O(1).
  public init(focusedKey: Key? = nil, anchorKey: Key? = nil, selectedKeys: Set<Key> = []) {
    self.focusedKey = focusedKey
    self.anchorKey = anchorKey
    self.selectedKeys = selectedKeys
  }
}

extension SelectionState: Codable where Key: Codable {
  private enum CodingKeys: String, CodingKey { case focusedKey, anchorKey, selectedKeys }

  /// Encodes the keys; the selected ones as a list.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encodeIfPresent(focusedKey, forKey: .focusedKey)
    try container.encodeIfPresent(anchorKey, forKey: .anchorKey)
    try container.encode(Array(selectedKeys), forKey: .selectedKeys)
  }

  /// Decodes the keys; repeated selected keys are not an error, and every
  /// field may be missing.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    focusedKey = try container.decodeIfPresent(Key.self, forKey: .focusedKey)
    anchorKey = try container.decodeIfPresent(Key.self, forKey: .anchorKey)
    selectedKeys = Set(try container.decodeIfPresent([Key].self, forKey: .selectedKeys) ?? [])
  }
}
