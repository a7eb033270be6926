#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Nanoseconds from a monotonic clock (a vDSO call on Linux, about 20 ns).
@inline(__always)
func now() -> UInt64 {
  var ts = timespec()
  clock_gettime(CLOCK_MONOTONIC, &ts)
  return UInt64(ts.tv_sec) &* 1_000_000_000 &+ UInt64(ts.tv_nsec)
}

/// Takes a value the optimizer must produce but cannot see used: the
/// function is opaque (never inlined, never optimized) and does nothing, so
/// it costs one call and no more.
///
/// Loops that do many cheap operations fold their results into a checksum
/// and black-hole the checksum once, so that the call does not dominate an
/// operation of a few nanoseconds; the checksum depends on every result, so
/// none of them can be optimized away.
@inline(never) @_optimize(none)
func blackHole<T>(_ value: T) {}

/// The median cost of reading the clock twice, which every individually
/// timed operation includes; reported with the machine information.
func clockOverhead() -> Double {
  var samples: [UInt64] = []
  for _ in 0 ..< 1_001 {
    let start = now()
    let end = now()
    samples.append(end &- start)
  }
  samples.sort()
  return Double(samples[samples.count / 2])
}
