import OutlineKit

/// Drawing the big tree: only the rows on screen, through
/// `rowInfos(in:)`, whatever the outline's size.
///
/// ```text
///   ▾ Acacia 1 (10)
///  ✓├─ ▸ Kapok 11 (10)
/// ›✓├─ ▾ Larch 12 (10)
///   │  ├─ • Oak 131
/// ```
///
/// `›` marks the focused row (drawn highlighted), `✓` the selected ones
/// (drawn in colour).
extension BigTreeScreen {
  /// The body: the visible window of rows, at most `height` lines of at
  /// most `width` columns.
  ///
  /// - Complexity: O(d log n + height · log n): the shown rows only (each
  ///   parent's child count is O(log n)).
  public func renderBody(width: Int, height: Int) -> [ScreenLine] {
    guard let outline else {
      return [
        ScreenLine(
          TerminalText.fit("  Generating \(DemoFormat.count(nodeCount, "node")) with Outline(preorder:)…", width: width),
          style: .bold),
        ScreenLine(),
        ScreenLine(
          TerminalText.fit(
            "  (A debug build takes seconds for a million; `swift run -c release outline-demo` a fraction of one.)",
            width: width),
          style: .dim),
      ]
    }
    guard height > 0 else { return [] }
    guard outline.rowCount > 0 else {
      return [ScreenLine(TerminalText.fit("  No node matches the search. Esc clears it.", width: width), style: .dim)]
    }
    let first = ScrollWindow.top(current: top, selected: focusedRow, count: outline.rowCount, height: height)
    let rows = first ..< min(outline.rowCount, first + height)
    var lines: [ScreenLine] = []
    lines.reserveCapacity(rows.count)
    for (id, info) in outline.rowInfos(in: rows) {
      let isFocused = id == selection.focus
      let isSelected = selection.isSelected(id)
      let node = outline[id]
      let name = BigTreeGenerator.name(of: node)
      var text = TreeMarks.prefix(focused: isFocused, selected: isSelected) + info.treePrefix
        + (info.hasChildren ? (info.isExpanded ? "▾ " : "▸ ") : "• ")
      let nameOffset = text.count
      text += name
      if info.hasChildren { text += " (\(DemoFormat.count(outline.includedChildren(of: id).count)))" }
      var line = ScreenLine(TerminalText.fit(text, width: width), style: TreeMarks.style(focused: isFocused, selected: isSelected))
      if outline.isMatch(id) {
        line = line.marking(TreeSearch.range(of: search.query, in: name), in: name, after: nameOffset)
      }
      lines.append(line)
    }
    return lines
  }

  /// The status bar's facts: the focused row, the row and node counts,
  /// the selection's size, and the last operation's time.
  ///
  /// - Complexity: O(log n).
  public var statusFacts: String {
    guard let outline else { return "generating \(DemoFormat.count(nodeCount, "node"))…" }
    var facts = [
      "row \(DemoFormat.count(outline.rowCount == 0 ? 0 : focusedRow + 1)) of \(DemoFormat.count(outline.rowCount))",
      DemoFormat.count(outline.nodeCount, "node"),
    ]
    if selection.selectedCount > 0 { facts.append("\(DemoFormat.count(selection.selectedCount)) selected") }
    if let fact = search.statusFact {
      facts.append("search " + fact)
    } else if let lastOperation {
      facts.append("\(lastOperation.name): \(DemoFormat.duration(lastOperation.seconds))")
    }
    return facts.joined(separator: " · ")
  }

  /// The keys of the screen.
  ///
  /// - Complexity: O(1).
  public var hints: String {
    if search.isActive { return "n / N next / previous match · / edit · Esc clear the search · Space select" }
    return "Space select · Shift+↑↓ extend · ^A all · * siblings · + subtree · / search"
  }
}
