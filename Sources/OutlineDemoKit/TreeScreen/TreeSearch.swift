import Foundation
import OutlineKit

/// The search line of the tree screens: `/` opens it, typing filters the
/// tree as you type, Enter (or ↓ ↑) leaves the line with the filter kept,
/// `n` / `N` go to the next / previous match, and Esc clears the search,
/// bringing back the expansion from before it.
///
/// `TreeSearch` holds the line and says what a key asks for; the screen
/// owns the tree and applies it, so the categories and the big tree share
/// these keys and differ only in how they filter:
///
/// ```swift
/// if let action = search.handle(key) {
///   switch action {
///   case .apply(let text): ...   // SearchAsYouType: narrow, widen or set the filter for text
///   case .clear: ...             // removeFilter()
///   case .next, .previous: ...   // nextMatchRow(after:) / previousMatchRow(before:)
///   case .none: break
///   }
/// }
/// ```
package struct TreeSearch: Hashable, Sendable {
  /// The line being typed; nil when it is closed.
  package private(set) var editor: TextEditor?
  /// The text of the search in force; empty when none.
  package private(set) var query = ""
  /// The number of matches and the seconds the last filter took, for the
  /// status bar.
  package var lastResult: Result?

  /// What the last filter found.
  package struct Result: Hashable, Sendable {
    /// Nodes that match.
    package var matches: Int
    /// Seconds the filter took.
    package var seconds: Double
    /// How the keystroke changed the filter, when the screen says.
    package var step: SearchAsYouType.Step?
    /// Where the time went, when the screen says ("10,000,000 nodes asked
    /// in 61 ms, applied in 240 ms").
    package var detail: String?

    /// Creates a result.
    ///
    /// - Complexity: O(1).
    package init(matches: Int, seconds: Double, step: SearchAsYouType.Step? = nil, detail: String? = nil) {
      self.matches = matches
      self.seconds = seconds
      self.step = step
      self.detail = detail
    }

    /// The step and the detail in parentheses, after a space; empty when
    /// there is neither.
    ///
    /// - Complexity: O(1).
    var explanation: String {
      let parts = [TreeSearch.describe(step), detail].compactMap { $0 }
      return parts.isEmpty ? "" : " (" + parts.joined(separator: "; ") + ")"
    }
  }

  /// A few words on how a keystroke changed the filter, for the status
  /// line: nil for a step worth no words.
  ///
  /// - Complexity: O(1).
  package static func describe(_ step: SearchAsYouType.Step?) -> String? {
    switch step {
    case .narrowed: "narrowed: only what matched before was asked"
    case .widened: "widened back: no node asked"
    case .set: "every node asked"
    case .cleared, .unchanged, nil: nil
    }
  }

  /// What a key asks the screen to do.
  package enum Action: Hashable, Sendable {
    /// Nothing more: the key changed only the line.
    case none
    /// Filter for this text (not empty).
    case apply(String)
    /// Remove the filter.
    case clear
    /// Go to the next match.
    case next
    /// Go to the previous match.
    case previous
  }

  /// Creates a closed search line with no search.
  ///
  /// - Complexity: O(1).
  package init() {}

  /// Whether the line is open: every printable key is text.
  ///
  /// - Complexity: O(1).
  package var isTyping: Bool { editor != nil }

  /// Whether a search is in force.
  ///
  /// - Complexity: O(1).
  package var isActive: Bool { !query.isEmpty }

  /// The search's part of a key.
  ///
  /// - Returns: What the screen should do, or nil when the key is not the
  ///   search's (the screen handles it as usual). `↓` and `↑` close the line
  ///   and return nil, so they also move.
  /// - Complexity: O(k) for a query of k characters.
  package mutating func handle(_ key: Key) -> Action? {
    if var editor {
      switch key {
      case .escape:
        return close(clearing: true)
      case .enter:
        self.editor = nil
        return Action.none
      case .down, .up, .pageDown, .pageUp:
        self.editor = nil
        return nil
      default:
        guard editor.handle(key) else { return Action.none }
        self.editor = editor
        let text = editor.text
        guard text != query else { return Action.none }
        query = text
        return text.isEmpty ? .clear : .apply(text)
      }
    }
    switch key {
    case .character("/"):
      editor = TextEditor(query)
      return Action.none
    case .character("n") where isActive:
      return .next
    case .character("N") where isActive:
      return .previous
    case .escape where isActive:
      return close(clearing: true)
    default:
      return nil
    }
  }

  /// The search running in the background, when one is.
  package var running: Running?

  /// A search running in the background: its text and the nodes it asks.
  package struct Running: Hashable, Sendable {
    package var text: String
    package var nodes: Int
  }

  private mutating func close(clearing: Bool) -> Action {
    editor = nil
    guard clearing, isActive else { return Action.none }
    query = ""
    lastResult = nil
    return .clear
  }

  /// The line as the message line shows it while typing: `/ maple▏`, with
  /// what the last filter found.
  ///
  /// - Complexity: O(k).
  package var line: String? {
    guard let editor else { return nil }
    var text = "/ " + editor.textWithCursor
    if let running {
      text += "    asking " + DemoFormat.count(running.nodes, "node") + " on "
        + DemoFormat.count(ProcessInfo.processInfo.activeProcessorCount, "core") + "… (keep typing)"
    } else if let lastResult, isActive {
      text += "    " + DemoFormat.count(lastResult.matches, "match", "matches") + " in "
        + DemoFormat.duration(lastResult.seconds) + lastResult.explanation + " · Enter keeps it · Esc clears"
    } else {
      text += "    type to filter · Esc cancels"
    }
    return text
  }

  /// The search's facts for the status bar: nil with no search.
  ///
  /// - Complexity: O(k).
  package var statusFact: String? {
    guard isActive else { return nil }
    var fact = "“\(TerminalText.sanitized(query))”"
    if let lastResult {
      fact += ": " + DemoFormat.count(lastResult.matches, "match", "matches") + " in " + DemoFormat.duration(lastResult.seconds)
    }
    return fact
  }

  /// Where `query` first occurs in `text`, ignoring case; nil for an empty
  /// query or none. For highlighting matches in names the screen made.
  ///
  /// - Complexity: O(m · k) for a text of m characters and a query of k.
  package static func range(of query: String, in text: String) -> Range<String.Index>? {
    guard !query.isEmpty else { return nil }
    let needle = query.map { $0.lowercased() }
    var start = text.startIndex
    while start < text.endIndex {
      var index = start
      var k = 0
      while k < needle.count, index < text.endIndex, text[index].lowercased() == needle[k] {
        index = text.index(after: index)
        k += 1
      }
      if k == needle.count { return start ..< index }
      start = text.index(after: start)
    }
    return nil
  }
}
