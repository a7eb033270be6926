#if !OUTLINE_FUZZ
@testable import OutlineKit
#endif

/// An engine outline and selection, and the reference outline and
/// selection, kept in step: every call is made on both and `check` compares
/// the states and the returned changes.
struct SelectionPair {
  typealias ID = Outline<Int>.NodeID
  typealias Outcome = ReferenceSelection.Outcome

  var pair: OutlinePair
  var selection: Outline<Int>.Selection
  var reference: ReferenceSelection

  init(_ pair: OutlinePair, mode: SelectionMode, policy: SelectionCollapsePolicy) {
    self.pair = pair
    selection = Outline<Int>.Selection(mode: mode, collapsePolicy: policy)
    reference = ReferenceSelection(mode: mode, policy: policy)
  }

  /// The text type-ahead reads: mixed case, some with leading spaces.
  static func text(of value: Int) -> String {
    ["Alpha", " beta", "apple", "Banana", "  avocado", "cherry", "BEAN"][value % 7]
  }

  var engineState: ReferenceSelection {
    let outline = pair.outline
    var state = ReferenceSelection(mode: selection.mode, policy: selection.collapsePolicy)
    func value(_ key: UInt64) -> Int {
      let id = ID(key: key)
      return outline.contains(id) ? outline[id] : -1 - Int(id.slot)
    }
    state.focus = selection._state.focus.map(value)
    state.anchor = selection._state.anchor.map(value)
    state.selected = Set(selection._state.selected.map(value))
    state.rangeAdded = Set(selection._state.rangeAdded.map(value))
    state.hiddenFocus = selection._state.hiddenFocus.map(value)
    state.hiddenAnchor = selection._state.hiddenAnchor.map(value)
    return state
  }

  /// Compares everything: the state, the returned change, the selected and
  /// focused rows, and the rules a reconciled state keeps.
  func check(
    _ actual: SelectionChange?, _ expected: Outcome?, _ context: @autoclosure () -> String,
    file: StaticString = #filePath, line: UInt = #line
  ) {
    var engine = engineState
    engine.focusRow = reference.focusRow
    if engine != reference {
      fail("state \(describe(engine)), expected \(describe(reference)) [\(context())]", file: file, line: line)
      return
    }
    if actual.map(Outcome.init) != expected {
      fail("returned \(String(describing: actual.map(Outcome.init))), expected \(String(describing: expected)) [\(context())]", file: file, line: line)
      return
    }
    let rows = pair.reference.visibleRows
    expectEqual(selection.selectedRows(in: pair.outline), reference.selectedRows(rows: rows), "selectedRows [\(context())]", file: file, line: line)
    expectEqual(selection.focusedRow(in: pair.outline), reference.focus.flatMap { rows.firstIndex(of: $0) }, "focusedRow [\(context())]", file: file, line: line)
    for (name, node) in [("focus", reference.focus), ("anchor", reference.anchor)] {
      if let node, !rows.contains(node) { fail("\(name) \(node) has no row [\(context())]", file: file, line: line) }
    }
    for (name, node) in [("hidden focus", reference.hiddenFocus), ("hidden anchor", reference.hiddenAnchor)] {
      if let node, rows.contains(node) || pair.reference.nodes[node] == nil {
        fail("\(name) \(node) is shown or removed [\(context())]", file: file, line: line)
      }
    }
    expectEqual(
      selection.hiddenFocus.map { pair.outline[$0] }, reference.hiddenFocus, "hiddenFocus [\(context())]", file: file, line: line)
    switch reference.mode {
    case .none: expect(reference.selected.isEmpty, "mode none with a selection [\(context())]", file: file, line: line)
    case .single: expect(reference.selected.count <= 1, "mode single with \(reference.selected) [\(context())]", file: file, line: line)
    case .multiple: break
    }
    expect(reference.rangeAdded.isSubset(of: reference.selected), "range not within the selection [\(context())]", file: file, line: line)
  }

  func describe(_ s: ReferenceSelection) -> String {
    "(\(s.mode), \(s.policy), focus \(s.focus.map(String.init) ?? "nil") (hidden \(s.hiddenFocus.map(String.init) ?? "nil")), anchor \(s.anchor.map(String.init) ?? "nil") (hidden \(s.hiddenAnchor.map(String.init) ?? "nil")), selected \(s.selected.sorted()), range \(s.rangeAdded.sorted()))"
  }

  // MARK: Calls on both

  mutating func navigate(
    _ navigation: OutlineNavigation, effect: OutlineNavigation.SelectionEffect, context: @autoclosure () -> String,
    file: StaticString = #filePath, line: UInt = #line
  ) {
    var outline = pair.outline
    pair.outline = Outline()  // keep `outline` uniquely referenced
    let actual = selection.navigate(navigation, in: &outline, selecting: effect)
    pair.outline = outline
    let expected = reference.run(in: &pair.reference) { selection, outline in
      selection.navigate(navigation, effect: effect, in: &outline)
    }
    check(actual, expected, "\(navigation) \(effect) \(context())", file: file, line: line)
  }

  mutating func typeAhead(
    _ prefix: String, includingFocus: Bool, effect: OutlineNavigation.SelectionEffect,
    context: @autoclosure () -> String, file: StaticString = #filePath, line: UInt = #line
  ) {
    let actual = selection.navigate(
      toNextMatch: prefix, in: pair.outline, includingFocus: includingFocus, selecting: effect, text: Self.text(of:))
    var found = false
    let outcome = reference.run(in: &pair.reference) { selection, outline in
      found = selection.typeAhead(prefix, includingFocus: includingFocus, effect: effect, in: outline, text: Self.text(of:))
      return OutlineChange()
    }
    check(actual, found ? outcome : nil, "type-ahead \"\(prefix)\" \(includingFocus) \(effect) \(context())", file: file, line: line)
  }

  enum Click: CaseIterable { case select, toggle, extend, focus }

  mutating func click(
    _ click: Click, value v: Int, context: @autoclosure () -> String, file: StaticString = #filePath, line: UInt = #line
  ) {
    let id = pair.id(v)
    let actual: SelectionChange
    switch click {
    case .select: actual = selection.select(id, in: pair.outline)
    case .toggle: actual = selection.toggle(id, in: pair.outline)
    case .extend: actual = selection.extendSelection(to: id, in: pair.outline)
    case .focus: actual = selection.moveFocus(to: id, in: pair.outline)
    }
    let expected = reference.run(in: &pair.reference) { selection, outline in
      switch click {
      case .select: selection.select(v)
      case .toggle: selection.toggle(v)
      case .extend: selection.extend(to: v, in: outline)
      case .focus:
        selection.focus = v
        selection.hiddenFocus = nil
      }
      return OutlineChange()
    }
    check(actual, expected, "\(click) \(v) \(context())", file: file, line: line)
  }

  mutating func selectAll(context: @autoclosure () -> String, file: StaticString = #filePath, line: UInt = #line) {
    let actual = selection.selectAll(in: pair.outline)
    let expected = reference.run(in: &pair.reference) { selection, outline in
      selection.selectAll(in: outline)
      return OutlineChange()
    }
    check(actual, expected, "selectAll \(context())", file: file, line: line)
  }

  mutating func deselectAll(context: @autoclosure () -> String, file: StaticString = #filePath, line: UInt = #line) {
    let actual = selection.deselectAll(in: pair.outline)
    let expected = reference.run(in: &pair.reference) { selection, _ in
      selection.deselectAll()
      return OutlineChange()
    }
    check(actual, expected, "deselectAll \(context())", file: file, line: line)
  }

  mutating func setMode(_ mode: SelectionMode, context: @autoclosure () -> String, file: StaticString = #filePath, line: UInt = #line) {
    selection.mode = mode
    reference.setMode(mode)
    check(nil, nil, "mode = \(mode) \(context())", file: file, line: line)
  }

  mutating func setPolicy(_ policy: SelectionCollapsePolicy) {
    selection.collapsePolicy = policy
    reference.policy = policy
  }

  /// Applies an outline operation (through a batch when `batch`), then
  /// reconciles both selections, with the batch's change when there is one.
  mutating func mutate(
    _ operation: OutlineOperation, batch: Bool, context: @autoclosure () -> String,
    file: StaticString = #filePath, line: UInt = #line
  ) {
    let oldRows = pair.reference.visibleRows
    let hadFocus = reference.focus != nil || reference.hiddenFocus != nil
    var moved: Set<Int> = []
    var valueSet: Set<Int> = []
    var engine = pair.outline
    pair.outline = Outline()
    var change: OutlineChange?
    if batch {
      change = engine.batch { inner in pair.apply(operation, to: &inner, moved: &moved, valueSet: &valueSet) }
    } else {
      pair.apply(operation, to: &engine, moved: &moved, valueSet: &valueSet)
    }
    pair.outline = engine
    let actual = change.map { selection.reconcile(with: pair.outline, after: $0) } ?? selection.reconcile(with: pair.outline)
    let newRows = Set(pair.reference.visibleRows)
    let kept = Set(oldRows.filter { newRows.contains($0) && !moved.contains($0) })
    let expected = reference.run(in: &pair.reference) { selection, outline in
      selection.reconcile(in: outline, survivors: batch ? (oldRows, kept) : nil)
      return OutlineChange()
    }
    check(actual, expected, "\(operation) (batch: \(batch)) then reconcile \(context())", file: file, line: line)
    // A UI needs a focused row: a focus that existed lands on one whenever there are rows.
    if hadFocus && reference.focus == nil && !pair.reference.visibleRows.isEmpty {
      fail("the focus was lost with rows left [\(operation) \(context())]", file: file, line: line)
    }
  }

  /// Saves the engine's selection by node value and restores it into a
  /// fresh selection: focus, anchor and selection come back.
  func checkSaveAndRestore(_ context: @autoclosure () -> String, file: StaticString = #filePath, line: UInt = #line) {
    let saved = selection.state(in: pair.outline, by: { $0 })
    var restored = Outline<Int>.Selection(mode: selection.mode, collapsePolicy: selection.collapsePolicy)
    restored.restore(saved, in: pair.outline, by: { $0 })
    expectEqual(restored.focus, selection.focus, "restored focus [\(context())]", file: file, line: line)
    expectEqual(restored.hiddenFocus, selection.hiddenFocus, "restored hidden focus [\(context())]", file: file, line: line)
    expectEqual(restored.anchor, selection.anchor, "restored anchor [\(context())]", file: file, line: line)
    expectEqual(restored.selectedNodes, selection.selectedNodes, "restored selection [\(context())]", file: file, line: line)
  }
}

extension SelectionPair {
  /// A reconciled state with the focus on `focusRow`, the anchor on the last
  /// row, and (in `.multiple` mode) every third node selected, hidden ones
  /// too, from which the collapse policy keeps or replaces the hidden ones.
  static func starting(
    _ pair: OutlinePair, mode: SelectionMode, policy: SelectionCollapsePolicy, focusRow: Int?, context: String
  ) -> SelectionPair {
    var state = SelectionPair(pair, mode: mode, policy: policy)
    let rows = pair.reference.visibleRows
    if let focusRow {
      state.click(.select, value: rows.last!, context: context)
      for v in 0 ..< pair.reference.nodes.count where v % 3 == focusRow % 3 && v != rows.last! {
        // Selected by ID directly: some are hidden, as after a collapse
        // under `.keepHidden`; reconciling applies the policy.
        if mode == .multiple {
          state.selection._state.selected.insert(pair.id(v).key)
          state.reference.selected.insert(v)
        }
      }
      state.click(.focus, value: rows[focusRow], context: context)
      state.mutate(.batch([]), batch: false, context: context)
    }
    return state
  }
}
