import Foundation
import OutlineJSON
import OutlineKit

/// The JSON screen: `outline-demo FILE.json` (or `.jsonl`, or `-` for
/// standard input) opens a document as an outline of its values, read in
/// one pass (``JSONDocument``).
///
/// Each row is a value: a member's key or an element's index, then a
/// scalar's value, or a collapsed object's first keys (`{id, name, …}`)
/// and an array's count (`[1,234 items]`); guide lines show the nesting,
/// and the status bar the focused value's path in jq syntax
/// (`.statuses[3].user.name`).
///
/// Keys: the tree keys of the other screens (↑ ↓ → ← Page Up/Down Home
/// End, Shift to extend the selection, Space, Ctrl-A, type-ahead on keys);
/// Enter opens or closes a container and edits a scalar; `*` expands the
/// siblings, `+` the whole subtree, `-` collapses everything, `>` and `<`
/// expand one level more or less across the document; `/` searches keys
/// and values (``TreeSearch``: the filter with the matches revealed, `n` /
/// `N` from match to match, Esc clears; as you type, or on Enter for
/// documents of more than ``liveSearchLimit`` values).
///
/// Edits (``JSONScreen/edit(_:context:_:)``, each one batch of the
/// outline): `e` edits a scalar's value as JSON text, `r` renames a key,
/// `i` inserts a value after the focused one (`a` appends into the focused
/// object or array), `d` or Delete deletes the selected values (or the
/// focused one), `[` and `]` move them up and down among their siblings;
/// `s` saves to the file, atomically. A value typed that is not JSON is an
/// error on the message line, and the field stays open to be corrected.
/// Every edit is a step of an `Outline.History`: Ctrl-Z (or `u`) undoes it
/// and Ctrl-Y redoes it, the focus and the selection coming back with it.
package struct JSONScreen {
  /// A node of the document's outline.
  package typealias NodeID = Outline<JSONNode>.NodeID

  /// The document.
  package internal(set) var document: JSONDocument
  /// The name shown and used in messages: the path as given, or `<stdin>`.
  package let name: String
  /// Where `s` saves; nil for a document read from standard input.
  package let path: String?
  /// The focus, the selected values and the anchor, kept by the engine.
  package internal(set) var selection = Outline<JSONNode>.Selection(mode: .multiple, collapsePolicy: .keepHidden)
  /// Whether the document has edits not saved yet.
  package internal(set) var isModified = false
  /// The depth `>` and `<` last expanded the document to.
  package internal(set) var level = 0
  /// The last timed operation: what and how many seconds.
  package internal(set) var lastOperation: (name: String, seconds: Double)?
  /// The search line.
  package internal(set) var search = TreeSearch()
  /// The sticky ancestor rows' setting (the app's, shared by the tree
  /// screens).
  package var sticky = StickyHeader()
  /// The field being typed into, if any: a value, a key or a new value.
  package internal(set) var editing: Editing?
  /// The first row shown.
  internal var top = 0
  /// Type-ahead's prefix.
  internal var typeAhead = TypeAhead()

  /// The most rows type-ahead looks at per letter.
  package static let typeAheadLimit = 100_000
  /// Documents of more values than this search when Enter is pressed, not
  /// at every key typed (a search reads every key and value: about 0.1 µs
  /// a value).
  package var liveSearchLimit = 500_000
  /// The text a big document's search line holds, applied when the line closes.
  internal var pendingSearch: String?

  /// A field being typed: what it edits and its text.
  package struct Editing {
    /// What the field edits.
    package enum Field: Hashable, Sendable {
      /// A scalar's value, as JSON text.
      case value(NodeID)
      /// A member's key, as text.
      case key(NodeID)
      /// A new value (`"key": value` in an object) to insert under
      /// `parent` at `index`.
      case insert(parent: NodeID?, index: Int)
    }

    /// What the field edits.
    package var field: Field
    /// The text and its cursor.
    package var editor: TextEditor
    /// Why the text could not be applied, shown beside it until it changes.
    package var problem: String?
  }

  /// A screen on a document that has been read.
  ///
  /// - Parameters:
  ///   - document: The document.
  ///   - name: Its name in messages: the path, or `<stdin>`.
  ///   - path: Where `s` saves; nil for none.
  ///   - openSeconds: How long reading took, for the first message.
  /// - Complexity: O(log n).
  package init(document: JSONDocument, name: String, path: String?, openSeconds: Double? = nil) {
    self.document = document
    self.name = name
    self.path = path
    self.document.outline.estimatedRowHeight = 1
    if let openSeconds { lastOperation = ("open", openSeconds) }
    // A single root opens at once: its members are the first thing to see.
    if self.document.outline.roots.count == 1 {
      self.document.outline.expand(self.document.outline.roots[0])
      level = 1
    }
    if self.document.outline.rowCount > 0 {
      selection.moveFocus(to: self.document.outline.id(atRow: 0), in: self.document.outline)
    }
  }

  /// The focused value: the row the keys act on.
  ///
  /// - Complexity: O(1).
  package var focus: NodeID? { selection.focus }

  /// The focused row, or 0 when there is none.
  ///
  /// - Complexity: O(log n).
  package var focusedRow: Int { selection.focusedRow(in: document.outline) ?? 0 }

  /// Whether printable keys are text: a field or the search line is open.
  ///
  /// - Complexity: O(1).
  package var isTyping: Bool { editing != nil || search.isTyping }

  // MARK: Keys

  /// Handles a key; returns false when the screen has no use for it.
  ///
  /// - Complexity: O(log n + screen) for moves and single expansions;
  ///   O(m log n) for edits of m values; O(n) for `-`, `>`, `<`, a search
  ///   and a save.
  @discardableResult
  package mutating func handle(_ key: Key, context: inout ScreenContext) -> Bool {
    defer { scroll(height: context.bodyHeight) }
    if editing != nil {
      handleEditing(key, context: &context)
      return true
    }
    if let action = search.handle(key) {
      perform(action, context: &context)
      applyPendingSearch(context: &context)
      return true
    }
    applyPendingSearch(context: &context)
    guard document.outline.rowCount > 0 else { return false }
    if let (navigation, effect) = TreeKeys.navigation(for: key, page: .rows(max(1, context.bodyHeight - 1))) {
      navigate(navigation, effect: effect)
      return true
    }
    switch key {
    case .enter:
      guard let focus else { return true }
      if document[focus].isContainer {
        timed("toggle", context: &context) { $0.toggle(focus) }
      } else {
        beginEditing(.value(focus), context: &context)
      }
    case .space:
      if let focus { selection.toggle(focus, in: document.outline) }
    case .control("a"):
      if selection.selectAll(in: document.outline).rowsToRedraw.isEmpty { selection.deselectAll(in: document.outline) }
    case .escape:
      typeAhead.reset()
      selection.deselectAll(in: document.outline)
    case .delete:
      deleteSelection(context: &context)
    case .control("z"), .control("y"):
      replay(forwards: key == .control("y"), context: &context)
    case .character(let character):
      return handle(character, context: &context)
    default:
      return false
    }
    return true
  }

  private mutating func handle(_ character: Character, context: inout ScreenContext) -> Bool {
    let typingAhead = typeAhead.isActive(at: context.clock.now())
    switch character {
    case "*":
      navigate(.expandSiblings, effect: .keep)
    case "+":
      if let focus { timed("expand all under the focus", context: &context) { $0.expand(focus, recursively: true) } }
    case "-":
      timed("collapse all", context: &context) { $0.collapseAll() }
      level = 0
    case ">":
      expand(toLevel: level + 1, context: &context)
    case "<":
      expand(toLevel: max(0, level - 1), context: &context)
    case "[", "]":
      moveSelection(by: character == "[" ? -1 : 1, context: &context)
    case "e" where !typingAhead:
      if let focus { beginEditing(.value(focus), context: &context) }
    case "r" where !typingAhead:
      if let focus { beginEditing(.key(focus), context: &context) }
    case "i" where !typingAhead:
      insertAfterFocus(context: &context)
    case "a" where !typingAhead:
      appendIntoFocus(context: &context)
    case "d" where !typingAhead:
      deleteSelection(context: &context)
    case "s" where !typingAhead:
      save(context: &context)
    case "u" where !typingAhead:
      replay(forwards: false, context: &context)
    default:
      guard character.isLetter || character.isNumber || character == "_" else { return false }
      typeAheadSearch(character, context: &context)
    }
    return true
  }

  /// Moves the focus as the engine's navigation does.
  private mutating func navigate(_ navigation: OutlineNavigation, effect: OutlineNavigation.SelectionEffect) {
    var outline = document.outline
    // Move the outline out of the document so that it is not shared while it changes.
    document.outline = Outline()
    selection.navigate(navigation, in: &outline, selecting: effect)
    document.outline = outline
  }

  /// `>` and `<`: every object and array shallower than `level` expanded,
  /// every one at `level` or deeper collapsed (their flags inside stay).
  private mutating func expand(toLevel newLevel: Int, context: inout ScreenContext) {
    let outline = document.outline
    // The containers at depths 0 ..< newLevel + 1, level by level.
    var toExpand: [NodeID] = []
    var toCollapse: [NodeID] = []
    var layer = Array(outline.roots)
    var depth = 0
    var deepest = -1
    while !layer.isEmpty && depth <= newLevel {
      var next: [NodeID] = []
      for id in layer where outline.hasChildren(id) {
        deepest = depth
        if depth < newLevel {
          toExpand.append(id)
          next += outline.children(of: id)
        } else if outline.isExpanded(id) {
          toCollapse.append(id)
        }
      }
      layer = next
      depth += 1
    }
    guard newLevel <= level || deepest >= newLevel - 1 else {
      context.message = StatusMessage("Nothing is nested deeper than level \(level)")
      return
    }
    level = newLevel
    timed("expand to level \(newLevel)", context: &context) { outline in
      outline.batch { outline in
        for id in toCollapse { outline.collapse(id) }
        for id in toExpand { outline.expand(id) }
      }
    }
    context.message = StatusMessage(
      "Level \(newLevel): \(DemoFormat.count(toExpand.count, "container")) open, \(DemoFormat.count(document.outline.rowCount, "row")) (> deeper · < shallower)")
  }

  /// Moves the focus to the next row whose key starts with the typed prefix.
  private mutating func typeAheadSearch(_ character: Character, context: inout ScreenContext) {
    let search = typeAhead.type(character, at: context.clock.now())
    let document = self.document
    let found = selection.navigate(
      toNextMatch: search.prefix, in: document.outline, includingFocus: search.continuesAtCurrentRow,
      limit: Self.typeAheadLimit, selecting: .keep
    ) { node in document.source.key(of: node) ?? "" }
    if found == nil { context.message = .error("No key starts with \"\(search.prefix)\"") }
  }

  // MARK: Search

  /// Filters for the search's text, clears the filter, or goes to a match.
  private mutating func perform(_ action: TreeSearch.Action, context: inout ScreenContext) {
    switch action {
    case .none:
      break
    case .apply(let text) where search.isTyping && document.outline.nodeCount > liveSearchLimit:
      pendingSearch = text
      context.message = StatusMessage(
        "Enter searches \(DemoFormat.count(document.outline.nodeCount, "value")) for “\(TerminalText.sanitized(text))”")
    case .apply(let text):
      pendingSearch = nil
      let start = context.clock.now()
      let change = document.search(for: text)
      let seconds = context.clock.now() - start
      selection.reconcile(with: document.outline, after: change)
      lastOperation = ("search", seconds)
      let matches = document.outline.matchCount
      search.lastResult = TreeSearch.Result(matches: matches, seconds: seconds, step: document.lastSearchStep)
      context.message = StatusMessage(
        "“\(TerminalText.sanitized(text))”: \(DemoFormat.count(matches, "match", "matches")) among \(DemoFormat.count(document.outline.nodeCount, "value")) in \(DemoFormat.duration(seconds))"
          + (TreeSearch.describe(document.lastSearchStep).map { " (\($0))" } ?? ""))
      let row = focusedRow
      if let match = document.outline.nextMatchRow(after: row > 0 ? row - 1 : nil) { focus(row: match) }
    case .clear:
      pendingSearch = nil
      let start = context.clock.now()
      let change = document.search(for: "")
      lastOperation = ("clear search", context.clock.now() - start)
      selection.reconcile(with: document.outline, after: change)
      context.message = StatusMessage("Search cleared; the rows it opened are closed again")
    case .next, .previous:
      guard document.outline.rowCount > 0 else { return }
      let row = focusedRow
      let found = action == .next ? document.outline.nextMatchRow(after: row) : document.outline.previousMatchRow(before: row)
      if let found { focus(row: found) } else { context.message = .error("No match has a row") }
    }
  }

  /// A big document's search, once its line is closed (Enter, ↓ ↑).
  private mutating func applyPendingSearch(context: inout ScreenContext) {
    guard let text = pendingSearch, !search.isTyping else { return }
    perform(.apply(text), context: &context)
  }

  // MARK: Helpers

  /// Runs an outline operation that is not an edit (expansion, filters),
  /// times it, and reconciles the selection with it.
  @discardableResult
  internal mutating func timed(
    _ name: String, context: inout ScreenContext, _ body: (inout Outline<JSONNode>) -> OutlineChange
  ) -> OutlineChange {
    var outline = document.outline
    document.outline = Outline()
    let start = context.clock.now()
    let change = body(&outline)
    lastOperation = (name, context.clock.now() - start)
    document.outline = outline
    selection.reconcile(with: document.outline, after: change)
    return change
  }

  /// Moves the focus alone to a row: the selection stays.
  internal mutating func focus(row: Int) {
    guard row >= 0, row < document.outline.rowCount else { return }
    selection.moveFocus(to: document.outline.id(atRow: row), in: document.outline)
  }

  /// Keeps the focused row on screen, below the sticky rows.
  internal mutating func scroll(height: Int) {
    top = firstRow(height: height)
  }

  /// The first row to show in `height` lines: moved as little as possible
  /// so that the focused row shows below the sticky rows. Every row is one
  /// line (the outline's estimated height, 1).
  func firstRow(height: Int) -> Int {
    let outline = document.outline
    return TreeViewport.firstLine(
      in: outline, unit: outline.estimatedRowHeight, current: top,
      showing: outline.rowCount > 0 ? focusedRow ... focusedRow : nil, height: height, sticky: sticky)
  }

  /// The list's lines in a body of `height` lines, as drawn and as the
  /// mouse finds them.
  ///
  /// - Complexity: O(height + k log n) for k sticky rows.
  package func viewport(height: Int) -> TreeViewport<JSONNode> {
    TreeViewport(
      in: document.outline, unit: document.outline.estimatedRowHeight, first: firstRow(height: height), height: height,
      sticky: sticky, treeColumn: 2)
  }

  /// A mouse event at a line of the body (from 0) and a column (from 0): a
  /// click focuses the value under it (a sticky row: scrolled to, below
  /// its ancestors); nothing while a field is open.
  ///
  /// - Returns: Whether the focus moved.
  /// - Complexity: O(height + log n).
  @discardableResult
  package mutating func handleMouse(_ event: MouseEvent, line: Int, column: Int, context: inout ScreenContext) -> Bool {
    guard event.action == .press, editing == nil,
      let id = viewport(height: context.bodyHeight).hit(line: line, column: column, in: document.outline)?.node
    else { return false }
    selection.moveFocus(to: id, in: document.outline)
    scroll(height: context.bodyHeight)
    return true
  }
}
