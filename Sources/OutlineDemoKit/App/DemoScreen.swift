/// The demo's screens, in Tab order.
public enum DemoScreen: String, CaseIterable, Hashable, Sendable {
  /// The cell-descriptor form.
  case form
  /// The category tree.
  case categories
  /// The generated big outline.
  case big
  /// A directory as a file tree (`outline-demo DIR`).
  case files

  /// The screen with a command-line name: `form`, `categories` (or `cat`),
  /// `big` (or `bigtree`, `big-tree`), `files`, or its number `1` ... `4`;
  /// nil for anything else.
  ///
  /// - Complexity: O(1).
  public init?(name: String) {
    switch name.lowercased() {
    case "form", "1": self = .form
    case "categories", "category", "cat", "2": self = .categories
    case "big", "bigtree", "big-tree", "tree", "3": self = .big
    case "files", "file", "4": self = .files
    default: return nil
    }
  }

  /// The number key that shows it: 1, 2, 3 or 4.
  ///
  /// - Complexity: O(1).
  public var number: Int { (DemoScreen.allCases.firstIndex(of: self) ?? 0) + 1 }

  /// Its name in the title bar: "Form", "Categories", "Big tree", "Files".
  ///
  /// - Complexity: O(1).
  public var title: String {
    switch self {
    case .form: return "Form"
    case .categories: return "Categories"
    case .big: return "Big tree"
    case .files: return "Files"
    }
  }

  /// The next screen (Tab), after the last the first.
  ///
  /// - Complexity: O(1).
  public var next: DemoScreen {
    let all = DemoScreen.allCases
    return all[(all.firstIndex(of: self)! + 1) % all.count]
  }

  /// The previous screen (Shift-Tab), before the first the last.
  ///
  /// - Complexity: O(1).
  public var previous: DemoScreen {
    let all = DemoScreen.allCases
    return all[(all.firstIndex(of: self)! + all.count - 1) % all.count]
  }
}
