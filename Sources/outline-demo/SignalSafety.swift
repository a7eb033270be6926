#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

// State that signal handlers touch. Handlers may only use async-signal-safe
// calls (tcsetattr, write, sigaction, raise, _exit) and plain memory: so the
// state lives in memory allocated once, before any handler is installed
// (no lazy initialisation, no allocation, no exclusivity bookkeeping inside
// a handler).

/// The terminal settings to restore, saved before entering raw mode.
nonisolated(unsafe) let savedTerminalSettings = UnsafeMutablePointer<termios>.allocate(capacity: 1)
/// 1 while the terminal is in raw mode on the alternate screen.
nonisolated(unsafe) let terminalIsRaw = UnsafeMutablePointer<sig_atomic_t>.allocate(capacity: 1)
/// Set to 1 by SIGWINCH; the input loop clears it and redraws.
nonisolated(unsafe) let windowSizeChanged = UnsafeMutablePointer<sig_atomic_t>.allocate(capacity: 1)
/// The actions that were installed before ours, by signal number.
nonisolated(unsafe) let previousSignalActions = UnsafeMutablePointer<sigaction>.allocate(capacity: 65)

/// What puts the terminal back: stop reporting the mouse, reset colours,
/// wrap lines again, show the cursor, leave the alternate screen.
let terminalRestoreSequence: StaticString =
  "\u{1B}[?1006l\u{1B}[?1002l\u{1B}[?1000l\u{1B}[0m\u{1B}[?7h\u{1B}[?25h\u{1B}[?1049l"

/// Touches every global above so that none is first initialised inside a
/// signal handler.
func prepareSignalSafeState() {
  terminalIsRaw.pointee = 0
  windowSizeChanged.pointee = 0
  previousSignalActions.initialize(repeating: sigaction(), count: 65)
  _ = terminalRestoreSequence.utf8CodeUnitCount
}

/// Restores the saved terminal settings and screen, once. Async-signal-safe.
func restoreTerminalSafely() {
  guard terminalIsRaw.pointee != 0 else { return }
  terminalIsRaw.pointee = 0
  _ = tcsetattr(STDIN_FILENO, TCSAFLUSH, savedTerminalSettings)
  _ = write(STDOUT_FILENO, terminalRestoreSequence.utf8Start, terminalRestoreSequence.utf8CodeUnitCount)
}

/// SIGINT, SIGTERM, SIGHUP, SIGQUIT: restore the terminal and exit with 128 + the signal.
private let exitingHandler: @convention(c) (Int32) -> Void = { signal in
  restoreTerminalSafely()
  _exit(128 + signal)
}

/// A crash (SIGSEGV, SIGILL, SIGBUS, SIGFPE, SIGABRT, SIGTRAP): restore the
/// terminal, then hand the signal to whoever had it before (the Swift
/// runtime's backtracer, or the default action). Returning re-runs the
/// faulting instruction under the old action; a raised signal is raised
/// again.
private let crashHandler: @convention(c) (Int32) -> Void = { signal in
  restoreTerminalSafely()
  _ = sigaction(signal, previousSignalActions + Int(signal), nil)
  if signal == SIGABRT || signal == SIGTRAP { _ = raise(signal) }
}

/// SIGWINCH: note it; the input loop redraws.
private let resizeHandler: @convention(c) (Int32) -> Void = { _ in
  windowSizeChanged.pointee = 1
}

/// Installs the handlers above.
func installSignalHandlers() {
  prepareSignalSafeState()
  func install(_ handler: @convention(c) (Int32) -> Void, for signals: [Int32]) {
    for signal in signals {
      var action = sigaction()
      #if canImport(Glibc)
      action.__sigaction_handler.sa_handler = handler
      #else
      action.__sigaction_u.__sa_handler = handler
      #endif
      sigemptyset(&action.sa_mask)
      action.sa_flags = 0  // no SA_RESTART: poll returns at once on a resize
      _ = sigaction(signal, &action, previousSignalActions + Int(signal))
    }
  }
  install(exitingHandler, for: [SIGINT, SIGTERM, SIGHUP, SIGQUIT])
  install(crashHandler, for: [SIGSEGV, SIGILL, SIGBUS, SIGFPE, SIGABRT, SIGTRAP])
  install(resizeHandler, for: [SIGWINCH])
}
