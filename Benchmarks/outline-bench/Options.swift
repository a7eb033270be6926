#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Command-line options.
struct BenchOptions {
  var sizes: [Int] = [1_000, 10_000, 100_000, 1_000_000]
  var quick = false
  var outputDirectory: String?
  var samples = 21
  /// Only these shapes / operations (all when empty).
  var shapes: [String] = []
  var operations: [String] = []

  init(arguments: [String]) {
    var k = 0
    func value() -> String {
      k += 1
      guard k < arguments.count else { fail("\(arguments[k - 1]) needs a value") }
      return arguments[k]
    }
    var maxNodes = 1_000_000
    while k < arguments.count {
      switch arguments[k] {
      case "--quick":
        quick = true
      case "--max-nodes":
        guard let n = Int(value()), n >= 1_000 else { fail("--max-nodes takes a number >= 1000") }
        maxNodes = n
      case "--out":
        outputDirectory = value()
      case "--samples":
        guard let n = Int(value()), n >= 3 else { fail("--samples takes a number >= 3") }
        samples = n
      case "--shape":
        shapes.append(value())
      case "--operation":
        operations.append(value())
      case "--help", "-h":
        print("""
          usage: outline-bench [--quick] [--max-nodes N] [--samples K] [--out DIR]
            --quick        sizes 10^3 and 10^4 only, few samples (CI: checks that everything runs)
            --max-nodes N  largest tree (default 1000000; 10000000 for the full run)
            --samples K    timed samples per measurement (default 21)
            --out DIR      write results.csv and chart.svg there
            --shape S      only shape S (balanced, wide, chain, realistic); repeatable
            --operation O  only operations whose name starts with O; repeatable
          """)
        exit(0)
      default:
        fail("unknown option \(arguments[k]) (try --help)")
      }
      k += 1
    }
    if quick {
      sizes = [1_000, 10_000]
      samples = 5
    } else {
      sizes = [1_000, 10_000, 100_000, 1_000_000, 10_000_000].filter { $0 <= maxNodes }
    }
  }
}

func fail(_ message: String) -> Never {
  print("outline-bench: \(message)")
  exit(2)
}

extension BenchOptions {
  func includes(operation: String) -> Bool {
    operations.isEmpty || operations.contains { operation.hasPrefix($0) }
  }
}
