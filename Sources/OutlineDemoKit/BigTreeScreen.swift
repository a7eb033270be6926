import OutlineKit

/// Screen 3: a generated outline of `--nodes` nodes (a million by default)
/// that scrolls and expands instantly.
///
/// The outline is built with `Outline(preorder:)` the first time the screen
/// is shown (on a ``tick(context:)``, so the screen can say it is
/// generating first). After that, every key costs O(log n + screen):
/// moving is a row number, drawing visits only the rows on screen
/// (`rowInfos(in:)`), and expanding or collapsing one node is O(log n).
/// `*` (whole subtree, O(log n + m)) and `-` (collapse all, O(n)) cost what
/// the engine's operations cost, and the status bar shows it.
///
/// Keys follow WAI-ARIA trees: ↑ ↓ Page Up/Down Home End move; → expands or
/// goes to the first child; ← collapses or goes to the parent; Enter or
/// Space toggles; `+` expands; `*` expands the whole subtree; `-` collapses
/// everything; letters jump to the next row starting with them. `/` opens
/// the search line (``TreeSearch``): each keystroke filters the million
/// nodes again, `n` / `N` go from match to match, Esc clears.
public struct BigTreeScreen {
  /// The number of nodes to generate.
  public let nodeCount: Int
  /// The outline, once generated.
  public private(set) var outline: Outline<Int>?
  /// The selected node.
  public private(set) var selected: Outline<Int>.NodeID?
  /// The selected node's row (kept with ``selected``).
  public private(set) var selectedRow = 0
  /// The last timed operation: what and how many seconds.
  public private(set) var lastOperation: (name: String, seconds: Double)?
  /// The first row shown.
  internal var top = 0
  /// Type-ahead's prefix.
  internal var typeAhead = TypeAhead()
  /// The search line.
  public internal(set) var search = TreeSearch()

  /// The most rows type-ahead looks at per letter, so a letter never
  /// stalls a million-row list.
  public static let typeAheadLimit = 100_000

  /// A screen that will generate `nodeCount` nodes when first shown.
  ///
  /// - Complexity: O(1).
  public init(nodeCount: Int) {
    self.nodeCount = max(0, nodeCount)
  }

  /// Whether the outline still has to be generated.
  ///
  /// - Complexity: O(1).
  public var needsBuilding: Bool { outline == nil }

  /// Generates the outline (once) and times it.
  ///
  /// - Returns: Whether it was generated now.
  /// - Complexity: O(n).
  @discardableResult
  public mutating func build(context: inout ScreenContext) -> Bool {
    guard outline == nil else { return false }
    let start = context.clock.now()
    let built = BigTreeGenerator(count: nodeCount).makeOutline()
    let seconds = context.clock.now() - start
    outline = built
    lastOperation = ("generate", seconds)
    selectedRow = 0
    selected = built.rowCount > 0 ? built.id(atRow: 0) : nil
    context.message = StatusMessage(
      "Generated \(DemoFormat.count(nodeCount, "node")) with Outline(preorder:) in \(DemoFormat.duration(seconds))")
    return true
  }

  // MARK: Keys

  /// Handles a key; returns false when the screen has no use for it.
  ///
  /// - Complexity: O(log n + screen) for moves and single expansions;
  ///   O(log n + m) for `*` on a subtree of m nodes; O(n) for `-`.
  @discardableResult
  public mutating func handle(_ key: Key, context: inout ScreenContext) -> Bool {
    if outline != nil, let action = search.handle(key) {
      perform(action, context: &context)
      scroll(height: context.bodyHeight)
      return true
    }
    guard let selected, let rowCount = outline?.rowCount, rowCount > 0 else { return false }
    let page = max(1, context.bodyHeight - 1)
    var handled = true
    switch key {
    case .up: select(row: selectedRow - 1)
    case .down: select(row: selectedRow + 1)
    case .pageUp: select(row: selectedRow - page)
    case .pageDown: select(row: selectedRow + page)
    case .home: select(row: 0)
    case .end: select(row: rowCount - 1)
    case .enter, .space:
      timed("toggle", context: &context) { $0.toggle(selected) }
    case .right:
      if outline!.hasChildren(selected) {
        if outline!.isExpanded(selected) {
          select(row: selectedRow + 1)
        } else {
          timed("expand", context: &context) { $0.expand(selected) }
        }
      }
    case .left:
      if outline!.hasChildren(selected) && outline!.isExpanded(selected) {
        timed("collapse", context: &context) { $0.collapse(selected) }
      } else if let parent = outline!.parent(of: selected) {
        self.selected = parent
        selectedRow = outline!.row(of: parent) ?? 0
      }
    case .escape: typeAhead.reset()
    case .character(let character):
      handled = handle(character, context: &context)
    default: handled = false
    }
    scroll(height: context.bodyHeight)
    return handled
  }

  private mutating func handle(_ character: Character, context: inout ScreenContext) -> Bool {
    guard let selected else { return false }
    switch character {
    case "*":
      let size = outline!.subtreeCount(of: selected)
      timed("expand \(DemoFormat.count(size, "node")) (*)", context: &context) { $0.expand(selected, recursively: true) }
      return true
    case "-":
      timed("collapse all", context: &context) { $0.collapseAll() }
      return true
    case "+":
      timed("expand", context: &context) { $0.expand(selected) }
      return true
    default:
      break
    }
    guard character.isLetter || character.isNumber else { return false }
    typeAheadSearch(character, context: &context)
    return true
  }

  /// Moves to the next row whose name starts with the typed prefix, looking
  /// at no more than ``typeAheadLimit`` rows.
  private mutating func typeAheadSearch(_ character: Character, context: inout ScreenContext) {
    guard let outline else { return }
    let search = typeAhead.type(character, at: context.clock.now())
    let ranges = TypeAhead.ranges(
      from: selectedRow, count: outline.rowCount, continuing: search.continuesAtCurrentRow, limit: Self.typeAheadLimit)
    for range in ranges {
      // Iterating a run of rows is O(log n + r); the word is checked before
      // the whole name is made.
      for (row, id) in zip(range, outline.rows[range]) {
        let node = outline[id]
        let word = BigTreeGenerator.word(of: node)
        let candidate = search.prefix.count <= word.count ? word : BigTreeGenerator.name(of: node)
        if TypeAhead.matches(candidate, prefix: search.prefix) {
          select(row: row)
          return
        }
      }
    }
    let looked = ranges.reduce(0) { $0 + $1.count }
    context.message = .error(
      "No row starts with \"\(search.prefix)\" in the next \(DemoFormat.count(looked, "row"))")
  }

  // MARK: Search

  /// Filters for the search's text, clears the filter, or goes to a match.
  private mutating func perform(_ action: TreeSearch.Action, context: inout ScreenContext) {
    switch action {
    case .none:
      break
    case .apply(let text):
      let matcher = BigTreeGenerator.NameMatcher(text)
      timed("filter", context: &context) { outline in
        outline.setFilter(revealingMatches: true) { matcher.matches($0) ? .visible : .recurse }
      }
      let matches = outline!.matchCount
      search.lastResult = TreeSearch.Result(matches: matches, seconds: lastOperation!.seconds)
      context.message = StatusMessage(
        "“\(TerminalText.sanitized(text))”: \(DemoFormat.count(matches, "match", "matches")) among \(DemoFormat.count(outline!.nodeCount, "node")) in \(DemoFormat.duration(lastOperation!.seconds))")
      // Stay on the selected row if it matches, else go to the next match.
      if let row = outline!.nextMatchRow(after: selectedRow > 0 ? selectedRow - 1 : nil) { select(row: row) }
    case .clear:
      timed("clear search", context: &context) { $0.removeFilter() }
      context.message = StatusMessage(
        "Search cleared in \(DemoFormat.duration(lastOperation!.seconds)); the rows it opened are closed again")
    case .next, .previous:
      guard let outline, outline.rowCount > 0 else { return }
      let found =
        action == .next
        ? outline.nextMatchRow(after: selectedRow) : outline.previousMatchRow(before: selectedRow)
      if let found { select(row: found) } else { context.message = .error("No match has a row") }
    }
  }

  // MARK: Helpers

  /// Runs an outline operation, times it, and keeps the selection on a
  /// visible row.
  private mutating func timed(_ name: String, context: inout ScreenContext, _ body: (inout Outline<Int>) -> OutlineChange) {
    guard var outline = self.outline else { return }
    // Move the outline out of the screen so that it is not shared while it
    // changes (a shared copy would be copied whole).
    self.outline = nil
    let start = context.clock.now()
    let change = body(&outline)
    let seconds = context.clock.now() - start
    self.outline = outline
    lastOperation = (name, seconds)
    let changedRows = change.insertedCount - change.removedCount
    if changedRows != 0 && !name.hasPrefix("filter") && !name.hasPrefix("clear") {
      context.message = StatusMessage(
        "\(name.prefix(1).uppercased() + name.dropFirst()): \(changedRows > 0 ? "+" : "")\(DemoFormat.count(changedRows)) rows in \(DemoFormat.duration(seconds))")
    }
    keepSelectionVisible()
  }

  private mutating func select(row: Int) {
    guard let outline, outline.rowCount > 0 else { return }
    selectedRow = min(max(0, row), outline.rowCount - 1)
    selected = outline.id(atRow: selectedRow)
  }

  /// Moves the selection to the nearest visible ancestor when its row went.
  private mutating func keepSelectionVisible() {
    guard let outline else { return }
    guard outline.rowCount > 0 else {
      selectedRow = 0
      return
    }
    var candidate = selected
    while let id = candidate {
      if let row = outline.row(of: id) {
        selected = id
        selectedRow = row
        return
      }
      candidate = outline.parent(of: id)
    }
    select(row: 0)
  }

  /// Keeps the selected row on screen.
  internal mutating func scroll(height: Int) {
    top = ScrollWindow.top(current: top, selected: selectedRow, count: outline?.rowCount ?? 0, height: height)
  }
}
