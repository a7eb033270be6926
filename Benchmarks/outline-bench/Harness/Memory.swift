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
