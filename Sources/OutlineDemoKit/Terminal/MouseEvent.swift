/// A mouse event a terminal reports in SGR mouse mode (or a key script
/// writes): a press, a motion with the button held, a release, or a wheel
/// turn, at a cell of the screen.
///
/// Cells are counted from 1, as the terminal counts them: column 1 is the
/// left edge, line 1 the title bar (the first line `--print` writes).
///
/// ```swift
/// KeyDecoder.decode(Array("\u{1B}[<0;5;3M".utf8))   // [.mouse(MouseEvent(.press, column: 5, line: 3))]
/// try KeyScript.parse("click:5,3")                   // press and release at column 5, line 3
/// ```
///
/// - Complexity: Every operation is O(1).
package struct MouseEvent: Hashable, Sendable, CustomStringConvertible {
  /// What the mouse did.
  package enum Action: String, Hashable, Sendable, CaseIterable {
    /// The (left) button went down.
    case press
    /// The pointer moved with the button down.
    case drag
    /// The button went up.
    case release
    /// The wheel turned up (away from the user).
    case wheelUp
    /// The wheel turned down.
    case wheelDown
  }

  /// What the mouse did.
  package var action: Action
  /// The column, from 1 at the left edge.
  package var column: Int
  /// The line, from 1 at the top (the title bar).
  package var line: Int

  /// An event at a cell, counted from 1.
  ///
  /// - Complexity: O(1).
  package init(_ action: Action, column: Int, line: Int) {
    self.action = action
    self.column = column
    self.line = line
  }

  /// The event as a key script writes it: `press:5,3`, `wheelUp:1,10`.
  ///
  /// - Complexity: O(1).
  package var description: String { "\(action.rawValue):\(column),\(line)" }
}
