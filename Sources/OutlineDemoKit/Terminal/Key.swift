/// One key press (or one scripted action) the demo reacts to.
///
/// Keys come from two places: the terminal, whose bytes and escape
/// sequences ``KeyDecoder`` turns into keys, and key scripts such as
/// `"down down enter text:Ada enter"`, which ``KeyScript`` parses. The demo's
/// state (``DemoApp``) only ever sees `Key` values, so tests drive it exactly
/// as a user at a terminal would.
///
/// ```swift
/// var app = DemoApp(options: options)
/// app.handle(.down)
/// app.handle(.enter)
/// app.handle(.text("Ada"))
/// ```
///
/// - Complexity: Every operation is O(1), except those on ``text(_:)``
///   keys, which are linear in the text's length.
package enum Key: Hashable, Sendable {
  /// The up arrow.
  case up
  /// The down arrow.
  case down
  /// The left arrow: collapse, or go to the parent (or slide down, move the
  /// text cursor).
  case left
  /// The right arrow: expand, or go to the first child (or slide up, move
  /// the text cursor).
  case right
  /// Page Up.
  case pageUp
  /// Page Down.
  case pageDown
  /// Home: the first row (the start of the text while editing).
  case home
  /// End: the last row (the end of the text while editing).
  case end
  /// Shift-↑: the focus moves up and the selection extends to it.
  case shiftUp
  /// Shift-↓: the focus moves down and the selection extends to it.
  case shiftDown
  /// Shift-Page Up: a page up, extending the selection.
  case shiftPageUp
  /// Shift-Page Down: a page down, extending the selection.
  case shiftPageDown
  /// Shift-Home: to the first row, extending the selection.
  case shiftHome
  /// Shift-End: to the last row, extending the selection.
  case shiftEnd
  /// Return or Enter: activate the row, or finish editing.
  case enter
  /// The space bar: activate the row, or a space while editing.
  case space
  /// Tab: the next screen.
  case tab
  /// Shift-Tab: the previous screen.
  case backTab
  /// Backspace: delete the character before the text cursor.
  case backspace
  /// Delete (forward): delete the character after the text cursor.
  case delete
  /// Escape: cancel editing, close the help.
  case escape
  /// Ctrl-C, which arrives as a byte in raw mode: quit.
  case interrupt
  /// Ctrl with a letter (lowercase), other than the keys that have their
  /// own case (Ctrl-C, and the Tab, Return and Backspace bytes): Ctrl-A
  /// selects every row.
  case control(Character)
  /// A printable character: type-ahead, a command such as `q`, `s`, `*`,
  /// or text while editing.
  case character(Character)
  /// Several characters typed at once (a script's `text:Ada`, or a paste):
  /// handled as one ``character(_:)`` key per character.
  case text(String)
  /// Not a key: lets every pending lazy load finish now, and a drop
  /// marker held on a closed row open it (a script's `wait`).
  case wait
  /// A mouse event (SGR mouse mode, or a script's `click:COL,LINE`,
  /// `press:`, `drag:`, `release:`, `wheelUp:`, `wheelDown:`): a click
  /// focuses the row under the pointer, a drag moves rows.
  case mouse(MouseEvent)

  /// The key's name in a key script: `down`, `pageDown`, `text:Ada`, `q`.
  ///
  /// ``KeyScript/parse(_:)`` reads it back to the same key (a space inside
  /// `text:` is written with quotes: `text:"Ada Lovelace"`).
  ///
  /// - Complexity: O(1), or O(length) for text.
  package var scriptName: String {
    switch self {
    case .up: return "up"
    case .down: return "down"
    case .left: return "left"
    case .right: return "right"
    case .pageUp: return "pageUp"
    case .pageDown: return "pageDown"
    case .home: return "home"
    case .end: return "end"
    case .shiftUp: return "shift-up"
    case .shiftDown: return "shift-down"
    case .shiftPageUp: return "shift-pageUp"
    case .shiftPageDown: return "shift-pageDown"
    case .shiftHome: return "shift-home"
    case .shiftEnd: return "shift-end"
    case .enter: return "enter"
    case .space: return "space"
    case .tab: return "tab"
    case .backTab: return "backTab"
    case .backspace: return "backspace"
    case .delete: return "delete"
    case .escape: return "esc"
    case .interrupt: return "ctrl-c"
    case .control(let letter): return "ctrl-\(letter)"
    case .wait: return "wait"
    case .mouse(let event): return event.description
    case .character(let character): return String(character)
    case .text(let text):
      return text.contains(where: { $0 == " " || $0 == "\"" }) ? "text:\"\(text.replacingQuotes())\"" : "text:\(text)"
    }
  }
}

extension String {
  /// The text with `"` and `\` escaped by a backslash, for a quoted script
  /// word.
  fileprivate func replacingQuotes() -> String {
    var result = ""
    for character in self {
      if character == "\"" || character == "\\" { result.append("\\") }
      result.append(character)
    }
    return result
  }
}
