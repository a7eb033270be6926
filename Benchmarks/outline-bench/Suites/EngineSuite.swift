import OutlineKit
import OutlineTestSupport

/// The engine's own operations, which the baselines do not implement:
/// building from nested data, and editing (insert, remove, move).
///
/// Every edit is timed alone and undone untimed, so every sample edits the
/// same tree, the one the workload describes.
struct EngineSuite {
  let workload: Workload
  let options: BenchOptions

  /// Size of the subtrees inserted and removed.
  static let subtreeSize = 1_000

  func run(_ engine: inout EngineModel, into report: inout Report) {
    measureNestedBuild(into: &report)
    measureLeafEdits(&engine, into: &report)
    measureSubtreeEdits(&engine, into: &report)
    measureMoves(&engine, into: &report)
  }

  func record(_ operation: Operation, into report: inout Report, _ body: () -> Outcome) {
    report.record(operation, workload, .engine, options: options, body)
  }

  /// `Outline(roots:children:)` from nested arrays, as an app's model holds
  /// them (`Item.children`): the closure returns a stored array.
  private func measureNestedBuild(into report: inout Report) {
    guard options.includes(operation: Operation.buildNested.rawValue) else { return }
    let spec = workload.spec
    let children: [[Int]] = (0 ..< spec.count).map(spec.children(of:))
    record(.buildNested, into: &report) {
      // The outline is freed untimed: building is what is measured.
      var built: Outline<Int>?
      defer { blackHole(built) }
      return measureEach(
        samples: options.bulkSamples, budget: .engine, unitsPerOperation: spec.count,
        { _ in built = Outline(roots: spec.roots, children: { children[$0] }) }, undo: { _ in built = nil })
    }
  }

  /// Random places: a random parent (visible or not) and a random index
  /// among its children.
  func randomPlaces(_ engine: EngineModel, count: Int, seed: UInt64) -> [(parent: Outline<Int>.NodeID, index: Int)] {
    var rng = SplitMix64(seed: seed)
    let spec = workload.spec
    return (0 ..< count).map { _ in
      let parent = rng.int(below: spec.count)
      let children = Int(spec.childEnd[parent] - spec.childStart[parent])
      return (engine.id(ofNode: parent), rng.int(below: children + 1))
    }
  }

  private func measureLeafEdits(_ engine: inout EngineModel, into report: inout Report) {
    let value = workload.count
    measureInsertAndRemove(&engine, into: &report, seed: 11, (.insertLeaf, .removeLeaf)) { outline, place in
      outline.insert(value, under: place.parent, at: place.index)
    }
  }

  /// A balanced subtree (fan-out 10) of 1,000 new nodes, whose children
  /// arrays are made before timing.
  private func measureSubtreeEdits(_ engine: inout EngineModel, into report: inout Report) {
    let first = workload.count
    let size = EngineSuite.subtreeSize
    let children: [[Int]] = (0 ..< size).map { j in
      (Swift.min(10 * j + 1, size) ..< Swift.min(10 * j + 11, size)).map { first + $0 }
    }
    measureInsertAndRemove(&engine, into: &report, seed: 13, (.insertSubtree, .removeSubtree)) { outline, place in
      outline.insert(first, under: place.parent, at: place.index, children: { children[$0 - first] })
    }
  }

  /// Times `insert` at random places (each undone by an untimed remove),
  /// then the remove of what it inserted (each prepared by an untimed
  /// insert).
  func measureInsertAndRemove(
    _ engine: inout EngineModel, into report: inout Report, seed: UInt64,
    _ operations: (insert: Operation, remove: Operation),
    insert: @escaping (inout Outline<Int>, (parent: Outline<Int>.NodeID, index: Int)) -> Outline<Int>.NodeID
  ) {
    let places = randomPlaces(engine, count: 1_024, seed: seed)
    var inserted: Outline<Int>.NodeID? = nil
    let insertOne = { (engine: inout EngineModel, sample: Int) in
      inserted = insert(&engine.outline, places[sample % places.count])
    }
    let removeIt = { (engine: inout EngineModel, _: Int) in
      blackHole(engine.outline.remove(inserted!))
    }
    record(operations.insert, into: &report) {
      measureEach(samples: options.singleSamples, budget: .engine, { insertOne(&engine, $0) }, undo: { removeIt(&engine, $0) })
    }
    record(operations.remove, into: &report) {
      measureEach(samples: options.singleSamples, budget: .engine, prepare: { insertOne(&engine, $0) }, { removeIt(&engine, $0) })
    }
  }

  /// Moves a random subtree of at most 1,000 nodes under a random node
  /// outside it, at a random index; the move back is untimed.
  private func measureMoves(_ engine: inout EngineModel, into report: inout Report) {
    guard options.includes(operation: Operation.move.rawValue) else { return }
    let spec = workload.spec
    let n = spec.count
    // Subtree sizes (children are numbered after their parent), parents and
    // indices among siblings, from the spec: the tree is the same before
    // every sample.
    var subtree = [Int](repeating: 1, count: n)
    var parent = [Int](repeating: -1, count: n)
    var indexInParent = [Int](repeating: 0, count: n)
    for (k, root) in spec.roots.enumerated() { indexInParent[root] = k }
    for node in 0 ..< n {
      for (k, c) in (Int(spec.childStart[node]) ..< Int(spec.childEnd[node])).enumerated() {
        parent[Int(spec.childList[c])] = node
        indexInParent[Int(spec.childList[c])] = k
      }
    }
    for node in (0 ..< n).reversed() where parent[node] >= 0 { subtree[parent[node]] += subtree[node] }
    // At most half the tree, so that there is somewhere else to put it.
    let movable = (0 ..< n).filter { subtree[$0] <= Swift.min(EngineSuite.subtreeSize, n / 2) }
    guard !movable.isEmpty else { return }

    typealias ID = Outline<Int>.NodeID
    var rng = SplitMix64(seed: 17)
    let moves: [(node: ID, to: ID, index: Int, from: ID?, fromIndex: Int)] = (0 ..< 1_024).map { _ in
      let node = movable[rng.int(below: movable.count)]
      var target = rng.int(below: n)
      while target >= node && target < node + subtree[node] { target = rng.int(below: n) }
      let siblings = Int(spec.childEnd[target] - spec.childStart[target]) - (parent[node] == target ? 1 : 0)
      return (
        engine.id(ofNode: node), engine.id(ofNode: target), rng.int(below: siblings + 1),
        parent[node] < 0 ? nil : engine.id(ofNode: parent[node]), indexInParent[node]
      )
    }
    record(.move, into: &report) {
      measureEach(
        samples: options.singleSamples, budget: .engine,
        { sample in
          let move = moves[sample % moves.count]
          do { try engine.outline.move(move.node, under: move.to, at: move.index) } catch { fail("move: \(error)") }
        },
        undo: { sample in
          let move = moves[sample % moves.count]
          do { try engine.outline.move(move.node, under: move.from, at: move.fromIndex) } catch { fail("move back: \(error)") }
        })
    }
  }
}
