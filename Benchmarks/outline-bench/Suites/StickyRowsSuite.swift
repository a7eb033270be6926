import OutlineKit
import OutlineTestSupport

/// Sticky ancestor rows at a fresh random offset each time (cold, over the
/// whole content), limit 7, with the geometry suite's heights; against
/// (d), the by-hand walk up from the top row's node through its parents.
struct StickyRowsSuite {
  let workload: Workload
  let options: BenchOptions

  static let limit = 7

  func run(into report: inout Report) {
    guard options.includes(operation: Operation.stickyRows.rawValue) else { return }
    var engine = EngineModel.build(preorder: workload.preorder)
    engine.prepare(expanded: workload.expanded)
    for node in 0 ..< workload.count {
      if let height = GeometrySuite.height(of: node) { engine.outline.setRowHeight(height, of: engine.id(ofNode: node)) }
    }
    let outline = engine.outline
    let content = outline.contentHeight
    var rng = SplitMix64(seed: 0x571C)
    EngineSuite(workload: workload, options: options).record(.stickyRows, into: &report) {
      measure(samples: options.samples, budget: .engine, maxOperations: 1 << 40) { k in
        var sum = 0
        for _ in 0 ..< k {
          let y = Double(rng.next() >> 11) / Double(1 << 53) * content
          sum &+= outline.stickyRows(atOffset: y, limit: StickyRowsSuite.limit).count
        }
        blackHole(sum)
      }
    }
  }

  /// (d): checked against the engine on trees up to `CrossCheck.limit`.
  func runByHand(into report: inout Report, reference: EngineModel?) {
    guard options.includes(operation: Operation.stickyRows.rawValue) else { return }
    let n = workload.count
    let heights = (0 ..< n).map { GeometrySuite.height(of: $0) ?? 44 }
    let geometry = ByHandGeometryBaseline(spec: workload.spec, expanded: workload.expanded, heights: heights)
    let baseline = ByHandStickyBaseline(geometry: geometry, depth: workload.spec.depth)
    let content = geometry.offsets.last!
    if var engine = reference {
      for node in 0 ..< n {
        if let height = GeometrySuite.height(of: node) { engine.outline.setRowHeight(height, of: engine.id(ofNode: node)) }
      }
      for step in 0 ..< 200 {
        let y = content * Double(step) / 200
        let mine = engine.outline.stickyRows(atOffset: y, limit: StickyRowsSuite.limit).map { ($0.row, $0.top) }
        let hand = baseline.stickyRows(atOffset: y, limit: StickyRowsSuite.limit)
        if mine.map(\.0) != hand.map(\.row) || mine.map(\.1) != hand.map(\.top) { fail("by-hand sticky rows differ at \(y)") }
      }
    }
    var rng = SplitMix64(seed: 0x571C)
    report.record(.stickyRows, workload, .byHand, options: options) {
      measure(samples: options.samples, budget: .baseline, maxOperations: 1 << 40) { k in
        var sum = 0
        for _ in 0 ..< k {
          let y = Double(rng.next() >> 11) / Double(1 << 53) * content
          sum &+= baseline.stickyRows(atOffset: y, limit: StickyRowsSuite.limit).count
        }
        blackHole(sum)
      }
    }
  }
}
