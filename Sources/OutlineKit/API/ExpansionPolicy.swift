/// How expanding one node affects the other expanded nodes of an outline.
///
/// The policy governs `expand(_:)`, `toggle(_:)` and `reveal(_:)` of single
/// nodes. `expandAll()` and `expand(_:recursively:)` with `recursively: true`
/// expand everything they are asked to, whatever the policy.
///
/// ```swift
/// var outline = Outline(roots: sections, children: \.items)
/// outline.expansionPolicy = .exclusiveSiblings   // an accordion
/// outline.expand(outline.roots[0])
/// outline.expand(outline.roots[1])               // collapses roots[0]
/// ```
///
/// It is `Codable` as its case name (`"exclusiveSiblings"`).
///
/// Nodes collapsed by a policy keep their descendants' expanded flags, as any
/// collapse does, so re-expanding one brings back the rows it hid.
public enum ExpansionPolicy: String, Hashable, Sendable, CaseIterable, Codable {
  /// Expanding a node changes no other node.
  case independent
  /// Expanding a node collapses its expanded siblings: at most one child of
  /// each parent (and one root) is open at a time.
  case exclusiveSiblings
  /// Expanding a node collapses every other expanded node of the same depth,
  /// wherever it is in the outline.
  case exclusiveLevel
}
