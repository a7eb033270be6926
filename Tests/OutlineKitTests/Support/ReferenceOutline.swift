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

  enum Policy { case independent, exclusiveSiblings, exclusiveLevel }

  // MARK: Queries

  var visibleRows: [Int] {
    var rows: [Int] = []
    func walk(_ ids: [Int]) {
      for id in ids {
        rows.append(id)
        if nodes[id]!.expanded { walk(nodes[id]!.children) }
      }
    }
    walk(roots)
    return rows
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
}
