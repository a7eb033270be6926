#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Writes a message to standard error.
enum StandardError {
  static func write(_ text: String) {
    var bytes = Array(text.utf8)
    _ = bytes.withUnsafeMutableBytes { systemWrite(STDERR_FILENO, $0.baseAddress, $0.count) }
  }
}
