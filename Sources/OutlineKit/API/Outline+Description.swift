extension Outline: CustomStringConvertible, CustomDebugStringConvertible {
  /// The outline drawn as an indented tree, one node per line, with `▾` on
  /// expanded nodes, `▸` on collapsed nodes that have children and `·` on
  /// collapsed leaves.
  ///
  /// ```
  /// ▾ Fruit
  ///     · Apple
  ///     ▸ Citrus
  /// ▸ Vegetables
  /// ```
  ///
  /// - Complexity: O(n).
  public var description: String {
    _drawTree { id, _ in String(describing: self[id]) }
  }

  /// As `description`, with each node's ID and visible row (`-` when hidden).
  ///
  /// - Complexity: O(n log n).
  public var debugDescription: String {
    "Outline(\(nodeCount) nodes, \(rowCount) rows)\n"
      + _drawTree { id, _ in
        let row = self.row(of: id).map(String.init) ?? "-"
        return "\(String(describing: self[id])) \(id) row \(row)"
      }
  }

  @usableFromInline
  internal func _drawTree(_ label: (NodeID, Int) -> String) -> String {
    var lines: [String] = []
    var previousDepth = -1
    var hasChildrenFlags: [Bool] = []
    var entries: [(id: NodeID, depth: Int, expanded: Bool)] = []
    _core.index.forEachEntry(in: 0 ..< nodeCount) { _, key, _, raw in
      let depth = Int(raw & _PreorderIndex.depthMask)
      entries.append((NodeID(key: key), depth, raw & _PreorderIndex.expandedFlag != 0))
      if depth > previousDepth, !hasChildrenFlags.isEmpty { hasChildrenFlags[hasChildrenFlags.count - 1] = true }
      hasChildrenFlags.append(false)
      previousDepth = depth
    }
    for (k, entry) in entries.enumerated() {
      let marker = entry.expanded ? "▾" : (hasChildrenFlags[k] ? "▸" : "·")
      let indent = String(repeating: "    ", count: entry.depth)
      lines.append(indent + marker + " " + label(entry.id, entry.depth))
    }
    return lines.joined(separator: "\n")
  }
}
