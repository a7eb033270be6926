/// The non-generic state of an `Outline.Selection`.
///
/// Nodes are held by their 64-bit keys (`NodeID.key`), so the loops over
/// selected nodes and over rows are compiled once, fully optimized, whatever
/// `Node` an app uses; the generic layer checks arguments, runs expansions
/// through the outline's public calls and reads payloads (type-ahead,
/// saving).
@usableFromInline
internal struct _SelectionCore: Sendable {
  @usableFromInline var mode: SelectionMode
  @usableFromInline var collapsePolicy: SelectionCollapsePolicy
  @usableFromInline var focus: UInt64?
  @usableFromInline var anchor: UInt64?
  @usableFromInline var selected: Set<UInt64> = []
  /// The nodes the current shift-range added (they were not selected before
  /// it). A later range from the same anchor takes them back first, so that
  /// Shift + ↓ then Shift + ↑ shrinks the range. Always a subset of
  /// `selected`; emptied by every other selection call.
  @usableFromInline var rangeAdded: Set<UInt64> = []
  /// The focused node's row when last seen: where the focus goes when its
  /// node is removed (mapped through the change when one is given).
  @usableFromInline var focusRowHint: Int?
  /// The node the user focused, while a filter hides it: `focus` then
  /// stands in on its nearest visible ancestor, and returns to it when the
  /// filter shows it again. Forgotten by every call that moves the focus,
  /// and when the node is removed or a collapse hides it.
  @usableFromInline var hiddenFocus: UInt64?
  /// The same for the anchor: forgotten by every call that sets the anchor.
  @usableFromInline var hiddenAnchor: UInt64?

  @usableFromInline
  init(mode: SelectionMode, collapsePolicy: SelectionCollapsePolicy) {
    self.mode = mode
    self.collapsePolicy = collapsePolicy
  }

  /// Changes the mode, deselecting what the new mode cannot hold: everything
  /// for `.none`; for `.single`, all but the focused node when more than one
  /// is selected.
  @usableFromInline
  mutating func setMode(_ newMode: SelectionMode) {
    mode = newMode
    switch newMode {
    case .none:
      selected = []
    case .single:
      if selected.count > 1 {
        selected = focus.map { selected.contains($0) ? [$0] : [] } ?? []
      }
    case .multiple:
      break
    }
    rangeAdded.formIntersection(selected)
  }
}

extension _SelectionCore: Equatable {
  /// Equal when they hold the same mode, policy, focus, anchor, selection,
  /// pending shift-range and nodes a filter hid; the remembered focus row
  /// is a cache of the outline's state and is not compared.
  @usableFromInline
  static func == (lhs: _SelectionCore, rhs: _SelectionCore) -> Bool {
    lhs.mode == rhs.mode && lhs.collapsePolicy == rhs.collapsePolicy && lhs.focus == rhs.focus
      && lhs.anchor == rhs.anchor && lhs.selected == rhs.selected && lhs.rangeAdded == rhs.rangeAdded
      && lhs.hiddenFocus == rhs.hiddenFocus && lhs.hiddenAnchor == rhs.hiddenAnchor
  }
}

// MARK: - Rows of keys

extension _SelectionCore {
  /// The row of the node with `key`, or nil when it is hidden or removed.
  @usableFromInline
  static func row(ofKey key: UInt64, in outline: _OutlineCore) -> Int? {
    outline.position(ofKey: key).flatMap { outline.index.row(of: $0) }
  }

  /// The key of the node on `row`.
  @usableFromInline
  static func key(atRow row: Int, in outline: _OutlineCore) -> UInt64 {
    outline.index.key(at: outline.index.position(atRow: row))
  }

  /// The row of the focus or the anchor, which a reconciled state always
  /// has; traps, naming the fix, when the outline changed under the state.
  @usableFromInline
  static func requiredRow(ofKey key: UInt64, role: String, in outline: _OutlineCore) -> Int {
    guard let position = outline.position(ofKey: key) else {
      _failRequirement(
        "Outline.Selection: the \(role) was removed from the outline; call reconcile(with:) after changing the outline")
    }
    guard let row = outline.index.row(of: position) else {
      _failRequirement(
        "Outline.Selection: the \(role) has no row (a collapse or the filter hid it); call reconcile(with:) after changing the outline")
    }
    return row
  }

  /// The selected nodes' rows as sorted, merged ranges; hidden and removed
  /// nodes are left out. O(k log n).
  @usableFromInline
  func selectedRows(in outline: _OutlineCore) -> [Range<Int>] {
    _mergedRanges(selected.compactMap { Self.row(ofKey: $0, in: outline) })
  }
}

/// Sorted, merged ranges covering `rows` (in any order, repeats allowed).
@usableFromInline
internal func _mergedRanges(_ rows: [Int]) -> [Range<Int>] {
  var result: [Range<Int>] = []
  for row in rows.sorted() {
    if let last = result.last, last.upperBound >= row {
      if last.upperBound == row { result[result.count - 1] = last.lowerBound ..< row + 1 }
    } else {
      result.append(row ..< row + 1)
    }
  }
  return result
}
