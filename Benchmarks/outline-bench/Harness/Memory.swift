#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Peak resident memory of this process so far, in bytes (Linux: VmHWM).
///
/// The peak only grows, and sizes run in increasing order, so the value read
/// after a size is the peak of that size's trees, baselines included.
func peakResidentBytes() -> Int? {
  guard let status = readTextFile("/proc/self/status") else { return nil }
  for line in status.split(separator: "\n") where line.hasPrefix("VmHWM:") {
    return Int(line.filter(\.isNumber)).map { $0 * 1024 }
  }
  return nil
}

/// This process's resident memory and the part of it on transparent huge
/// pages, in bytes (Linux: `Rss` and `AnonHugePages` of
/// `/proc/self/smaps_rollup`). The index asks for huge pages but the
/// kernel may not have them to give (memory fragmented by earlier work);
/// without them every cold lookup also misses the TLB, so a run reports
/// how much it got.
func residentAndHugePageBytes() -> (resident: Int, hugePages: Int)? {
  guard let rollup = readTextFile("/proc/self/smaps_rollup") else { return nil }
  var resident: Int?
  var huge: Int?
  for line in rollup.split(separator: "\n") {
    if line.hasPrefix("Rss:") { resident = Int(line.filter(\.isNumber)).map { $0 * 1024 } }
    if line.hasPrefix("AnonHugePages:") { huge = Int(line.filter(\.isNumber)).map { $0 * 1024 } }
  }
  guard let resident, let huge else { return nil }
  return (resident, huge)
}

/// The contents of a small text file, or nil when it cannot be read.
func readTextFile(_ path: String) -> String? {
  guard let file = fopen(path, "r") else { return nil }
  defer { fclose(file) }
  var bytes: [UInt8] = []
  var buffer = [UInt8](repeating: 0, count: 4096)
  while true {
    let read = fread(&buffer, 1, buffer.count, file)
    if read <= 0 { break }
    bytes.append(contentsOf: buffer[..<read])
  }
  return String(decoding: bytes, as: UTF8.self)
}
