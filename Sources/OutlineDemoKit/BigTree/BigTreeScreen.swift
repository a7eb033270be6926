import OutlineKit

/// Screen 3: a generated outline of `--nodes` nodes (a million by default)
/// that scrolls and expands instantly.
///
/// The outline is built with `Outline(preorder:)` the first time the screen
/// is shown (on a ``tick(context:)``, so the screen can say it is
/// generating first). After that, every key costs O(log n + screen):
/// moving is the engine's `Outline.Selection` navigation, drawing visits
/// only the rows on screen (`rowInfos(in:)`), and expanding or collapsing
/// one node is O(log n). `+` (whole subtree, O(log n + m)), `-` (collapse
/// all, O(n)), `*`, Ctrl-A and `u` (an update of the whole tree from new
/// data, O(n)) cost what the engine's operations cost, and the status bar
/// shows it.
///
/// Rows are one to three lines tall (``BigTreeGenerator/lines(of:)``: the
/// numbers ending in 7 and 77 show details below their names), and the
/// outline's geometry holds those heights, measured as rows first show
/// (``measure(_:in:)``): the screen scrolls by lines
/// (its first line may be inside a tall row), Page Up / Down move by the
/// rows that fill a screen (`.height`), and the scroll bar on the right
/// edge is placed from `offset(ofRow:)` and `contentHeight`, exact over a
/// million rows. Each key reads O(log n + screen) of the outline.
///
/// Keys follow WAI-ARIA's multi-select tree: ↑ ↓ Page Up/Down Home End
/// move the focus; → expands or goes to the first child; ← collapses or
/// goes to the parent; `*` expands the focused node and its siblings;
/// Enter toggles; Space selects or deselects the focused row; Shift with
/// ↑ ↓ Page Up/Down Home End extends the selection; Ctrl-A selects every
/// row (again: none); Esc clears the selection; `+` expands the whole
/// subtree; `-` collapses everything; `u` shuffles, renames and deletes
/// a random 1% of the nodes in the data (``BigTreeData``) and updates the
/// outline from it (`update(roots:children:id:)`), timed; letters jump to
/// the next row starting with them. `/` opens the search line (``TreeSearch``): each
/// keystroke filters the nodes again, in the background when it asks many
/// (BigTreeScreen+Searching.swift: keys are taken at once, a stale search
/// is abandoned), `n` / `N` go from match to match, Esc clears. The selection (``selection``, `.keepHidden`) stays
/// across collapses, expansions and the search.
///
/// The tree can be edited, and every edit undone (Ctrl-Z) and redone
/// (Ctrl-Y) through the engine's `Outline.History`, the focus and the
/// selection coming back with the step: Delete removes the selected rows
/// (or the focused one), `m` moves them (``MoveMode``: the arrows walk a
/// drop marker, Enter drops) and so does a mouse drag, and `u`'s update
/// is a step too (see BigTreeScreen+Editing.swift). The ancestors of the
/// rows at the top stick to the top of the list (``StickyHeader``).
package struct BigTreeScreen {
  /// The number of nodes to generate.
  package let nodeCount: Int
  /// The outline, once generated.
  package internal(set) var outline: Outline<Int>?
  /// The focus, the selected nodes and the anchor, kept by the engine.
  package internal(set) var selection = Outline<Int>.Selection(mode: .multiple, collapsePolicy: .keepHidden)
  /// The last timed operation: what and how many seconds.
  package internal(set) var lastOperation: (name: String, seconds: Double)?
  /// The tree as a server would send it, with the `u` key's changes.
  package internal(set) var data: BigTreeData
  /// The first line shown (rows are one to three lines tall).
  internal var top = 0
  /// Type-ahead's prefix.
  internal var typeAhead = TypeAhead()
  /// The search line.
  package internal(set) var search = TreeSearch()
  /// How each keystroke of the search changed the filter: narrowed (only
  /// the nodes that matched the text before are asked), widened
  /// (Backspace: none are), or set over every node.
  package internal(set) var typing = SearchAsYouType()
  /// The search asking its nodes on a thread of its own, if one is.
  internal var runningSearch: BackgroundSearch<Int>?
  /// Searches a key made stale before they were in, and abandoned.
  package internal(set) var abandonedSearches = 0
  /// Searches that ask at least this many nodes run on a thread of their
  /// own (and every core), so the keys typed meanwhile are taken at once;
  /// smaller ones are in before the next key is read.
  package var backgroundSearchNodes = 200_000
  /// The sticky ancestor rows' setting (the app's, shared by the tree
  /// screens).
  package var sticky = StickyHeader()
  /// The rows being moved, and the drop marker; nil when none are.
  package internal(set) var move: MoveMode<Int>?
  /// The mouse's pressed row.
  internal var mouse = TreeMouse<Int>()
  /// The edits that can be undone and redone.
  package internal(set) var history = Outline<Int>.History()
  /// Whether ``data`` holds what the outline holds: false after an edit
  /// of the user's own (a deletion, a move, an undo), until `u` takes the
  /// outline's tree as the data's (``BigTreeData/adopt(_:)``).
  internal var dataMatchesOutline = true

  /// The most rows type-ahead looks at per letter, so a letter never
  /// stalls a million-row list.
  package static let typeAheadLimit = 100_000

  /// A screen that will generate `nodeCount` nodes when first shown.
  ///
  /// - Complexity: O(1).
  package init(nodeCount: Int) {
    self.nodeCount = max(0, nodeCount)
    data = BigTreeData(count: nodeCount)
  }

  /// Whether the outline still has to be generated.
  ///
  /// - Complexity: O(1).
  package var needsBuilding: Bool { outline == nil }

  /// The focused node: the row the keys act on.
  ///
  /// - Complexity: O(1).
  package var focus: Outline<Int>.NodeID? { selection.focus }

  /// The focused row, or 0 when there is none.
  ///
  /// - Complexity: O(log n).
  package var focusedRow: Int { outline.flatMap { selection.focusedRow(in: $0) } ?? 0 }

  /// Generates the outline (once) and times it.
  ///
  /// - Returns: Whether it was generated now.
  /// - Complexity: O(n).
  @discardableResult
  package mutating func build(context: inout ScreenContext) -> Bool {
    guard outline == nil else { return false }
    let start = context.clock.now()
    var built = BigTreeGenerator(count: nodeCount).makeOutline()
    let seconds = context.clock.now() - start
    built.estimatedRowHeight = 1
    Self.measure(0 ..< built.rowCount, in: &built)
    outline = built
    lastOperation = ("generate", seconds)
    if built.rowCount > 0 { selection.moveFocus(to: built.id(atRow: 0), in: built) }
    context.message = StatusMessage(
      "Generated \(DemoFormat.count(nodeCount, "node")) with Outline(preorder:), rows of 1 to 3 lines, in \(DemoFormat.duration(seconds))")
    return true
  }

  // MARK: Keys

  /// Handles a key; returns false when the screen has no use for it.
  ///
  /// - Complexity: O(log n + screen) for moves and single expansions;
  ///   O(log n + m) for `+` on a subtree of m nodes; O(n) for `-`; O(r)
  ///   for a Shift-range or Ctrl-A over r rows.
  @discardableResult
  package mutating func handle(_ key: Key, context: inout ScreenContext) -> Bool {
    if move != nil {
      handleMoveKey(key, context: &context)
      scroll(height: context.bodyHeight)
      return true
    }
    if outline != nil, let action = search.handle(key) {
      perform(action, context: &context)
      scroll(height: context.bodyHeight)
      return true
    }
    guard let rowCount = outline?.rowCount, rowCount > 0 else { return false }
    var handled = true
    // A page: the rows that fill the screen less a line, by the rows' heights.
    let page = OutlineNavigation.PageSize.height(Double(max(1, context.bodyHeight - 1)))
    if let (navigation, effect) = TreeKeys.navigation(for: key, page: page) {
      navigate(navigation, effect: effect, context: &context)
    } else {
      switch key {
      case .enter:
        if let focus { timed("toggle", context: &context) { $0.toggle(focus) } }
      case .space:
        if let focus { selection.toggle(focus, in: outline!) }
      case .control("a"):
        selectAllOrNone(context: &context)
      case .control("z"):
        undo(context: &context)
      case .control("y"):
        redo(context: &context)
      case .delete, .backspace:
        deleteRows(context: &context)
      case .escape:
        typeAhead.reset()
        if selection.selectedCount > 0 {
          selection.deselectAll(in: outline!)
          context.message = StatusMessage("Selection cleared")
        }
      case .character(let character):
        handled = handle(character, context: &context)
      default:
        handled = false
      }
    }
    scroll(height: context.bodyHeight)
    return handled
  }

  private mutating func handle(_ character: Character, context: inout ScreenContext) -> Bool {
    switch character {
    case "*":
      navigate(.expandSiblings, effect: .keep, context: &context)
      return true
    case "+":
      guard let focus else { return true }
      let size = outline!.subtreeCount(of: focus)
      timed("expand \(DemoFormat.count(size, "node")) (+)", context: &context) { $0.expand(focus, recursively: true) }
      return true
    case "-":
      timed("collapse all", context: &context) { $0.collapseAll() }
      return true
    case "u" where !typeAhead.isActive(at: context.clock.now()):
      updateFromData(context: &context)
      return true
    case "m" where !typeAhead.isActive(at: context.clock.now()):
      startMove(context: &context)
      return true
    default:
      break
    }
    guard character.isLetter || character.isNumber else { return false }
    typeAheadSearch(character, context: &context)
    return true
  }

  /// Moves the focus as the engine's navigation does, timing the moves
  /// that expand or collapse.
  private mutating func navigate(
    _ navigation: OutlineNavigation, effect: OutlineNavigation.SelectionEffect, context: inout ScreenContext
  ) {
    guard var outline = self.outline else { return }
    // Move the outline out of the screen so that it is not shared while it
    // changes (a shared copy would be copied whole).
    self.outline = nil
    let start = context.clock.now()
    let change = selection.navigate(navigation, in: &outline, selecting: effect).outlineChange
    let seconds = context.clock.now() - start
    Self.measure(change, in: &outline)
    self.outline = outline
    if change.insertedCount > 0 || change.removedCount > 0 {
      let name = navigation == .expandSiblings ? "expand siblings (*)" : change.insertedCount > 0 ? "expand" : "collapse"
      note(name, seconds: seconds, change: change, context: &context)
    } else if effect == .extend {
      lastOperation = ("extend", seconds)
    }
  }

  /// Ctrl-A: selects every row, or, when every row already is, none.
  private mutating func selectAllOrNone(context: inout ScreenContext) {
    guard let outline else { return }
    let start = context.clock.now()
    let change = selection.selectAll(in: outline)
    if change.rowsToRedraw.isEmpty {
      selection.deselectAll(in: outline)
      lastOperation = ("clear selection", context.clock.now() - start)
      context.message = StatusMessage("Selection cleared in \(DemoFormat.duration(lastOperation!.seconds))")
    } else {
      lastOperation = ("select all", context.clock.now() - start)
      context.message = StatusMessage(
        "Selected all \(DemoFormat.count(outline.rowCount, "row")) in \(DemoFormat.duration(lastOperation!.seconds)) (Ctrl-A again: none)")
    }
  }

  /// Moves the focus to the next row whose name starts with the typed
  /// prefix, looking at no more than ``typeAheadLimit`` rows.
  private mutating func typeAheadSearch(_ character: Character, context: inout ScreenContext) {
    guard let outline else { return }
    let search = typeAhead.type(character, at: context.clock.now())
    let prefix = search.prefix
    // The word alone decides a prefix no longer than it, without making the name.
    let found = selection.navigate(
      toNextMatch: prefix, in: outline, includingFocus: search.continuesAtCurrentRow, limit: Self.typeAheadLimit,
      selecting: .keep
    ) { node in
      let word = BigTreeGenerator.word(of: node)
      return prefix.count <= word.count ? word : BigTreeGenerator.name(of: node)
    }
    if found == nil {
      let looked = min(Self.typeAheadLimit, outline.rowCount)
      context.message = .error("No row starts with \"\(prefix)\" in the next \(DemoFormat.count(looked, "row"))")
    }
  }

  // MARK: Search

  /// Filters for the search's text, clears the filter, or goes to a match.
  private mutating func perform(_ action: TreeSearch.Action, context: inout ScreenContext) {
    switch action {
    case .none:
      break
    case .apply(let text):
      startSearch(for: text, context: &context)
    case .clear:
      cancelSearch()
      var typing = self.typing
      timed("clear search", context: &context) { typing.search(for: "", in: &$0) { _ in { _ in true } } }
      self.typing = typing
      context.message = StatusMessage(
        "Search cleared in \(DemoFormat.duration(lastOperation!.seconds)); the rows it opened are closed again")
    case .next, .previous:
      guard let outline, outline.rowCount > 0 else { return }
      let row = focusedRow
      let found = action == .next ? outline.nextMatchRow(after: row) : outline.previousMatchRow(before: row)
      if let found { focus(row: found) } else { context.message = .error("No match has a row") }
    }
  }

  // MARK: Helpers

  /// Runs an outline operation the selection did not make, times it, and
  /// reconciles the selection with it.
  @discardableResult
  mutating func timed(
    _ name: String, context: inout ScreenContext, _ body: (inout Outline<Int>) -> OutlineChange
  ) -> OutlineChange {
    guard var outline = self.outline else { return OutlineChange() }
    // Move the outline out of the screen so that it is not shared while it
    // changes (a shared copy would be copied whole).
    self.outline = nil
    let start = context.clock.now()
    let change = body(&outline)
    let seconds = context.clock.now() - start
    Self.measure(change, in: &outline)
    self.outline = outline
    selection.reconcile(with: outline, after: change)
    note(name, seconds: seconds, change: change, context: &context)
    return change
  }

  /// Records a timed operation, and says how many rows it added or took
  /// away (the search says more itself).
  mutating func note(_ name: String, seconds: Double, change: OutlineChange, context: inout ScreenContext) {
    lastOperation = (name, seconds)
    let changedRows = change.insertedCount - change.removedCount
    if changedRows != 0 && !name.hasPrefix("filter") && !name.hasPrefix("clear") {
      context.message = StatusMessage(
        "\(name.prefix(1).uppercased() + name.dropFirst()): \(changedRows > 0 ? "+" : "")\(DemoFormat.count(changedRows)) rows in \(DemoFormat.duration(seconds))")
    }
  }

  /// Moves the focus alone to a row: the selection stays.
  mutating func focus(row: Int) {
    guard let outline, row >= 0, row < outline.rowCount else { return }
    selection.moveFocus(to: outline.id(atRow: row), in: outline)
  }

  /// Gives the rows a change inserted their heights in lines, as a table
  /// view measures cells as they appear: a row taller than one line
  /// (``BigTreeGenerator/lines(of:)``) gets its height in the outline's
  /// geometry the first time it shows, and keeps it (through collapses,
  /// filters and updates). So every row on screen, and every row the
  /// offsets count, has its height; nodes never shown cost nothing.
  ///
  /// O(log n + r) for the r rows inserted.
  static func measure(_ change: OutlineChange, in outline: inout Outline<Int>) {
    // In one pass: a search can bring in millions of rows, in as many runs.
    outline.setRowHeights(ofRuns: change.insertedRows) { _, node in
      let lines = BigTreeGenerator.lines(of: node)
      return lines > 1 ? Double(lines) : nil
    }
  }

  /// Gives the rows `rows` their heights (see ``measure(_:in:)``).
  static func measure(_ rows: Range<Int>, in outline: inout Outline<Int>) {
    measure(OutlineChange(insertedRows: [rows]), in: &outline)
  }

  /// Keeps the focused row on screen (the drop marker's rows while rows
  /// are moved), below the sticky rows: all of it, or its top when it is
  /// taller than the screen.
  internal mutating func scroll(height: Int) {
    top = firstLine(height: height)
  }

  /// The first line to show in `height` lines: moved as little as possible
  /// from the last one so that the focused row (or the marker) shows below
  /// the sticky rows. O(k log n) for k sticky rows.
  func firstLine(height: Int) -> Int {
    guard let outline, outline.rowCount > 0 else { return 0 }
    let rows = move?.rowsToShow(in: outline) ?? focusedRow ... focusedRow
    return TreeViewport.firstLine(
      in: outline, unit: 1, current: top, showing: rows, height: height, sticky: sticky,
      hasMarker: move?.gapRow(in: outline) != nil)
  }

  /// The list's lines in a body of `height` lines, as drawn and as the
  /// mouse finds them.
  ///
  /// - Complexity: O(height + k log n) for k sticky rows.
  package func viewport(height: Int) -> TreeViewport<Int>? {
    guard let outline else { return nil }
    return TreeViewport(
      in: outline, unit: 1, first: firstLine(height: height), height: height, sticky: sticky,
      treeColumn: Self.treeColumn, markerGap: move?.gapRow(in: outline))
  }

  /// The column where a root's disclosure is drawn, after the marks.
  static let treeColumn = 2
}
