#if !OUTLINE_FUZZ
@testable import OutlineKit
#endif

/// A deliberately naive model of `Outline.Selection` over a
/// `ReferenceOutline`: rows come from the reference's full walk, ancestors
/// from walking parents, rows to redraw from comparing whole states before
/// and after. The engine's selection is checked against it after every
/// step.
struct ReferenceSelection: Equatable {
  var mode: SelectionMode
  var policy: SelectionCollapsePolicy
  var focus: Int?
  var anchor: Int?
  var selected: Set<Int> = []
  /// Nodes the current shift-range added.
  var rangeAdded: Set<Int> = []
  /// The focus's row when last seen.
  var focusRow: Int?
  /// The node the user focused, while a filter hides it.
  var hiddenFocus: Int?
  /// The anchor the user set, while a filter hides it.
  var hiddenAnchor: Int?

  init(mode: SelectionMode, policy: SelectionCollapsePolicy) {
    self.mode = mode
    self.policy = policy
  }

  /// What a call should return: its expansion's change, the rows to redraw
  /// (after it) and the focus's row.
  struct Outcome: Equatable, CustomStringConvertible {
    var outlineChange = OutlineChange()
    var rowsToRedraw: [Range<Int>] = []
    var focusedRow: Int?

    init(outlineChange: OutlineChange = OutlineChange(), rowsToRedraw: [Range<Int>] = [], focusedRow: Int? = nil) {
      self.outlineChange = outlineChange
      self.rowsToRedraw = rowsToRedraw
      self.focusedRow = focusedRow
    }

    init(_ change: SelectionChange) {
      self.init(outlineChange: change.outlineChange, rowsToRedraw: change.rowsToRedraw, focusedRow: change.focusedRow)
    }

    var description: String { "(\(outlineChange), redraw \(rowsToRedraw), focus \(focusedRow.map(String.init) ?? "none"))" }
  }

  // MARK: Helpers

  static func nearestVisibleAncestor(of v: Int, in outline: ReferenceOutline, visible: Set<Int>) -> Int? {
    var p = outline.nodes[v]!.parent
    while let q = p {
      if visible.contains(q) { return q }
      p = outline.nodes[q]!.parent
    }
    return nil
  }

  /// Runs `body`, then compares whole states to find the rows to redraw.
  mutating func run(
    in outline: inout ReferenceOutline, _ body: (inout ReferenceSelection, inout ReferenceOutline) -> OutlineChange
  ) -> Outcome {
    let before = self
    let change = body(&self, &outline)
    let rows = outline.visibleRows
    var changed = selected.symmetricDifference(before.selected)
    if before.focus != focus {
      if let f = before.focus { changed.insert(f) }
      if let f = focus { changed.insert(f) }
    }
    let redraw = rows.indices.filter { changed.contains(rows[$0]) }
    let focusedRow = focus.flatMap { rows.firstIndex(of: $0) }
    if let focusedRow { focusRow = focusedRow }
    return Outcome(outlineChange: change, rowsToRedraw: merged(redraw), focusedRow: focusedRow)
  }

  func merged(_ sortedRows: [Int]) -> [Range<Int>] {
    var result: [Range<Int>] = []
    for row in sortedRows {
      if let last = result.last, last.upperBound == row { result[result.count - 1] = last.lowerBound ..< row + 1 } else { result.append(row ..< row + 1) }
    }
    return result
  }

  func selectedRows(rows: [Int]) -> [Range<Int>] {
     merged(rows.indices.filter { selected.contains(rows[$0]) })
  }

  // MARK: Clicks

  mutating func select(_ v: Int) {
    focus = v
    anchor = v
    hiddenFocus = nil
    hiddenAnchor = nil
    rangeAdded = []
    if mode != .none { selected = [v] }
  }

  mutating func toggle(_ v: Int) {
    focus = v
    anchor = v
    hiddenFocus = nil
    hiddenAnchor = nil
    rangeAdded = []
    switch mode {
    case .none: break
    case .single: selected = selected.contains(v) ? [] : [v]
    case .multiple: if selected.contains(v) { selected.remove(v) } else { selected.insert(v) }
    }
  }

  mutating func extend(to v: Int, in outline: ReferenceOutline) {
    switch mode {
    case .none:
      focus = v
      hiddenFocus = nil
    case .single:
      select(v)
    case .multiple:
      let start = anchor ?? focus ?? v
      anchor = start
      hiddenFocus = nil
      hiddenAnchor = nil
      let rows = outline.visibleRows
      let a = rows.firstIndex(of: start)!
      let b = rows.firstIndex(of: v)!
      let range = Set(rows[min(a, b) ... max(a, b)])
      let base = selected.subtracting(rangeAdded)
      selected = base.union(range)
      rangeAdded = range.subtracting(base)
      focus = v
    }
  }

  mutating func selectAll(in outline: ReferenceOutline) {
    guard mode == .multiple else { return }
    selected.formUnion(outline.visibleRows)
    rangeAdded = []
  }

  mutating func deselectAll() {
    selected = []
    rangeAdded = []
  }

  mutating func setMode(_ newMode: SelectionMode) {
    mode = newMode
    switch newMode {
    case .none: selected = []
    case .single: if selected.count > 1 { selected = focus.map { selected.contains($0) ? [$0] : [] } ?? [] }
    case .multiple: break
    }
    rangeAdded.formIntersection(selected)
  }

  mutating func moveFocus(to v: Int, effect: OutlineNavigation.SelectionEffect, in outline: ReferenceOutline) {
    hiddenFocus = nil
    guard v != focus else { return }
    switch effect {
    case .replace: select(v)
    case .extend: extend(to: v, in: outline)
    case .keep: focus = v
    }
  }

  // MARK: Keys

  /// Performs a navigation on the reference, returning its expansion change.
  mutating func navigate(
    _ navigation: OutlineNavigation, effect: OutlineNavigation.SelectionEffect, in outline: inout ReferenceOutline
  ) -> OutlineChange {
    let rows = outline.visibleRows
    hiddenFocus = nil
    guard let f = focus else {
      if !rows.isEmpty { moveFocus(to: rows[navigation == .end ? rows.count - 1 : 0], effect: effect, in: outline) }
      return OutlineChange()
    }
    let r = rows.firstIndex(of: f)!
    let last = rows.count - 1
    let node = outline.nodes[f]!
    // Under a filter, only children that pass count.
    let included = outline.included
    let hasChildren = node.children.contains { included.contains($0) }
    var target: Int?
    let oldFlags = outline.nodes.mapValues(\.expanded)
    switch navigation {
    case .down: target = min(r + 1, last)
    case .up: target = max(r - 1, 0)
    case .home: target = 0
    case .end: target = last
    case .pageDown(let page):
      if let height = page.height {
        // The row holding the offset a page below the focused row's top, one row on at least.
        let offsets = outline.rowOffsets
        target = min(max(outline.row(atOffset: offsets[r] + height, offsets: offsets), r + 1), last)
      } else {
        target = min(r + page.rowCount, last)
      }
    case .pageUp(let page):
      if let height = page.height {
        let offsets = outline.rowOffsets
        target = max(min(outline.row(atOffset: offsets[r] - height, offsets: offsets), r - 1), 0)
      } else {
        target = max(r - page.rowCount, 0)
      }
    case .right:
      if hasChildren {
        if !node.expanded {
          outline.expand(f)
        } else if r < last && outline.nodes[rows[r + 1]]!.parent == f {
          target = r + 1
        }
      }
    case .left:
      if node.expanded && hasChildren {
        outline.collapse(f)
      } else if let p = node.parent {
        target = rows.firstIndex(of: p)!
      }
    case .expandSiblings:
      for s in outline.siblings(of: f) where outline.nodes[s]!.children.contains(where: { included.contains($0) }) {
        outline.nodes[s]!.expanded = true
      }
    }
    // A node whose flag a key flipped counts as touched: removing a
    // revealing filter leaves it as it is.
    outline.untouch(flagsBefore: oldFlags)
    if let target { moveFocus(to: rows[target], effect: effect, in: outline) }
    let flipped = Set(outline.nodes.keys.filter { oldFlags[$0] != outline.nodes[$0]!.expanded })
    guard !flipped.isEmpty else { return OutlineChange() }
    let newRows = outline.visibleRows
    let change = expectedChange(old: rows, new: newRows, redraw: flipped)
    if !Set(rows).isSubset(of: newRows) || hiddenAnchor != nil { reconcile(in: outline, survivors: nil) }
    return change
  }

  /// Type-ahead: the first row from the start (after the focus, or at it)
  /// whose text, without leading whitespace and lowercased, starts with the
  /// lowercased prefix, wrapping; nil when none does.
  mutating func typeAhead(
    _ prefix: String, includingFocus: Bool, effect: OutlineNavigation.SelectionEffect, in outline: ReferenceOutline,
    text: (Int) -> String
  ) -> Bool {
    let rows = outline.visibleRows
    guard !rows.isEmpty, !prefix.isEmpty else { return false }
    var start = 0
    if let f = focus {
      let r = rows.firstIndex(of: f)!
      start = includingFocus ? r : (r + 1) % rows.count
    }
    for k in 0 ..< rows.count {
      let row = (start + k) % rows.count
      let candidate = String(text(rows[row]).drop(while: { $0.isWhitespace })).lowercased()
      if candidate.hasPrefix(prefix.lowercased()) {
        moveFocus(to: rows[row], effect: effect, in: outline)
        return true
      }
    }
    return false
  }

  // MARK: Reconciling

  /// After a mutation: `survivors`, when given, maps each old row's node to
  /// whether the change kept it (visible before and after, not moved), with
  /// the new rows, so a removed focus goes to the first kept row after its
  /// old one.
  mutating func reconcile(in outline: ReferenceOutline, survivors: (old: [Int], kept: Set<Int>)?) {
    let rows = outline.visibleRows
    let visible = Set(rows)
    enum Standing: Equatable { case shown, removed, filter, collapse(Int) }
    func standing(_ v: Int) -> Standing {
      if outline.nodes[v] == nil { return .removed }
      if visible.contains(v) { return .shown }
      if let a = Self.nearestVisibleAncestor(of: v, in: outline, visible: visible), !outline.nodes[a]!.expanded {
        return .collapse(a)
      }
      return .filter
    }
    /// The nearest visible ancestor, else the row holding its place.
    func standIn(_ v: Int) -> Int? {
      if let a = Self.nearestVisibleAncestor(of: v, in: outline, visible: visible) { return a }
      guard !rows.isEmpty else { return nil }
      let preorder = outline.preorder
      let before = preorder[..<preorder.firstIndex(of: v)!].filter { visible.contains($0) }.count
      return rows[min(before, rows.count - 1)]
    }
    /// The row that took the place of the focus's last row.
    func afterRemoval() -> Int? {
      if rows.isEmpty { return nil }
      if let survivors {
        let hint = focusRow ?? 0
        let next = survivors.old.indices.first { $0 > hint && survivors.kept.contains(survivors.old[$0]) }
        return next.map { survivors.old[$0] } ?? rows.last!
      }
      return rows[min(focusRow ?? 0, rows.count - 1)]
    }
    var focusSettled = false
    if let h = hiddenFocus {
      switch standing(h) {
      case .shown: focus = h; hiddenFocus = nil; focusSettled = true
      case .filter: focus = standIn(h); focusSettled = true
      case .collapse(let a): focus = a; hiddenFocus = nil; focusSettled = true
      case .removed:
        hiddenFocus = nil
        if focus == nil { focus = afterRemoval() }
      }
    }
    if !focusSettled, let f = focus {
      switch standing(f) {
      case .shown:
        break
      case .removed:
        focus = afterRemoval()
      case .filter:
        hiddenFocus = f
        focus = standIn(f)
      case .collapse(let a):
        focus = a
      }
    }
    var anchorSettled = false
    if let h = hiddenAnchor {
      switch standing(h) {
      case .shown: anchor = h; hiddenAnchor = nil; anchorSettled = true
      case .filter: anchor = standIn(h); anchorSettled = true
      case .collapse(let c): anchor = c; hiddenAnchor = nil; anchorSettled = true
      case .removed:
        hiddenAnchor = nil
        if anchor == nil { anchor = focus }
      }
    }
    if !anchorSettled, let a = anchor {
      switch standing(a) {
      case .shown: break
      case .removed: anchor = focus
      case .filter:
        hiddenAnchor = a
        anchor = standIn(a)
      case .collapse(let c): anchor = c
      }
    }
    var result: Set<Int> = []
    for v in selected where outline.nodes[v] != nil {
      if policy == .selectCollapsedAncestor && !visible.contains(v),
        let a = Self.nearestVisibleAncestor(of: v, in: outline, visible: visible), !outline.nodes[a]!.expanded
      {
        result.insert(a)
      } else {
        result.insert(v)
      }
    }
    selected = result
    rangeAdded.formIntersection(selected)
  }
}
