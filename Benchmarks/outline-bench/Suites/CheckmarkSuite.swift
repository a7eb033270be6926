import OutlineKit
import OutlineTestSupport

/// Checkmarks (issue 43): checking the first root and a random mid-level
/// node, a random row's state cold, and the outline's checked-leaf count;
/// against (d), marks and leaf counts kept by hand.
struct CheckmarkSuite {
  let workload: Workload
  let options: BenchOptions

  static func includes(_ options: BenchOptions) -> Bool {
    [Operation.checkRoot, .checkMidLevel, .checkState, .checkedLeafCount].contains { options.includes(operation: $0.rawValue) }
  }

  /// 4,096 random nodes at the middle depth of the tree.
  var midLevelNodes: [Int] {
    let spec = workload.spec
    let middle = (Int(spec.depth.max() ?? 0) + 1) / 2
    let level = (0 ..< spec.count).filter { Int(spec.depth[$0]) == middle }
    var rng = SplitMix64(seed: 0xC4EC)
    return (0 ..< Workload.inputCount).map { _ in level[rng.int(below: level.count)] }
  }

  func run(_ engine: EngineModel, into report: inout Report) {
    guard CheckmarkSuite.includes(options), workload.count > 0 else { return }
    var outline = engine.outline
    let root = engine.id(ofNode: workload.spec.roots[0])
    outline.setChecked(false, root)  // starts keeping marks: O(n) once, untimed
    let suite = EngineSuite(workload: workload, options: options)
    suite.record(.checkRoot, into: &report) {
      measureEach(
        samples: options.samples, budget: .engine, { _ in blackHole(outline.setChecked(true, root)) },
        undo: { _ in outline.setChecked(false, root) })
    }
    let picks = midLevelNodes.map(engine.id(ofNode:))
    suite.record(.checkMidLevel, into: &report) {
      measureEach(
        samples: options.samples, budget: .engine, { i in blackHole(outline.setChecked(true, picks[i % picks.count])) },
        undo: { i in outline.setChecked(false, picks[i % picks.count]) })
    }
    for (k, id) in picks.enumerated() where k % 3 == 0 { outline.setChecked(true, id) }
    let count = outline.rowCount
    var rng = SplitMix64(seed: 0xC4ED)
    suite.record(.checkState, into: &report) {
      measure(samples: options.samples, budget: .engine, maxOperations: 1 << 40) { k in
        var sum = 0
        for _ in 0 ..< k { sum &+= outline.checkState(of: outline.id(atRow: CommonSuite<EngineModel>.row(rng.next(), below: count))) == .mixed ? 1 : 0 }
        blackHole(sum)
      }
    }
    suite.record(.checkedLeafCount, into: &report) {
      measure(samples: options.samples, budget: .engine, maxOperations: 1 << 40) { k in
        var sum = 0
        for _ in 0 ..< k { sum &+= outline.checkedLeafCount(in: nil) }
        blackHole(sum)
      }
    }
  }

  /// (d): checked against the engine on trees up to `CrossCheck.limit`.
  func runByHand(into report: inout Report, reference: EngineModel?) {
    guard CheckmarkSuite.includes(options), workload.count > 0 else { return }
    var baseline = ByHandCheckBaseline(spec: workload.spec)
    let root = workload.spec.roots[0]
    let picks = midLevelNodes
    if var engine = reference {
      for (k, node) in picks.prefix(300).enumerated() {
        engine.outline.setChecked(k % 4 != 0, engine.id(ofNode: node))
        baseline.setChecked(k % 4 != 0, node)
      }
      for node in stride(from: 0, to: workload.count, by: Swift.max(1, workload.count / 1_000))
      where engine.outline.checkState(of: engine.id(ofNode: node)) != baseline.state(of: node) {
        fail("by-hand check state of \(node) differs")
      }
      for node in picks.prefix(300) { baseline.setChecked(false, node) }
    }
    report.record(.checkRoot, workload, .byHand, options: options) {
      measureEach(
        samples: options.samples, budget: .baseline, { _ in baseline.setChecked(true, root) },
        undo: { _ in baseline.setChecked(false, root) })
    }
    report.record(.checkMidLevel, workload, .byHand, options: options) {
      measureEach(
        samples: options.samples, budget: .baseline, { i in baseline.setChecked(true, picks[i % picks.count]) },
        undo: { i in baseline.setChecked(false, picks[i % picks.count]) })
    }
  }
}
