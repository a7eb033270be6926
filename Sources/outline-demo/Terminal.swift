#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

// The C calls, under names that the methods named `write` and `read` do
// not hide.
#if canImport(Glibc)
let systemWrite = Glibc.write
let systemRead = Glibc.read
#else
let systemWrite = Darwin.write
let systemRead = Darwin.read
#endif

/// The terminal in raw mode on the alternate screen, with the cursor
/// hidden and the mouse reported (SGR mode: presses, drags with a button
/// down, releases and the wheel); ``restore()`` (also run by the signal
/// handlers) puts it back.
final class Terminal {
  /// Why the terminal could not be set up.
  struct Failure: Error, CustomStringConvertible {
    var description: String
  }

  /// What waiting for input found.
  enum Wait {
    case input
    case timeout
    case interrupted
    case closed
  }

  /// Saves the settings, enters raw mode and the alternate screen, and
  /// turns on mouse reporting unless `reportsMouse` is false.
  init(reportsMouse: Bool = true) throws {
    guard tcgetattr(STDIN_FILENO, savedTerminalSettings) == 0 else {
      throw Failure(description: "cannot read the terminal's settings: \(String(cString: strerror(errno)))")
    }
    var raw = savedTerminalSettings.pointee
    cfmakeraw(&raw)
    // Reads return what is there after poll said so.
    withUnsafeMutableBytes(of: &raw.c_cc) { bytes in
      bytes[Int(VMIN)] = 1
      bytes[Int(VTIME)] = 0
    }
    terminalIsRaw.pointee = 1
    guard tcsetattr(STDIN_FILENO, TCSAFLUSH, &raw) == 0 else {
      terminalIsRaw.pointee = 0
      throw Failure(description: "cannot put the terminal in raw mode: \(String(cString: strerror(errno)))")
    }
    // Alternate screen, hidden cursor, no line wrapping, cleared.
    write("\u{1B}[?1049h\u{1B}[?25l\u{1B}[?7l\u{1B}[0m\u{1B}[2J")
    // Mouse reports: presses and releases (1000), motion with a button
    // down (1002), in SGR form (1006: any column, releases that say which
    // button). Shift with the mouse still selects text in most terminals.
    if reportsMouse { write("\u{1B}[?1000h\u{1B}[?1002h\u{1B}[?1006h") }
  }

  /// Puts the terminal back as it was; safe to call more than once.
  func restore() {
    restoreTerminalSafely()
  }

  /// The window's size in columns and rows (80×24 when unknown).
  func size() -> (width: Int, height: Int) {
    var size = winsize()
    let result = withUnsafeMutablePointer(to: &size) { ioctl(STDOUT_FILENO, UInt(TIOCGWINSZ), $0) }
    guard result == 0, size.ws_col > 0, size.ws_row > 0 else { return (80, 24) }
    return (Int(size.ws_col), Int(size.ws_row))
  }

  /// Writes everything, retrying short writes and interruptions.
  func write(_ text: String) {
    var bytes = Array(text.utf8)
    var offset = 0
    while offset < bytes.count {
      let written = bytes.withUnsafeMutableBytes { buffer in
        systemWrite(STDOUT_FILENO, buffer.baseAddress! + offset, buffer.count - offset)
      }
      if written > 0 {
        offset += written
      } else if written < 0 && (errno == EINTR || errno == EAGAIN) {
        continue
      } else {
        return  // the terminal is gone; nothing more to draw
      }
    }
  }

  /// Waits up to `milliseconds` for a key.
  func waitForInput(milliseconds: Int32) -> Wait {
    var descriptor = pollfd(fd: STDIN_FILENO, events: Int16(POLLIN), revents: 0)
    let result = poll(&descriptor, 1, milliseconds)
    if result < 0 { return errno == EINTR ? .interrupted : .closed }
    if result == 0 { return .timeout }
    if descriptor.revents & Int16(POLLIN) != 0 { return .input }
    return .closed  // POLLHUP, POLLERR, POLLNVAL
  }

  /// The bytes waiting on standard input (nil when it is closed).
  func read() -> [UInt8]? {
    var buffer = [UInt8](repeating: 0, count: 4096)
    let count = buffer.withUnsafeMutableBytes { systemRead(STDIN_FILENO, $0.baseAddress, $0.count) }
    if count > 0 { return Array(buffer[..<count]) }
    if count < 0 && (errno == EINTR || errno == EAGAIN) { return [] }
    return nil
  }
}
