import Foundation
import OutlineAdapters
import OutlineKit

/// Screen 2: the category tree (category → subcategory → sub-subcategory),
/// on `CategoryTree` with each section as its first row.
///
/// Enter or Space toggles a row; → expands or goes to the first child, ←
/// collapses or goes to the parent; `a` switches the accordion (opening a
/// row closes its open sibling) on and off; `-` closes everything; `/`
/// searches by name (``TreeSearch``: the tree's `search(for:)` as you type,
/// `n` / `N` from match to match, Esc restores the accordion).
///
/// Lazy entries load through the tree's two-phase API: expanding one marks
/// it loading and returns a `CategoryLoadRequest`; the screen answers it
/// ``loadDelay`` seconds later (on a ``tick(context:)``, or at once on the
/// `wait` key) with the ``CategoryLoader``'s result, through
/// `finishLoading(_:with:)`. A failed load leaves the row collapsed with
/// its error; Enter retries.
public struct CategoriesScreen {
  /// The tree.
  public private(set) var tree: CategoryTree
  /// Where the categories came from: a path, or "the shipped sample".
  public let source: String
  /// Why `--categories FILE` could not be loaded; nil when it loaded (or
  /// none was given).
  public let loadProblem: String?
  /// The selected row's node; nil only for an empty tree.
  public private(set) var selected: CategoryTree.NodeID?
  /// Loads under way, oldest first.
  public private(set) var pendingLoads: [PendingLoad] = []
  /// Answers lazy loads.
  public let loader: CategoryLoader
  /// Seconds from expanding a lazy entry to its answer.
  public let loadDelay: Double
  /// The first row shown.
  internal var top = 0
  /// Loads started per node, for the loader's attempt number.
  internal var attempts: [CategoryTree.NodeID: Int] = [:]
  /// Type-ahead's prefix.
  internal var typeAhead = TypeAhead()
  /// The search line.
  public internal(set) var search = TreeSearch()

  /// A load under way.
  public struct PendingLoad: Hashable, Sendable {
    /// The tree's request.
    public var request: CategoryLoadRequest
    /// The entry's name, for messages.
    public var name: String
    /// When it started.
    public var started: Double
    /// When its answer arrives.
    public var due: Double
    /// Which attempt this is, from 1.
    public var attempt: Int
  }

  /// Loads the categories from `path`, or the shipped sample when `path`
  /// is nil or cannot be loaded (then ``loadProblem`` says why).
  ///
  /// - Complexity: O(n) in the size of the file.
  public init(path: String?, loader: CategoryLoader, loadDelay: Double) {
    self.loader = loader
    self.loadDelay = loadDelay
    var problem: String?
    var tree: CategoryTree?
    if let path {
      do {
        let data = try Data(contentsOf: URL(fileURLWithPath: path))
        tree = try CategoryTree(json: data, headerStyle: .firstRow)
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
    selected = self.tree.outline.rowCount > 0 ? self.tree.outline.id(atRow: 0) : nil
  }

  /// The selected row, or nil for an empty tree.
  ///
  /// - Complexity: O(log n).
  public var selectedRow: Int? { selected.flatMap { tree.outline.row(of: $0) } }

  // MARK: Keys

  /// Handles a key; returns false when the screen has no use for it.
  ///
  /// - Complexity: O(log n) for moves and toggles (plus the accordion's
  ///   closes); O(n) for `-`.
  @discardableResult
  public mutating func handle(_ key: Key, context: inout ScreenContext) -> Bool {
    if let action = search.handle(key) {
      perform(action, context: &context)
      scroll(height: context.bodyHeight)
      return true
    }
    // No local copy of the outline: a copy alive across a mutation would
    // make the mutation copy the whole index.
    guard let selected, let row = tree.outline.row(of: selected) else { return false }
    let last = tree.outline.rowCount - 1
    let page = max(1, context.bodyHeight - 1)
    var handled = true
    switch key {
    case .up: select(row: max(0, row - 1))
    case .down: select(row: min(last, row + 1))
    case .pageUp: select(row: max(0, row - page))
    case .pageDown: select(row: min(last, row + page))
    case .home: select(row: 0)
    case .end: select(row: last)
    case .enter, .space: toggle(selected, context: &context)
    case .right:
      if tree.isExpandable(selected) && !tree.isExpanded(selected) {
        toggle(selected, context: &context)
      } else if tree.isExpanded(selected), let child = tree.outline.children(of: selected).first {
        self.selected = child
      }
    case .left:
      if tree.isExpanded(selected) {
        toggle(selected, context: &context)
      } else if let parent = tree.outline.parent(of: selected) {
        self.selected = parent
      }
    case .escape: typeAhead.reset()
    case .character(let character):
      handled = handle(character, row: row, context: &context)
    default: handled = false
    }
    scroll(height: context.bodyHeight)
    return handled
  }

  private mutating func handle(_ character: Character, row: Int, context: inout ScreenContext) -> Bool {
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
      keepSelectionVisible()
      context.message = StatusMessage("Closed every row")
      return true
    }
    guard character.isLetter || character.isNumber else { return false }
    let search = typeAhead.type(character, at: now)
    let outline = tree.outline
    for range in TypeAhead.ranges(from: row, count: outline.rowCount, continuing: search.continuesAtCurrentRow) {
      var match: Int?
      for (offset, id) in zip(range, outline.rows[range]) where TypeAhead.matches(outline[id].name, prefix: search.prefix) {
        match = offset
        break
      }
      if let match {
        select(row: match)
        return true
      }
    }
    context.message = .error("No row starts with \"\(search.prefix)\"")
    return true
  }

  /// Opens or closes a row; a lazy one starts loading.
  private mutating func toggle(_ id: CategoryTree.NodeID, context: inout ScreenContext) {
    let wasFailed: Bool
    if case .failed = tree[id].loadState { wasFailed = true } else { wasFailed = false }
    let update = tree.toggle(id)
    if let request = update.loadRequest {
      let attempt = (attempts[id] ?? 0) + 1
      attempts[id] = attempt
      let now = context.clock.now()
      pendingLoads.append(
        PendingLoad(request: request, name: tree[id].name, started: now, due: now + loadDelay, attempt: attempt))
      context.message = StatusMessage(
        (wasFailed ? "Retrying " : "Loading ") + "the subcategories of \(TerminalText.sanitized(tree[id].name))…")
    }
    keepSelectionVisible()
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
      search.lastResult = TreeSearch.Result(matches: tree.matchCount, seconds: seconds)
      context.message = StatusMessage(
        "“\(TerminalText.sanitized(text))”: \(DemoFormat.count(tree.matchCount, "match", "matches")) in \(DemoFormat.duration(seconds)) (subcategories not loaded yet are not searched)")
      keepSelectionVisible()
      if let row = selectedRow, let match = tree.outline.nextMatchRow(after: row > 0 ? row - 1 : nil) {
        select(row: match)
      }
    case .clear:
      tree.clearSearch()
      keepSelectionVisible()
      context.message = StatusMessage("Search cleared: the rows it opened are closed again")
    case .next, .previous:
      guard let row = selectedRow else { return }
      let found =
        action == .next ? tree.outline.nextMatchRow(after: row) : tree.outline.previousMatchRow(before: row)
      if let found { select(row: found) } else { context.message = .error("No match has a row") }
    }
  }

  // MARK: Loads

  /// Answers the loads that are due (all of them when `all`), through the
  /// tree's `finishLoading(_:with:)`.
  ///
  /// - Returns: Whether anything changed.
  /// - Complexity: O(m log n) for m loaded subcategories.
  @discardableResult
  public mutating func finishLoads(all: Bool, context: inout ScreenContext) -> Bool {
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
    keepSelectionVisible()
    return changed
  }

  // MARK: Helpers

  private mutating func select(row: Int) {
    guard row >= 0, row < tree.outline.rowCount else { return }
    selected = tree.outline.id(atRow: row)
  }

  /// Moves the selection to the nearest visible ancestor when its row went.
  private mutating func keepSelectionVisible() {
    var candidate = selected
    while let id = candidate, tree.outline.row(of: id) == nil { candidate = tree.outline.parent(of: id) }
    selected = candidate ?? (tree.outline.rowCount > 0 ? tree.outline.id(atRow: 0) : nil)
  }

  /// Keeps the selected row on screen.
  internal mutating func scroll(height: Int) {
    top = ScrollWindow.top(current: top, selected: selectedRow ?? 0, count: tree.outline.rowCount, height: height)
  }
}
