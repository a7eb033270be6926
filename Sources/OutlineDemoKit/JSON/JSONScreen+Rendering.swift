import OutlineKit

/// Drawing the JSON screen: only the rows on screen, whatever the
/// document's size.
///
/// ```text
///   ▾ {statuses, search_metadata}
/// › ├─ ▾ statuses [100 items]
///   │  ├─ ▸ [0] {created_at, id, text, …}
///   │  ├─ ▾ [1] {3 keys}
///   │  │  ├─ • id: 250075927172759552
///   │  │  ├─ • text: "say \"hi\""
///   │  │  └─ • user: null
/// ```
extension JSONScreen {
  /// The body: the rows on screen, at most `height` lines of at most
  /// `width` columns, with a scroll bar in the last column when the rows do
  /// not fit.
  ///
  /// The ancestors of the rows at the top stick above them, with a line
  /// under them (``TreeViewport``, ``StickyHeader``).
  ///
  /// - Complexity: O(height · (d + log n)) for rows at depth d, plus their
  ///   keys' and values' bytes, plus O(k log n) for k sticky rows.
  package func renderBody(width: Int, height: Int) -> [ScreenLine] {
    let outline = document.outline
    guard height > 0 else { return [] }
    guard outline.rowCount > 0 else {
      let text = search.isActive ? "  No key or value matches the search. Esc clears it." : "  The document holds no values."
      return [ScreenLine(TerminalText.fit(text, width: width), style: .dim)]
    }
    let textWidth = outline.rowCount > height ? width - 1 : width
    let viewport = viewport(height: height)
    let lines = viewport.render(in: outline, width: textWidth, move: nil) { id, info in [rowLine(id, info, width: textWidth)] }
    return lines.withScrollBar(top: viewport.first, height: height, content: outline.rowCount)
  }

  /// One row: marks, guides, disclosure, label and value.
  func rowLine(_ id: NodeID, _ info: OutlineRowInfo, width: Int) -> ScreenLine {
    let isFocused = id == selection.focus
    let isSelected = selection.isSelected(id)
    let node = document[id]
    let prefix = TreeMarks.prefix(focused: isFocused, selected: isSelected) + Self.indentation(info, width: width)
      + (node.isContainer ? (info.isExpanded ? "▾ " : "▸ ") : "• ")
    let (label, value) = labelAndValue(id, info, width: width)
    let body = label.isEmpty ? value : value.isEmpty ? label : label + (node.isContainer ? " " : ": ") + value
    var line = ScreenLine(TerminalText.fit(prefix + body, width: width), style: TreeMarks.style(focused: isFocused, selected: isSelected))
    if search.isActive && document.outline.isMatch(id) {
      line = line.marking(TreeSearch.range(of: search.query, in: body), in: body, after: prefix.count)
    }
    return line
  }

  /// A row's label (a member's key, an element's `[index]`, a JSON Lines
  /// record's `#number`) and its value (a scalar as JSON shows it, a
  /// container's preview or count).
  func labelAndValue(_ id: NodeID, _ info: OutlineRowInfo, width: Int) -> (label: String, value: String) {
    let outline = document.outline
    let node = document[id]
    var label = ""
    if let parent = outline.parent(of: id) {
      label = document[parent].kind == .object
        ? TerminalText.sanitized(document.key(of: id) ?? "") : "[\(DemoFormat.count(outline.indexInParent(of: id)))]"
    } else if document.format == .jsonLines {
      label = "#\(DemoFormat.count(outline.indexInParent(of: id) + 1))"
    }
    let value: String
    switch node.kind {
    case .object where info.isExpanded:
      let count = outline.children(of: id).count
      value = count == 0 ? "{}" : "{\(DemoFormat.count(count, "key"))}"
    case .array:
      let count = outline.children(of: id).count
      value = count == 0 ? "[]" : "[\(DemoFormat.count(count, "item"))]"
    case .object:
      value = document.preview(of: id, maxLength: max(8, width - 8 - 3 * info.depth - label.count))
    case .string:
      value = "\"" + TerminalText.sanitized(String((document.value(of: id) ?? "").prefix(4 * max(width, 20)))) + "\""
    default:
      value = document.valueText(of: id)
    }
    return (label, value)
  }

  /// The guide lines before a row, cut to the last levels (after `…`)
  /// when they would take more than half the width: a value 50,000
  /// levels down still shows.
  static func indentation(_ info: OutlineRowInfo, width: Int) -> String {
    let levels = max(1, (width / 2) / 3)
    guard info.depth > levels else { return info.treePrefix }
    var text = "… "
    for level in (info.depth - levels + 1) ..< info.depth {
      text += info.guides.hasFollowingSibling(atDepth: level) ? "│  " : "   "
    }
    return text + (info.isLastChild ? "└─ " : "├─ ")
  }

  /// The line under the screen while a field or the search is open.
  ///
  /// - Complexity: O(d log n + k) for the focused value at depth d and a
  ///   text of k characters.
  package var inputLine: String? {
    guard let editing else { return search.line }
    let problem = editing.problem.map { "    ✗ " + $0 } ?? "    Enter sets · Esc cancels · ^U clears"
    let what: String
    switch editing.field {
    case .value(let id): what = "value of \(document.path(of: id))"
    case .key(let id): what = "key of \(document.path(of: id))"
    case .insert(let parent, _): what = "new value in \(parent.map { document.path(of: $0) } ?? "the document")"
    }
    return "\(what): \(editing.editor.textWithCursor)" + problem
  }

  /// The status bar: the focused value's path, rows, values, whether
  /// there are unsaved edits, and the last operation's time.
  ///
  /// - Complexity: O(d log n) for the focused value at depth d.
  package var statusFacts: String {
    let outline = document.outline
    var path: [String] = []
    if let focus, outline.contains(focus) {
      let record = document.format == .jsonLines ? "#\(DemoFormat.count(document.rootIndex(of: focus) + 1)) " : ""
      path.append(record + document.path(of: focus))
    }
    return TreeStatus.line(
      leading: path, focusedRow: focusedRow, rowCount: outline.rowCount, nodes: DemoFormat.count(outline.nodeCount, "value"),
      selectedCount: selection.selectedCount, trailing: isModified ? ["modified"] : [], search: search,
      lastOperation: lastOperation)
  }

  /// The keys of the screen.
  ///
  /// - Complexity: O(1).
  package var hints: String {
    if search.isActive { return "n / N next / previous match · / edit · Esc clear the search · e edit · d delete" }
    return "Enter open/edit · e value · r key · i insert · a append · d delete · [ ] move · s save · / search · > < levels"
  }
}
