#if !OUTLINE_FUZZ
@testable import OutlineKit
#endif

/// A deliberately naive outline: nodes hold arrays of children, visible rows
/// come from a recursive walk, and every operation is written the obvious
/// way. The engine is checked against it after every step.
struct ReferenceOutline {
  struct Node {
    var value: Int
    var expanded = false
    var children: [Int] = []
    var parent: Int?
  }

  /// Node ID -> node. IDs are the payload values the engine stores.
  var nodes: [Int: Node] = [:]
  var roots: [Int] = []
  var policy: Policy = .independent

  /// The filter's answer for every node, or nil when no filter is set.
  var answers: [Int: FilterVisibility]?
  /// Whether the filter reveals its matches.
  var revealsMatches = false
  /// Nodes a revealing filter expanded that no later call expanded or
  /// collapsed: removing the filter collapses them.
  var filterExpanded: Set<Int> = []

  /// Row heights set, by node; the others have `estimate`.
  var heights: [Int: Double] = [:]
  /// Every node's checkmark by value; kept when a node leaves, so a node an
  /// undo brings back has its mark (values are never reused).
  var marks: [Int: Bool] = [:]
  var estimate = 44.0

  enum Policy { case independent, exclusiveSiblings, exclusiveLevel }

  // MARK: Queries

  /// The rows: every node that passes the filter, all of whose ancestors
  /// are expanded (and pass, which follows).
  var visibleRows: [Int] {
    let included = self.included
    var rows: [Int] = []
    func walk(_ ids: [Int]) {
      for id in ids where included.contains(id) {
        rows.append(id)
        if nodes[id]!.expanded { walk(nodes[id]!.children) }
      }
    }
    walk(roots)
    return rows
  }

  /// The nodes that pass the filter, straight from the rules: a node under
  /// a `.hidden` answer never passes; `.visible` passes; `.recurse` passes
  /// when a child passes.
  var included: Set<Int> {
    guard let answers else { return Set(nodes.keys) }
    var result = Set<Int>()
    func visit(_ id: Int, underHidden: Bool) -> Bool {
      let answer = answers[id]!
      let isUnderHidden = underHidden || answer == .hidden
      var childPasses = false
      for child in nodes[id]!.children where visit(child, underHidden: isUnderHidden) { childPasses = true }
      let passes = !isUnderHidden && (answer == .visible || (answer == .recurse && childPasses))
      if passes { result.insert(id) }
      return passes
    }
    for root in roots { _ = visit(root, underHidden: false) }
    return result
  }

  /// The matches: nodes that pass and were answered `.visible`.
  var matches: Set<Int> {
    guard let answers else { return [] }
    return included.filter { answers[$0] == .visible }
  }

  /// The roots that pass: the sections.
  var includedRoots: [Int] {
    let included = self.included
    return roots.filter { included.contains($0) }
  }

  /// Rendering facts of every row, counting only siblings and children
  /// that pass the filter.
  var rowInfos: [OutlineRowInfo] {
    let included = self.included
    var result: [OutlineRowInfo] = []
    func walk(_ ids: [Int], depth: Int, guides: OutlineGuides) {
      let shown = ids.filter { included.contains($0) }
      for (k, id) in shown.enumerated() {
        let node = nodes[id]!
        result.append(OutlineRowInfo(
          depth: depth, indexInParent: k, siblingCount: shown.count,
          hasChildren: node.children.contains { included.contains($0) },
          isExpanded: node.expanded, guides: guides))
        if node.expanded {
          var childGuides = OutlineGuides(depth: depth + 1)
          for level in 0 ..< depth where guides.hasFollowingSibling(atDepth: level) {
            childGuides.setHasFollowingSibling(true, atDepth: level)
          }
          childGuides.setHasFollowingSibling(k < shown.count - 1, atDepth: depth)
          walk(node.children, depth: depth + 1, guides: childGuides)
        }
      }
    }
    walk(roots, depth: 0, guides: OutlineGuides(depth: 0))
    return result
  }

  var preorder: [Int] {
    var result: [Int] = []
    func walk(_ ids: [Int]) {
      for id in ids {
        result.append(id)
        walk(nodes[id]!.children)
      }
    }
    walk(roots)
    return result
  }

  func depth(of id: Int) -> Int {
    var d = 0
    var p = nodes[id]!.parent
    while let q = p {
      d += 1
      p = nodes[q]!.parent
    }
    return d
  }

  /// Depth of every node, from one walk.
  var depths: [Int: Int] {
    var result: [Int: Int] = [:]
    var stack = roots.map { ($0, 0) }
    while let (id, d) = stack.popLast() {
      result[id] = d
      stack.append(contentsOf: nodes[id]!.children.map { ($0, d + 1) })
    }
    return result
  }

  func siblings(of id: Int) -> [Int] {
    if let p = nodes[id]!.parent { return nodes[p]!.children }
    return roots
  }

  func subtree(of id: Int) -> [Int] {
    var result = [id]
    for c in nodes[id]!.children { result += subtree(of: c) }
    return result
  }

  func isAncestor(_ a: Int, of b: Int) -> Bool {
    var p = nodes[b]!.parent
    while let q = p {
      if q == a { return true }
      p = nodes[q]!.parent
    }
    return false
  }

  // MARK: Building

  /// Adds a subtree described by a preorder depth list under `parent` at `index`.
  mutating func add(_ value: Int, under parent: Int?, at index: Int) {
    nodes[value] = Node(value: value, parent: parent)
    if let parent { nodes[parent]!.children.insert(value, at: index) } else { roots.insert(value, at: index) }
  }

  // MARK: Expansion

  mutating func setExpanded(_ id: Int, _ value: Bool) { nodes[id]!.expanded = value }

  mutating func expand(_ id: Int, recursively: Bool = false) {
    if recursively {
      for n in subtree(of: id) { nodes[n]!.expanded = true }
      return
    }
    guard !nodes[id]!.expanded else { return }
    applyPolicy(expanding: id)
    nodes[id]!.expanded = true
  }

  mutating func applyPolicy(expanding id: Int) {
    switch policy {
    case .independent:
      break
    case .exclusiveSiblings:
      for s in siblings(of: id) where s != id { nodes[s]!.expanded = false }
    case .exclusiveLevel:
      let depths = self.depths
      let d = depths[id]!
      for (n, nd) in depths where n != id && nd == d { nodes[n]!.expanded = false }
    }
  }

  mutating func collapse(_ id: Int, recursively: Bool = false) {
    if recursively {
      for n in subtree(of: id) { nodes[n]!.expanded = false }
    } else {
      nodes[id]!.expanded = false
    }
  }

  mutating func toggle(_ id: Int) {
    if nodes[id]!.expanded { collapse(id) } else { expand(id) }
  }

  mutating func expandAll() { for k in nodes.keys { nodes[k]!.expanded = true } }

  mutating func collapseAll() { for k in nodes.keys { nodes[k]!.expanded = false } }

  mutating func reveal(_ id: Int) {
    var chain: [Int] = []
    var p = nodes[id]!.parent
    while let q = p {
      chain.append(q)
      p = nodes[q]!.parent
    }
    for a in chain.reversed() where !nodes[a]!.expanded { expand(a) }
  }

  // MARK: Editing

  /// Inserts `values` (a preorder list with depths relative to the new node)
  /// under `parent` at `index`; the new nodes are collapsed.
  mutating func insert(subtree: [(value: Int, depth: Int)], under parent: Int?, at index: Int) {
    var stack: [Int] = []
    for (k, item) in subtree.enumerated() {
      stack.removeSubrange(item.depth...)
      if k == 0 {
        add(item.value, under: parent, at: index)
      } else {
        let p = stack.last!
        add(item.value, under: p, at: nodes[p]!.children.count)
      }
      stack.append(item.value)
    }
  }

  mutating func remove(_ id: Int) {
    for n in subtree(of: id) where n != id { nodes[n] = nil }
    detach(id)
    nodes[id] = nil
  }

  mutating func detach(_ id: Int) {
    if let p = nodes[id]!.parent {
      nodes[p]!.children.removeAll { $0 == id }
    } else {
      roots.removeAll { $0 == id }
    }
  }

  /// Moves `id`'s subtree under `parent` at `index` (its index among the new
  /// siblings after the move). Returns false, changing nothing, when
  /// `parent` is `id` or one of its descendants.
  mutating func move(_ id: Int, under parent: Int?, at index: Int) -> Bool {
    if let parent, parent == id || isAncestor(id, of: parent) { return false }
    detach(id)
    nodes[id]!.parent = parent
    if let parent { nodes[parent]!.children.insert(id, at: index) } else { roots.insert(id, at: index) }
    return true
  }

  // MARK: Filtering

  /// Sets a filter with these answers; a revealing one expands every
  /// ancestor of every match.
  mutating func setFilter(_ answers: [Int: FilterVisibility], revealing: Bool) {
    self.answers = answers
    revealsMatches = revealing
    if revealing { revealMatches() }
  }

  mutating func revealMatches() {
    for match in matches {
      var parent = nodes[match]!.parent
      while let p = parent {
        if !nodes[p]!.expanded {
          nodes[p]!.expanded = true
          filterExpanded.insert(p)
        }
        parent = nodes[p]!.parent
      }
    }
  }

  /// Removes the filter; the nodes it expanded that nobody touched since
  /// collapse.
  mutating func removeFilter() {
    for id in filterExpanded where nodes[id] != nil { nodes[id]!.expanded = false }
    filterExpanded = []
    answers = nil
    revealsMatches = false
  }

  /// Forgets, as touched, every node whose flag differs from `before`.
  mutating func untouch(flagsBefore before: [Int: Bool]) {
    guard !filterExpanded.isEmpty else { return }
    for (id, was) in before where nodes[id].map({ $0.expanded != was }) ?? false { filterExpanded.remove(id) }
  }

  // MARK: Geometry

  func height(of id: Int) -> Double { heights[id] ?? estimate }

  /// Where each row starts, and one more: the content height.
  var rowOffsets: [Double] {
    var offsets = [0.0]
    for id in visibleRows { offsets.append(offsets.last! + height(of: id)) }
    return offsets
  }

  /// The row whose span holds `y`, clamped to the rows.
  func row(atOffset y: Double, offsets: [Double]) -> Int {
    let count = offsets.count - 1
    if y < 0 { return 0 }
    if y >= offsets[count] { return count - 1 }
    return (0 ..< count).first { y < offsets[$0 + 1] }!
  }
}
