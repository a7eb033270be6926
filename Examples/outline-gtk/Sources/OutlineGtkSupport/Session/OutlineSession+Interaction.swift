import OutlineKit

/// The modifier keys held during a click or a key.
public struct InputModifiers: OptionSet, Hashable, Sendable {
  public let rawValue: Int
  public init(rawValue: Int) { self.rawValue = rawValue }

  /// Shift: extends the selection from the anchor.
  public static let shift = InputModifiers(rawValue: 1)
  /// Control: toggles (clicks) or moves the focus only (keys).
  public static let control = InputModifiers(rawValue: 2)
}

/// Keys and clicks, through the engine's selection.
extension OutlineSession {
  /// A navigation key (the WAI-ARIA tree keys): Shift extends the
  /// selection, Control moves the focus only.
  ///
  /// In a document that lists children lazily (a directory), → and ←
  /// expand and collapse through the document, so a folder is listed
  /// first, and `*` does nothing (it would list every sibling folder);
  /// the other keys move as usual.
  ///
  /// - Complexity: As `Outline.Selection.navigate(_:in:selecting:)`.
  @discardableResult
  public mutating func navigate(_ navigation: OutlineNavigation, modifiers: InputModifiers = []) -> SelectionChange {
    let effect: OutlineNavigation.SelectionEffect =
      modifiers.contains(.shift) ? .extend : modifiers.contains(.control) ? .keep : .replace
    guard document.listsChildrenLazily else {
      var selection = takeSelection()
      defer { self.selection = selection }
      return document.edit { selection.navigate(navigation, in: &$0, selecting: effect) }
    }
    if let focus = selection.focus {
      let isExpanded = outline.isExpanded(focus)
      switch navigation {
      case .right where !isExpanded && document.canExpand(focus):
        return reconciling(document.setExpanded(focus, true))
      case .left where isExpanded && document.canExpand(focus):
        return reconciling(document.setExpanded(focus, false))
      case .expandSiblings:
        return SelectionChange(focusedRow: selection.focusedRow(in: outline))
      default:
        break
      }
    }
    // Moves only: the copy shares the document's storage and is never
    // written.
    var outline = self.outline
    let change = selection.navigate(navigation, in: &outline, selecting: effect)
    assert(change.outlineChange.isEmpty, "OutlineSession: a move changed a lazy document's outline")
    return change
  }

  /// Space: selects the focused row alone; with Control, flips whether it
  /// is selected. Nothing without a focus.
  ///
  /// - Complexity: O(log n), plus O(k log n) for k nodes deselected.
  @discardableResult
  public mutating func activateFocus(modifiers: InputModifiers = []) -> SelectionChange {
    guard let focus = selection.focus else { return SelectionChange() }
    return modifiers.contains(.control)
      ? selection.toggle(focus, in: outline) : selection.select(focus, in: outline)
  }

  /// A click on row `row`: alone, it selects the row; with Control it
  /// flips the row's selection; with Shift it selects from the anchor to
  /// the row (adding to the selection with Control too).
  ///
  /// - Precondition: `0 <= row < outline.rowCount`.
  /// - Complexity: As the selection call it makes.
  @discardableResult
  public mutating func click(row: Int, modifiers: InputModifiers = []) -> SelectionChange {
    let id = outline.id(atRow: row)
    if modifiers.contains(.shift) { return selection.extendSelection(to: id, in: outline) }
    if modifiers.contains(.control) { return selection.toggle(id, in: outline) }
    return selection.select(id, in: outline)
  }

  /// Moves the focus to row `row` and leaves the selection as it is: what
  /// the press that starts a drag does (GTK focuses the pressed row).
  ///
  /// - Precondition: `0 <= row < outline.rowCount`.
  /// - Complexity: O(log n).
  @discardableResult
  public mutating func moveFocus(toRow row: Int) -> SelectionChange {
    selection.moveFocus(to: outline.id(atRow: row), in: outline)
  }

  /// A click on row `row`'s disclosure triangle: expands or collapses it.
  ///
  /// - Precondition: `0 <= row < outline.rowCount`.
  /// - Complexity: O(log n), plus the document's listing and the
  ///   selection's reconciling.
  @discardableResult
  public mutating func toggleExpansion(ofRow row: Int) -> SelectionChange {
    let id = outline.id(atRow: row)
    return reconciling(document.setExpanded(id, !outline.isExpanded(id)))
  }

  /// A click on row `row`'s check button: checks the row and everything
  /// under it, or unchecks them when the row shows checked.
  ///
  /// - Precondition: `0 <= row < outline.rowCount`.
  /// - Complexity: O(log n), plus O(log n) per row whose box turns.
  @discardableResult
  public mutating func toggleCheck(ofRow row: Int) -> SelectionChange {
    let id = outline.id(atRow: row)
    return reconciling(document.setChecked(outline.checkState(of: id) != .checked, id))
  }

  /// Expands every node (when the document can).
  ///
  /// - Complexity: O(n).
  @discardableResult
  public mutating func expandAll() -> SelectionChange {
    reconciling(document.expandAll())
  }

  /// Collapses every node.
  ///
  /// - Complexity: O(n).
  @discardableResult
  public mutating func collapseAll() -> SelectionChange {
    reconciling(document.collapseAll())
  }

  /// Shows only the nodes that match `text` and the paths to them, opening
  /// the paths; an empty text ends the search and closes what it opened.
  ///
  /// - Complexity: O(n), plus the document's filter per node.
  @discardableResult
  public mutating func search(_ text: String) -> SelectionChange {
    guard text != searchText else { return SelectionChange(focusedRow: selection.focusedRow(in: outline)) }
    searchText = text
    return reconciling(document.search(text))
  }
}
