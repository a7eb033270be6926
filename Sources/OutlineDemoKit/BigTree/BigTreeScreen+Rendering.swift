import OutlineKit

/// Drawing the big tree: only the rows on screen, through the tree
/// screens' ``TreeViewport`` (the rows of the lines shown, the sticky
/// rows, the drop marker) and `rowInfos(in:)`, whatever the outline's size.
///
/// ```text
///   ▾ Acacia 1 (10)                                                  █
///  ✓├─ ▸ Kapok 11 (10)                                               │
/// ›✓├─ ▾ Larch 12 (10)                                               │
///   │  ├─ • Oak 131                                                  │
///   ├─ • Hazel 17                                                    │
///   │    #17 · depth 1 · a leaf · a row 2 lines high                 │
/// ```
///
/// `›` marks the focused row (drawn highlighted), `✓` the selected ones
/// (drawn in colour); the last column is the scroll bar.
extension BigTreeScreen {
  /// The body: the lines of the rows on screen, at most `height` lines of
  /// at most `width` columns, with a scroll bar in the last column when the
  /// rows do not fit.
  ///
  /// The screen shows lines `first ..< first + height` of the content
  /// (``TreeViewport``); the first row may start above the screen (its
  /// first lines are cut), the last may end below it. The sticky ancestor
  /// rows cover the first lines, with a line under them; while rows are
  /// moved, the drop marker takes a line in its gap.
  ///
  /// - Complexity: O(d log n + height · log n): the shown rows only (each
  ///   parent's child count is O(log n)), plus O(k log n) for k sticky
  ///   rows.
  package func renderBody(width: Int, height: Int) -> [ScreenLine] {
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
    let content = Int(outline.contentHeight)
    // The last column is the scroll bar's when the rows do not fit.
    let textWidth = content > height ? width - 1 : width
    guard let viewport = viewport(height: height) else { return [] }
    let lines = viewport.render(in: outline, width: textWidth, move: move) { id, info in
      rowLines(id, info, width: textWidth)
    }
    return lines.withScrollBar(top: viewport.first, height: height, content: content)
  }

  /// A row's lines: its name, then, for the taller rows, details below it
  /// with the tree's guide lines carried on.
  ///
  /// ```text
  ///   ├─ ▾ Hazel 17 (10)
  ///   │  │ #17 · depth 1 · 10 children · a row 2 lines high
  ///   │  ├─ • Oak 171
  /// ```
  func rowLines(_ id: Outline<Int>.NodeID, _ info: OutlineRowInfo, width: Int) -> [ScreenLine] {
    guard let outline else { return [] }
    let isFocused = id == selection.focus
    let isSelected = selection.isSelected(id)
    let style = TreeMarks.style(focused: isFocused, selected: isSelected)
    let node = outline[id]
    let name = BigTreeGenerator.name(of: node)
    var text = TreeMarks.prefix(focused: isFocused, selected: isSelected) + info.treePrefix
      + (info.hasChildren ? (info.isExpanded ? "▾ " : "▸ ") : "• ")
    let nameOffset = text.count
    text += name
    let childCount = info.hasChildren ? outline.includedChildren(of: id).count : 0
    if info.hasChildren { text += " (\(DemoFormat.count(childCount)))" }
    var line = ScreenLine(TerminalText.fit(text, width: width), style: style)
    if outline.isMatch(id) {
      line = line.marking(TreeSearch.range(of: search.query, in: name), in: name, after: nameOffset)
    }
    let height = Int(outline.rowHeight(of: id))
    guard height > 1 else { return [line] }
    // The guides go on below the name: to the next sibling, and to the
    // children under the disclosure.
    var guides = ""
    for level in 1 ..< max(1, info.depth) { guides += info.guides.hasFollowingSibling(atDepth: level) ? "│  " : "   " }
    if info.depth > 0 { guides += info.isLastChild ? "   " : "│  " }
    guides = "  " + guides + (info.hasChildren && info.isExpanded ? "│ " : "  ")
    let number = BigTreeGenerator.number(of: node) + 1
    var details = [
      "#\(DemoFormat.count(number)) · depth \(info.depth) · "
        + (info.hasChildren ? DemoFormat.count(childCount, "child", "children") : "a leaf")
        + " · a row \(height) lines high",
      BigTreeGenerator.generation(of: node) > 0
        ? "renamed \(BigTreeGenerator.generation(of: node))× by u: the same node, a new value"
        : "its height is in the outline's geometry: offsets and the scroll bar count it",
    ]
    while details.count < height - 1 { details.append("") }
    return [line] + details.prefix(height - 1).map { ScreenLine(TerminalText.fit(guides + $0, width: width), style: style) }
  }

  /// The status bar's facts: the focused row, the row and node counts,
  /// the selection's size, and the last operation's time.
  ///
  /// - Complexity: O(log n).
  package var statusFacts: String {
    guard let outline else { return "generating \(DemoFormat.count(nodeCount, "node"))…" }
    return TreeStatus.line(
      focusedRow: focusedRow, rowCount: outline.rowCount, nodes: DemoFormat.count(outline.nodeCount, "node"),
      selectedCount: selection.selectedCount, search: search, lastOperation: lastOperation)
  }

  /// The keys of the screen.
  ///
  /// - Complexity: O(1).
  package var hints: String {
    if let move { return move.hints }
    if search.isActive { return "n / N next / previous match · / edit · Esc clear the search · Space select · u update" }
    return "Space select · m move · Del delete · ^Z undo · ^Y redo · * + open · / search · u update 1%"
  }
}
