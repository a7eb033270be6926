/// Collects measurements and prints them.
struct Report {
  enum Subject: String { case engine }

  struct Row {
    var operation: String
    var shape: String
    var count: Int
    var subject: Subject
    var timing: Timing
  }

  let options: BenchOptions
  var rows: [Row] = []

  init(options: BenchOptions) { self.options = options }

  mutating func add(_ operation: String, _ spec: TreeSpec, _ subject: Subject, _ timing: Timing) {
    rows.append(Row(operation: operation, shape: spec.shape.rawValue, count: spec.count, subject: subject, timing: timing))
    print("\(spec.shape.rawValue.padding(10)) n=\(String(spec.count).padding(9)) \(operation.padding(24)) \(subject.rawValue.padding(8)) median \(format(timing.median)) p99 \(format(timing.p99))")
  }

  func note(_ spec: TreeSpec, rows: Int, indexBytes: Int) {
    print("\(spec.shape.rawValue.padding(10)) n=\(String(spec.count).padding(9)) visible rows \(rows), index \(String(format2(Double(indexBytes) / Double(spec.count)))) bytes/node")
  }

  func finish() {}
}

func format(_ ns: Double) -> String {
  if ns >= 1_000_000 { return format2(ns / 1_000_000) + " ms" }
  if ns >= 1_000 { return format2(ns / 1_000) + " us" }
  return format2(ns) + " ns"
}

func format2(_ x: Double) -> String {
  let scaled = (x * 100).rounded() / 100
  return String(scaled)
}

extension String {
  func padding(_ width: Int) -> String {
    count >= width ? self : self + String(repeating: " ", count: width - count)
  }
}
