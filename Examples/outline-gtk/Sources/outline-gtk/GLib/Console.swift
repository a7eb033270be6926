#if canImport(Glibc)
import Glibc
#endif

/// Writes a line to the standard error.
func printError(_ message: String) {
  writeLine(message, to: 2)
}

/// Writes a line to the standard output at once (not buffered), so the
/// script's lines and GTK's warnings come in the order they happen.
func printLine(_ message: String) {
  writeLine(message, to: 1)
}

private func writeLine(_ message: String, to descriptor: Int32) {
  let line = message + "\n"
  _ = line.withCString { write(descriptor, $0, strlen($0)) }
}
