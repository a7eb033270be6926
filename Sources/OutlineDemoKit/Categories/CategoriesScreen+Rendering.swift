import OutlineAdapters
import OutlineKit

/// Drawing the category tree with its guide lines, counts and load states:
///
/// ```text
/// ▾ Books (124)
/// ├─ ▸ Fiction (71)
/// ├─ ▾ Non-fiction (46)
/// │  ├─ • History (20)
/// │  └─ ▸ Science (26)
/// └─ ▾ Rare editions (7)  ⟳ Loading…
/// ▸ Music (58)
/// ▸ Garden (19)  ✗ could not load (Enter retries)
/// ```
extension CategoriesScreen {
  /// The body: the visible window of rows, at most `height` lines of at
  /// most `width` columns, the sticky ancestor rows over the first lines
  /// (with a line under them), and the drop marker while rows are moved.
  ///
  /// - Complexity: O(d log n + height): only the shown rows are visited,
  ///   plus O(k log n) for k sticky rows.
  package func renderBody(width: Int, height: Int) -> [ScreenLine] {
    var lines: [ScreenLine] = []
    if let loadProblem {
      lines.append(ScreenLine(TerminalText.fit("  " + TerminalText.sanitized(loadProblem), width: width), style: .error))
      lines.append(ScreenLine(TerminalText.fit("  Showing the shipped categories.", width: width), style: .error))
    }
    let outline = tree.outline
    guard outline.rowCount > 0 else {
      lines.append(ScreenLine(search.isActive ? "  No category matches the search. Esc clears it." : "  No categories.", style: .dim))
      return Array(lines.prefix(max(0, height)))
    }
    let listHeight = max(0, height - lines.count)
    let viewport = viewport(height: height)
    // The last column is the scroll bar's when the rows do not fit.
    let width = outline.rowCount > listHeight ? width - 1 : width
    let list = viewport.render(in: outline, width: width, move: move) { id, info in [rowLine(id, info, width: width)] }
    // Every row is one line: lines are rows.
    return lines + list.withScrollBar(top: viewport.first, height: listHeight, content: outline.rowCount)
  }

  /// A row: marks, guides, disclosure, name and count, and its load state.
  func rowLine(_ id: CategoryTree.NodeID, _ info: OutlineRowInfo, width: Int) -> ScreenLine {
    let isFocused = id == selection.focus
    let isSelected = selection.isSelected(id)
    let node = tree[id]
    let disclosure = tree.isExpandable(id) ? (info.isExpanded ? "▾ " : "▸ ") : "• "
    let name = TerminalText.sanitized(node.name)
    var text =
      TreeMarks.prefix(focused: isFocused, selected: isSelected) + checkboxes.box(id, in: tree.outline) + info.treePrefix
      + disclosure
    let nameOffset = text.count
    text += name + " (\(DemoFormat.count(node.count)))"
    var style: ScreenLine.Style = info.depth == 0 ? .bold : []
    switch node.loadState {
    case .loading:
      text += "  ⟳ Loading…"
    case .failed:
      text += "  ✗ could not load (Enter retries)"
      style.insert(.error)
    case .notLoaded, .loaded:
      break
    }
    style.formUnion(TreeMarks.style(focused: isFocused, selected: isSelected))
    if changedByReload.contains(id) { style.insert(.changed) }
    var line = ScreenLine(TerminalText.fit(text, width: width), style: style)
    if let query = tree.searchText, tree.isMatch(id) {
      line = line.marking(CategoryTree.matchedRange(of: query, in: name), in: name, after: nameOffset)
    }
    return line
  }

  /// The status bar's facts: sections, rows, the selection's size, the
  /// accordion, loads.
  ///
  /// - Complexity: O(1).
  package var statusFacts: String {
    var facts = [
      DemoFormat.count(tree.numberOfSections, "section"),
      DemoFormat.count(tree.outline.rowCount, "row"),
    ]
    if selection.selectedCount > 0 { facts.append("\(DemoFormat.count(selection.selectedCount)) selected") }
    if tree.checkedCount > 0 { facts.append("\(DemoFormat.count(tree.checkedCount, "category", "categories")) checked") }
    facts.append("accordion " + (tree.keepsPreviousCellExpanded ? "off" : "on"))
    if !pendingLoads.isEmpty { facts.append("\(pendingLoads.count) loading") }
    if let fact = search.statusFact { facts.append("search " + fact) }
    facts.append("from " + TerminalText.sanitized(source))
    return facts.joined(separator: " · ")
  }

  /// Hints for the focused row's keys.
  ///
  /// - Complexity: O(log n).
  package var hints: String {
    if let move { return move.hints }
    if search.isActive { return "n / N match · / edit · Esc clear it (the accordion comes back) · Space select · r reload" }
    guard let focus else { return "Tab: next screen · ? keys · r reload the file" }
    let accordion = "a: switch the accordion " + (tree.keepsPreviousCellExpanded ? "on" : "off")
    switch tree[focus].loadState {
    case .loading: return "Loading… (it answers in a moment) · ← close · \(accordion)"
    case .failed(let message): return "Load failed: \(TerminalText.sanitized(message)) · Enter retries"
    case .notLoaded: return "Enter/→: open (loads its subcategories) · \(accordion)"
    case .loaded:
      if tree.isExpandable(focus) {
        return "Enter: " + (tree.isExpanded(focus) ? "close (←) · → first child" : "open (→)")
          + " · Space select · \(accordion) · - close all"
      }
      return "← parent · Space select · Shift+↑↓ extend · \(accordion) · / search · r reload"
    }
  }
}
