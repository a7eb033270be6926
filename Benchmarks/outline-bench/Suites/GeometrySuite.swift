import OutlineKit
import OutlineTestSupport

/// Row geometry: heights on about half the nodes (whole numbers, 20-120
/// points), the estimate on the others; offset → row and row → offset at
/// random, setting a height, and toggling with heights on. Against (d), the
/// by-hand running sum of the visible rows' heights an app rebuilds after
/// every change.
///
/// It works on an outline of its own, built and expanded as the workload
/// says (so its figures compare with the plain ones, taken on a fresh
/// build too), and records the index bytes with heights.
struct GeometrySuite {
  let workload: Workload
  let options: BenchOptions

  /// Node `node`'s height, or nil for the estimate: a hash of its number.
  static func height(of node: Int) -> Double? {
    let hash = (UInt64(truncatingIfNeeded: node) &* 0xBF58_476D_1CE4_E5B9) >> 40
    return hash & 1 == 0 ? nil : Double(20 + hash % 101)
  }

  func run(into report: inout Report) {
    let n = workload.count
    let suite = EngineSuite(workload: workload, options: options)
    var engine = EngineModel.build(preorder: workload.preorder)
    engine.prepare(expanded: workload.expanded)
    for node in 0 ..< n {
      if let height = GeometrySuite.height(of: node) { engine.outline.setRowHeight(height, of: engine.id(ofNode: node)) }
    }
    report.noteMemoryWithHeights(workload, indexBytes: engine.outline._indexMemoryBytes)
    var rng = SplitMix64(seed: 37)
    let rowCount = engine.outline.rowCount
    let rows = (0 ..< Workload.inputCount).map { _ in rng.int(below: rowCount) }
    let content = engine.outline.contentHeight
    let offsets = (0 ..< Workload.inputCount).map { _ in Double(rng.next() % UInt64(content)) }
    do {
      let outline = engine.outline
      suite.record(.offsetOfRow, into: &report) {
        measure(samples: options.samples, budget: .engine, maxOperations: rows.count) { k in
          var sum = 0.0
          for row in rows[..<k] { sum += outline.offset(ofRow: row) }
          blackHole(sum)
        }
      }
      suite.record(.rowAtOffset, into: &report) {
        measure(samples: options.samples, budget: .engine, maxOperations: offsets.count) { k in
          var sum = 0
          for y in offsets[..<k] { sum = sum &+ outline.row(atOffset: y) }
          blackHole(sum)
        }
      }
    }
    let nodes = (0 ..< Workload.inputCount).map { _ in engine.id(ofNode: rng.int(below: n)) }
    suite.record(.setRowHeight, into: &report) {
      measureEach(
        samples: options.singleSamples, budget: .engine,
        { engine.outline.setRowHeight(Double(30 + $0 % 50), of: nodes[$0 % nodes.count]) })
    }
    let clickable = workload.clickableNodes.map(engine.id(ofNode:))
    if !clickable.isEmpty {
      suite.record(.toggleWithHeights, into: &report) {
        measureEach(
          samples: options.singleSamples, budget: .engine,
          { blackHole(engine.outline.toggle(clickable[$0 % clickable.count])) },
          undo: { blackHole(engine.outline.toggle(clickable[$0 % clickable.count])) })
      }
    }
  }

  /// (d): the by-hand running sums, checked against the engine on trees up
  /// to `CrossCheck.limit` nodes.
  func runByHand(into report: inout Report, reference: EngineModel?) {
    let n = workload.count
    let heights = (0 ..< n).map { GeometrySuite.height(of: $0) ?? 44 }
    var baseline = ByHandGeometryBaseline(spec: workload.spec, expanded: workload.expanded, heights: heights)
    if let reference { crossCheck(baseline, against: reference) }
    func record(_ operation: Operation, _ body: () -> Outcome) {
      report.record(operation, workload, .byHand, options: options, body)
    }
    var rng = SplitMix64(seed: 37)
    let rows = (0 ..< Workload.inputCount).map { _ in rng.int(below: baseline.rows.count) }
    let content = baseline.offsets.last!
    let offsets = (0 ..< Workload.inputCount).map { _ in Double(rng.next() % UInt64(content)) }
    record(.offsetOfRow) {
      measure(samples: options.samples, budget: .baseline, maxOperations: rows.count) { k in
        var sum = 0.0
        for row in rows[..<k] { sum += baseline.offset(ofRow: row) }
        blackHole(sum)
      }
    }
    record(.rowAtOffset) {
      measure(samples: options.samples, budget: .baseline, maxOperations: offsets.count) { k in
        var sum = 0
        for y in offsets[..<k] { sum = sum &+ baseline.row(atOffset: y) }
        blackHole(sum)
      }
    }
    let clickable = workload.clickableNodes
    if !clickable.isEmpty {
      record(.toggleWithHeights) {
        measureEach(
          samples: options.singleSamples, budget: .baseline,
          { baseline.toggle(clickable[$0 % clickable.count]) },
          undo: { baseline.toggle(clickable[$0 % clickable.count]) })
      }
    }
  }

  /// The same offsets as the engine's, before and after toggles, or the
  /// run stops.
  private func crossCheck(_ baseline: ByHandGeometryBaseline, against reference: EngineModel) {
    var baseline = baseline
    var engine = reference
    for node in 0 ..< workload.count {
      if let height = GeometrySuite.height(of: node) { engine.outline.setRowHeight(height, of: engine.id(ofNode: node)) }
    }
    var rng = SplitMix64(seed: 41)
    for step in 0 ..< 6 {
      let engineOffsets = (0 ... engine.outline.rowCount).map { engine.outline.offset(ofRow: $0) }
      if engineOffsets != baseline.offsets { fail("by-hand offsets differ from the engine's (step \(step))") }
      for y in stride(from: 0.0, to: baseline.offsets.last!, by: baseline.offsets.last! / 50) {
        if engine.outline.row(atOffset: y) != baseline.row(atOffset: y) { fail("row(atOffset: \(y)) differs (step \(step))") }
      }
      guard !workload.clickableNodes.isEmpty else { return }
      let node = workload.clickableNodes[rng.int(below: workload.clickableNodes.count)]
      baseline.toggle(node)
      engine.outline.toggle(engine.id(ofNode: node))
    }
  }
}
