/// The targets of issue 5, checked against a run's medians.
struct Targets {
  struct Line {
    var target: String
    var measured: String
    var met: Bool?
  }

  let report: Report

  /// Sizes the issue sets targets for, among those run; the largest size
  /// run when neither was (the verdict is then only indicative).
  var sizes: [Int] {
    let run = Set(report.results.map(\.count))
    let official = [1_000_000, 10_000_000].filter(run.contains)
    return official.isEmpty ? run.max().map { [$0] } ?? [] : official
  }

  func lines(at n: Int) -> [Line] {
    let big = n >= 10_000_000
    var lines: [Line] = []
    let shapes = TreeSpec.Shape.allCases

    // The worst engine median of `operations` over every shape.
    func worst(_ operations: [Operation], _ subject: Subject = .engine) -> (Double, String)? {
      var result: (Double, String)?
      for shape in shapes {
        for operation in operations {
          guard let value = report.median(operation, shape, n, subject) else { continue }
          if result == nil || value > result!.0 { result = (value, "\(shape.rawValue) \(operation.rawValue)") }
        }
      }
      return result
    }
    func limit(_ name: String, _ operations: [Operation], _ bound: Double, unit: String = "") {
      guard let (value, at) = worst(operations) else { return }
      lines.append(Line(target: "\(name) <= \(unit.isEmpty ? formatNanoseconds(bound) : format2(bound) + " " + unit)",
        measured: "worst \(unit.isEmpty ? formatNanoseconds(value) : format2(value) + " " + unit) (\(at))", met: value <= bound))
    }

    limit("expand/collapse, every shape", [.expand, .collapse], big ? 4_000 : 2_000)
    // Speedup over (b), the least over shapes and both operations.
    var least: (Double, String)?
    for shape in shapes {
      for operation in [Operation.expand, .collapse] {
        guard let mine = report.median(operation, shape, n, .engine) else { continue }
        switch report.result(operation, shape, n, .flat)?.outcome {
        case .measured(let timing)?:
          let speedup = timing.median / mine
          if least == nil || speedup < least!.0 { least = (speedup, "\(shape.rawValue) \(operation.rawValue)") }
        case .skipped?, nil:
          continue
        }
      }
    }
    if let (speedup, at) = least {
      let bound = big ? 1_000.0 : 100.0
      lines.append(Line(target: "expand/collapse >= \(Int(bound))x faster than (b)", measured: "least \(ratio(speedup)) (\(at))", met: speedup >= bound))
    }
    limit("id(atRow:) random", [.idAtRow], big ? 400 : 150)
    limit("row(of:) random", [.rowOf], big ? 600 : 250)
    // Toggle times of chain, wide and balanced within 1.5x of each other.
    let toggles = [TreeSpec.Shape.chain, .wide, .balanced].compactMap { shape in
      report.median(.toggle, shape, n, .engine).map { ($0, shape.rawValue) }
    }
    if toggles.count == 3, let fast = toggles.min(by: { $0.0 < $1.0 }), let slow = toggles.max(by: { $0.0 < $1.0 }) {
      let spread = slow.0 / fast.0
      lines.append(Line(
        target: "toggle: chain / wide / balanced within 1.5x",
        measured: "\(format2(spread))x (\(slow.1) \(formatNanoseconds(slow.0)) vs \(fast.1) \(formatNanoseconds(fast.0)))",
        met: spread <= 1.5))
    }
    limit("build, Outline(preorder:)", [.buildPreorder], 25)
    limit("build, Outline(roots:children:)", [.buildNested], 25)
    limit("sequential rows", [.window], 5)
    let bytes = report.memory.filter { $0.count == n }.map { (Double($0.indexBytes) / Double(n), $0.shape.rawValue) }
    if let most = bytes.max(by: { $0.0 < $1.0 }) {
      lines.append(Line(target: "index memory <= 32 bytes/node", measured: "worst \(format2(most.0)) bytes/node (\(most.1))", met: most.0 <= 32))
    }
    return lines
  }

  func print() {
    for n in sizes {
      let indicative = n < 1_000_000 ? " (indicative only: the targets are for 10^6 and 10^7)" : ""
      Swift.print("== targets at n = \(grouped(n))\(indicative)")
      for line in lines(at: n) {
        let verdict = line.met.map { $0 ? "met" : "MISSED" } ?? ""
        Swift.print("\(line.target.padding(46)) \(line.measured.padding(58)) \(verdict)")
      }
      Swift.print()
    }
  }
}
