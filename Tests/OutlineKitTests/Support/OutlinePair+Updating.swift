#if !OUTLINE_FUZZ
@testable import OutlineKit
import OutlineTestSupport
#endif

/// One call of `update`: new data for the children of `parent` (the whole
/// outline for nil), derived from the current tree.
///
/// Payloads are identities (the pair's node values); a node whose value
/// "changes" gets its book version in the payload's high 32 bits for the
/// call, so `Equatable` sees a new value while the identity (`id: low 32
/// bits`) stays, and the pair sets the plain value back afterwards.
struct UpdateStep: CustomStringConvertible {
  var parent: Int?
  /// The new children of `parent`, with their subtrees: preorder, depths
  /// from 0.
  var forest: [(value: Int, depth: Int)]
  /// Matched nodes whose `children` returns nil: they keep their children.
  var keep: Set<Int> = []
  /// Matched nodes whose value changes.
  var changed: Set<Int> = []
  /// Whether the call sees `Node: Equatable` (otherwise every matched node
  /// counts as changed).
  var equatable = true
  /// Whether to call `update(roots:children:id:)` (parent nil, no keep).
  var wholeTreeForm = false
  /// A value whose `children` call throws.
  var throwingAt: Int?

  var description: String {
    var parts = ["\(forest.map { "\($0.value)@\($0.depth)" })"]
    if !keep.isEmpty { parts.append("keep \(keep.sorted())") }
    if !changed.isEmpty { parts.append("changed \(changed.sorted())") }
    if !equatable { parts.append("not Equatable") }
    if let throwingAt { parts.append("children throws at \(throwingAt)") }
    let call = wholeTreeForm ? "update(roots:" : "update(childrenOf: \(parent.map(String.init) ?? "nil"),"
    return "\(call) \(parts.joined(separator: ", ")))"
  }
}

/// Thrown by a test's `children` closure.
struct PlannedChildrenFailure: Error, Equatable {
  var value: Int
}

/// Calls the update that a generic context sees: without `Equatable`.
func updateWithoutEquatable<Node, ID: Hashable>(
  _ outline: inout Outline<Node>, childrenOf parent: Outline<Node>.NodeID?, to nodes: [Node],
  children: (Node) throws -> [Node]?, id: (Node) -> ID
) throws -> OutlineChange {
  try outline.update(childrenOf: parent, to: nodes, children: children, id: id)
}

extension OutlinePair {
  static let identityMask = 0xFFFF_FFFF

  /// Applies an update to the reference and to `engine`, checks its own
  /// change (against the minimal one, with moves worked out by the test's
  /// own longest-run rule), the kept IDs and the error path, and notes the
  /// moved and redrawn nodes for an enclosing batch.
  mutating func applyUpdate(
    _ step: UpdateStep, to engine: inout Outline<Int>, moved: inout Set<Int>, valueSet: inout Set<Int>
  ) {
    let mask = OutlinePair.identityMask
    let scopeValues = reference.updateScope(step.parent)
    let old = Set(scopeValues)
    let expectedError = expectedUpdateError(step)
    // Versions first: the engine asks the filter about changed values. The
    // nodes a narrowing skipped are asked before, with the old versions (see
    // `.setValue`).
    engine._settleFilterForEdit()
    let changed = step.changed.filter { old.contains($0) }
    let versionsBefore = book.versions
    for v in changed { book.versions[v, default: 0] += 1 }
    func payload(_ v: Int) -> Int { changed.contains(v) ? v | (book.versions[v]! << 32) : v }
    // Children by value; a repeated value is marked in bit 62 and has
    // none, so that the new data stays finite.
    let repeated = 1 << 62
    var childPayloads: [Int: [Int]] = [:]
    var topPayloads: [Int] = []
    var stack: [Int] = []
    var seen: Set<Int> = []
    for item in step.forest {
      stack.removeSubrange(item.depth...)
      let p = payload(item.value) | (seen.insert(item.value).inserted ? 0 : repeated)
      if let parent = stack.last { childPayloads[parent, default: []].append(p) } else { topPayloads.append(p) }
      stack.append(item.value)
    }
    let children: (Int) throws -> [Int]? = { p in
      let v = p & mask
      if v == step.throwingAt { throw PlannedChildrenFailure(value: v) }
      if p & repeated != 0 { return [] }
      return step.keep.contains(v) ? nil : childPayloads[v] ?? []
    }
    let oldRows = reference.visibleRows
    let oldRoots = reference.roots
    let before = UpdateSnapshot(engine, values: reference.nodes.keys, ids: ids)
    var view = CachedTableView(showing: engine)
    let parentID = step.parent.map { ids[$0]! }
    var result: Result<OutlineChange, any Error>
    do {
      let change: OutlineChange
      if !step.equatable {
        change = try updateWithoutEquatable(&engine, childrenOf: parentID, to: topPayloads, children: children, id: { $0 & mask })
      } else if step.wholeTreeForm {
        change = try engine.update(roots: topPayloads, children: { try children($0) ?? [] }, id: { $0 & mask })
      } else {
        change = try engine.update(childrenOf: parentID, to: topPayloads, children: children, id: { $0 & mask })
      }
      result = .success(change)
    } catch {
      result = .failure(error)
    }
    switch (result, expectedError) {
    case (.failure(let error), let expected?):
      if let duplicate = error as? DuplicateIdentityError, case .duplicate(let want) = expected {
        expectEqual(duplicate, want, "the duplicate identity error of \(step)")
        expect(duplicate.description.contains(want.identity) && duplicate.description.contains("\(want.secondIndexPath)"), "description \(duplicate)")
      } else if let failure = error as? PlannedChildrenFailure, case .children(let value) = expected {
        expectEqual(failure.value, value, "the children closure's error")
      } else {
        fail("\(step) threw \(error), expected \(expected)")
      }
      book.versions = versionsBefore
      let after = UpdateSnapshot(engine, values: reference.nodes.keys, ids: ids)
      if after != before { fail("a failed \(step) changed the outline:\n\(before)\n\(after)") }
      return
    case (.failure(let error), nil):
      fail("\(step) threw \(error)")
      return
    case (.success, let expected?):
      fail("\(step) did not throw; expected \(expected)")
      return
    case (.success(let change), nil):
      let previous = reference
      let showingBefore = reference.decorations
      let removed = reference.update(scope: step.parent, forest: step.forest, keep: step.keep)
      let moves = previous.movesOfUpdate(scope: step.parent, forest: step.forest, after: reference)
      let matched = Set(step.forest.map(\.value)).intersection(old)
      let redraw = step.equatable ? changed : matched
      if reference.answers != nil {
        // The filter is asked about new nodes and changed values: without
        // `Equatable`, about every matched node.
        for item in step.forest where !old.contains(item.value) || redraw.contains(item.value) {
          reference.answers![item.value] = book.answer(item.value)
        }
      }
      let newRows = reference.visibleRows
      let turned = reference.decorationsTurned(since: showingBefore)
      let expected = expectedChange(
        old: oldRows, new: newRows, moved: moves.moved, redraw: redraw.union(turned), oldRoots: Set(oldRoots),
        newRoots: Set(reference.roots))
      expectEqual(change, expected, "change of \(step), moves at \(moves.roots.sorted()), rows \(oldRows) -> \(newRows)")
      var double = BatchUpdateDouble(rows: oldRows)
      double.apply(change, newRows: newRows, context: "\(step)")
      // Values set by the update carry their version above the mask.
      view.apply(change, to: engine, valuesSet: redraw, mask: mask, context: "\(step)")
      // Matched nodes keep their IDs; removed ones lose theirs.
      for v in matched where !(engine.contains(ids[v]!) && engine[ids[v]!] & mask == v) {
        fail("node \(v) lost its NodeID in \(step)")
      }
      for v in removed {
        removedIDs.append(ids[v]!)
        ids[v] = nil
      }
      // Find the new nodes' IDs, and set changed values back to identities.
      var pending = Array(step.parent.map { engine.children(of: ids[$0]!) } ?? engine.roots)
      while let id = pending.popLast() {
        let v = engine[id] & mask
        if !old.contains(v) { ids[v] = id }
        pending.append(contentsOf: engine.children(of: id))
      }
      for v in changed where reference.nodes[v] != nil { engine[ids[v]!] = v }
      moved.formUnion(moves.moved)
      valueSet.formUnion(redraw)
    }
  }

  /// What an update should throw: the children closure's error first (it
  /// runs while the new data is read), then the first identity repeated in
  /// the new data.
  func expectedUpdateError(_ step: UpdateStep) -> ExpectedUpdateError? {
    if let throwing = step.throwingAt, step.forest.contains(where: { $0.value == throwing }) {
      return .children(throwing)
    }
    let paths = indexPaths(of: step.forest)
    var firstPlace: [Int: [Int]] = [:]
    for (k, item) in step.forest.enumerated() {
      if let first = firstPlace[item.value] {
        return .duplicate(DuplicateIdentityError(identity: "\(item.value)", firstIndexPath: first, secondIndexPath: paths[k]))
      }
      firstPlace[item.value] = paths[k]
    }
    return nil
  }

  /// A random update: new data derived from the current tree (or one
  /// node's subtree) by dropping subtrees, adding nodes, changing values,
  /// reordering siblings, moving subtrees across parents (a node under its
  /// own former descendant too, a node out of kept children), keeping some
  /// nodes' children, or nothing at all; now and then a duplicate identity
  /// or a failing `children`.
  mutating func randomUpdate(using rng: inout SplitMix64) -> UpdateStep {
    let values = reference.nodes.keys.sorted()
    let scope: Int? = !values.isEmpty && rng.chance(0.3) ? values.randomElement(using: &rng)! : nil
    // The model: children by parent value, -1 for the top of the scope.
    let top = -1
    var kids: [Int: [Int]] = [top: scope.map { reference.nodes[$0]!.children } ?? reference.roots]
    let scopeValues = reference.updateScope(scope)
    for v in scopeValues { kids[v] = reference.nodes[v]!.children }
    // Nodes that keep their children: their descendants are frozen.
    var keep: Set<Int> = []
    var frozen: Set<Int> = []
    if rng.chance(0.3) {
      for _ in 0 ..< rng.int(in: 1 ... 2) {
        guard let k = scopeValues.randomElement(using: &rng), !frozen.contains(k), !kids[k]!.isEmpty else { continue }
        let below = Set(reference.subtree(of: k).dropFirst())
        guard below.isDisjoint(with: keep) else { continue }
        keep.insert(k)
        frozen.formUnion(below)
      }
    }
    // (Walks mark what they visit: a planted duplicate is in two lists.)
    func reachable() -> [Int] {
      var result: Set<Int> = []
      var pending = kids[top]!
      while let v = pending.popLast() {
        if result.insert(v).inserted && !keep.contains(v) { pending.append(contentsOf: kids[v] ?? []) }
      }
      return result.sorted()
    }
    func subtree(_ v: Int) -> Set<Int> {
      var result: Set<Int> = [v]
      var pending = kids[v] ?? []
      while let u = pending.popLast() {
        if result.insert(u).inserted { pending.append(contentsOf: kids[u] ?? []) }
      }
      return result
    }
    func detach(_ v: Int) -> (parent: Int, index: Int) {
      for p in kids.keys.sorted() {
        if let k = kids[p]!.firstIndex(of: v) {
          kids[p]!.remove(at: k)
          return (p, k)
        }
      }
      fatalError("\(v) is not in the model")
    }
    var changed: Set<Int> = []
    var throwingAt: Int?
    let mutations = rng.chance(0.15) ? 0 : rng.int(in: 1 ... 6)
    for _ in 0 ..< mutations {
      let present = reachable()
      let parents = [top] + present.filter { !keep.contains($0) }
      switch rng.int(in: 0 ..< 100) {
      case 0 ..< 18:  // drop a subtree
        guard let v = present.randomElement(using: &rng) else { continue }
        _ = detach(v)
        keep.subtract(subtree(v))
      case 18 ..< 38:  // add a node or a small subtree
        let p = parents.randomElement(using: &rng)!
        var newValue = nextValue
        nextValue += 1
        kids[p]!.insert(newValue, at: rng.int(in: 0 ... kids[p]!.count))
        kids[newValue] = []
        for _ in 0 ..< (rng.chance(0.7) ? 0 : rng.int(in: 1 ... 3)) {
          let child = nextValue
          nextValue += 1
          kids[newValue]!.append(child)
          kids[child] = []
          if rng.chance(0.5) { newValue = child }
        }
      case 38 ..< 53:  // change a value
        if let v = present.randomElement(using: &rng) { changed.insert(v) }
      case 53 ..< 70:  // reorder siblings
        guard let p = parents.filter({ kids[$0]!.count > 1 }).randomElement(using: &rng) else { continue }
        switch rng.int(in: 0 ..< 3) {
        case 0: kids[p]!.shuffle(using: &rng)
        case 1: kids[p]!.reverse()
        default:
          let v = kids[p]!.remove(at: rng.int(in: 0 ..< kids[p]!.count))
          kids[p]!.insert(v, at: rng.int(in: 0 ... kids[p]!.count))
        }
      case 70 ..< 85:  // move a subtree across parents (now and then out of a kept one)
        let candidates = rng.chance(0.2) && !frozen.isEmpty ? frozen.sorted() : present
        guard let v = candidates.randomElement(using: &rng) else { continue }
        frozen.subtract(subtree(v))
        let inside = subtree(v)
        let p = parents.filter { !inside.contains($0) }.randomElement(using: &rng)!
        _ = detach(v)
        kids[p]!.insert(v, at: rng.int(in: 0 ... kids[p]!.count))
      case 85 ..< 94:  // a node under its own former descendant
        guard let x = present.filter({ !keep.contains($0) && !(kids[$0] ?? []).isEmpty }).randomElement(using: &rng),
          let y = subtree(x).subtracting([x]).filter({ !frozen.contains($0) }).sorted().randomElement(using: &rng)
        else { continue }
        _ = detach(y)
        let place = detach(x)
        kids[place.parent]!.insert(y, at: place.index)
        kids[y]!.insert(x, at: rng.int(in: 0 ... kids[y]!.count))
      case 94 ..< 97:  // a duplicate identity: the update must throw
        guard let v = present.randomElement(using: &rng) else { continue }
        let inside = subtree(v)
        let p = parents.filter { !inside.contains($0) }.randomElement(using: &rng)!
        kids[p]!.insert(v, at: rng.int(in: 0 ... kids[p]!.count))
      default:  // a children closure that throws
        throwingAt = present.randomElement(using: &rng)
      }
    }
    // The forest, in preorder; a duplicate is emitted without its children
    // the second time, so the walk ends.
    var forest: [(value: Int, depth: Int)] = []
    var emitted: Set<Int> = []
    var pending: [(Int, Int)] = kids[top]!.reversed().map { ($0, 0) }
    while let (v, depth) = pending.popLast() {
      forest.append((v, depth))
      guard emitted.insert(v).inserted, !keep.contains(v) else { continue }
      pending.append(contentsOf: (kids[v] ?? []).reversed().map { ($0, depth + 1) })
    }
    let inForest = Set(forest.map(\.value))
    keep.formIntersection(inForest)
    var step = UpdateStep(parent: scope, forest: forest, keep: keep, changed: changed.intersection(inForest))
    step.equatable = rng.chance(0.8)
    step.wholeTreeForm = scope == nil && keep.isEmpty && rng.chance(0.5)
    step.throwingAt = throwingAt
    return step
  }
}

/// What an update should throw.
enum ExpectedUpdateError: CustomStringConvertible {
  case duplicate(DuplicateIdentityError)
  case children(Int)

  var description: String {
    switch self {
    case .duplicate(let error): "DuplicateIdentityError(\(error))"
    case .children(let value): "the children closure's error at \(value)"
    }
  }
}

/// Index paths of the entries of a preorder depth list.
func indexPaths(of forest: [(value: Int, depth: Int)]) -> [[Int]] {
  var result: [[Int]] = []
  var path: [Int] = []
  for item in forest {
    if item.depth < path.count {
      path.removeSubrange((item.depth + 1)...)
      path[item.depth] += 1
    } else {
      path.append(0)
    }
    result.append(path)
  }
  return result
}

/// Everything a failed update must leave as it was: rows, and every
/// node's ID, value, parent, children and flag.
struct UpdateSnapshot: Equatable, CustomStringConvertible {
  var rows: [Int]
  var nodeCount: Int
  var slotCount: Int
  var nodes: [Int: String]

  init(_ outline: Outline<Int>, values: some Sequence<Int>, ids: [Int: Outline<Int>.NodeID]) {
    rows = outline.rows.map { outline[$0] }
    nodeCount = outline.nodeCount
    slotCount = outline._payloads.count
    nodes = [:]
    for v in values {
      let id = ids[v]!
      guard outline.contains(id) else {
        nodes[v] = "missing"
        continue
      }
      nodes[v] =
        "\(id) = \(outline[id]), parent \(outline.parent(of: id).map { outline[$0] } ?? -1), children \(outline.children(of: id).map { outline[$0] }), \(outline.isExpanded(id) ? "expanded" : "collapsed"), \(outline.isIncluded(id) ? "included" : "excluded")"
    }
  }

  var description: String { "rows \(rows), \(nodeCount) nodes, \(slotCount) slots, \(nodes.sorted { $0.key < $1.key })" }
}
