#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Nanoseconds from a monotonic clock.
@inline(__always)
func now() -> UInt64 {
  var ts = timespec()
  clock_gettime(CLOCK_MONOTONIC, &ts)
  return UInt64(ts.tv_sec) &* 1_000_000_000 &+ UInt64(ts.tv_nsec)
}

/// Takes a value the optimizer must produce but cannot see used: the
/// function is opaque (never inlined, never optimized) and does nothing, so
/// it costs one call and no more.
@inline(never) @_optimize(none)
func blackHole<T>(_ value: T) {}

/// The timing of one operation: per-operation nanoseconds over repeated
/// samples.
struct Timing {
  var median: Double
  var p99: Double
  var samples: Int
  var operationsPerSample: Int
}

/// Times `body`, which performs `operations` operations per call, over
/// `samples` calls after `warmup` untimed ones. Setup belongs outside.
func measure(samples: Int, warmup: Int = 2, operations: Int, _ body: () -> Void) -> Timing {
  for _ in 0 ..< warmup { body() }
  var perOperation: [Double] = []
  perOperation.reserveCapacity(samples)
  for _ in 0 ..< samples {
    let start = now()
    body()
    let elapsed = now() - start
    perOperation.append(Double(elapsed) / Double(operations))
  }
  perOperation.sort()
  let median = perOperation[perOperation.count / 2]
  let p99 = perOperation[min(perOperation.count - 1, Int((Double(perOperation.count) * 0.99).rounded(.up)) - 1)]
  return Timing(median: median, p99: p99, samples: samples, operationsPerSample: operations)
}

/// Peak resident memory of this process, in bytes (Linux: VmHWM).
func peakResidentBytes() -> Int? {
  guard let file = fopen("/proc/self/status", "r") else { return nil }
  defer { fclose(file) }
  var line = [CChar](repeating: 0, count: 256)
  while fgets(&line, Int32(line.count), file) != nil {
    let text = String(cString: line)
    if text.hasPrefix("VmHWM:") {
      let digits = text.filter(\.isNumber)
      return Int(digits).map { $0 * 1024 }
    }
  }
  return nil
}
