/// Clicks and their modifiers: select, toggle, extend, all, none. Each takes
/// a target that the generic layer has checked has a row.
extension _SelectionCore {
  /// A plain click: the node becomes the focus, the anchor and the whole
  /// selection.
  @usableFromInline
  mutating func select(_ key: UInt64, _ tracker: inout _RedrawTracker) {
    setFocus(key)
    setAnchor(key)
    rangeAdded = []
    guard mode != .none else { return }
    removeAll(except: key, &tracker)
    insert(key, &tracker)
  }

  /// A Command-click: the node becomes the focus and the anchor and flips
  /// its selected state (in `.single` mode, selecting it deselects the
  /// other).
  @usableFromInline
  mutating func toggle(_ key: UInt64, _ tracker: inout _RedrawTracker) {
    setFocus(key)
    setAnchor(key)
    rangeAdded = []
    switch mode {
    case .none:
      break
    case .single:
      if selected.contains(key) {
        remove(key, &tracker)
      } else {
        removeAll(except: nil, &tracker)
        insert(key, &tracker)
      }
    case .multiple:
      if selected.contains(key) { remove(key, &tracker) } else { insert(key, &tracker) }
    }
  }

  /// A Shift-click on the node on `row`: in `.multiple` mode, the selection
  /// becomes what it was before the current range plus every row from the
  /// anchor to the node; the focus moves there and the anchor stays. In
  /// `.single` mode it is a plain click; in `.none`, a focus move.
  ///
  /// O(k + m log n) for a range of k rows of which m change state.
  @usableFromInline
  mutating func extend(to key: UInt64, row: Int, in outline: _OutlineCore, _ tracker: inout _RedrawTracker) {
    switch mode {
    case .none:
      setFocus(key)
    case .single:
      select(key, &tracker)
    case .multiple:
      let start: UInt64
      let startRow: Int
      if let anchor {
        start = anchor
        startRow = anchor == key ? row : Self.requiredRow(ofKey: anchor, role: "anchor", in: outline)
      } else if let focus {
        start = focus
        startRow = focus == key ? row : Self.requiredRow(ofKey: focus, role: "focused node", in: outline)
      } else {
        start = key
        startRow = row
      }
      setAnchor(start)
      for old in rangeAdded {
        selected.remove(old)
        tracker.note(old, wasSelected: true)
      }
      rangeAdded = []
      var walker = _VisibleWalker(index: outline.index, rows: Swift.min(row, startRow) ..< Swift.max(row, startRow) + 1)
      while let position = walker.next(in: outline.index) {
        let rowKey = outline.index.key(at: position)
        if selected.insert(rowKey).inserted {
          rangeAdded.insert(rowKey)
          tracker.note(rowKey, wasSelected: false)
        }
      }
      setFocus(key)
    }
  }

  /// Selects every row (`.multiple` mode only); hidden nodes keep their
  /// state. O(r) for r rows, plus O(m log n) for the m newly selected.
  @usableFromInline
  mutating func selectAll(in outline: _OutlineCore, _ tracker: inout _RedrawTracker) {
    guard mode == .multiple else { return }
    rangeAdded = []
    var walker = _VisibleWalker(index: outline.index, rows: 0 ..< outline.index.visibleCount)
    while let position = walker.next(in: outline.index) { insert(outline.index.key(at: position), &tracker) }
  }

  /// Deselects everything; the focus and the anchor stay.
  @usableFromInline
  mutating func deselectAll(_ tracker: inout _RedrawTracker) {
    removeAll(except: nil, &tracker)
  }

  /// Moves the focus to the node on `row`, changing the selection as
  /// `effect` says; nothing happens when the node is already focused.
  @usableFromInline
  mutating func moveFocus(
    toRow row: Int, effect: OutlineNavigation.SelectionEffect, in outline: _OutlineCore,
    _ tracker: inout _RedrawTracker
  ) {
    let key = Self.key(atRow: row, in: outline)
    hiddenFocus = nil
    guard key != focus else { return }
    switch effect {
    case .replace: select(key, &tracker)
    case .extend: extend(to: key, row: row, in: outline, &tracker)
    case .keep: setFocus(key)
    }
  }

  /// Focuses a node the user chose: the focused node a filter hid is
  /// forgotten.
  @usableFromInline
  mutating func setFocus(_ key: UInt64) {
    focus = key
    hiddenFocus = nil
  }

  /// Anchors ranges at a node the user chose: the anchor a filter hid is
  /// forgotten.
  @usableFromInline
  mutating func setAnchor(_ key: UInt64) {
    anchor = key
    hiddenAnchor = nil
  }
}

extension _SelectionCore {
  /// Replaces the whole state with restored nodes (`selected` in preorder),
  /// trimmed to the mode.
  @usableFromInline
  mutating func restore(focus: UInt64?, anchor: UInt64?, selected restored: [UInt64], _ tracker: inout _RedrawTracker) {
    removeAll(except: nil, &tracker)
    self.focus = focus
    self.anchor = anchor
    hiddenFocus = nil
    hiddenAnchor = nil
    let kept: [UInt64]
    switch mode {
    case .none: kept = []
    case .single: kept = focus.flatMap { restored.contains($0) ? [$0] : nil } ?? Array(restored.prefix(1))
    case .multiple: kept = restored
    }
    for key in kept { insert(key, &tracker) }
  }
}
