/// Key scripts: the `--keys "..."` text that drives the demo from tests and
/// shell scripts.
///
/// A script is a list of words separated by spaces (or commas). Each word is
///
/// - a key name, in any case: `up`, `down`, `left`, `right`, `pageUp`
///   (`pgup`), `pageDown` (`pgdn`), `home`, `end`, `shift-up`,
///   `shift-down`, `shift-pageUp` (`shift-pgup`), `shift-pageDown`
///   (`shift-pgdn`), `shift-home`, `shift-end`, `enter` (`return`),
///   `space`, `tab`, `backTab` (`shift-tab`), `backspace`, `delete` (`del`),
///   `esc` (`escape`), `ctrl-c`, `ctrl-a` (any `ctrl-` and a letter);
/// - `wait`: every pending lazy load finishes;
/// - `text:Ada`: the characters `A`, `d`, `a`; quote text with spaces:
///   `text:"Ada Lovelace"` (`\"` and `\\` inside quotes);
/// - a single character: `q`, `s`, `*`, `-`, `?`, `1` (a comma, which
///   separates words, is `text:,`);
/// - any of those followed by `*N` to repeat it N times: `down*5`;
/// - a mouse event at a column and a line, counted from 1 as the terminal
///   counts them (line 1 is the title bar): `click:COL,LINE` (a press and a
///   release), `press:COL,LINE`, `drag:COL,LINE` (a motion with the button
///   down), `release:COL,LINE`, `wheelUp:COL,LINE`, `wheelDown:COL,LINE`.
///
/// ```swift
/// let keys = try KeyScript.parse("down*2 enter text:Ada enter wait")
/// let drag = try KeyScript.parse("press:8,3 drag:8,6 release:8,6")   // drag row 1 down 3 lines
/// ```
package enum KeyScript {
  /// The key names a script understands, as ``Key/scriptName`` writes them.
  package static let names: [String] = [
    "up", "down", "left", "right", "pageUp", "pageDown", "home", "end", "shift-up", "shift-down",
    "shift-pageUp", "shift-pageDown", "shift-home", "shift-end", "enter", "space", "tab", "backTab",
    "backspace", "delete", "esc", "ctrl-c", "ctrl-a", "wait",
  ]

  /// The most times `name*N` may repeat a key.
  package static let maximumRepeat = 100_000

  /// Reads a key script.
  ///
  /// - Throws: ``KeyScriptError`` naming the word (counted from 1) that is
  ///   not a key: an unknown name, an unfinished quote, a bad repeat count.
  /// - Complexity: O(n) in the script's length plus the repeated keys.
  package static func parse(_ script: String) throws -> [Key] {
    var keys: [Key] = []
    for (index, word) in try words(of: script).enumerated() {
      keys += try parse(word: word, position: index + 1)
    }
    return keys
  }

  /// The key one name stands for, or nil when it is not a key name
  /// (`text:` words and repeats are not single names).
  ///
  /// - Complexity: O(1) for the fixed names, O(length) otherwise.
  package static func key(named name: String) -> Key? {
    switch name.lowercased() {
    case "up": return .up
    case "down": return .down
    case "left": return .left
    case "right": return .right
    case "pageup", "pgup", "page-up": return .pageUp
    case "pagedown", "pgdn", "page-down": return .pageDown
    case "home": return .home
    case "end": return .end
    case "shift-up": return .shiftUp
    case "shift-down": return .shiftDown
    case "shift-pageup", "shift-pgup", "shift-page-up": return .shiftPageUp
    case "shift-pagedown", "shift-pgdn", "shift-page-down": return .shiftPageDown
    case "shift-home": return .shiftHome
    case "shift-end": return .shiftEnd
    case "enter", "return": return .enter
    case "space": return .space
    case "tab": return .tab
    case "backtab", "shift-tab": return .backTab
    case "backspace", "bs": return .backspace
    case "delete", "del": return .delete
    case "esc", "escape": return .escape
    case "ctrl-c", "interrupt": return .interrupt
    case "wait": return .wait
    case let lowered where lowered.hasPrefix("ctrl-") && lowered.count == 6:
      // ctrl-a ... ctrl-z; ctrl-c is the interrupt, above.
      guard let letter = lowered.last, ("a" ... "z").contains(letter) else { return nil }
      return .control(letter)
    default:
      guard name.count == 1, let character = name.first else { return nil }
      if character == " " { return .space }
      return .character(character)
    }
  }

  /// The mouse words: a prefix before `COL,LINE`, and the events it makes.
  private static let mouseWords: [String: [MouseEvent.Action]] = [
    "click:": [.press, .release], "press:": [.press], "drag:": [.drag], "release:": [.release],
    "wheelup:": [.wheelUp], "wheeldown:": [.wheelDown],
  ]

  /// Whether a word so far is a mouse word (its comma does not end it).
  private static func isMouseWord(_ text: String) -> Bool {
    let lowered = text.lowercased()
    return mouseWords.keys.contains { lowered.hasPrefix($0) } && !text.contains(",")
  }

  /// A mouse word's events, or nil when the word is not one.
  private static func mouseEvents(_ word: String, position: Int) throws -> [Key]? {
    let lowered = word.lowercased()
    guard let (prefix, actions) = mouseWords.first(where: { lowered.hasPrefix($0.key) }) else { return nil }
    let place = lowered.dropFirst(prefix.count).split(separator: ",", omittingEmptySubsequences: false)
    guard place.count == 2, let column = Int(place[0]), let line = Int(place[1]),
      (1 ... 10_000).contains(column), (1 ... 10_000).contains(line)
    else {
      throw KeyScriptError(
        position: position, word: word,
        problem: "a mouse event takes a column and a line from 1, as \(prefix)COL,LINE (\(prefix)5,3)")
    }
    return actions.map { .mouse(MouseEvent($0, column: column, line: line)) }
  }

  // MARK: Words

  /// One word: a name, a `text:` word, a mouse event or a repeat.
  private static func parse(word: Word, position: Int) throws -> [Key] {
    if word.text.hasPrefix("text:") || word.text.hasPrefix("TEXT:") {
      let text = String(word.text.dropFirst(5))
      guard !text.isEmpty else { throw KeyScriptError(position: position, word: word.text, problem: "text: needs some text") }
      return [.text(text)]
    }
    if word.wasQuoted {
      throw KeyScriptError(position: position, word: word.text, problem: "quotes are only for text:\"...\"")
    }
    if let key = key(named: word.text) { return [key] }
    if let events = try mouseEvents(word.text, position: position) { return events }
    // name*N
    if let star = word.text.lastIndex(of: "*"), star != word.text.startIndex {
      let name = String(word.text[..<star])
      let countText = word.text[word.text.index(after: star)...]
      if let key = key(named: name) {
        guard let count = Int(countText), count >= 1, count <= maximumRepeat else {
          throw KeyScriptError(
            position: position, word: word.text, problem: "repeat with *N, N from 1 to \(maximumRepeat)")
        }
        return Array(repeating: key, count: count)
      }
    }
    throw KeyScriptError(
      position: position, word: word.text,
      problem: "not a key; use one of \(names.joined(separator: ", ")), text:..., click:COL,LINE (press: drag: release: wheelUp: wheelDown:), or one character")
  }

  /// A word of a script and whether any of it was in quotes.
  private struct Word {
    var text = ""
    var wasQuoted = false
  }

  /// Splits a script into words at spaces and commas outside quotes.
  private static func words(of script: String) throws -> [Word] {
    var words: [Word] = []
    var current = Word()
    var inWord = false
    var inQuotes = false
    var escaped = false
    for character in script {
      if inQuotes {
        if escaped {
          current.text.append(character)
          escaped = false
        } else if character == "\\" {
          escaped = true
        } else if character == "\"" {
          inQuotes = false
        } else {
          current.text.append(character)
        }
        continue
      }
      if character == "\"" && current.text.lowercased().hasPrefix("text:") {
        inQuotes = true
        inWord = true
        current.wasQuoted = true
      } else if character == "," && isMouseWord(current.text) {
        current.text.append(character)
      } else if character.isWhitespace || character == "," {
        // Outside quotes, spaces and commas only separate words: the space
        // key is `space`, a comma is `text:,`.
        if inWord { words.append(current) }
        current = Word()
        inWord = false
      } else {
        current.text.append(character)
        inWord = true
      }
    }
    if inQuotes {
      throw KeyScriptError(position: words.count + 1, word: current.text, problem: "the quote is not closed")
    }
    if inWord { words.append(current) }
    return words
  }
}

/// A key script that cannot be read: which word, and why.
///
/// ```text
/// key script, word 3 ("dwon"): not a key; use one of up, down, ...
/// ```
package struct KeyScriptError: Error, Hashable, Sendable, CustomStringConvertible {
  /// The word's position in the script, from 1.
  package var position: Int
  /// The word as written.
  package var word: String
  /// What is wrong with it.
  package var problem: String

  /// Creates an error.
  ///
  /// - Complexity: O(1).
  package init(position: Int, word: String, problem: String) {
    self.position = position
    self.word = word
    self.problem = problem
  }

  /// `key script, word 3 ("dwon"): not a key; ...`.
  ///
  /// - Complexity: O(length of the message).
  package var description: String {
    "key script, word \(position) (\"\(word)\"): \(problem)"
  }
}
