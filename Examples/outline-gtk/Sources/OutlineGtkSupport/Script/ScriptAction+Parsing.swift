extension ScriptAction {
  /// Reads a script: actions separated by `;` or new lines, each a name
  /// and its argument (`down; down; right; search Myst; screenshot out.png; quit`).
  ///
  /// Keys and clicks take modifiers joined by `+` (`shift+down`,
  /// `ctrl+click 4`); lists of labels are separated by commas.
  ///
  /// - Throws: ``ScriptError`` naming the first action that cannot be
  ///   read, by its number and text.
  /// - Complexity: O(n) in the script's length.
  public static func parse(_ script: String) throws -> [ScriptAction] {
    let texts = script.split(whereSeparator: { $0 == ";" || $0 == "\n" })
      .map { $0.trimmingWhitespace() }
      .filter { !$0.isEmpty }
    return try texts.enumerated().map { index, text in
      do {
        return try parseOne(text)
      } catch let problem as ScriptProblem {
        throw ScriptError(actionNumber: index + 1, action: text, problem: problem.message)
      }
    }
  }

  private struct ScriptProblem: Error { var message: String }

  private static func parseOne(_ text: String) throws -> ScriptAction {
    let name: String
    let argument: String
    if let space = text.firstIndex(of: " ") {
      name = String(text[..<space])
      argument = text[space...].trimmingWhitespace()
    } else {
      name = text
      argument = ""
    }
    var parts = name.split(separator: "+").map(String.init)
    let base = parts.removeLast()
    var modifiers: InputModifiers = []
    for part in parts {
      switch part {
      case "shift": modifiers.insert(.shift)
      case "ctrl": modifiers.insert(.control)
      default: throw ScriptProblem(message: "unknown modifier '\(part)' (shift, ctrl)")
      }
    }
    func noArgument(_ action: ScriptAction) throws -> ScriptAction {
      guard argument.isEmpty else { throw ScriptProblem(message: "'\(base)' takes no argument") }
      guard modifiers.isEmpty else { throw ScriptProblem(message: "'\(base)' takes no modifier") }
      return action
    }
    func row() throws -> Int {
      guard let row = Int(argument), row >= 0 else { throw ScriptProblem(message: "'\(base)' needs a row number") }
      return row
    }
    func labels() -> [String] {
      argument.split(separator: ",").map { $0.trimmingWhitespace() }
    }
    if let key = ScriptKey(rawValue: base) {
      guard argument.isEmpty else { throw ScriptProblem(message: "a key takes no argument") }
      return .key(key, modifiers)
    }
    switch base {
    case "click": return .click(row: try row(), modifiers)
    case "drag":
      guard modifiers.isEmpty else { throw ScriptProblem(message: "'drag' takes no modifier") }
      let words = argument.split(separator: " ")
      guard words.count == 4, words[1] == "to", let from = Int(words[0]), let to = Int(words[2]), from >= 0, to >= 0,
        let zone = DropZone(rawValue: String(words[3]))
      else { throw ScriptProblem(message: "'drag' is 'drag ROW to ROW above|into|below'") }
      return .drag(from: from, to: to, zone)
    case "click-triangle":
      guard modifiers.isEmpty else { throw ScriptProblem(message: "'click-triangle' takes no modifier") }
      return .clickTriangle(row: try row())
    case "click-check":
      guard modifiers.isEmpty else { throw ScriptProblem(message: "'click-check' takes no modifier") }
      return .clickCheck(row: try row())
    case "expand-all": return try noArgument(.expandAll)
    case "collapse-all": return try noArgument(.collapseAll)
    case "quit": return try noArgument(.quit)
    case "search": return .search(argument)
    case "open":
      guard !argument.isEmpty else { throw ScriptProblem(message: "'open' needs a document name") }
      return .open(argument)
    case "jump": return .jump(row: try row())
    case "screenshot":
      guard !argument.isEmpty else { throw ScriptProblem(message: "'screenshot' needs a file name") }
      return .screenshot(path: argument)
    case "expect-rows": return .expectRows(labels())
    case "expect-focus": return .expectFocus(argument)
    case "expect-selected": return .expectSelected(labels())
    case "expect-row-count":
      guard let count = Int(argument.filter { $0 != "," }) else {
        throw ScriptProblem(message: "'expect-row-count' needs a number")
      }
      return .expectRowCount(count)
    default:
      throw ScriptProblem(message: "unknown action '\(base)'")
    }
  }
}

/// A script that cannot be read.
public struct ScriptError: Error, Hashable, CustomStringConvertible {
  /// The action's number, from 1.
  public var actionNumber: Int
  /// The action's text.
  public var action: String
  /// What is wrong with it.
  public var problem: String

  /// `script action 2 ('jump'): 'jump' needs a row number`.
  public var description: String { "script action \(actionNumber) ('\(action)'): \(problem)" }
}

extension StringProtocol {
  /// The text without spaces and tabs at either end.
  func trimmingWhitespace() -> String {
    let isSpace: (Character) -> Bool = { $0 == " " || $0 == "\t" || $0 == "\r" }
    guard let first = firstIndex(where: { !isSpace($0) }), let last = lastIndex(where: { !isSpace($0) }) else {
      return ""
    }
    return String(self[first ... last])
  }
}
