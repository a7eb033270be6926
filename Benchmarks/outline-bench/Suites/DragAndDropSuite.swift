import OutlineKit
import OutlineTestSupport

/// Drag and drop: where a drop lands (`dropTarget`, cold random, against
/// `id(atRow:)` cold in the same run), and moving a selection of 1, 10,
/// 100 and 1,000 random visible nodes to a random drop target with
/// `move(_:to:)`, against the same moves one by one in a batch and against
/// (d), an app's own tree moved and its rows rebuilt.
///
/// Every move is undone untimed (the moved nodes parked at the end of the
/// top level, then put back one by one in tree order at their old places),
/// so every sample moves nodes of the tree the workload describes.
struct DragAndDropSuite {
  let workload: Workload
  let options: BenchOptions

  static let selectionSizes: [(size: Int, together: Operation, oneByOne: Operation?)] = [
    (1, .moveSelection1, nil), (10, .moveSelection10, .moveOneByOne10),
    (100, .moveSelection100, .moveOneByOne100), (1_000, .moveSelection1000, .moveOneByOne1000),
  ]

  /// One prepared move: the outermost selected nodes in tree order, with
  /// the places they come from, and where they go.
  struct Move {
    var tops: [Int]
    var from: [(parent: Int?, index: Int)]
    var parent: Int?
    var index: Int
  }

  func run(_ engine: inout EngineModel, into report: inout Report) {
    measureDropTargets(engine, into: &report)
    for (size, together, oneByOne) in DragAndDropSuite.selectionSizes
    where options.includes(operation: together.rawValue) || oneByOne.map({ options.includes(operation: $0.rawValue) }) == true {
      let moves = prepareMoves(engine, size: size, seed: 0xD2A6 &+ UInt64(size))
      guard !moves.isEmpty else { continue }
      let suite = EngineSuite(workload: workload, options: options)
      suite.record(together, into: &report) {
        measureEach(
          samples: options.singleSamples, budget: .engine,
          { sample in
            let move = moves[sample % moves.count]
            let target = Outline<Int>.DropTarget(parent: move.parent.map(engine.id(ofNode:)), index: move.index)
            do { blackHole(try engine.outline.move(move.tops.map(engine.id(ofNode:)), to: target)) } catch { fail("move: \(error)") }
          },
          undo: { sample in undo(moves[sample % moves.count], in: &engine) })
      }
      if let oneByOne {
        suite.record(oneByOne, into: &report) {
          measureEach(
            samples: options.singleSamples, budget: .engine,
            { sample in blackHole(moveOneByOne(moves[sample % moves.count], in: &engine)) },
            undo: { sample in undo(moves[sample % moves.count], in: &engine) })
        }
      }
    }
  }

  /// `dropTarget` for a fresh random row, place and indentation each
  /// time, generated inline as the cold `id(atRow:)` rows are.
  private func measureDropTargets(_ engine: EngineModel, into report: inout Report) {
    guard options.includes(operation: Operation.dropTarget.rawValue) else { return }
    let outline = engine.outline
    let count = outline.rowCount
    guard count > 0 else { return }
    var rng = SplitMix64(seed: 0xD209)
    EngineSuite(workload: workload, options: options).record(.dropTarget, into: &report) {
      measure(samples: options.samples, budget: .engine, maxOperations: 1 << 40) { k in
        var sum = 0
        for _ in 0 ..< k {
          let bits = rng.next()
          let target = outline.dropTarget(
            atRow: CommonSuite<EngineModel>.row(bits, below: count), fraction: Double(bits >> 54) / 1024, depth: Int(bits >> 48 & 7))
          sum = sum &+ target.index
        }
        blackHole(sum)
      }
    }
  }

  /// Moves of `size` random visible nodes to random drop targets that
  /// accept them, on the workload's tree.
  func prepareMoves(_ engine: EngineModel, size: Int, seed: UInt64) -> [Move] {
    let outline = engine.outline
    let rows = outline.rowCount
    guard rows > size else { return [] }
    var rng = SplitMix64(seed: seed)
    var moves: [Move] = []
    for _ in 0 ..< 64 * 4 where moves.count < 64 {
      var picked = Set<Int>()
      while picked.count < size { picked.insert(rng.int(below: rows)) }
      let ids = picked.sorted().map { outline.id(atRow: $0) }
      let target = outline.dropTarget(
        atRow: rng.int(below: rows + 1), fraction: Double(rng.int(below: 1000)) / 1000, depth: rng.int(below: 8))
      guard outline.canMove(ids, to: target) else { continue }
      // The outermost nodes: a selected node inside another's subtree
      // (its rows follow the other's) travels with it.
      var tops: [Outline<Int>.NodeID] = []
      var subtreeEnd = -1
      for (row, id) in zip(picked.sorted(), ids) where row >= subtreeEnd {
        tops.append(id)
        subtreeEnd = outline.rowRange(ofSubtree: id)!.upperBound
      }
      moves.append(
        Move(
          tops: tops.map(engine.node(of:)),
          from: tops.map { (outline.parent(of: $0).map(engine.node(of:)), outline.indexInParent(of: $0)) },
          parent: target.parent.map(engine.node(of:)), index: target.index))
    }
    return moves
  }

  /// The same move with `move(_:under:at:)` per node, inside one batch:
  /// each index worked out as an app would (a node taken from before the
  /// gap under the same parent moves the gap one to the left).
  func moveOneByOne(_ move: Move, in engine: inout EngineModel) -> OutlineChange {
    let parent = move.parent.map(engine.id(ofNode:))
    let tops = move.tops.map(engine.id(ofNode:))
    return engine.outline.batch { outline in
      var gap = move.index
      for id in tops {
        let wasBefore = outline.parent(of: id) == parent && outline.indexInParent(of: id) < gap
        do { try outline.move(id, under: parent, at: wasBefore ? gap - 1 : gap) } catch { fail("move: \(error)") }
        if !wasBefore { gap += 1 }
      }
    }
  }

  /// Puts the moved nodes back where they were: parked at the end of the
  /// top level, then each at its old place in tree order, so that the
  /// siblings before it are already back.
  func undo(_ move: Move, in engine: inout EngineModel) {
    let tops = move.tops.map(engine.id(ofNode:))
    do {
      try engine.outline.move(tops, to: .init(parent: nil, index: engine.outline.roots.count))
      for (id, from) in zip(tops, move.from) {
        try engine.outline.move(id, under: from.parent.map(engine.id(ofNode:)), at: from.index)
      }
    } catch {
      fail("undoing a move: \(error)")
    }
  }

  /// (d): the same moves on the app's own tree, with its rows rebuilt;
  /// checked against the engine's rows on trees up to `CrossCheck.limit`
  /// nodes.
  func runByHand(into report: inout Report, reference: EngineModel?) {
    var engine = reference ?? prepared()
    var baseline = ByHandMoveBaseline(spec: workload.spec, expanded: workload.expanded)
    for (size, together, _) in DragAndDropSuite.selectionSizes where options.includes(operation: together.rawValue) {
      let moves = prepareMoves(engine, size: size, seed: 0xD2A6 &+ UInt64(size))
      guard !moves.isEmpty else { continue }
      if reference != nil { crossCheck(moves[0], baseline, engine: &engine) }
      var saved: (lists: [(Int32, [Int32])], roots: [Int32], parents: [(Int32, Int32)]) = ([], [], [])
      report.record(together, workload, .byHand, options: options) {
        measureEach(
          samples: options.singleSamples, budget: .baseline,
          prepare: { sample in
            let move = moves[sample % moves.count]
            let touched = Set(move.from.compactMap(\.parent) + (move.parent.map { [$0] } ?? []))
            saved = (touched.map { (Int32($0), baseline.children[$0]) }, baseline.roots, move.tops.map { (Int32($0), baseline.parent[$0]) })
          },
          { sample in
            let move = moves[sample % moves.count]
            baseline.move(move.tops.map { Int32($0) }, under: Int32(move.parent ?? -1), at: move.index)
          },
          undo: { _ in
            for (node, list) in saved.lists { baseline.children[Int(node)] = list }
            baseline.roots = saved.roots
            for (node, parent) in saved.parents { baseline.parent[Int(node)] = parent }
          })
      }
    }
  }

  /// The engine on the workload's tree, when the cross-check has none.
  private func prepared() -> EngineModel {
    var engine = EngineModel.build(preorder: workload.preorder)
    engine.prepare(expanded: workload.expanded)
    return engine
  }

  /// Both subjects make the move and show the same rows, and the engine's
  /// one-by-one moves the same tree; then the run goes on from the
  /// workload's tree again.
  private func crossCheck(_ move: Move, _ baseline: ByHandMoveBaseline, engine: inout EngineModel) {
    var baseline = baseline
    baseline.move(move.tops.map { Int32($0) }, under: Int32(move.parent ?? -1), at: move.index)
    var copy = engine
    try! copy.outline.move(move.tops.map(copy.id(ofNode:)), to: .init(parent: move.parent.map(copy.id(ofNode:)), index: move.index))
    if copy.outline.rows.map({ Int32(copy.node(of: $0)) }) != baseline.rows { fail("by-hand moves differ from the engine's") }
    var oneByOne = engine
    _ = moveOneByOne(move, in: &oneByOne)
    if oneByOne.outline.rows.map({ Int32(oneByOne.node(of: $0)) }) != baseline.rows {
      fail("one-by-one moves differ from move(_:to:)")
    }
    undo(move, in: &oneByOne)
    if oneByOne.outline.rows.map(oneByOne.node(of:)) != engine.outline.rows.map(engine.node(of:)) {
      fail("undoing a move does not give the workload's tree back")
    }
  }
}
