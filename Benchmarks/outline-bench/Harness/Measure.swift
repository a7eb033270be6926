import AllocationCounter
/// The timing of one operation over repeated samples.
struct Timing {
  /// Nanoseconds per unit (operation, row, node or batch): the median and
  /// the 99th percentile of the samples. With fewer than 100 samples the
  /// 99th percentile is the slowest sample.
  var median: Double
  var p99: Double
  var samples: Int
  /// Operations timed together in one sample.
  var operationsPerSample: Int

  init(perUnit values: [Double], operationsPerSample: Int) {
    let sorted = values.sorted()
    median = sorted[sorted.count / 2]
    let rank = Int((Double(sorted.count) * 0.99).rounded(.up)) - 1
    p99 = sorted[Swift.min(sorted.count - 1, Swift.max(0, rank))]
    samples = sorted.count
    self.operationsPerSample = operationsPerSample
  }
}

/// What came of one measurement.
enum Outcome {
  case measured(Timing)
  /// Even the fewest samples would have taken about this long.
  case skipped(estimatedSeconds: Double)

  var timing: Timing? {
    if case .measured(let timing) = self { return timing }
    return nil
  }
}

/// Limits that keep a run bounded when an operation is slow (a baseline's
/// O(n) per operation at ten million nodes).
struct Budget {
  /// Measurements estimated to take longer than `softSeconds` take fewer
  /// samples, but never fewer than this...
  var minimumSamples: Int
  /// ...and are skipped, and said to be, when that would exceed this.
  var hardSeconds: Double

  /// Baselines: skipped beyond about 10 s per measurement.
  static let baseline = Budget(minimumSamples: 5, hardSeconds: 10)
  /// The engine is what the benchmark is for: 3 samples at least, skipped
  /// only beyond a minute.
  static let engine = Budget(minimumSamples: 3, hardSeconds: 60)

  static func forSubject(_ subject: Subject) -> Budget { subject == .engine ? .engine : .baseline }

  /// Cheap operations are timed several at a time, so that a sample lasts
  /// about this long and the clock's resolution and cost disappear.
  static let sampleNanoseconds = 2_000_000.0
  static let softSeconds = 3.0

  /// Samples to take when one (with its untimed setup) costs
  /// `nanosecondsPerSample`, or nil to skip; the warm-up run is counted.
  func sampleCount(requested: Int, nanosecondsPerSample cost: Double) -> Int? {
    let seconds = { (samples: Int) in Double(samples + 1) * cost / 1e9 }
    if seconds(requested) <= Budget.softSeconds { return requested }
    let affordable = Int(Budget.softSeconds * 1e9 / cost) - 1
    if affordable >= minimumSamples { return Swift.min(requested, affordable) }
    let fewest = Swift.min(requested, minimumSamples)
    return seconds(fewest) <= hardSeconds ? fewest : nil
  }

  /// What the fewest samples would have taken, for a skipped measurement.
  func estimatedSeconds(requested: Int, nanosecondsPerSample cost: Double) -> Double {
    Double(Swift.min(requested, minimumSamples) + 1) * cost / 1e9
  }
}

/// Times cheap operations that leave the state as they found it (lookups,
/// iteration): `body(k)` performs the first `k` of `maxOperations` prepared
/// operations back to back. `k` is calibrated so that a sample lasts about
/// 2 ms; results are per unit, `unitsPerOperation` units per operation.
///
/// Everything `body` needs must be prepared before the call: the timed
/// region holds the operations and nothing else.
func measure(
  samples: Int, budget: Budget, maxOperations: Int, unitsPerOperation: Int = 1,
  _ body: (_ operations: Int) -> Void
) -> Outcome {
  // Calibration, which also warms caches and branch predictors: grow k
  // until a run lasts 0.2 ms or uses every prepared input.
  var k = 1
  var elapsed: Double
  while true {
    let start = now()
    body(k)
    elapsed = Double(now() &- start)
    if elapsed >= 200_000 || k == maxOperations { break }
    k = Swift.min(k &* 4, maxOperations)
  }
  let perOperation = Swift.max(elapsed / Double(k), 0.1)
  k = Swift.max(1, Swift.min(maxOperations, Int(Budget.sampleNanoseconds / perOperation)))
  let cost = perOperation * Double(k)
  guard let count = budget.sampleCount(requested: samples, nanosecondsPerSample: cost) else {
    return .skipped(estimatedSeconds: budget.estimatedSeconds(requested: samples, nanosecondsPerSample: cost))
  }
  body(k)  // warm-up at the final k
  var values: [Double] = []
  values.reserveCapacity(count)
  for _ in 0 ..< count {
    let start = now()
    body(k)
    let elapsed = now() &- start
    values.append(Double(elapsed) / Double(k &* unitsPerOperation))
  }
  return .measured(Timing(perUnit: values, operationsPerSample: k))
}

/// Times operations that change the state, one per sample: `prepare(i)`
/// runs untimed (it readies input `i`, say collapses the node that sample
/// `i` expands), then `body(i)` alone is timed, then `undo(i)` runs untimed
/// and puts the state back. Every sample includes one clock read (about
/// 20 ns, see `clockOverhead()`).
///
/// The caller cycles through its inputs with `i`. The first sample is a
/// warm-up that also estimates the cost; then an operation quicker than
/// 0.1 ms gets 64 more warm-ups and one quicker than 0.1 s one more (a
/// slower one has warmed everything already), each on an input of its
/// own, so the timed samples' inputs stay cold while the code and the
/// branch predictors are warm. (The first few dozen toggles of a run take
/// two to ten times longer, which made a median of 35 samples depend on
/// how many there were.)
func measureEach(
  samples: Int, budget: Budget, unitsPerOperation: Int = 1,
  prepare: (_ sample: Int) -> Void = { _ in }, _ body: (_ sample: Int) -> Void, undo: (_ sample: Int) -> Void = { _ in }
) -> Outcome {
  // The first warm-up sample also estimates what a sample costs, untimed
  // parts included.
  let start = now()
  prepare(0)
  body(0)
  undo(0)
  let cost = Swift.max(Double(now() &- start), 1)
  guard let count = budget.sampleCount(requested: samples, nanosecondsPerSample: cost) else {
    return .skipped(estimatedSeconds: budget.estimatedSeconds(requested: samples, nanosecondsPerSample: cost))
  }
  let warmUps = cost < 1e5 ? 64 : cost < 1e8 ? 1 : 0
  for i in 1 ..< 1 &+ warmUps {
    prepare(i)
    body(i)
    undo(i)
  }
  let first = 1 &+ warmUps
  var values: [Double] = []
  values.reserveCapacity(count)
  for i in first ..< first &+ count {
    prepare(i)
    let start = now()
    body(i)
    let elapsed = now() &- start
    undo(i)
    values.append(Double(elapsed) / Double(unitsPerOperation))
  }
  return .measured(Timing(perUnit: values, operationsPerSample: 1))
}

/// Counts the heap allocations of `body(i)` alone (each undone by
/// `undo(i)`), as a "timing" whose values are allocation counts; nil where
/// allocations are not counted (anywhere but Linux with glibc).
func countAllocations(samples: Int, _ body: (_ sample: Int) -> Void, undo: (_ sample: Int) -> Void) -> Outcome {
  guard outline_bench_allocation_count() != UInt64.max else { return .skipped(estimatedSeconds: 0) }
  var values: [Double] = []
  for i in 0 ..< Swift.max(1, samples) {
    let before = outline_bench_allocation_count()
    body(i)
    let after = outline_bench_allocation_count()
    undo(i)
    values.append(Double(after &- before))
  }
  return .measured(Timing(perUnit: values, operationsPerSample: 1))
}
