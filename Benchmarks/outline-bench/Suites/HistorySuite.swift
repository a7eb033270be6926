import AllocationCounter
import OutlineKit

/// Undo and redo with `Outline.History`: recording, undoing and redoing a
/// leaf insert (against the bare insert and remove), the removal of a big
/// subtree (min(n/10, 10^5) nodes), a move of 100 nodes and a 1% update;
/// the memory a step keeps. Against (d), the by-hand way: a copy of the
/// outline kept per step, which the next edit forces to be copied whole,
/// and put back on undo.
///
/// Every sample starts from the same tree: what a sample records is
/// undone untimed (or its undo timed, then redone untimed), and the
/// history is emptied before the next.
struct HistorySuite {
  let workload: Workload
  let options: BenchOptions

  static let operations: [Operation] = [
    .historyInsert, .historyUndoInsert, .historyRedoInsert, .historyRemoveBig, .historyUndoRemoveBig,
    .historyRemoveBigBytes, .historyMove100, .historyUndoMove100, .historyUpdate, .historyUndoUpdate,
  ]

  /// The size of the big subtree removed.
  func bigSubtreeSize() -> Int { Swift.max(1, Swift.min(100_000, workload.count / 10)) }

  func run(_ engine: inout EngineModel, versions: UpdateVersions?, into report: inout Report) {
    guard HistorySuite.operations.contains(where: { options.includes(operation: $0.rawValue) }) else { return }
    let suite = EngineSuite(workload: workload, options: options)
    var history = Outline<Int>.History()
    let places = suite.randomPlaces(engine, count: 1_024, seed: 71)
    let value = workload.count

    // A leaf: recorded insert, then its undo and redo.
    var inserted: Outline<Int>.NodeID?
    suite.record(.historyInsert, into: &report) {
      measureEach(
        samples: options.singleSamples, budget: .engine,
        { i in
          let place = places[i % places.count]
          history.record(in: &engine.outline) { inserted = $0.insert(value, under: place.parent, at: place.index) }
        },
        undo: { _ in
          history.undo(in: &engine.outline)
          history.removeAll()
        })
    }
    suite.record(.historyUndoInsert, into: &report) {
      measureEach(
        samples: options.singleSamples, budget: .engine,
        prepare: { i in
          let place = places[i % places.count]
          history.record(in: &engine.outline) { inserted = $0.insert(value, under: place.parent, at: place.index) }
        },
        { _ in blackHole(history.undo(in: &engine.outline)) }, undo: { _ in history.removeAll() })
    }
    suite.record(.historyRedoInsert, into: &report) {
      measureEach(
        samples: options.singleSamples, budget: .engine,
        prepare: { i in
          let place = places[i % places.count]
          history.record(in: &engine.outline) { inserted = $0.insert(value, under: place.parent, at: place.index) }
          history.undo(in: &engine.outline)
        },
        { _ in blackHole(history.redo(in: &engine.outline)) },
        undo: { _ in
          history.undo(in: &engine.outline)
          history.removeAll()
        })
    }
    blackHole(inserted)
    history.removeAll()
    measureBigRemoval(&engine, history: &history, into: &report)
    measureMoves(&engine, history: &history, into: &report)
    if let versions { measureUpdate(versions, into: &report) }
  }

  /// A balanced subtree (fan-out 10) of `bigSubtreeSize()` new nodes, made
  /// once and put at the same place before each sample.
  private func bigSubtree() -> (first: Int, children: [[Int]]) {
    let size = bigSubtreeSize()
    let first = workload.count + 1
    return (first, (0 ..< size).map { j in (Swift.min(10 * j + 1, size) ..< Swift.min(10 * j + 11, size)).map { first + $0 } })
  }

  private func measureBigRemoval(_ engine: inout EngineModel, history: inout Outline<Int>.History, into report: inout Report) {
    let (first, children) = bigSubtree()
    let suite = EngineSuite(workload: workload, options: options)
    let place = suite.randomPlaces(engine, count: 1, seed: 73)[0]
    let top = engine.outline.insert(first, under: place.parent, at: place.index, children: { children[$0 - first] })
    defer { engine.outline.remove(top) }
    suite.record(.historyRemoveBig, into: &report) {
      measureEach(
        samples: options.bulkSamples, budget: .engine,
        { _ in history.record(in: &engine.outline) { $0.remove(top) } },
        undo: { _ in
          history.undo(in: &engine.outline)
          history.removeAll()
        })
    }
    suite.record(.historyUndoRemoveBig, into: &report) {
      measureEach(
        samples: options.bulkSamples, budget: .engine,
        prepare: { _ in history.record(in: &engine.outline) { $0.remove(top) } },
        { _ in blackHole(history.undo(in: &engine.outline)) }, undo: { _ in history.removeAll() })
    }
    // What the step keeps: the heap after it less the heap before, the
    // edit's own freeing included (its index nodes go back to the arena).
    suite.record(.historyRemoveBigBytes, into: &report) {
      measureBytes(samples: 3) { _ in
        history.record(in: &engine.outline) { $0.remove(top) }
      } undo: { _ in
        history.undo(in: &engine.outline)
        history.removeAll()
      }
    }
  }

  /// 100 random visible nodes moved to a random drop target, recorded; and
  /// the undo of that move.
  private func measureMoves(_ engine: inout EngineModel, history: inout Outline<Int>.History, into report: inout Report) {
    let dragAndDrop = DragAndDropSuite(workload: workload, options: options)
    let moves = dragAndDrop.prepareMoves(engine, size: 100, seed: 0x4157)
    guard !moves.isEmpty else { return }
    let suite = EngineSuite(workload: workload, options: options)
    func move(_ k: Int, in engine: inout EngineModel) {
      let move = moves[k % moves.count]
      let target = Outline<Int>.DropTarget(parent: move.parent.map(engine.id(ofNode:)), index: move.index)
      let ids = move.tops.map(engine.id(ofNode:))
      do { try history.record(in: &engine.outline) { try $0.move(ids, to: target) } } catch { fail("move: \(error)") }
    }
    suite.record(.historyMove100, into: &report) {
      measureEach(
        samples: options.singleSamples, budget: .engine, { move($0, in: &engine) },
        undo: { _ in
          history.undo(in: &engine.outline)
          history.removeAll()
        })
    }
    suite.record(.historyUndoMove100, into: &report) {
      measureEach(
        samples: options.singleSamples, budget: .engine, prepare: { move($0, in: &engine) },
        { _ in blackHole(history.undo(in: &engine.outline)) }, undo: { _ in history.removeAll() })
    }
  }

  /// A recorded update with 1% of the nodes moved, and its undo.
  private func measureUpdate(_ versions: UpdateVersions, into report: inout Report) {
    let suite = EngineSuite(workload: workload, options: options)
    let update = UpdateSuite(workload: workload, options: options)
    var outline = UpdateSuite.makeOutline(versions.base, expanded: update.expandedIdentities(versions))
    var history = Outline<UpdateNode>.History()
    let n = workload.count
    func recordUpdate() {
      do {
        try history.record(in: &outline) { outline in
          try outline.update(roots: versions.moved.roots, children: versions.moved.children(of:), id: \.id)
        }
      } catch {
        fail("update: \(error)")
      }
    }
    suite.record(.historyUpdate, into: &report) {
      measureEach(
        samples: options.bulkSamples, budget: .engine, unitsPerOperation: n, { _ in recordUpdate() },
        undo: { _ in
          history.undo(in: &outline)
          history.removeAll()
        })
    }
    suite.record(.historyUndoUpdate, into: &report) {
      measureEach(
        samples: options.bulkSamples, budget: .engine, unitsPerOperation: n, prepare: { _ in recordUpdate() },
        { _ in blackHole(history.undo(in: &outline)) }, undo: { _ in history.removeAll() })
    }
  }

  /// (d): a copy of the outline per step. The edit after the copy forces
  /// the whole index to be copied; undo puts the copy back (and frees the
  /// edited one).
  func runByHand(_ engine: EngineModel?, into report: inout Report) {
    guard [Operation.historyRemoveBig, .historyUndoRemoveBig, .historyRemoveBigBytes].contains(where: {
      options.includes(operation: $0.rawValue)
    }) else { return }
    var engine = engine ?? {
      var built = EngineModel.build(preorder: workload.preorder)
      built.prepare(expanded: workload.expanded)
      return built
    }()
    let (first, children) = bigSubtree()
    let place = EngineSuite(workload: workload, options: options).randomPlaces(engine, count: 1, seed: 73)[0]
    let top = engine.outline.insert(first, under: place.parent, at: place.index, children: { children[$0 - first] })
    var saved: Outline<Int>?
    func record(_ operation: Operation, _ body: () -> Outcome) {
      report.record(operation, workload, .byHand, options: options, body)
    }
    record(.historyRemoveBig) {
      measureEach(
        samples: options.bulkSamples, budget: .baseline,
        { _ in
          saved = engine.outline
          engine.outline.remove(top)
        },
        undo: { _ in
          engine.outline = saved!
          saved = nil
        })
    }
    record(.historyUndoRemoveBig) {
      measureEach(
        samples: options.bulkSamples, budget: .baseline,
        prepare: { _ in
          saved = engine.outline
          engine.outline.remove(top)
        },
        { _ in
          engine.outline = saved!
          saved = nil
        })
    }
    record(.historyRemoveBigBytes) {
      measureBytes(samples: 3) { _ in
        saved = engine.outline
        engine.outline.remove(top)
      } undo: { _ in
        engine.outline = saved!
        saved = nil
      }
    }
  }
}

/// The heap bytes `body(i)` leaves allocated (each undone by `undo(i)`),
/// as a "timing" whose values are bytes; skipped where the heap is not
/// measured (anywhere but Linux with glibc).
func measureBytes(samples: Int, _ body: (_ sample: Int) -> Void, undo: (_ sample: Int) -> Void) -> Outcome {
  guard outline_bench_heap_bytes() != UInt64.max else { return .skipped(estimatedSeconds: 0) }
  var values: [Double] = []
  for i in 0 ..< Swift.max(1, samples) {
    let before = outline_bench_heap_bytes()
    body(i)
    let after = outline_bench_heap_bytes()
    undo(i)
    values.append(Double(Int64(bitPattern: after &- before)))
  }
  return .measured(Timing(perUnit: values, operationsPerSample: 1))
}
