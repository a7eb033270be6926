import Foundation

/// The demo's command-line options.
///
/// ```sh
/// outline-demo [DIR | FILE.json | FILE.jsonl | -] [--form FILE] [--categories FILE] [--nodes N]
///              [--screen form|categories|big|files|json] [--keys "SCRIPT"]
///              [--print] [--width W] [--height H] [--no-mouse]
/// ```
///
/// ``parse(_:)`` reads them; ``helpText`` is what `--help` prints.
package struct DemoOptions: Hashable, Sendable {
  /// The descriptor file the form loads and `s` saves:
  /// `./CellDescriptor.plist` by default. A missing file means "start from
  /// the shipped form and save there".
  package var formPath: String = "./CellDescriptor.plist"
  /// The category JSON file; nil for the one the package ships.
  package var categoriesPath: String?
  /// The big tree's number of nodes: 1,000,000 by default.
  package var nodeCount: Int = 1_000_000
  /// The document of the command line: a directory, which the file screen
  /// shows (nil: the current directory), or a JSON document (`-`: standard
  /// input) for the JSON screen; either screen then shows first.
  package var documentPath: String?

  /// Whether ``documentPath`` names a directory (for the file screen), not
  /// a JSON document.
  ///
  /// - Complexity: One `stat` call.
  package var documentIsDirectory: Bool {
    guard let documentPath, documentPath != "-" else { return false }
    var isDirectory: ObjCBool = false
    return FileManager.default.fileExists(atPath: documentPath, isDirectory: &isDirectory) && isDirectory.boolValue
  }
  /// The screen shown first (and printed by `--print`).
  package var screen: DemoScreen = .form
  /// Keys to replay before showing (or printing) the screen.
  package var keys: [Key] = []
  /// The key script as written, for messages.
  package var keyScript: String = ""
  /// Print the screen as plain text and exit, even on a terminal.
  package var printOnly = false
  /// The width of the printed screen.
  package var width = 80
  /// The height of the printed screen.
  package var height = 24
  /// Show the options and exit.
  package var showsHelp = false
  /// Whether the terminal reports the mouse (clicks, drags, the wheel);
  /// `--no-mouse` leaves the mouse to the terminal (selecting text).
  package var reportsMouse = true

  /// The most nodes the big tree may have: 4.7 GB at the peak in a release
  /// build (Docs/Benchmarks.md, "A hundred million nodes").
  package static let maximumNodeCount = 100_000_000
  /// The screen sizes `--width` and `--height` accept.
  package static let widthRange = 20 ... 1_000
  /// The screen heights `--height` accepts.
  package static let heightRange = 5 ... 1_000

  /// The default options.
  ///
  /// - Complexity: O(1).
  package init() {}

  /// Reads the command line (without the program's name).
  ///
  /// Each option takes its value as the next argument or after `=`
  /// (`--nodes=5000`). Numbers may use `_` or `,` as separators.
  ///
  /// - Throws: ``DemoOptionsError`` for an unknown option, a missing or
  ///   bad value, or a key script that cannot be read.
  /// - Complexity: O(n) in the length of the arguments.
  package static func parse(_ arguments: [String]) throws -> DemoOptions {
    var options = DemoOptions()
    var screenGiven = false
    var index = 0
    while index < arguments.count {
      var argument = arguments[index]
      var inlineValue: String?
      if argument.hasPrefix("--"), let equals = argument.firstIndex(of: "=") {
        inlineValue = String(argument[argument.index(after: equals)...])
        argument = String(argument[..<equals])
      }
      func value() throws -> String {
        if let inlineValue { return inlineValue }
        index += 1
        guard index < arguments.count else { throw DemoOptionsError("\(argument) needs a value") }
        return arguments[index]
      }
      func number(in range: ClosedRange<Int>) throws -> Int {
        let text = try value()
        let digits = text.filter { $0 != "_" && $0 != "," }
        guard let number = Int(digits), range.contains(number) else {
          throw DemoOptionsError(
            "\(argument) takes a whole number from \(DemoFormat.count(range.lowerBound)) to \(DemoFormat.count(range.upperBound)), not \"\(text)\"")
        }
        return number
      }
      switch argument {
      case "--help", "-h":
        options.showsHelp = true
      case "--form":
        options.formPath = try value()
        guard !options.formPath.isEmpty else { throw DemoOptionsError("--form needs a file name") }
      case "--categories":
        options.categoriesPath = try value()
        guard options.categoriesPath?.isEmpty == false else { throw DemoOptionsError("--categories needs a file name") }
      case "--nodes":
        options.nodeCount = try number(in: 1 ... maximumNodeCount)
      case "--screen":
        let name = try value()
        guard let screen = DemoScreen(name: name) else {
          throw DemoOptionsError("--screen takes form, categories, big, files or json, not \"\(name)\"")
        }
        options.screen = screen
        screenGiven = true
      case "--keys":
        options.keyScript = try value()
        do {
          options.keys = try KeyScript.parse(options.keyScript)
        } catch let error as KeyScriptError {
          throw DemoOptionsError("--keys: \(error)")
        }
      case "--print":
        options.printOnly = true
      case "--no-mouse":
        options.reportsMouse = false
      case "--width":
        options.width = try number(in: widthRange)
      case "--height":
        options.height = try number(in: heightRange)
      case let path where !path.hasPrefix("-") || path == "-":
        // A directory for the file screen, or a JSON document for its own.
        guard options.documentPath == nil else { throw DemoOptionsError("one document at a time, not \"\(path)\" too") }
        options.documentPath = path
      default:
        throw DemoOptionsError("unknown option \"\(arguments[index])\" (try --help)")
      }
      index += 1
    }
    if options.documentPath != nil && !screenGiven { options.screen = options.documentIsDirectory ? .files : .json }
    if options.screen == .json && (options.documentPath == nil || options.documentIsDirectory) {
      throw DemoOptionsError("--screen json needs a document: outline-demo FILE.json")
    }
    return options
  }

  /// What `--help` prints.
  package static let helpText = """
    outline-demo: swift-outline's interactive terminal demo.

    usage: outline-demo [DIR | FILE.json | FILE.jsonl | -] [options]

    Four screens, and a fifth for a JSON document (Tab or 1 ... 5 to switch,
    ? for every key, q to quit):
      form        the cell-descriptor form: expand rows, type names and dates,
                  flip the switch, pick values, slide; s saves
      categories  category -> subcategory tree with an accordion and lazy loading;
                  m (or a mouse drag) moves rows, Delete deletes them
      big         a generated outline of --nodes nodes that scrolls instantly;
                  m (or a drag) moves rows, Delete deletes, u updates 1%
      files       DIR (default: the current directory) as a file tree: listed at
                  once, scanned for sizes in the background (as ncdu), sorted,
                  searched; outline-demo DIR starts there
      json        FILE.json (.jsonl: a value per line; -: standard input) as an
                  outline of its values: previews, paths, search, edits, s saves.
                  A file that is not JSON prints FILE:LINE:COLUMN: message and
                  exits with status 1
    Ctrl-Z / Ctrl-Y undo and redo the edits of the first three; ^ turns the
    sticky ancestor rows of the trees off and on; a click focuses a row.

    options:
      --form FILE          the descriptor file the form loads and s saves
                           (default ./CellDescriptor.plist; when it is missing,
                           the demo starts from the shipped form and saves there)
      --categories FILE    category JSON (default: the sample the package ships)
      --nodes N            nodes in the big tree (default 1000000, at most 100000000)
      --screen S           first screen: form, categories, big, files or json
                           (default form; files for a DIR, json for a document)
      --keys "SCRIPT"      replay keys first, e.g. "down enter text:Ada enter";
                           names: up down left right pageUp pageDown home end
                           enter space tab backTab backspace delete esc wait,
                           ctrl-a ... ctrl-z, text:WORDS (text:"two words"),
                           one character (q s * -), NAME*N repeats; wait lets
                           pending lazy loads and the file screen's scan finish
                           (and opens the row a drop marker rests in); the
                           mouse: click:COL,LINE press: drag: release: wheelUp:
                           wheelDown: (from 1; line 1 is the title bar)
      --print              print the screen as plain text and exit (the default
                           when stdout is not a terminal)
      --width W            width of the printed screen (default 80)
      --height H           height of the printed screen (default 24)
      --no-mouse           leave the mouse to the terminal (no clicks or drags)
      -h, --help           show this help

    examples:
      swift run outline-demo
      swift run outline-demo --screen big --nodes 5000000
      swift run outline-demo --print --keys "enter down enter text:Ada down enter text:Lovelace enter"
      swift run outline-demo --print --screen categories --keys "end enter wait"
      swift run outline-demo --print --screen big --nodes 1000 --keys "right down m down*3 enter ctrl-z"
      swift run -c release outline-demo /usr
      swift run outline-demo /opt/swift --print --keys "wait o" --width 100
      swift run -c release outline-demo ~/Downloads/export.json
      curl -s https://api.github.com/repos/apple/swift | swift run outline-demo -
    """
}

/// A command line the demo cannot run with.
package struct DemoOptionsError: Error, Hashable, Sendable, CustomStringConvertible {
  /// What is wrong, for the user.
  package var message: String

  /// Creates an error.
  ///
  /// - Complexity: O(1).
  package init(_ message: String) { self.message = message }

  /// The message.
  ///
  /// - Complexity: O(1).
  package var description: String { message }
}
