/// One step of a `--script`: a user action sent to the window as real
/// input (keys and clicks go through the X server), a window action, or an
/// expectation about what the window shows.
public enum ScriptAction: Hashable, Sendable {
  /// A key press, with modifiers: `down`, `shift+down`, `ctrl+space`.
  case key(ScriptKey, InputModifiers)
  /// A click on row `row`'s label (the row is scrolled to first):
  /// `click 3`, `shift+click 7`, `ctrl+click 5`.
  case click(row: Int, InputModifiers)
  /// A click on row `row`'s disclosure triangle: `click-triangle 0`.
  case clickTriangle(row: Int)
  /// A click on row `row`'s check button: `click-check 0`.
  case clickCheck(row: Int)
  /// Row `from` dragged with the pointer and dropped on row `to`, in its
  /// top quarter, middle or bottom quarter: `drag 3 to 7 into`.
  case drag(from: Int, to: Int, DropZone)
  /// The toolbar's buttons: `expand-all`, `collapse-all`.
  case expandAll, collapseAll
  /// Text typed into the search entry (`search Myst`); `search` alone
  /// clears it.
  case search(String)
  /// Shows another document: `open categories`, `open big`.
  case open(String)
  /// Scrolls row `row` into view: `jump 5000`.
  case jump(row: Int)
  /// Saves the window, as GTK renders it, as a PNG: `screenshot out.png`.
  case screenshot(path: String)
  /// The rows' labels, from the first, are exactly these:
  /// `expect-rows Books, Fiction, Mystery`.
  case expectRows([String])
  /// The focused row's label: `expect-focus Mystery`.
  case expectFocus(String)
  /// The number of rows: `expect-row-count 10`.
  case expectRowCount(Int)
  /// The labels of the selected rows, in row order: `expect-selected Birch 2, Cedar 3`.
  case expectSelected([String])
  /// Ends the script and the app.
  case quit
}

/// Where in a row a scripted drag drops.
public enum DropZone: String, CaseIterable, Hashable, Sendable {
  case above, into, below

  /// Where the pointer is in the row: 0 (top) ... 1 (bottom).
  public var fraction: Double {
    switch self {
    case .above: return 0.1
    case .into: return 0.5
    case .below: return 0.9
    }
  }
}

/// The keys a script can press.
public enum ScriptKey: String, CaseIterable, Hashable, Sendable {
  case up, down, left, right, home, end
  case pageUp = "page-up"
  case pageDown = "page-down"
  /// `*`: expands the focused node's siblings.
  case star
  case space
  /// With Control: select all.
  case a
  /// With Control: undo; with Control and Shift: redo.
  case z
}
