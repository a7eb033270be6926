import OutlineFiles
import OutlineKit

/// Drawing the file tree as a disk-usage view: a header line (the scan's
/// progress, or the directory's total), then each row's size, a bar of
/// its share of its folder, the tree and the name.
///
/// ```text
///  ⟳ Scanning /usr: 45,123 entries · 1.2 GiB · 98,211 entries/s · lib/python3 · Esc cancels
/// ›    4.9 GiB             ▾ /usr
///      3.1 GiB ██████▍     ├─ ▸ lib
///      1.2 GiB ██▌         ├─ ▸ share
///       4.0 KiB            ├─ • README → ../doc/README
///       4.0 KiB            └─ ▸ secret  ✗ cannot open: Permission denied
/// ```
extension FilesScreen {
  /// The width of the size column.
  static let sizeWidth = 9
  /// The cells of the share bar.
  static let barCells = 10

  /// The body: the header line and the rows on screen, the sticky
  /// ancestor rows over the first ones (with a line under them).
  ///
  /// - Complexity: O(d log n + height log n): the shown rows only, plus
  ///   O(k log n) for k sticky rows.
  package func renderBody(width: Int, height: Int) -> [ScreenLine] {
    guard height > 0 else { return [] }
    guard let tree else {
      let text = openProblem.map { "  Cannot open \(path): \($0)" } ?? "  Opening \(path)…"
      return [ScreenLine(TerminalText.fit(TerminalText.sanitized(text), width: width), style: openProblem == nil ? .bold : .error)]
    }
    let lines = [header(tree, width: width)]
    let listHeight = self.listHeight(height)
    guard tree.outline.rowCount > 0, let viewport = viewport(height: height) else {
      return lines + [ScreenLine(search.isActive ? "  No entry matches the search. Esc clears it." : "  Nothing to show (dot files hidden?)", style: .dim)]
    }
    // The last column is the scroll bar's when the rows do not fit.
    let rowWidth = tree.outline.rowCount > listHeight ? width - 1 : width
    let list = viewport.render(in: tree.outline, width: rowWidth, move: nil) { id, info in
      [rowLine(id, info, in: tree, width: rowWidth)]
    }
    return lines + list.withScrollBar(top: viewport.first, height: listHeight, content: tree.outline.rowCount)
  }

  /// The header: the scan's progress while it runs, else the totals.
  private func header(_ tree: FileTree, width: Int) -> ScreenLine {
    let root = tree[tree.root]
    let text: String
    if let scan {
      let progress = scan.progress
      text = " ⟳ Scanning \(path): \(DemoFormat.count(progress.entries, "entry", "entries")) · \(FilesFormat.size(progress.bytes))"
        + " · \(DemoFormat.count(Int(progress.entriesPerSecond))) entries/s"
        + (progress.currentFolder.isEmpty ? "" : " · \(progress.currentFolder)") + " · Esc cancels"
    } else if tree.mode == .scanned {
      text = " \(path): \(FilesFormat.size(root.size)) in \(DemoFormat.count(tree.entryCount(inside: tree.root), "entry", "entries"))"
        + (lastScan.map { " · scanned in \(DemoFormat.duration($0.seconds))" } ?? "")
        + " · ordered by \(tree.options.ordering)"
    } else {
      text = " \(path): folders are listed as you open them; R scans for sizes · ordered by \(tree.options.ordering)"
    }
    return ScreenLine(TerminalText.fit(TerminalText.sanitized(text), width: width), style: scan == nil ? .dim : .bold)
  }

  /// A row: marks, size, share bar, tree, disclosure, name, and what else
  /// the entry has to say (a link's target, a problem, loading).
  func rowLine(_ id: FileTree.NodeID, _ info: OutlineRowInfo, in tree: FileTree, width: Int) -> ScreenLine {
    let entry = tree[id]
    let isFocused = id == selection.focus
    let isSelected = selection.isSelected(id)
    var size = ""
    if entry.isFolder {
      if entry.isTotal { size = FilesFormat.size(entry.size) } else if scan != nil { size = "…" }
    } else if entry.hasDetails {
      size = FilesFormat.size(entry.size)
    }
    let bar = tree.share(of: id).map { FilesFormat.bar($0, cells: Self.barCells) } ?? String(repeating: " ", count: Self.barCells)
    let disclosure = tree.isExpandable(id) ? (info.isExpanded ? "▾ " : "▸ ") : (entry.isFolder ? "▹ " : "• ")
    let name = id == tree.root ? TerminalText.sanitized(tree.rootPath) : tree.name(of: id).description
    var text = TreeMarks.prefix(focused: isFocused, selected: isSelected)
      + String(repeating: " ", count: max(0, Self.sizeWidth - size.count)) + size + " " + bar + " "
      + checkboxes.box(id, in: tree.outline) + info.treePrefix + disclosure
    let nameOffset = text.count
    text += name
    var style: ScreenLine.Style = entry.isFolder ? .bold : []
    if let target = tree.target(of: id) { text += " → " + target.description }
    if entry.loadState == .loading { text += "  ⟳ listing…" }
    if entry.isOnOtherFileSystem { text += "  (another file system: not scanned)" }
    if entry.isCountedElsewhere { text += "  (hard link: counted at another link)" }
    if let problem = entry.problem {
      text += "  ✗ \(problem)" + (entry.isFolder ? " (Enter retries)" : "")
      style.insert(.error)
    }
    style.formUnion(TreeMarks.style(focused: isFocused, selected: isSelected))
    var line = ScreenLine(TerminalText.fit(text, width: width), style: style)
    if tree.isMatch(id) {
      line = line.marking(TreeSearch.range(of: search.query, in: name), in: name, after: nameOffset)
    }
    return line
  }

  /// The status bar's facts.
  ///
  /// - Complexity: O(log n).
  package var statusFacts: String {
    guard let tree else { return openProblem == nil ? "opening \(path)…" : "cannot open \(path)" }
    var facts = [
      "row \(DemoFormat.count((focusedRow ?? -1) + 1)) of \(DemoFormat.count(tree.outline.rowCount))",
      DemoFormat.count(tree.entryCount(inside: tree.root), "entry", "entries") + (tree.mode == .lazy ? " listed" : ""),
    ]
    if selection.selectedCount > 0 { facts.append("\(DemoFormat.count(selection.selectedCount)) selected") }
    let checked = tree.checkedTotal
    if checked.entries > 0 {
      facts.append("\(DemoFormat.count(checked.entries, "entry", "entries")) checked, \(FilesFormat.size(checked.bytes))")
    }
    facts.append(tree.showsHiddenFiles ? "dot files shown" : "dot files hidden")
    if let fact = search.statusFact { facts.append("search " + fact) }
    if scan != nil { facts.append("scanning") }
    return facts.joined(separator: " · ")
  }

  /// The keys of the screen.
  ///
  /// - Complexity: O(1).
  package var hints: String {
    if search.isActive { return "n / N next / previous match · / edit · Esc clear the search · r refresh" }
    if scan != nil { return "Esc cancel the scan · Enter open · o order · . dot files · / search" }
    return "Enter open · x check · c boxes · o order (name, size, date) · O folders first · . dot files · r refresh · R rescan · / search"
  }
}
