import OutlineDemoKit
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Runs the demo in the terminal until the user quits; returns the exit
/// status. The terminal is restored on every way out: a return, a thrown
/// error, a signal (see SignalSafety.swift).
func runInteractive(_ options: DemoOptions, environment: DemoEnvironment) -> Int32 {
  var app = DemoApp(options: options, environment: environment)
  // A document read from standard input (`-`): the keys come from the terminal.
  if isatty(STDIN_FILENO) == 0 {
    let terminal = open("/dev/tty", O_RDWR)
    guard terminal >= 0, dup2(terminal, STDIN_FILENO) >= 0 else {
      StandardError.write("outline-demo: no terminal to read keys from\n")
      return 1
    }
    close(terminal)
  }
  installSignalHandlers()
  let terminal: Terminal
  do {
    terminal = try Terminal(reportsMouse: options.reportsMouse)
  } catch {
    StandardError.write("outline-demo: \(error)\n")
    return 1
  }
  defer { terminal.restore() }
  do {
    try runLoop(&app, options: options, terminal: terminal)
  } catch {
    terminal.restore()
    StandardError.write("outline-demo: \(error)\n")
    return 1
  }
  return 0
}

/// The input loop: draw, wait for keys (with a timeout so lazy loads
/// arrive on screen), handle them, let time pass, draw again.
private func runLoop(_ app: inout DemoApp, options: DemoOptions, terminal: Terminal) throws {
  var writer = FrameWriter()
  var decoder = KeyDecoder()
  var size = terminal.size()
  app.resize(width: size.width, height: size.height)
  func draw() { terminal.write(writer.draw(app.render(), width: size.width)) }

  for key in options.keys where !app.shouldQuit {
    app.handle(key)
    app.tick()
  }
  draw()
  while !app.shouldQuit {
    if windowSizeChanged.pointee != 0 {
      windowSizeChanged.pointee = 0
      size = terminal.size()
      app.resize(width: size.width, height: size.height)
      writer.invalidate()
      draw()
    }
    if app.hasUrgentWork {
      // The "generating" screen is up; do the work, then show the result.
      app.tick()
      draw()
      continue
    }
    let timeout: Int32 =
      decoder.hasPendingInput ? 25 : app.hasRunningSearch ? 2 : (app.hasPendingLoads ? 50 : 500)
    switch terminal.waitForInput(milliseconds: timeout) {
    case .input:
      guard let bytes = terminal.read() else { return }
      for key in decoder.feed(bytes) where !app.shouldQuit {
        app.handle(key)
        draw()  // show each key's effect before the next one's work
      }
    case .timeout:
      for key in decoder.flush() where !app.shouldQuit { app.handle(key) }
    case .interrupted:
      continue
    case .closed:
      return
    }
    app.tick()
    draw()
  }
}
