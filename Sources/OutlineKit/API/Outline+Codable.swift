/// Archiving: an outline is `Codable` when its nodes are. The archive holds
/// the payloads, the structure and the expanded flags (and the policy), as
/// three parallel lists in preorder:
///
/// ```json
/// { "version": 1, "expansionPolicy": "independent",
///   "depths": [0, 1, 1, 0], "expanded": [0], "values": ["Fruit", "Apple", "Pear", "Vegetables"] }
/// ```
///
/// `expanded` lists the preorder positions of the expanded nodes. When row
/// heights were set, `heights` holds each node's (null for those without
/// one), and `estimatedRowHeight` is written when it is not the default.
/// Decoding checks everything and throws `DecodingError.dataCorrupted`,
/// naming the key and the node, on a corrupt archive; it never traps. Node
/// IDs are not archived (they are handles for one run), nor is a filter (a
/// closure).
extension Outline: Encodable where Node: Encodable {
  /// Encodes the outline's nodes, structure, flags and policy.
  ///
  /// - Complexity: O(n).
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: _OutlineCodingKeys.self)
    try container.encode(1, forKey: .version)
    try container.encode(expansionPolicy, forKey: .expansionPolicy)
    var depths: [Int] = []
    var expanded: [Int] = []
    var values: [Node] = []
    depths.reserveCapacity(nodeCount)
    values.reserveCapacity(nodeCount)
    _core.index.forEachEntry(in: 0 ..< nodeCount) { offset, key, _, raw in
      let slot = UInt32(truncatingIfNeeded: key)
      depths.append(Int(raw & _PreorderIndex.depthMask))
      if raw & _PreorderIndex.expandedFlag != 0 { expanded.append(offset) }
      values.append(_payloads[Int(slot)].unsafelyUnwrapped)
    }
    try container.encode(depths, forKey: .depths)
    try container.encode(expanded, forKey: .expanded)
    try container.encode(values, forKey: .values)
    if let heights = _core.index.heightsInPreorder() { try container.encode(heights, forKey: .heights) }
    if estimatedRowHeight != 44 { try container.encode(estimatedRowHeight, forKey: .estimatedRowHeight) }
  }
}

extension Outline: Decodable where Node: Decodable {
  /// Decodes an outline, checking the archive.
  ///
  /// - Throws: `DecodingError` when a key is missing or mistyped, the version
  ///   is unknown, the lists differ in length, a depth does not describe a
  ///   tree, or an expanded position is out of range or out of order.
  /// - Complexity: O(n).
  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: _OutlineCodingKeys.self)
    func corrupt(_ key: _OutlineCodingKeys, _ message: String) -> DecodingError {
      .dataCorrupted(.init(codingPath: container.codingPath + [key], debugDescription: message))
    }
    let version = try container.decode(Int.self, forKey: .version)
    guard version == 1 else { throw corrupt(.version, "unsupported outline archive version \(version) (this library reads 1)") }
    let policy = try container.decode(ExpansionPolicy.self, forKey: .expansionPolicy)
    let depths = try container.decode([Int].self, forKey: .depths)
    let expanded = try container.decode([Int].self, forKey: .expanded)
    let values = try container.decode([Node].self, forKey: .values)
    guard values.count == depths.count else {
      throw corrupt(.values, "\(values.count) values for \(depths.count) depths")
    }
    let heights = try container.decodeIfPresent([Double?].self, forKey: .heights)
    if let heights {
      guard heights.count == depths.count else {
        throw corrupt(.heights, "\(heights.count) heights for \(depths.count) depths")
      }
      if let bad = heights.firstIndex(where: { $0.map { !$0.isFinite || $0 < 0 } ?? false }) {
        throw corrupt(.heights, "height \(heights[bad]!) of node \(bad) is not a finite height >= 0")
      }
    }
    let estimate = try container.decodeIfPresent(Double.self, forKey: .estimatedRowHeight) ?? 44
    guard estimate.isFinite && estimate >= 0 else {
      throw corrupt(.estimatedRowHeight, "estimatedRowHeight \(estimate) is not a finite height >= 0")
    }
    var flags = [Bool](repeating: false, count: depths.count)
    var previous = -1
    for position in expanded {
      guard position > previous, position < depths.count else {
        throw corrupt(.expanded, "expanded position \(position) is out of range 0..<\(depths.count) or out of order")
      }
      flags[position] = true
      previous = position
    }
    do {
      try self.init(_preorder: zip(values, zip(depths, flags))) { ($0, $1.0, $1.1) }
    } catch let error as PreorderError {
      throw corrupt(.depths, error.description)
    }
    expansionPolicy = policy
    _core.index.estimatedHeight = estimate
    if let heights { _core.index.setHeights(inPreorder: heights) }
  }
}

@usableFromInline
internal enum _OutlineCodingKeys: String, CodingKey {
  case version, expansionPolicy, depths, expanded, values, heights, estimatedRowHeight
}
