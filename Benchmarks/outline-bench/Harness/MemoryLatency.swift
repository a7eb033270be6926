#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import OutlineTestSupport

/// The time of one memory read that must wait for the read before it, over
/// a buffer of `megabytes` MiB: a pointer chase through every cache line of
/// the buffer in a random cycle, on huge pages where Linux gives them, as
/// the index's arrays ask for.
///
/// Reported with every run because it is the floor under the cold figures:
/// a lookup whose path misses the caches pays it once per dependent read,
/// and on a shared host it moves from run to run with the neighbours.
/// Median of three chases of 2^20 reads.
func dependentReadNanoseconds(megabytes: Int) -> Double {
  let lineBytes = 64
  let bytes = megabytes << 20
  let lines = bytes / lineBytes
  var buffer: UnsafeMutableRawPointer?
  guard posix_memalign(&buffer, 2 << 20, bytes) == 0, let base = buffer else { return .nan }
  defer { free(base) }
  #if os(Linux)
  _ = madvise(base, bytes, 14)  // MADV_HUGEPAGE
  #endif
  // A random cyclic order of the lines (Sattolo's shuffle), each line
  // holding the offset of the next.
  var order = Array(0 ..< lines)
  var rng = SplitMix64(seed: 0x1A7E)
  for i in stride(from: lines - 1, to: 0, by: -1) { order.swapAt(i, rng.int(below: i)) }
  for k in 0 ..< lines {
    base.storeBytes(of: order[(k + 1) % lines] * lineBytes, toByteOffset: order[k] * lineBytes, as: Int.self)
  }
  let reads = 1 << 20
  var samples: [Double] = []
  var offset = order[0] * lineBytes
  for _ in 0 ..< 3 {
    let start = now()
    for _ in 0 ..< reads { offset = base.load(fromByteOffset: offset, as: Int.self) }
    samples.append(Double(now() - start) / Double(reads))
  }
  blackHole(offset)
  return samples.sorted()[1]
}
