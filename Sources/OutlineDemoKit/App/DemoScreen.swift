/// The demo's screens, in Tab order: the four it always has (the file
/// screen shows `outline-demo DIR`, or the current directory), and the
/// JSON screen when a document was given (``DemoApp/screens``).
package enum DemoScreen: String, CaseIterable, Hashable, Sendable {
  /// The cell-descriptor form.
  case form
  /// The category tree.
  case categories
  /// The generated big outline.
  case big
  /// A directory as a file tree (`outline-demo DIR`).
  case files
  /// The JSON document given on the command line.
  case json

  /// The screen with a command-line name: `form`, `categories` (or `cat`),
  /// `big` (or `bigtree`, `big-tree`), `files`, `json`, or its number `1`
  /// ... `5`;
  /// nil for anything else.
  ///
  /// - Complexity: O(1).
  package init?(name: String) {
    switch name.lowercased() {
    case "form", "1": self = .form
    case "categories", "category", "cat", "2": self = .categories
    case "big", "bigtree", "big-tree", "tree", "3": self = .big
    case "files", "file", "4": self = .files
    case "json", "5": self = .json
    default: return nil
    }
  }

  /// Its name in the title bar: "Form", "Categories", "Big tree", "Files",
  /// "JSON".
  ///
  /// - Complexity: O(1).
  package var title: String {
    switch self {
    case .form: return "Form"
    case .categories: return "Categories"
    case .big: return "Big tree"
    case .files: return "Files"
    case .json: return "JSON"
    }
  }
}
