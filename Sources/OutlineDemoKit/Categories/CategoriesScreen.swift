import Foundation
import OutlineAdapters
import OutlineKit

/// Screen 2: the category tree (category → subcategory → sub-subcategory),
/// on `CategoryTree` with each section as its first row.
///
/// The focus, the selection and the moves are the engine's
/// (`Outline.Selection`, multiple, `.keepHidden`): ↑ ↓ Page Up/Down Home
/// End move the focus, with Shift they extend the selection; → expands or
/// goes to the first child, ← collapses or goes to the parent; letters
/// jump (type-ahead). Enter toggles a row; Space selects or deselects it;
/// Ctrl-A selects every row (again: none); Esc clears the selection; `a`
/// switches the accordion (opening a row closes its open sibling) on and
/// off; `-` closes everything; `/` searches by name (``TreeSearch``: the
/// tree's `search(for:)` as you type, `n` / `N` from match to match, Esc
/// restores the accordion). The selection stays across collapses,
/// expansions, loads and the search.
///
/// → and ← on a lazy entry that is loading, not loaded or failed are the
/// tree's (they start, retry or close the load), not the engine's, which
/// sees no children there. `*` is not offered here: expanding every
/// sibling would fight the accordion and start a load per lazy sibling.
///
/// Lazy entries load through the tree's two-phase API: expanding one marks
/// it loading and returns a `CategoryLoadRequest`; the screen answers it
/// ``loadDelay`` seconds later (on a ``tick(context:)``, or at once on the
/// `wait` key) with the ``CategoryLoader``'s result, through
/// `finishLoading(_:with:)`. A failed load leaves the row collapsed with
/// its error; Enter retries.
///
/// `r` reloads the category file from disk when it changed
/// (`CategoryTree.update(json:)`): open rows, loaded subcategories, loads
/// under way and the selection are kept where categories match (by id, or
/// by name path), and the rows the reload inserted, moved or redrew are
/// marked until the next key. Edit the file in another window and press
/// `r`: only the changed rows move.
///
/// `m` moves the selected rows (or the focused one) by drag and drop
/// (``MoveMode``: the arrows walk a drop marker, Enter drops, Esc
/// cancels), and so does a mouse drag: subcategories anywhere, sections
/// among the sections (`CategoryTree.move(_:to:)`, whose refusals the
/// marker shows). The ancestors of the rows at the top stick to the top of
/// the list (``StickyHeader``). See CategoriesScreen+Moving.swift.
package struct CategoriesScreen {
  /// The tree.
  package internal(set) var tree: CategoryTree
  /// Where the categories came from: a path, or "the shipped sample".
  package private(set) var source: String
  /// Why `--categories FILE` could not be loaded; nil when it loaded (or
  /// none was given).
  package private(set) var loadProblem: String?
  /// The file given with `--categories`, which `r` reloads; nil for the
  /// shipped sample.
  package let path: String?
  /// The bytes last loaded from ``path``, to tell whether it changed (nil
  /// after an undo or redo: the tree may hold another version).
  internal var loadedData: Data?
  /// The rows the last reload inserted, moved or redrew, marked until the
  /// next key.
  package internal(set) var changedByReload: Set<CategoryTree.NodeID> = []
  /// The focus, the selected nodes and the anchor, kept by the engine.
  package internal(set) var selection = Outline<CategoryNode>.Selection(mode: .multiple, collapsePolicy: .keepHidden)
  /// Loads under way, oldest first.
  package internal(set) var pendingLoads: [PendingLoad] = []
  /// Answers lazy loads.
  package let loader: CategoryLoader
  /// Seconds from expanding a lazy entry to its answer.
  package let loadDelay: Double
  /// The first row shown.
  internal var top = 0
  /// Loads started per node, for the loader's attempt number.
  internal var attempts: [CategoryTree.NodeID: Int] = [:]
  /// Type-ahead's prefix.
  internal var typeAhead = TypeAhead()
  /// The search line.
  package internal(set) var search = TreeSearch()
  /// The sticky ancestor rows' setting (the app's, shared by the tree
  /// screens).
  package var sticky = StickyHeader()
  /// The rows' checkboxes: `c` shows them, `x` (and Space while they
  /// show) checks.
  package var checkboxes = TreeCheckboxes()
  /// The rows being moved, and the drop marker; nil when none are.
  package internal(set) var move: MoveMode<CategoryNode>?
  /// The mouse's pressed row.
  internal var mouse = TreeMouse<CategoryNode>()

  /// A load under way.
  package struct PendingLoad: Hashable, Sendable {
    /// The tree's request.
    package var request: CategoryLoadRequest
    /// The entry's name, for messages.
    package var name: String
    /// When it started.
    package var started: Double
    /// When its answer arrives.
    package var due: Double
    /// Which attempt this is, from 1.
    package var attempt: Int
  }

  /// Loads the categories from `path`, or the shipped sample when `path`
  /// is nil or cannot be loaded (then ``loadProblem`` says why).
  ///
  /// - Complexity: O(n) in the size of the file.
  package init(path: String?, loader: CategoryLoader, loadDelay: Double) {
    self.loader = loader
    self.loadDelay = loadDelay
    self.path = path
    var problem: String?
    var tree: CategoryTree?
    if let path {
      do {
        let data = try Data(contentsOf: URL(fileURLWithPath: path))
        tree = try CategoryTree(json: data, headerStyle: .firstRow)
        loadedData = data
      } catch let error as CategoryCatalogError {
        problem = "\(error)"
      } catch {
        problem = "cannot read the file: \(error.localizedDescription)"
      }
    }
    if tree == nil {
      let sample = (try? CategoryCatalog.sample()) ?? CategoryCatalog(sections: [])
      tree = CategoryTree(catalog: sample, headerStyle: .firstRow)
    }
    self.tree = tree!
    self.source = problem == nil ? (path ?? "the shipped sample") : "the shipped sample"
    self.loadProblem = problem.map { "Could not load \(path ?? ""): \($0)" }
    if self.tree.outline.rowCount > 0 { selection.moveFocus(to: self.tree.outline.id(atRow: 0), in: self.tree.outline) }
  }

  /// The focused node: the row the keys act on; nil only when no row
  /// shows.
  ///
  /// - Complexity: O(1).
  package var focus: CategoryTree.NodeID? { selection.focus }

  /// The focused row, or nil when no row shows.
  ///
  /// - Complexity: O(log n).
  package var focusedRow: Int? { selection.focusedRow(in: tree.outline) }

  // MARK: Keys

  /// Handles a key; returns false when the screen has no use for it.
  ///
  /// - Complexity: O(log n) for moves and toggles (plus the accordion's
  ///   closes); O(n) for `-`.
  @discardableResult
  package mutating func handle(_ key: Key, context: inout ScreenContext) -> Bool {
    changedByReload = []
    if move != nil {
      handleMoveKey(key, context: &context)
      scroll(height: context.bodyHeight)
      return true
    }
    if let action = search.handle(key) {
      perform(action, context: &context)
      scroll(height: context.bodyHeight)
      return true
    }
    guard let focus else { return false }
    if let marks = checkboxes.marks(
      for: key, typing: typeAhead.isActive(at: context.clock.now()), selection: selection, in: tree.outline, context: &context)
    {
      check(marks.ids, marks.checked, context: &context)
      scroll(height: context.bodyHeight)
      return true
    }
    var handled = true
    switch key {
    case .right where tree.isExpandable(focus) && !tree.isExpanded(focus),
      .left where tree.isExpandable(focus) && tree.isExpanded(focus):
      // The tree's own expansion: the accordion, lazy loads and retries.
      toggle(focus, context: &context)
    case .enter:
      toggle(focus, context: &context)
    case .control("z"), .control("y"):
      replay(forwards: key == .control("y"), context: &context)
    case .delete, .backspace:
      deleteRows(context: &context)
    case .space, .control("a"), .escape:
      if key == .escape { typeAhead.reset() }
      _ = TreeSelectionKeys.handle(key, selection: &selection, in: tree.outline, context: &context)
    case .character(let character):
      handled = handle(character, context: &context)
    default:
      // Every row is one line: a page is a screen of rows less one.
      let page = OutlineNavigation.PageSize.rows(max(1, context.bodyHeight - 1))
      // → and ← that expand or collapse are the tree's, above.
      handled = TreeKeys.moveFocus(for: key, page: page, selection: &selection, in: tree.outline)
    }
    scroll(height: context.bodyHeight)
    return handled
  }

  private mutating func handle(_ character: Character, context: inout ScreenContext) -> Bool {
    let now = context.clock.now()
    if character == "a" && !typeAhead.isActive(at: now) {
      tree.keepsPreviousCellExpanded.toggle()
      context.message = StatusMessage(
        tree.keepsPreviousCellExpanded
          ? "Accordion off: rows stay open when you open their siblings"
          : "Accordion on: opening a row closes its open sibling")
      return true
    }
    if character == "-" {
      tree.collapseAll()
      selection.reconcile(with: tree.outline)
      context.message = StatusMessage("Closed every row")
      return true
    }
    if character == "r" && !typeAhead.isActive(at: now) {
      reload(context: &context)
      return true
    }
    if character == "m" && !typeAhead.isActive(at: now) {
      startMove(context: &context)
      return true
    }
    guard character.isLetter || character.isNumber else { return false }
    let search = typeAhead.type(character, at: now)
    let found = selection.navigate(
      toNextMatch: search.prefix, in: tree.outline, includingFocus: search.continuesAtCurrentRow, selecting: .keep,
      text: \.name)
    if found == nil { context.message = .error("No row starts with \"\(search.prefix)\"") }
    return true
  }

  /// Opens or closes a row; a lazy one starts loading.
  mutating func toggle(_ id: CategoryTree.NodeID, context: inout ScreenContext) {
    let wasFailed: Bool
    if case .failed = tree[id].loadState { wasFailed = true } else { wasFailed = false }
    let update = tree.toggle(id)
    selection.reconcile(with: tree.outline)
    if let request = update.loadRequest {
      let attempt = (attempts[id] ?? 0) + 1
      attempts[id] = attempt
      let now = context.clock.now()
      pendingLoads.append(
        PendingLoad(request: request, name: tree[id].name, started: now, due: now + loadDelay, attempt: attempt))
      context.message = StatusMessage(
        (wasFailed ? "Retrying " : "Loading ") + "the subcategories of \(TerminalText.sanitized(tree[id].name))…")
    }
  }

  // MARK: Checkboxes

  /// Checks or unchecks categories (and everything under them).
  private mutating func check(_ ids: [CategoryTree.NodeID], _ checked: Bool, context: inout ScreenContext) {
    guard let first = ids.first else { return }
    for id in ids { tree.setChecked(checked, id) }
    let what = ids.count == 1 ? TerminalText.sanitized(tree[first].name) : DemoFormat.count(ids.count, "category", "categories")
    context.message = StatusMessage(
      "\(checked ? "Checked" : "Unchecked") \(what): \(DemoFormat.count(tree.checkedCount, "category", "categories")) checked")
  }

  // MARK: Search

  /// Searches for the search line's text, clears the search, or goes to a
  /// match.
  private mutating func perform(_ action: TreeSearch.Action, context: inout ScreenContext) {
    switch action {
    case .none:
      break
    case .apply(let text):
      let start = context.clock.now()
      tree.search(for: text)
      let seconds = context.clock.now() - start
      search.lastResult = TreeSearch.Result(matches: tree.matchCount, seconds: seconds, step: tree.lastSearchStep)
      context.message = StatusMessage(
        "“\(TerminalText.sanitized(text))”: \(DemoFormat.count(tree.matchCount, "match", "matches")) in \(DemoFormat.duration(seconds)) (subcategories not loaded yet are not searched)")
      selection.reconcile(with: tree.outline)
      // Stay on the focused row if it matches, else go to the next match.
      if let row = focusedRow, let match = tree.outline.nextMatchRow(after: row > 0 ? row - 1 : nil) {
        focus(row: match)
      }
    case .clear:
      tree.clearSearch()
      selection.reconcile(with: tree.outline)
      context.message = StatusMessage("Search cleared: the rows it opened are closed again")
    case .next, .previous:
      guard let row = focusedRow else { return }
      let found =
        action == .next ? tree.outline.nextMatchRow(after: row) : tree.outline.previousMatchRow(before: row)
      if let found { focus(row: found) } else { context.message = .error("No match has a row") }
    }
  }

  // MARK: Reloading

  /// `r`: reads the category file again and, when it changed, updates the
  /// tree from it, marking the rows that changed. A file that does not
  /// read or parse changes nothing and says why.
  private mutating func reload(context: inout ScreenContext) {
    guard let path else {
      context.message = StatusMessage(
        "Nothing to reload: these are the shipped categories (use --categories FILE)")
      return
    }
    let name = TerminalText.sanitized(URL(fileURLWithPath: path).lastPathComponent)
    let data: Data
    do {
      data = try Data(contentsOf: URL(fileURLWithPath: path))
    } catch {
      context.message = .error("Cannot read \(name): \(error.localizedDescription)")
      return
    }
    guard data != loadedData else {
      context.message = StatusMessage("\(name) has not changed since it was loaded")
      return
    }
    let before = tree
    let change: SectionedChange
    do {
      change = try tree.update(json: data)
    } catch {
      context.message = .error("\(name) is not loaded again: \(TerminalText.sanitized("\(error)")). Nothing changed")
      return
    }
    loadedData = data
    loadProblem = nil
    source = path
    selection.reconcile(with: tree.outline)
    // Loads for categories that went, or whose subcategories the file now lists, are over.
    pendingLoads.removeAll { !tree.outline.contains($0.request.node) || tree[$0.request.node].loadState != .loading }
    // Inserted rows are new rows; redrawn ones old rows of the same nodes.
    var changed = Set(change.insertedRows.map(tree.id(at:)))
    changed.formUnion(change.reloadedRows.map(before.id(at:)).filter(tree.outline.contains))
    changed.formUnion(change.insertedSections.map { tree.sections.root(ofSection: $0) })
    changedByReload = changed
    let inserted = change.insertedRows.count + change.insertedSections.count
    let removed = change.deletedRows.count + change.deletedSections.count
    let redrawn = change.reloadedRows.count + change.reloadedSections.count
    context.message = StatusMessage(
      change.isEmpty
        ? "Reloaded \(name): nothing on screen changed"
        : "Reloaded \(name): rows +\(DemoFormat.count(inserted)) -\(DemoFormat.count(removed)), \(DemoFormat.count(redrawn)) redrawn (in green); open rows kept")
  }

  // MARK: Loads

  /// Answers the loads that are due (all of them when `all`), through the
  /// tree's `finishLoading(_:with:)`.
  ///
  /// - Returns: Whether anything changed.
  /// - Complexity: O(m log n) for m loaded subcategories.
  @discardableResult
  package mutating func finishLoads(all: Bool, context: inout ScreenContext) -> Bool {
    guard !pendingLoads.isEmpty else { return false }
    let now = context.clock.now()
    var remaining: [PendingLoad] = []
    var changed = false
    for load in pendingLoads {
      guard all || load.due <= now else {
        remaining.append(load)
        continue
      }
      let result = loader.load(load.name, attempt: load.attempt)
      let completion = tree.finishLoading(load.request, with: result)
      changed = true
      let name = TerminalText.sanitized(load.name)
      switch completion.outcome {
      case .revealed:
        let count = tree.outline.children(of: load.request.node).count
        context.message = StatusMessage("Loaded \(DemoFormat.count(count, "subcategory", "subcategories")) of \(name)")
      case .storedHidden:
        context.message = StatusMessage("Loaded the subcategories of \(name) (closed meanwhile: open it to see them)")
      case .failed(let message):
        context.message = .error("Could not load \(name): \(TerminalText.sanitized(message)). Enter on it retries")
      case .dropped:
        break
      }
    }
    pendingLoads = remaining
    selection.reconcile(with: tree.outline)
    let rules = moveRules
    move?.refresh(in: tree.outline, rules: rules, now: now)
    return changed
  }

  // MARK: Helpers

  /// Moves the focus alone to a row: the selection stays.
  private mutating func focus(row: Int) {
    guard row >= 0, row < tree.outline.rowCount else { return }
    selection.moveFocus(to: tree.outline.id(atRow: row), in: tree.outline)
  }

  /// Keeps the focused row on screen (the drop marker's rows while rows
  /// are moved), below the sticky rows.
  internal mutating func scroll(height: Int) {
    top = firstRow(height: height)
  }

  /// The lines above the list: the load problem's, when there is one.
  var headerHeight: Int { loadProblem == nil ? 0 : 2 }

  /// The outline's geometry per line: every row is one line, of the
  /// outline's estimated height (the tree sets no heights).
  var unit: Double { tree.outline.estimatedRowHeight }

  /// The first row to show in a body of `height` lines: moved as little
  /// as possible so that the focused row (or the marker) shows below the
  /// sticky rows.
  func firstRow(height: Int) -> Int {
    let outline = tree.outline
    let rows = move?.rowsToShow(in: outline) ?? focusedRow.map { $0 ... $0 }
    return TreeViewport.firstLine(
      in: outline, unit: unit, current: top, showing: rows, height: height - headerHeight, sticky: sticky,
      hasMarker: move?.gapRow(in: outline) != nil)
  }

  /// The list's lines in a body of `height` lines, as drawn and as the
  /// mouse finds them.
  ///
  /// - Complexity: O(height + k log n) for k sticky rows.
  package func viewport(height: Int) -> TreeViewport<CategoryNode> {
    TreeViewport(
      in: tree.outline, unit: unit, first: firstRow(height: height), height: max(0, height - headerHeight),
      sticky: sticky, treeColumn: checkboxes.isShown ? 6 : 2, markerGap: move?.gapRow(in: tree.outline))
  }
}
