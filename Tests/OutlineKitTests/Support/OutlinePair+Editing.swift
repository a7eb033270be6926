#if !OUTLINE_FUZZ
@testable import OutlineKit
import OutlineTestSupport
#endif

/// Any operation the property tests drive: expansion, edits, and batches.
indirect enum OutlineOperation: CustomStringConvertible {
  case expansion(ExpansionOperation)
  /// A new subtree given as (value, depth relative to its root) in preorder.
  case insert(subtree: [(value: Int, depth: Int)], parent: Int?, index: Int)
  case remove(Int)
  case move(Int, parent: Int?, index: Int)
  /// Moves several nodes to a drop target (its index counted before the
  /// move), as `move(_:to:)` does.
  case moveSeveral([Int], parent: Int?, index: Int)
  /// Sets a node's value; with a filter, the node may answer differently
  /// (`answer`, or a new one from the book when nil).
  case setValue(Int, answer: FilterVisibility?)
  case filter(FilterOperation)
  /// Gives a node's row a height, or (nil) forgets it.
  case setRowHeight(Int, Double?)
  /// Gives a run of rows heights in one pass (`setRowHeights(ofRows:)`):
  /// each row's from its value and `seed`, some left as they are.
  case setRowHeights(rows: Range<Int>, seed: UInt64)
  case setEstimatedRowHeight(Double)
  /// Checks or unchecks a node's subtree.
  case setChecked(Int, Bool)
  /// New data for the whole outline or one node's children.
  case update(UpdateStep)
  case batch([OutlineOperation])

  var description: String {
    switch self {
    case .expansion(let e): e.description
    case .insert(let s, let p, let i): "insert(\(s.map(\.value)) under: \(p.map(String.init) ?? "nil"), at: \(i))"
    case .remove(let v): "remove(\(v))"
    case .move(let v, let p, let i): "move(\(v), under: \(p.map(String.init) ?? "nil"), at: \(i))"
    case .moveSeveral(let vs, let p, let i): "move(\(vs), to: (\(p.map(String.init) ?? "nil"), \(i)))"
    case .setValue(let v, let answer): "outline[\(v)] = \(v)\(answer.map { " (answering .\($0))" } ?? "")"
    case .filter(let f): f.description
    case .setRowHeight(let v, let h): h.map { "setRowHeight(\($0), of: \(v))" } ?? "removeRowHeight(of: \(v))"
    case .setRowHeights(let rows, let seed): "setRowHeights(ofRows: \(rows)) (seed \(seed))"
    case .setEstimatedRowHeight(let h): "estimatedRowHeight = \(h)"
    case .setChecked(let v, let checked): "setChecked(\(checked), \(v))"
    case .update(let step): step.description
    case .batch(let ops): "batch { \(ops.map(\.description).joined(separator: "; ")) }"
    }
  }
}

extension OutlineOperation {
  /// The height `setRowHeights(rows:seed:)` gives the row of value `v`:
  /// nil (left as it is) for about a fifth of the values.
  static func rowHeight(of v: Int, seed: UInt64) -> Double? {
    let hash = (UInt64(truncatingIfNeeded: v) &+ seed &* 0x9E37_79B9) &* 0xBF58_476D_1CE4_E5B9
    return hash >> 60 < 3 ? nil : Double((hash >> 32) % 200)
  }

  /// The rows `setRowHeights(rows:seed:)` measures: all of `rows` for an
  /// even seed; for an odd one, runs of 1 to 4 rows with gaps of 1 to
  /// 300 rows between them (past the walk's 256, which descends again).
  static func runs(of rows: Range<Int>, seed: UInt64) -> [Range<Int>] {
    guard seed & 1 == 1 else { return [rows] }
    var runs: [Range<Int>] = []
    var start = rows.lowerBound
    var k = seed
    while start < rows.upperBound {
      k = k &* 6364136223846793005 &+ 1442695040888963407
      let length = Int(k >> 60) % 4 + 1
      runs.append(start ..< min(rows.upperBound, start + length))
      start += length + Int((k >> 40) % 300) + 1
    }
    return runs
  }

  /// Whether the call returns its own change (a batch around it must
  /// return the same).
  var returnsItsChange: Bool {
    switch self {
    case .filter, .moveSeveral, .setChecked: true
    default: false
    }
  }
}

extension OutlinePair {
  /// Applies `operation` to the reference and to `engine` (the pair's outline,
  /// or the one a batch is building), noting moved and value-set nodes.
  mutating func apply(
    _ operation: OutlineOperation, to engine: inout Outline<Int>, moved: inout Set<Int>, valueSet: inout Set<Int>
  ) {
    // A call that changes a node's flag touches it: removing a revealing
    // filter leaves it as it is. The filter operations keep their own books.
    let flagsBefore = reference.nodes.mapValues(\.expanded)
    defer {
      if case .filter = operation {} else if case .batch = operation {} else {
        reference.untouch(flagsBefore: flagsBefore)
      }
    }
    switch operation {
    case .expansion, .setRowHeight, .setRowHeights, .setEstimatedRowHeight, .setChecked, .batch, .filter(.narrow),
      .filter(.widen):
      break
    // Any edit, and any other filter call, drops what widening goes back to.
    default: widenStack = []
    }
    switch operation {
    case .expansion(let e):
      switch e {
      case .expand(let v, let r): engine.expand(ids[v]!, recursively: r); reference.expand(v, recursively: r)
      case .collapse(let v, let r): engine.collapse(ids[v]!, recursively: r); reference.collapse(v, recursively: r)
      case .toggle(let v): engine.toggle(ids[v]!); reference.toggle(v)
      case .reveal(let v): engine.reveal(ids[v]!); reference.reveal(v)
      case .expandAll: engine.expandAll(); reference.expandAll()
      case .collapseAll: engine.collapseAll(); reference.collapseAll()
      case .policy(let p): engine.expansionPolicy = p; reference.policy = .init(p)
      }
    case .insert(let subtree, let parent, let index):
      var childrenOf: [Int: [Int]] = [:]
      var stack: [Int] = []
      for item in subtree {
        stack.removeSubrange(item.depth...)
        if let p = stack.last { childrenOf[p, default: []].append(item.value) }
        stack.append(item.value)
      }
      let id = engine.insert(subtree[0].value, under: parent.map { ids[$0]! }, at: index, children: { childrenOf[$0] ?? [] })
      reference.insert(subtree: subtree, under: parent, at: index)
      if reference.answers != nil {
        for item in subtree { reference.answers![item.value] = book.answer(item.value) }
      }
      // Map the new values to their IDs by walking the new subtree.
      var pending = [id]
      while let next = pending.popLast() {
        ids[engine[next]] = next
        pending.append(contentsOf: engine.children(of: next))
      }
    case .remove(let v):
      let removedValues = reference.subtree(of: v)
      let value = engine.remove(ids[v]!)
      expectEqual(value, v, "remove returns the removed node's value")
      reference.remove(v)
      for r in removedValues { removedIDs.append(ids[r]!) }
    case .move(let v, let parent, let index):
      let wasParent = reference.nodes[v]!.parent
      let wasIndex = reference.siblings(of: v).firstIndex(of: v)!
      do {
        try engine.move(ids[v]!, under: parent.map { ids[$0]! }, at: index)
        expect(reference.move(v, under: parent, at: index), "engine moved \(v) into its own subtree")
        if wasParent != parent || wasIndex != index { moved.formUnion(reference.subtree(of: v)) }
      } catch let error as Outline<Int>.MoveError {
        expect(!reference.move(v, under: parent, at: index), "engine refused a valid move: \(error)")
        expectEqual(error.node, ids[v]!)
        expectEqual(error.destination, ids[parent!]!)
        expect(error.description.contains("\(ids[v]!)") && error.description.contains("\(ids[parent!]!)"))
      } catch {
        fail("unexpected error \(error)")
      }
    case .moveSeveral(let values, let parent, let index):
      applyMoveSeveral(values, under: parent, at: index, to: &engine, moved: &moved)
    case .setValue(let v, let answer):
      // The book answers for a value's version, which changes here, before
      // the engine has the new value: let the engine ask the nodes a
      // narrowing skipped (as it does first thing in the setter) while every
      // answer is still the old value's, as an app's filter would give.
      engine._settleFilterForEdit()
      if let answer { book.overrides[v] = answer } else { book.versions[v, default: 0] += 1 }
      engine[ids[v]!] = v
      if reference.answers != nil { reference.answers![v] = book.answer(v) }
      valueSet.insert(v)
    case .setRowHeight(let v, let height):
      if let height {
        engine.setRowHeight(height, of: ids[v]!)
        reference.heights[v] = height
      } else {
        engine.removeRowHeight(of: ids[v]!)
        reference.heights[v] = nil
      }
    case .setRowHeights(let rows, let seed):
      // An odd seed measures runs of the range with gaps between them (a
      // change's inserted rows), short and long, in one call.
      let runs = OutlineOperation.runs(of: rows, seed: seed)
      if seed & 1 == 0 {
        engine.setRowHeights(ofRows: rows) { _, v in OutlineOperation.rowHeight(of: v, seed: seed) }
      } else {
        engine.setRowHeights(ofRuns: runs) { _, v in OutlineOperation.rowHeight(of: v, seed: seed) }
      }
      let shown = reference.visibleRows
      for row in runs.joined() {
        if let height = OutlineOperation.rowHeight(of: shown[row], seed: seed) { reference.heights[shown[row]] = height }
      }
    case .setEstimatedRowHeight(let height):
      engine.estimatedRowHeight = height
      reference.estimate = height
    case .setChecked(let v, let checked):
      lastDirectChange = engine.setChecked(checked, ids[v]!)
      reference.setChecked(checked, v)
    case .filter(let filter):
      let book = self.book
      switch filter {
      case .set(let seed, let revealing):
        book.seed = seed
        let change = engine.setFilter(revealingMatches: revealing) { book.answer($0) }
        reference.setFilter(book.answers(for: reference.nodes.keys), revealing: revealing)
        lastDirectChange = change
      case .refilter(let seed):
        book.seed = seed
        lastDirectChange = engine.refilter()
        if reference.answers != nil {
          reference.answers = book.answers(for: reference.nodes.keys)
          if reference.revealsMatches { reference.revealMatches() }
        }
      case .remove:
        lastDirectChange = engine.removeFilter()
        reference.removeFilter()
      case .narrow(let layers, let revealing):
        let before: FilterBeforeNarrowing? =
          reference.answers == nil ? nil : FilterBeforeNarrowing(layers: book.layers, revealing: reference.revealsMatches)
        book.layers = layers
        lastDirectChange = engine.narrowFilter(revealingMatches: revealing) { book.answer($0) }
        reference.setFilter(book.answers(for: reference.nodes.keys), revealing: revealing)
        widenStack.append(before)
      case .widen:
        // The filter widening goes back to answers as it did (an app's
        // closure keeps its query); the book's closures read its state.
        if let restored = widenStack.last, let restored { book.layers = restored.layers }
        let change = engine.widenFilter()
        lastDirectChange = change ?? OutlineChange()
        guard let restored = widenStack.popLast() else {
          expectEqual(change == nil, true, "widenFilter() with nothing kept to go back to returns nil")
          break
        }
        expectEqual(change == nil, false, "widenFilter() after a narrowing returns a change")
        if let restored {
          book.layers = restored.layers
          reference.setFilter(book.answers(for: reference.nodes.keys), revealing: restored.revealing)
        } else {
          reference.removeFilter()
        }
      }
    case .update(let step):
      applyUpdate(step, to: &engine, moved: &moved, valueSet: &valueSet)
    case .batch(let operations):
      for op in operations { apply(op, to: &engine, moved: &moved, valueSet: &valueSet) }
    }
  }

  /// Applies an operation inside a batch and checks the batch's change
  /// against the minimal one, through the batch-update double and a view
  /// that caches its cells.
  mutating func performInBatch(
    _ operation: OutlineOperation, context: @autoclosure () -> String,
    file: StaticString = #filePath, line: UInt = #line
  ) {
    let oldRows = reference.visibleRows
    let oldFlags = reference.nodes.mapValues(\.expanded)
    let oldRoots = reference.roots
    let oldSectionRoots = reference.includedRoots
    let oldSections = [SectionHeaderStyle.header, .firstRow].map { sectionedRows(of: reference, style: $0) }
    let showingBefore = reference.decorations
    var view = CachedTableView(showing: outline)
    var moved: Set<Int> = []
    var valueSet: Set<Int> = []
    lastDirectChange = nil  // what a call outside a checked batch returned is not this one's
    var engine = outline
    outline = Outline()  // keep `engine` uniquely referenced
    let change = engine.batch { inner in
      apply(operation, to: &inner, moved: &moved, valueSet: &valueSet)
    }
    outline = engine
    let newRows = reference.visibleRows
    // Redrawn: values set, flags flipped, disclosures turned (first child
    // in, last child out, as the filter shows them), from before to after.
    var redraw = valueSet.union(reference.decorationsTurned(since: showingBefore))
      .filter { reference.nodes[$0] != nil }
    for (value, node) in reference.nodes where oldFlags[value] != nil && oldFlags[value] != node.expanded {
      redraw.insert(value)
    }
    let expected = expectedChange(
      old: oldRows, new: newRows, moved: moved, redraw: redraw, oldRoots: Set(oldRoots), newRoots: Set(reference.roots))
    expectEqual(
      change, expected,
      "change of \(operation), root rows -\(change.removedRootRows) +\(change.insertedRootRows), expected -\(expected.removedRootRows) +\(expected.insertedRootRows) [\(context())]",
      file: file, line: line)
    if operation.returnsItsChange, let direct = lastDirectChange {
      // The call's own change is the batch's.
      expectEqual(direct, expected, "returned change of \(operation) [\(context())]", file: file, line: line)
    }
    lastDirectChange = nil
    var double = BatchUpdateDouble(rows: oldRows)
    double.apply(change, newRows: newRows, context: "\(operation) \(context())", file: file, line: line)
    view.apply(change, to: outline, valuesSet: valueSet, context: "\(operation) \(context())", file: file, line: line)
    for (k, style) in [SectionHeaderStyle.header, .firstRow].enumerated() {
      let sectioned = outline.sections(style: style).convert(change)
      checkSectioned(
        sectioned, old: oldSections[k], new: sectionedRows(of: reference, style: style), oldRoots: oldSectionRoots,
        reloads: Set(change.reloadedRows.map { oldRows[$0] }), style: style, context: "\(operation) \(context())", file: file, line: line)
    }
  }

  /// A random operation: expansion, edit, or (when `batches`) a batch of
  /// 1-10 of them.
  mutating func randomOperation(using rng: inout SplitMix64, batches: Bool = true) -> OutlineOperation {
    let values = reference.nodes.keys.sorted()
    let roll = rng.int(in: 0 ..< 100)
    if values.isEmpty || roll < 15 { return randomInsert(using: &rng) }
    let v = values.randomElement(using: &rng)!
    switch roll {
    case 15 ..< 45:
      return .expansion(randomExpansionOperation(using: &rng))
    case 45 ..< 55:
      return values.count > 3 ? .remove(v) : randomInsert(using: &rng)
    case 55 ..< 63:
      return randomMoveSeveral(using: &rng)
    case 63 ..< 75:
      // Any parent, including (sometimes) one inside the node's own subtree.
      let parent: Int? = rng.chance(0.2) ? nil : values.randomElement(using: &rng)!
      let siblingCount = parent.map { reference.nodes[$0]!.children.count } ?? reference.roots.count
      let staysUnderSameParent = reference.nodes[v]!.parent == parent
      let limit = staysUnderSameParent ? siblingCount - 1 : siblingCount
      return .move(v, parent: parent, index: rng.int(in: 0 ... max(0, limit)))
    case 75 ..< 81:
      return .setValue(v, answer: nil)
    case 81 ..< 86:
      return .filter(randomFilterOperation(using: &rng))
    case 86 ..< 89:
      // Marks late in a run of edits: the edits after them turn states.
      return .setChecked(v, rng.chance(0.7))
    case 89 ..< 91:
      let rowCount = reference.visibleRows.count
      if rowCount > 0 && rng.chance(0.25) {
        let start = rng.int(below: rowCount)
        return .setRowHeights(rows: start ..< rng.int(in: start + 1 ... rowCount), seed: rng.next() % 1000)
      }
      return rng.chance(0.1)
        ? .setEstimatedRowHeight(Double(rng.int(in: 0 ... 80)))
        : .setRowHeight(v, rng.chance(0.15) ? nil : Double(rng.chance(0.1) ? 0 : rng.int(in: 1 ... 300)))
    default:
      guard batches else { return .expansion(randomExpansionOperation(using: &rng)) }
      return planBatch(count: rng.int(in: 1 ... 10)) { $0.randomOperation(using: &rng, batches: false) }
    }
  }

  /// A batch of `count` operations from `next`, each chosen against a scratch
  /// copy on which the earlier ones have run, so each is valid when it runs.
  mutating func planBatch(count: Int, _ next: (inout OutlinePair) -> OutlineOperation) -> OutlineOperation {
    var scratch = self
    // Planning a filter call or a value set must not change the answers the
    // operations before it get when the batch runs: the book goes back to
    // where it was, and the batch makes the same changes to it in order.
    let bookBefore = book.copy()
    defer { book.restore(bookBefore) }
    var operations: [OutlineOperation] = []
    var moved: Set<Int> = []
    var valueSet: Set<Int> = []
    var engine = scratch.outline
    for _ in 0 ..< count {
      let op = next(&scratch)
      scratch.apply(op, to: &engine, moved: &moved, valueSet: &valueSet)
      operations.append(op)
    }
    nextValue = scratch.nextValue
    return .batch(operations)
  }

  /// A random filter operation: mostly a new filter (search as you type),
  /// sometimes a refilter or removal.
  func randomFilterOperation(using rng: inout SplitMix64) -> FilterOperation {
    switch rng.int(in: 0 ..< 14) {
    case 0 ..< 6: .set(seed: rng.next() % 1000, revealing: rng.chance(0.5))
    case 6 ..< 8: .refilter(seed: rng.next() % 1000)
    case 8 ..< 11: randomNarrowing(using: &rng)
    case 11 ..< 13: .widen
    default: .remove
    }
  }

  /// A narrowing of the filter in force (or, with none, a filter set by
  /// narrowing), revealing or not.
  func randomNarrowing(using rng: inout SplitMix64) -> FilterOperation {
    let layers = reference.answers == nil ? [] : book.layers
    return .narrow(layers: layers + [.seeded(rng.next() % 1000)], revealing: rng.chance(0.5))
  }

  mutating func randomInsert(using rng: inout SplitMix64) -> OutlineOperation {
    let values = reference.nodes.keys.sorted()
    let parent: Int? = values.isEmpty || rng.chance(0.25) ? nil : values.randomElement(using: &rng)!
    let siblingCount = parent.map { reference.nodes[$0]!.children.count } ?? reference.roots.count
    let size = rng.chance(0.6) ? 1 : rng.int(in: 2 ... 8)
    var rngCopy = rng
    let depths = TreeShape.random.depths(count: size, using: &rngCopy)
    rng = rngCopy
    var subtree: [(value: Int, depth: Int)] = []
    // A subtree has one root: clamp later depths to at least 1.
    for (k, d) in depths.enumerated() {
      subtree.append((nextValue, k == 0 ? 0 : max(1, d)))
      nextValue += 1
    }
    return .insert(subtree: subtree, parent: parent, index: rng.int(in: 0 ... siblingCount))
  }
}
