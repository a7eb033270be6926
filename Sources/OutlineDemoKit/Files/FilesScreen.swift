import Foundation
import OutlineFiles
import OutlineKit

/// Screen 4: a directory as a file tree (`outline-demo DIR`), with sizes
/// as a disk-usage tool shows them.
///
/// The first time the screen shows, the directory is opened lazily (its
/// entries at once, by name and kind) and a scan of everything below it
/// starts on a thread of its own (`FileScan`); a progress line shows
/// entries, bytes and entries per second, and Esc cancels. Folders open as
/// they are expanded meanwhile (listed on the spot); when the scan ends,
/// the tree takes it in with `update(from:)`: every folder gets its total,
/// and the rows, open folders and selection stay. The rows on screen get
/// their sizes read as they show (`readDetails(of:)`).
///
/// Each row shows its size and a bar of its share of its folder, as ncdu
/// does; problems (a folder that cannot be opened, a vanished entry) show
/// on their rows. Keys: the tree screens' moves, selection, type-ahead and
/// search (`/`: the tree's search, with the folders that lead to matches
/// opened); Enter, → and ← open and close folders (a failed one: Enter
/// retries); `o` orders by name, size or date, `O` puts folders first or
/// mixes them in, `.` shows or hides dot files, `r` refreshes the focused
/// folder (listed or scanned again: only what changed moves), `R` scans the
/// whole directory again, Esc cancels a scan; `x` checks or unchecks the
/// focused entry (or the selected ones), `c` shows or hides the boxes, and
/// Space checks while they show (`TreeCheckboxes`); the status line counts
/// what is checked and its size.
package struct FilesScreen {
  /// The directory.
  package let path: String
  /// The tree, once the screen has shown; nil before, or when the
  /// directory cannot be opened (``openProblem`` says why).
  package private(set) var tree: FileTree?
  /// Why the directory could not be opened.
  package private(set) var openProblem: String?
  /// The scan under way, if any.
  package private(set) var scan: FileScan?
  /// The last scan's entries and seconds, for the header.
  package private(set) var lastScan: (entries: Int, seconds: Double)?
  /// The focus, the selected entries and the anchor, kept by the engine.
  package private(set) var selection = Outline<FileEntry>.Selection(mode: .multiple, collapsePolicy: .keepHidden)
  /// The search line.
  package internal(set) var search = TreeSearch()
  /// How the tree is read (the tests' hooks come through here).
  package let options: FileTree.Options
  /// The first row shown.
  internal var top = 0
  /// Type-ahead's prefix.
  internal var typeAhead = TypeAhead()
  /// The sticky ancestor rows' setting (the app's, shared by the tree
  /// screens).
  package var sticky = StickyHeader()
  /// The rows' checkboxes: `c` shows them, `x` (and Space while they
  /// show) checks.
  package var checkboxes = TreeCheckboxes()
  /// The lines of the body above the rows: the header line.
  static let headerHeight = 1

  /// A screen for `path`; nothing is read until it first shows.
  ///
  /// - Complexity: O(1).
  package init(path: String, options: FileTree.Options = FileTree.Options()) {
    self.path = path
    self.options = options
  }

  /// Whether the directory has been opened (or tried).
  ///
  /// - Complexity: O(1).
  package var isOpened: Bool { tree != nil || openProblem != nil }

  /// Whether a scan runs.
  ///
  /// - Complexity: O(1).
  package var isScanning: Bool { scan != nil }

  /// The focused entry.
  ///
  /// - Complexity: O(1).
  package var focus: FileTree.NodeID? { selection.focus }

  /// The focused row, or nil when no row shows.
  ///
  /// - Complexity: O(log n).
  package var focusedRow: Int? { tree.flatMap { selection.focusedRow(in: $0.outline) } }

  // MARK: Opening and scanning

  /// Opens the directory lazily and starts scanning it; the first time
  /// only.
  ///
  /// - Returns: Whether it did.
  /// - Complexity: O(k log k) for the root's k entries.
  @discardableResult
  package mutating func open(context: inout ScreenContext) -> Bool {
    guard !isOpened else { return false }
    do {
      var tree = try FileTree(lazy: path, options: options)
      if tree.outline.rowCount > 0 { selection.moveFocus(to: tree.root, in: tree.outline) }
      tree.readDetails(of: tree.outline.rows.prefix(context.bodyHeight))
      self.tree = tree
      startScan(context: &context)
    } catch {
      openProblem = "\(error)"
      context.message = .error("Cannot open \(TerminalText.sanitized(path)): \(TerminalText.sanitized("\(error)"))")
    }
    return true
  }

  /// Starts a scan of the whole directory (none when one runs).
  private mutating func startScan(context: inout ScreenContext) {
    guard scan == nil else { return }
    scan = FileScan(root: path, options: tree?.options ?? options)
    context.message = StatusMessage("Scanning \(TerminalText.sanitized(path)) for sizes; the tree is yours meanwhile (Esc cancels)")
  }

  /// Takes in a scan that ended: its sizes everywhere (rows, open folders
  /// and the selection stay), or why it stopped.
  ///
  /// - Returns: Whether the screen changed (a scan ended, or is still
  ///   running: its progress line moves).
  /// - Complexity: O(n + m log m) for a scan of m entries into n.
  @discardableResult
  package mutating func tick(context: inout ScreenContext) -> Bool {
    guard let scan else { return false }
    guard let result = scan.result else { return true }
    finish(scan, result, context: &context)
    return true
  }

  /// Waits for the scan to end and takes it in (the `wait` key).
  ///
  /// - Returns: Whether a scan was running.
  /// - Complexity: The rest of the scan, then as ``tick(context:)``.
  @discardableResult
  package mutating func finishScan(context: inout ScreenContext) -> Bool {
    guard let scan else { return false }
    finish(scan, scan.wait(), context: &context)
    return true
  }

  private mutating func finish(_ ended: FileScan, _ result: Result<FileTree, any Error>, context: inout ScreenContext) {
    scan = nil
    guard var tree else { return }
    switch result {
    case .success(let scanned):
      let start = context.clock.now()
      let progress = ended.progress
      let change = tree.update(from: scanned)
      let seconds = context.clock.now() - start
      self.tree = tree
      selection.reconcile(with: tree.outline, after: change)
      lastScan = (progress.entries, progress.seconds)
      context.message = StatusMessage(
        "Scanned \(DemoFormat.count(progress.entries, "entry", "entries")), \(FilesFormat.size(scanned[scanned.root].size)) in \(DemoFormat.duration(progress.seconds)); sizes applied in \(DemoFormat.duration(seconds)), open folders kept")
    case .failure(let error) where error is CancellationError:
      context.message = StatusMessage("Scan cancelled: folders show their own entries only; R scans again")
    case .failure(let error):
      context.message = .error("The scan failed: \(TerminalText.sanitized("\(error)"))")
    }
    scroll(height: context.bodyHeight)
  }

  // MARK: Keys

  /// Handles a key; returns false when the screen has no use for it.
  ///
  /// - Complexity: O(log n) for moves; a folder's listing for Enter; O(n
  ///   log k) for `o`, `O`, `.`; the folder's listing or scan for `r`.
  @discardableResult
  package mutating func handle(_ key: Key, context: inout ScreenContext) -> Bool {
    if tree != nil, let action = search.handle(key) {
      perform(action, context: &context)
      scroll(height: context.bodyHeight)
      return true
    }
    if key == .escape, let scan {
      scan.cancel()
      context.message = StatusMessage("Cancelling the scan…")
      return true
    }
    guard let tree, let focus else { return false }
    if let marks = checkboxes.marks(
      for: key, typing: typeAhead.isActive(at: context.clock.now()), selection: selection, in: tree.outline, context: &context)
    {
      check(marks.ids, marks.checked, context: &context)
      scroll(height: context.bodyHeight)
      return true
    }
    var handled = true
    switch key {
    case .right where tree.isExpandable(focus) && !tree.outline.isExpanded(focus),
      .left where tree[focus].isFolder && tree.outline.isExpanded(focus):
      toggle(focus, context: &context)
    case .enter:
      if tree[focus].isFolder { toggle(focus, context: &context) }
    case .space, .control("a"), .escape:
      if key == .escape { typeAhead.reset() }
      _ = TreeSelectionKeys.handle(key, selection: &selection, in: tree.outline, context: &context)
    case .character(let character):
      handled = handle(character, context: &context)
    default:
      let page = OutlineNavigation.PageSize.rows(max(1, listHeight(context.bodyHeight) - 1))
      // → and ← that open or close are the tree's, above.
      handled = TreeKeys.moveFocus(for: key, page: page, selection: &selection, in: tree.outline)
    }
    scroll(height: context.bodyHeight)
    return handled
  }

  private mutating func handle(_ character: Character, context: inout ScreenContext) -> Bool {
    let now = context.clock.now()
    let typing = typeAhead.isActive(at: now)
    switch character {
    case "o" where !typing:
      let keys = FileOrdering.Key.allCases
      let current = tree!.options.ordering
      let next = keys[(keys.firstIndex(of: current.key)! + 1) % keys.count]
      reorder(FileOrdering(next, foldersFirst: current.foldersFirst), context: &context)
      return true
    case "O":
      let current = tree!.options.ordering
      reorder(FileOrdering(current.key, foldersFirst: !current.foldersFirst), context: &context)
      return true
    case ".":
      let shows = !tree!.showsHiddenFiles
      timed(shows ? "show dot files" : "hide dot files", context: &context) { $0.setShowsHiddenFiles(shows) }
      return true
    case "r" where !typing:
      refresh(context: &context)
      return true
    case "R":
      if scan == nil { startScan(context: &context) } else { context.message = StatusMessage("A scan is running") }
      return true
    default:
      break
    }
    guard character.isLetter || character.isNumber, let tree else { return false }
    let search = typeAhead.type(character, at: now)
    let found = selection.navigate(
      toNextMatch: search.prefix, in: tree.outline, includingFocus: search.continuesAtCurrentRow, selecting: .keep
    ) { tree.name(of: $0).description }
    if found == nil { context.message = .error("No row starts with \"\(search.prefix)\"") }
    return true
  }

  /// Opens a folder (listing it now when it is not listed yet; a failed
  /// one is tried again) or closes it.
  private mutating func toggle(_ id: FileTree.NodeID, context: inout ScreenContext) {
    let wasFailed = tree![id].problem != nil
    timed(tree!.outline.isExpanded(id) ? "close" : "open", context: &context) { $0.toggleNow(id) }
    guard let tree else { return }
    if let problem = tree[id].problem {
      context.message = .error("\(TerminalText.sanitized(tree.path(of: id))): \(problem); Enter tries again")
    } else if wasFailed {
      context.message = StatusMessage("\(TerminalText.sanitized(tree.path(of: id))) read this time")
    }
  }

  private mutating func reorder(_ ordering: FileOrdering, context: inout ScreenContext) {
    let change = timed("order", context: &context) { $0.setOrdering(ordering) }
    context.message = StatusMessage(
      "Ordered by \(ordering) in \(DemoFormat.duration(lastSeconds)): \(DemoFormat.count(change.insertedCount, "row")) moved, the rest stayed"
        + (tree?.mode == .lazy ? " (sizes and dates not read yet count as 0)" : ""))
  }

  /// Checks or unchecks entries (and what is inside them).
  private mutating func check(_ ids: [FileTree.NodeID], _ checked: Bool, context: inout ScreenContext) {
    guard let first = ids.first else { return }
    timed(checked ? "check" : "uncheck", context: &context) { tree in
      // Marks move no row: the last change reconciles as well as all.
      ids.map { tree.setChecked(checked, $0) }.last!
    }
    guard let tree else { return }
    let total = tree.checkedTotal
    let what = ids.count == 1 ? TerminalText.sanitized(tree.path(of: first)) : DemoFormat.count(ids.count, "entry", "entries")
    context.message = StatusMessage(
      "\(checked ? "Checked" : "Unchecked") \(what) in \(DemoFormat.duration(lastSeconds)): "
        + "\(DemoFormat.count(total.entries, "entry", "entries")) checked, \(FilesFormat.size(total.bytes))")
  }

  /// `r`: lists (or scans) the focused folder again.
  private mutating func refresh(context: inout ScreenContext) {
    guard let tree, let focus else { return }
    let folder = tree[focus].isFolder ? focus : tree.outline.parent(of: focus) ?? focus
    let change = timed("refresh", context: &context) { $0.refresh(folder) }
    context.message = StatusMessage(
      "Refreshed \(TerminalText.sanitized(tree.path(of: folder))) in \(DemoFormat.duration(lastSeconds)): "
        + (change.isEmpty
          ? "nothing changed"
          : "rows -\(DemoFormat.count(change.removedCount)) +\(DemoFormat.count(change.insertedCount)), \(DemoFormat.count(change.reloadedRows.count)) redrawn"))
  }

  // MARK: Search

  private mutating func perform(_ action: TreeSearch.Action, context: inout ScreenContext) {
    guard let tree else { return }
    switch action {
    case .none:
      break
    case .apply(let text):
      timed("search", context: &context) { $0.search(for: text) }
      let matches = self.tree!.outline.matchCount
      search.lastResult = TreeSearch.Result(matches: matches, seconds: lastSeconds, step: self.tree!.lastSearchStep)
      context.message = StatusMessage(
        "“\(TerminalText.sanitized(text))”: \(DemoFormat.count(matches, "match", "matches")) in \(DemoFormat.duration(lastSeconds))"
          + (self.tree!.mode == .lazy ? " (folders not listed yet are not searched)" : ""))
      if let row = focusedRow, let match = self.tree!.outline.nextMatchRow(after: row > 0 ? row - 1 : nil) {
        focus(row: match)
      }
    case .clear:
      timed("clear search", context: &context) { $0.search(for: "") }
      context.message = StatusMessage("Search cleared: the folders it opened are closed again")
    case .next, .previous:
      guard let row = focusedRow else { return }
      let found = action == .next ? tree.outline.nextMatchRow(after: row) : tree.outline.previousMatchRow(before: row)
      if let found { focus(row: found) } else { context.message = .error("No match has a row") }
    }
  }

  // MARK: Helpers

  /// Seconds the last timed operation took.
  private var lastSeconds: Double = 0

  /// Runs a tree operation, times it, and reconciles the selection.
  @discardableResult
  private mutating func timed(
    _ name: String, context: inout ScreenContext, _ body: (inout FileTree) -> OutlineChange
  ) -> OutlineChange {
    guard var tree else { return OutlineChange() }
    self.tree = nil  // so that the tree is not shared while it changes
    let start = context.clock.now()
    let change = body(&tree)
    lastSeconds = context.clock.now() - start
    self.tree = tree
    selection.reconcile(with: tree.outline, after: change)
    return change
  }

  /// Moves the focus alone to a row.
  private mutating func focus(row: Int) {
    guard let tree, row >= 0, row < tree.outline.rowCount else { return }
    selection.moveFocus(to: tree.outline.id(atRow: row), in: tree.outline)
  }

  /// The rows the body has room for, below the header.
  func listHeight(_ bodyHeight: Int) -> Int { max(0, bodyHeight - Self.headerHeight) }

  /// The column where a root's disclosure is drawn: after the marks, the
  /// size, the share bar and the checkbox when boxes show.
  var treeColumn: Int { 2 + Self.sizeWidth + 1 + Self.barCells + 1 + (checkboxes.isShown ? 4 : 0) }

  /// The outline's geometry per line: every row is one line, of the
  /// outline's estimated height (the tree sets no heights).
  var unit: Double { tree?.outline.estimatedRowHeight ?? 1 }

  /// The first row shown in a body of `height` lines: moved as little as
  /// possible so that the focused row shows below the sticky rows.
  func firstRow(height: Int) -> Int {
    guard let tree else { return 0 }
    return TreeViewport.firstLine(
      in: tree.outline, unit: unit, current: top, showing: focusedRow.map { $0 ... $0 }, height: listHeight(height),
      sticky: sticky)
  }

  /// The list's lines in a body of `height` lines, as drawn and as the
  /// mouse finds them.
  ///
  /// - Complexity: O(height + k log n) for k sticky rows.
  package func viewport(height: Int) -> TreeViewport<FileEntry>? {
    guard let tree else { return nil }
    return TreeViewport(
      in: tree.outline, unit: unit, first: firstRow(height: height), height: listHeight(height), sticky: sticky,
      treeColumn: treeColumn)
  }

  /// Keeps the focused row on screen, and reads the sizes of the rows
  /// that show (the sticky ones too).
  internal mutating func scroll(height: Int) {
    guard tree != nil, let viewport = viewport(height: height) else { return }
    top = viewport.first
    let shown = viewport.lines.compactMap { line -> FileTree.NodeID? in
      switch line {
      case .row(let id, _, _), .sticky(let id, _, _): return id
      case .separator, .marker, .blank: return nil
      }
    }
    guard var tree, shown.contains(where: { !tree[$0].hasDetails }) else { return }
    self.tree = nil
    tree.readDetails(of: shown)
    self.tree = tree
  }

  // MARK: The mouse

  /// A mouse event at a line of the body (from 0) and a column (from 0): a
  /// click focuses the row under it (a sticky row: scrolled to, below its
  /// ancestors). Files are not moved here.
  ///
  /// - Returns: Whether the focus moved.
  /// - Complexity: O(height + log n).
  @discardableResult
  package mutating func handleMouse(_ event: MouseEvent, line: Int, column: Int, context: inout ScreenContext) -> Bool {
    guard event.action == .press, let tree, let viewport = viewport(height: context.bodyHeight),
      let id = viewport.hit(line: line - Self.headerHeight, column: column, in: tree.outline)?.node
    else { return false }
    selection.moveFocus(to: id, in: tree.outline)
    scroll(height: context.bodyHeight)
    return true
  }
}
