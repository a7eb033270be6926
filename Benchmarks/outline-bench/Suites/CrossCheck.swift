import OutlineTestSupport

/// Checks, before anything is timed, that a baseline answers like the
/// engine: the same rows, the same row for each node, the same checksum
/// from its window iteration as from its lookups, and the same rows after
/// the same expansions. A baseline that did less work than it claims would
/// fail here.
///
/// It costs up to a few hundred O(n) operations, so it runs on trees up to
/// `limit` nodes (which includes every size of `--quick`, which CI runs).
struct CrossCheck {
  let workload: Workload
  static let limit = 100_000

  func run<Model: OutlineModel>(_ model: Model, against reference: EngineModel) {
    var model = model
    var engine = reference
    var rng = SplitMix64(seed: 7)
    compare(model, engine, "starting state", rng: &rng)

    // Window iteration agrees with lookups, in both.
    for start in workload.windowStarts.prefix(8) {
      let rows = start ..< Swift.min(start + Workload.windowLength, model.rowCount)
      check(model.checksum(ofRows: rows) == rows.reduce(0) { $0 &+ Model.fold(model.id(atRow: $1)) }, "window at \(start)")
      check(engine.checksum(ofRows: rows) == rows.reduce(0) { $0 &+ EngineModel.fold(engine.id(atRow: $1)) }, "engine window at \(start)")
    }

    // Expansions of visible nodes and of any node (hidden ones included).
    let n = workload.count
    for step in 0 ..< 40 {
      let node = step % 2 == 0 || workload.clickableNodes.isEmpty
        ? rng.int(below: n) : workload.clickableNodes[rng.int(below: workload.clickableNodes.count)]
      switch step % 3 {
      case 0:
        _ = model.toggle(model.id(ofNode: node))
        _ = engine.toggle(engine.id(ofNode: node))
      case 1:
        _ = model.expand(model.id(ofNode: node))
        _ = engine.expand(engine.id(ofNode: node))
      default:
        _ = model.collapse(model.id(ofNode: node))
        _ = engine.collapse(engine.id(ofNode: node))
      }
      compare(model, engine, "step \(step) on node \(node)", rng: &rng)
    }
    let batch = (0 ..< 100).map { _ in rng.int(below: n) }
    _ = model.toggleBatch(batch.map(model.id(ofNode:))[...])
    _ = engine.toggleBatch(batch.map(engine.id(ofNode:))[...])
    compare(model, engine, "batch", rng: &rng)
    model.expandAll()
    engine.expandAll()
    compare(model, engine, "expandAll", rng: &rng)
    model.collapseAll()
    engine.collapseAll()
    compare(model, engine, "collapseAll", rng: &rng)
  }

  /// Same row count, same node on random rows, same row for random nodes
  /// (nil for hidden ones), same flags.
  private func compare<Model: OutlineModel>(_ model: Model, _ engine: EngineModel, _ context: String, rng: inout SplitMix64) {
    check(model.rowCount == engine.rowCount, "\(context): \(model.rowCount) rows, engine \(engine.rowCount)")
    for _ in 0 ..< 64 {
      let row = rng.int(below: engine.rowCount)
      let node = engine.node(of: engine.id(atRow: row))
      check(model.node(of: model.id(atRow: row)) == node, "\(context): row \(row)")
      check(model.row(of: model.id(ofNode: node)) == row, "\(context): row of node \(node)")
      let other = rng.int(below: workload.count)
      check(model.row(of: model.id(ofNode: other)) == engine.row(of: engine.id(ofNode: other)), "\(context): row of node \(other)")
      check(model.isExpanded(model.id(ofNode: other)) == engine.isExpanded(engine.id(ofNode: other)), "\(context): flag of node \(other)")
    }
  }

  private func check(_ condition: Bool, _ message: @autoclosure () -> String) {
    if !condition { fail("cross-check of a baseline against the engine failed (\(workload.spec.shape), n=\(workload.count)): \(message())") }
  }
}
