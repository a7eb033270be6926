/// What `outline-demo` does with its command line: the executable calls
/// ``decide(arguments:stdinIsTerminal:stdoutIsTerminal:environment:)`` and
/// only runs the terminal for ``interactive(_:)``.
///
/// ```swift
/// switch DemoLaunch.decide(arguments: args, stdinIsTerminal: true, stdoutIsTerminal: false) {
/// case .printed(let text): print(text, terminator: "")   // the screen as plain text
/// ...
/// }
/// ```
package enum DemoLaunch {
  /// `--help`: print this and exit 0.
  case help(String)
  /// A bad command line: print this to standard error and exit 2.
  case failure(String)
  /// The JSON document given is not JSON (`FILE:LINE:COLUMN: message`) or
  /// cannot be read: print this to standard error and exit 1, before any
  /// screen opens.
  case documentFailure(String)
  /// `--print`, or no terminal: print this (the screen after the key
  /// script) and exit 0.
  case printed(String)
  /// Run the interactive terminal demo with these options and this
  /// environment (which holds the document read, if any).
  case interactive(DemoOptions, DemoEnvironment)

  /// Decides what to do.
  ///
  /// The demo is interactive only when both standard input and standard
  /// output are terminals (for `-`, when keys can come from the terminal
  /// after the document is read from standard input) and `--print` is not
  /// given; otherwise it replays `--keys` and prints the screen. A
  /// document is read first: one that is not JSON is a
  /// ``documentFailure(_:)``.
  ///
  /// - Complexity: That of ``printScreen(_:environment:)`` when printing.
  package static func decide(
    arguments: [String], stdinIsTerminal: Bool, stdoutIsTerminal: Bool,
    environment: @autoclosure () -> DemoEnvironment = DemoEnvironment()
  ) -> DemoLaunch {
    let options: DemoOptions
    do {
      options = try DemoOptions.parse(arguments)
    } catch {
      return .failure("outline-demo: \(error)")
    }
    if options.showsHelp { return .help(DemoOptions.helpText) }
    var environment = environment()
    if let path = options.documentPath, !options.documentIsDirectory, environment.openedJSON == nil {
      switch OpenedJSON.open(path: path, standardInput: environment.standardInput, clock: environment.clock) {
      case .success(let opened): environment.openedJSON = opened
      case .failure(let failure): return .documentFailure(failure.message)
      }
    }
    if options.printOnly || !stdinIsTerminal || !stdoutIsTerminal {
      return .printed(printScreen(options, environment: environment))
    }
    return .interactive(options, environment)
  }

  /// Replays the options' keys and returns the screen as plain text, one
  /// line per row, trailing spaces removed, ending in a newline.
  ///
  /// Time passes between keys as it does for the terminal (``DemoApp/tick()``
  /// after each key), so a lazy load still shows "Loading…" unless the
  /// script says `wait`. Keys after a quit are ignored.
  ///
  /// - Complexity: The keys' cost, plus O(n) to generate the big tree when
  ///   it is shown.
  package static func printScreen(_ options: DemoOptions, environment: DemoEnvironment = DemoEnvironment()) -> String {
    var app = DemoApp(options: options, environment: environment)
    app.resize(width: options.width, height: options.height)
    app.tick()
    for key in options.keys {
      if app.shouldQuit { break }
      app.handle(key)
      app.tick()
    }
    // The last search may still be asking its nodes: show what it finds.
    app.finishBackgroundWork()
    return app.render().plainText(width: app.width) + "\n"
  }
}
