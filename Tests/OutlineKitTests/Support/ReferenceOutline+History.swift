#if !OUTLINE_FUZZ
@testable import OutlineKit
#endif

/// Undo and redo in the reference model: a step is the document before
/// and after it (structure and order), restored whole; nodes that come
/// back take the expanded flags they had when they went, and those that
/// stay keep theirs.
extension ReferenceOutline {
  /// The structure of the tree: roots, and each node's parent and
  /// children.
  struct Document: Equatable {
    var roots: [Int]
    var parents: [Int: Int?]
    var children: [Int: [Int]]
  }

  var document: Document {
    Document(roots: roots, parents: nodes.mapValues(\.parent), children: nodes.mapValues(\.children))
  }

  /// Makes the tree `document`; a node that leaves records its flag in
  /// `graveyard`, one that comes back takes its flag from there.
  mutating func restore(_ document: Document, graveyard: inout [Int: Bool]) {
    for (value, node) in nodes where document.children[value] == nil { graveyard[value] = node.expanded }
    var restored: [Int: Node] = [:]
    for (value, children) in document.children {
      let expanded = nodes[value]?.expanded ?? graveyard[value] ?? false
      restored[value] = Node(value: value, expanded: expanded, children: children, parent: document.parents[value]!)
    }
    nodes = restored
    roots = document.roots
  }
}
