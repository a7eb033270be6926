/// Collects the measurements of a run and prints them as they come.
struct Report {
  struct Result {
    var operation: Operation
    var shape: TreeSpec.Shape
    var count: Int
    var subject: Subject
    var outcome: Outcome
  }

  /// What one tree took in memory.
  struct Memory {
    var shape: TreeSpec.Shape
    var count: Int
    var rows: Int
    /// `Outline._indexMemoryBytes`: the index and node table, by capacity.
    var indexBytes: Int
    /// The process's resident memory and its part on huge pages, with
    /// this tree's engine built (nil where the system does not say).
    var process: (resident: Int, hugePages: Int)? = nil
  }

  let options: BenchOptions
  var results: [Result] = []
  var memory: [Memory] = []
  var memoryWithHeights: [Memory] = []
  /// Peak resident memory of the process after each size.
  var peakResident: [(count: Int, bytes: Int)] = []

  init(options: BenchOptions) { self.options = options }

  mutating func add(_ operation: Operation, _ workload: Workload, _ subject: Subject, _ outcome: Outcome) {
    results.append(Result(operation: operation, shape: workload.spec.shape, count: workload.count, subject: subject, outcome: outcome))
  }

  mutating func noteMemory(_ workload: Workload, indexBytes: Int) {
    memory.append(
      Memory(
        shape: workload.spec.shape, count: workload.count, rows: workload.rowCount, indexBytes: indexBytes,
        process: residentAndHugePageBytes()))
  }

  /// The index bytes once row heights are kept (`GeometrySuite`).
  mutating func noteMemoryWithHeights(_ workload: Workload, indexBytes: Int) {
    memoryWithHeights.append(
      Memory(shape: workload.spec.shape, count: workload.count, rows: workload.rowCount, indexBytes: indexBytes))
  }

  mutating func notePeakResident(after count: Int) {
    guard let bytes = peakResidentBytes() else { return }
    peakResident.append((count, bytes))
    print("peak resident memory after n = \(grouped(count)): \(formatBytes(bytes)); load average \(currentLoadAverage())\n")
  }

  /// Runs a measurement if its operation is selected, and records it, or
  /// records it skipped when a smaller size's time says it would take too
  /// long.
  mutating func record(
    _ operation: Operation, _ workload: Workload, _ subject: Subject, options: BenchOptions, _ body: () -> Outcome
  ) {
    guard options.includes(operation: operation.rawValue) else { return }
    if let seconds = skipEstimate(operation, workload, subject) {
      add(operation, workload, subject, .skipped(estimatedSeconds: seconds))
    } else {
      add(operation, workload, subject, body())
    }
  }

  /// When a measurement was skipped at a smaller size, it would be skipped
  /// again (no operation here gets cheaper as n grows): its estimate then,
  /// scaled linearly to `workload`'s size, so that a run does not spend
  /// minutes on a pilot sample only to skip it.
  func skipEstimate(_ operation: Operation, _ workload: Workload, _ subject: Subject) -> Double? {
    let earlier = results.filter {
      $0.operation == operation && $0.shape == workload.spec.shape && $0.subject == subject && $0.count < workload.count
    }
    guard let last = earlier.max(by: { $0.count < $1.count }), case .skipped(let seconds) = last.outcome else { return nil }
    return seconds * Double(workload.count) / Double(last.count)
  }

  func result(_ operation: Operation, _ shape: TreeSpec.Shape, _ count: Int, _ subject: Subject) -> Result? {
    results.last { $0.operation == operation && $0.shape == shape && $0.count == count && $0.subject == subject }
  }

  func median(_ operation: Operation, _ shape: TreeSpec.Shape, _ count: Int, _ subject: Subject) -> Double? {
    result(operation, shape, count, subject)?.outcome.timing?.median
  }
}

// MARK: - Text table

extension Report {
  /// Prints the table of one tree: the engine's median and p99, then each
  /// baseline's median and how many times slower it is than the engine
  /// (engine : baseline = 1 : x). A skipped measurement says so, with the
  /// time its fewest samples would have taken.
  func printTable(for workload: Workload) {
    let shape = workload.spec.shape
    let n = workload.count
    var header = "== \(shape.rawValue), n = \(grouped(n)), \(grouped(workload.rowCount)) visible rows"
    if let m = memory.last(where: { $0.shape == shape && $0.count == n }) {
      header += ", engine index \(format2(Double(m.indexBytes) / Double(n))) bytes/node"
    }
    if let m = memoryWithHeights.last(where: { $0.shape == shape && $0.count == n }) {
      header += " (\(format2(Double(m.indexBytes) / Double(n))) with heights)"
    }
    if let process = memory.last(where: { $0.shape == shape && $0.count == n })?.process {
      header += "; process \(formatBytes(process.resident)) resident, \(formatBytes(process.hugePages)) of it on huge pages"
    }
    print(header)
    let baselines = Subject.baselines.filter(options.includes(subject:))
    var columns = ["operation".padding(26), "unit".padding(9), "engine".leftPadding(10), "p99".leftPadding(10)]
    for b in baselines { columns.append(b.label.leftPadding(28)) }
    print(columns.joined(separator: " "))
    for operation in Operation.allCases {
      let engine = result(operation, shape, n, .engine)
      let others = baselines.map { result(operation, shape, n, $0) }
      guard engine != nil || others.contains(where: { $0 != nil }) else { continue }
      var line = [operation.rawValue.padding(26), operation.unit.padding(9)]
      line.append(cell(engine?.outcome, \.median, operation).leftPadding(10))
      line.append(cell(engine?.outcome, \.p99, operation).leftPadding(10))
      for other in others {
        var text = cell(other?.outcome, \.median, operation)
        if let base = other?.outcome.timing?.median, let mine = engine?.outcome.timing?.median {
          text += " (\(ratio(base / mine)))"
        } else if case .skipped(let seconds)? = other?.outcome {
          text += " (too slow: est. \(formatSeconds(seconds)))"
        }
        line.append(text.leftPadding(28))
      }
      print(line.joined(separator: " "))
    }
    print()
  }

  private func cell(_ outcome: Outcome?, _ value: KeyPath<Timing, Double>, _ operation: Operation) -> String {
    switch outcome {
    case nil: "—"
    case .measured(let timing)? where !operation.isTimed: format3(timing[keyPath: value])
    case .measured(let timing)?: formatNanoseconds(timing[keyPath: value])
    case .skipped(let seconds)?:
      value == \Timing.p99 ? "(\(formatSeconds(seconds)))" : "skipped"
    }
  }
}

// MARK: - Formatting

/// An estimated duration: "12 s", "9.6 min", "2.5 h".
func formatSeconds(_ seconds: Double) -> String {
  if seconds >= 7200 { return format2(seconds / 3600, digits: 1) + " h" }
  if seconds >= 120 { return format2(seconds / 60, digits: 1) + " min" }
  return format2(seconds, digits: 1) + " s"
}

func formatNanoseconds(_ ns: Double) -> String {
  if ns >= 1e9 { return format3(ns / 1e9) + " s" }
  if ns >= 1e6 { return format3(ns / 1e6) + " ms" }
  if ns >= 1e3 { return format3(ns / 1e3) + " us" }
  return format3(ns) + " ns"
}

/// Three significant digits at most.
func format3(_ x: Double) -> String {
  if x >= 100 { return String(Int(x.rounded())) }
  if x >= 10 { return format2(x, digits: 1) }
  return format2(x, digits: 2)
}

func format2(_ x: Double, digits: Int = 2) -> String {
  var scale = 1.0
  for _ in 0 ..< digits { scale *= 10 }
  let scaled = (x * scale).rounded() / scale
  var text = String(scaled)
  if text.hasSuffix(".0") { text.removeLast(2) }
  return text
}

/// `speedup` times, to two significant digits at least: "1234x", "2.5x",
/// "0.043x", "0.00021x".
func ratio(_ speedup: Double) -> String {
  if speedup >= 10 { return "\(Int(speedup.rounded()))x" }
  var digits = 2
  var x = speedup
  while x < 1 && x > 0 && digits < 8 {
    x *= 10
    digits += 1
  }
  return format2(speedup, digits: digits) + "x"
}

func grouped(_ n: Int) -> String {
  var digits = Array(String(n))
  var k = digits.count - 3
  while k > 0 {
    digits.insert(",", at: k)
    k -= 3
  }
  return String(digits)
}

func formatBytes(_ bytes: Int) -> String {
  let mib = Double(bytes) / 1_048_576
  return mib >= 1024 ? format2(mib / 1024) + " GiB" : format2(mib, digits: 1) + " MiB"
}

extension String {
  func padding(_ width: Int) -> String {
    count >= width ? self : self + String(repeating: " ", count: width - count)
  }

  func leftPadding(_ width: Int) -> String {
    count >= width ? self : String(repeating: " ", count: width - count) + self
  }
}
