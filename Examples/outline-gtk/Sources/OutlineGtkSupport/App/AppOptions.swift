/// The command line of `outline-gtk`.
public struct AppOptions: Hashable, Sendable {
  /// Which list model shows the tree.
  public enum Model: String, Hashable, Sendable {
    /// The engine behind a GListModel and GtkSelectionModel.
    case engine
    /// GTK's own GtkTreeListModel, for comparison.
    case gtk
  }

  /// The documents the window offers.
  public enum Document: Hashable, Sendable {
    /// The balanced generated tree (ten roots, ten children per node).
    case big
    /// The generated tree with one root and every other node under it.
    case wide
    /// OutlineAdapters' sample category catalog.
    case categories
    /// A directory (listed as folders open) or a JSON file given on the
    /// command line.
    case file(String)

    /// The documents every window offers.
    public static let builtIn: [Document] = [.big, .wide, .categories]

    /// The document's name in scripts and on the command line.
    public var name: String {
      switch self {
      case .big: return "big"
      case .wide: return "wide"
      case .categories: return "categories"
      case .file: return "file"
      }
    }
  }

  /// The list model the window shows the trees through.
  public var model = Model.engine
  /// The document shown first.
  public var document = Document.big
  /// The directory or JSON file given on the command line, if any.
  public var path: String?
  /// Nodes of the generated trees.
  public var size = 1_000_000
  /// Actions to run, then quit (see ``ScriptAction``).
  public var script: String?
  /// Run the benchmark instead of the window.
  public var bench = false
  /// The benchmark on small trees only, to check that it runs.
  public var quickBench = false
  /// The benchmark's tree sizes.
  public var benchSizes = [100_000, 1_000_000]
  /// The benchmark's repetitions of the operations that rebuild the tree.
  public var benchRuns = 3
  /// Debugging the display tests: emit a wrong `items-changed` call.
  public var emitsWrongItemsChanged = false
  /// The window's size.
  public var width = 720
  public var height = 560
  /// Show the usage and quit.
  public var help = false

  /// The defaults: the engine's model on the big tree of a million nodes.
  ///
  /// - Complexity: O(1).
  public init() {}

  /// Reads the arguments after the program's name.
  ///
  /// - Throws: ``AppOptionsError`` naming the argument that is wrong.
  /// - Complexity: O(n) in the arguments.
  public init(arguments: [String]) throws {
    var rest = arguments[...]
    func value(_ option: String) throws -> String {
      guard let value = rest.popFirst() else { throw AppOptionsError(message: "\(option) needs a value") }
      return value
    }
    func number(_ option: String, _ text: String) throws -> Int {
      guard let number = Int(text.filter { $0 != "_" && $0 != "," }), number > 0 else {
        throw AppOptionsError(message: "\(option) needs a positive number, not '\(text)'")
      }
      return number
    }
    while let argument = rest.popFirst() {
      switch argument {
      case "--model":
        let text = try value(argument)
        guard let model = Model(rawValue: text) else {
          throw AppOptionsError(message: "--model is engine or gtk, not '\(text)'")
        }
        self.model = model
      case "--document":
        let text = try value(argument)
        guard let document = Document.builtIn.first(where: { $0.name == text }) else {
          throw AppOptionsError(message: "--document is big, wide or categories, not '\(text)'")
        }
        self.document = document
      case "--size": size = try number(argument, try value(argument))
      case "--script": script = try value(argument)
      case "--bench": bench = true
      case "--quick": quickBench = true
      case "--sizes": benchSizes = try value(argument).split(separator: " ").flatMap { $0.split(separator: ",") }.map {
          try number(argument, String($0))
        }
      case "--runs": benchRuns = try number(argument, try value(argument))
      case "--debug-wrong-items-changed": emitsWrongItemsChanged = true
      case "--width": width = try number(argument, try value(argument))
      case "--height": height = try number(argument, try value(argument))
      case "--help", "-h": help = true
      case let argument where !argument.hasPrefix("-") && path == nil:
        path = argument
        document = .file(argument)
      default: throw AppOptionsError(message: "unknown option '\(argument)' (--help lists them)")
      }
    }
    if path != nil && model == .gtk {
      throw AppOptionsError(message: "--model gtk shows the generated trees and the categories, not a file")
    }
  }

  /// The documents the window's menu offers: the built-in ones, and the
  /// directory or file given on the command line.
  public var documents: [Document] {
    Document.builtIn + (path.map { [.file($0)] } ?? [])
  }

  /// What `--help` prints.
  public static let usage = """
    Usage: outline-gtk [options] [DIRECTORY | FILE.json]

    A GTK 4 window over the outline engine: a GtkListView whose GListModel and
    GtkSelectionModel are an Outline and its Outline.Selection. With a
    DIRECTORY, it opens that directory, listing folders as they open; with
    any other file, it reads it as JSON (JSON Lines for .jsonl, .ndjson).

      --document big|wide|categories   the tree to open (default big)
      --size N                         nodes of the generated trees (default 1000000)
      --model engine|gtk               the engine's list model (default), or GTK's own
                                       GtkTreeListModel for comparison
      --script "ACTIONS"               run actions, check the display after each, quit:
                                       down; shift+down; ctrl+space; click 3; click-triangle 0;
                                       expand-all; collapse-all; search TEXT; open DOCUMENT;
                                       drag ROW to ROW above|into|below; ctrl+z; ctrl+shift+z;
                                       jump ROW; screenshot FILE.png; expect-rows A, B;
                                       expect-focus A; expect-selected A, B; expect-row-count N;
                                       quit
      --bench [--quick] [--sizes 100000,1000000] [--runs 3]
                                       both models on the same trees, timed to the
                                       painted frame; prints a Markdown table
      --debug-wrong-items-changed      emit one wrong items-changed per change (the
                                       display checks must fail)
      --width W --height H             the window's size (default 720 x 560)
    """
}

/// A command line that cannot be read.
public struct AppOptionsError: Error, Hashable, CustomStringConvertible {
  /// What is wrong, naming the argument.
  public var message: String
  /// The message.
  public var description: String { message }
}
