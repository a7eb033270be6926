import Foundation
import OutlineAdapters
import OutlineKit

/// Screen 1: the cell-descriptor form, every cell kind working through
/// `DescriptorForm`'s typed actions.
///
/// | row | Enter / Space | other keys |
/// | --- | --- | --- |
/// | expandable (Name, Birthday…) | shows or hides its sub-rows | → expands or goes to the first sub-row, ← collapses |
/// | text field | edits it; the parent shows "First Last" as you type | Enter or ↑/↓ finish, Esc restores |
/// | date picker | types a date (`YYYY-MM-DD`) | + / - step a day |
/// | switch | flips it; the parent shows Married / Single | |
/// | value picker | picks it; the parent collapses and shows it | |
/// | slider | | ← / → (or - / +) move it; the parent shows the level |
///
/// `s` saves the form (see ``FormDocument``); ← on a sub-row goes to its
/// parent; letters jump to the next row starting with them. Ctrl-Z undoes
/// the last finished edit (a whole typed name, a date, the switch, a pick,
/// a step of the slider: `DescriptorForm.undo()`) and Ctrl-Y redoes it;
/// the focus goes to the row whose value came back.
///
/// The focused row is the engine's (`Outline.Selection` in `.none` mode:
/// a form has a focus but no selection), and so are the moves: ↑ ↓ Page
/// Up/Down Home End and → ← between rows and sub-rows are `navigate`,
/// type-ahead is `navigate(toNextMatch:)`, and after every action the
/// selection is reconciled, so a row that an action hides hands the focus
/// to the row that owns it. The section headings are rows of the form's
/// outline (its roots) but not of the form: the focus steps over them.
package struct FormScreen {
  /// The form.
  package private(set) var form: DescriptorForm
  /// Its file.
  package let document: FormDocument
  /// The focus, kept by the engine; a form selects nothing (`.none`).
  package private(set) var selection = Outline<DescriptorForm.Item>.Selection(mode: .none)
  /// The text field or date being typed into, if any.
  package private(set) var editing: Editing?
  /// Whether the form changed since it was loaded or saved.
  package private(set) var isModified = false
  /// Whether `s` has saved the form in this session.
  package private(set) var hasSaved = false
  /// The first line shown (rows are one to three lines tall).
  internal var top = 0
  /// Type-ahead's prefix.
  internal var typeAhead = TypeAhead()
  /// Reads and writes the date picker's days.
  internal let dates: FormDates
  /// The form, and whether it was modified, before the text field being
  /// typed into: the name shows on its owner as it is typed, and the
  /// finished text is set on this copy, as one undo step (Esc brings it
  /// back as it was).
  internal var beforeEditing: (form: DescriptorForm, isModified: Bool)?

  /// A field being typed into.
  package struct Editing: Hashable, Sendable {
    /// What kind of field.
    package enum Kind: Hashable, Sendable {
      /// A text field: every key updates the form (and its parent's title).
      case text
      /// A date picker: the typed day is set on Enter.
      case date
    }

    /// The field's node.
    package var id: DescriptorForm.NodeID
    /// What kind of field.
    package var kind: Kind
    /// The text and the cursor.
    package var editor: TextEditor
    /// The field's value before editing, for Escape.
    package var original: String
  }

  /// Opens the form file at `path` (see ``FormDocument/open(path:configuration:)``)
  /// and focuses the first row.
  ///
  /// - Complexity: O(n log n) for the file's n descriptors, plus reading it.
  package init(path: String, configuration: DescriptorForm.Configuration) {
    (form, document) = FormDocument.open(path: path, configuration: Self.terminalConfiguration(configuration))
    dates = FormDates(configuration: configuration)
    if let first = form.outline.rows.first(where: { form.outline.parent(of: $0) != nil }) {
      selection.moveFocus(to: first, in: form.outline)
    }
  }

  /// The focused row's node; nil only for a form without rows.
  ///
  /// - Complexity: O(1).
  package var focus: DescriptorForm.NodeID? { selection.focus }

  // MARK: Rows

  /// The name type-ahead matches and the parent rows show: the secondary
  /// title of a titled row ("Name"), the primary title of the others
  /// ("First name", "Squash").
  ///
  /// - Complexity: O(1).
  package func label(of id: DescriptorForm.NodeID) -> String {
    Self.label(of: form[id])
  }

  /// The name of a descriptor's row, as ``label(of:)`` gives it.
  ///
  /// - Complexity: O(1).
  package static func label(of descriptor: CellDescriptor) -> String {
    switch descriptor.cellIdentifier {
    case .datePicker: return "Date"
    case .slider: return descriptor.secondaryTitle.isEmpty ? "Level" : descriptor.secondaryTitle
    case .textField, .valuePicker, .switch: return descriptor.primaryTitle
    default: return descriptor.secondaryTitle.isEmpty ? descriptor.primaryTitle : descriptor.secondaryTitle
    }
  }

  // MARK: Keys

  /// Handles a key; returns false when the form has no use for it.
  ///
  /// - Complexity: O(log n) for moves; O(r log n) to keep r visible rows
  ///   on screen.
  @discardableResult
  package mutating func handle(_ key: Key, context: inout ScreenContext) -> Bool {
    if editing != nil { return handleEditing(key, context: &context) }
    guard let focus else { return false }
    var handled = true
    switch key {
    case .enter, .space: activate(focus, context: &context)
    case .right: right(focus, context: &context)
    case .left: left(focus, context: &context)
    case .escape: typeAhead.reset()
    case .control("z"): replay(forwards: false, context: &context)
    case .control("y"): replay(forwards: true, context: &context)
    case .character(let character):
      handled = handle(character, context: &context)
    default:
      // Shift extends nothing in a form: a Shift move is a move. A page is
      // the rows that fill a screen less a line, by the rows' heights.
      let page = OutlineNavigation.PageSize.height(Double(max(1, context.bodyHeight - 1)))
      guard let (navigation, _) = TreeKeys.navigation(for: key, page: page) else {
        handled = false
        break
      }
      move(navigation)
    }
    scroll(height: context.bodyHeight)
    return handled
  }

  private mutating func handle(_ character: Character, context: inout ScreenContext) -> Bool {
    let now = context.clock.now()
    if character == "+" || character == "=" { return step(by: 1, context: &context) }
    if character == "-" { return step(by: -1, context: &context) }
    if character == "s" && !typeAhead.isActive(at: now) {
      save(context: &context)
      return true
    }
    guard character.isLetter || character.isNumber else { return false }
    let search = typeAhead.type(character, at: now)
    // Section headings have no text to match.
    let found = selection.navigate(
      toNextMatch: search.prefix, in: form.outline, includingFocus: search.continuesAtCurrentRow, selecting: .keep
    ) { item in item.descriptor.map(Self.label(of:)) ?? "" }
    if found == nil { context.message = .error("No row starts with \"\(search.prefix)\"") }
    return true
  }

  /// Moves the focus as the engine's navigation does, then off a section
  /// heading it landed on: on in the key's direction, or back when no row
  /// lies that way.
  private mutating func move(_ navigation: OutlineNavigation) {
    // Moves never write the outline: the copy shares the form's storage.
    var outline = form.outline
    selection.navigate(navigation, in: &outline, selecting: .keep)
    var upward = navigation == .up
    if case .pageUp = navigation { upward = true }
    for step in upward ? [OutlineNavigation.up, .down] : [.down, .up] {
      var trial = selection
      while let landed = trial.focus, outline.parent(of: landed) == nil {
        trial.navigate(step, in: &outline, selecting: .keep)
        if trial.focus == landed { break }  // the first or last row
      }
      if let landed = trial.focus, outline.parent(of: landed) != nil {
        selection = trial
        return
      }
    }
  }

  /// Enter or Space on a row.
  private mutating func activate(_ id: DescriptorForm.NodeID, context: inout ScreenContext) {
    let descriptor = form[id]
    if descriptor.isExpandable {
      apply { $0.tap(id) }
      return
    }
    switch descriptor.cellIdentifier {
    case .valuePicker:
      let owner = form.owner(of: id)
      apply { $0.tap(id) }
      if let owner {
        selection.moveFocus(to: owner, in: form.outline)
        context.message = StatusMessage("\(label(of: owner)): \(descriptor.primaryTitle)")
      }
    case .textField:
      editing = Editing(id: id, kind: .text, editor: TextEditor(descriptor.value), original: descriptor.value)
      beforeEditing = (form, isModified)
    case .datePicker:
      let day = dates.storedDate(descriptor.value).map(dates.dayText) ?? ""
      editing = Editing(id: id, kind: .date, editor: TextEditor(day), original: descriptor.value)
    case .switch:
      let isOn = form.isSwitchOn(id)
      apply { $0.setSwitch(!isOn, for: id) }
    case .slider:
      context.message = StatusMessage("← and → (or - and +) move the slider")
    default:
      apply { $0.tap(id) }
    }
  }

  /// → : expand (the form's `tap`, which keeps titles in step), or go to
  /// the first sub-row (the engine's move); on a slider, one up.
  private mutating func right(_ id: DescriptorForm.NodeID, context: inout ScreenContext) {
    let descriptor = form[id]
    if descriptor.cellIdentifier == .slider {
      _ = step(by: 1, context: &context)
    } else if descriptor.isExpandable && !form.isExpanded(id) {
      apply { $0.tap(id) }
    } else if form.isExpanded(id) {
      engineMove(.right)
    }
  }

  /// ← : collapse (the form's `tap`), or go to the owning row (the
  /// engine's move; a row directly in its section has none: the heading is
  /// not a row of the form); on a slider, one down.
  private mutating func left(_ id: DescriptorForm.NodeID, context: inout ScreenContext) {
    let descriptor = form[id]
    if descriptor.cellIdentifier == .slider {
      _ = step(by: -1, context: &context)
    } else if descriptor.isExpandable && form.isExpanded(id) {
      apply { $0.tap(id) }
    } else if form.owner(of: id) != nil {
      engineMove(.left)
    }
  }

  /// A → or ← that only moves the focus (the callers leave expanding and
  /// collapsing to the form's `tap`), so the copy is never written.
  private mutating func engineMove(_ navigation: OutlineNavigation) {
    var outline = form.outline
    let change = selection.navigate(navigation, in: &outline, selecting: .keep)
    assert(change.outlineChange.isEmpty, "FormScreen: a move changed the outline")
  }

  /// + and -: a day on a date picker, a step on a slider.
  private mutating func step(by amount: Int, context: inout ScreenContext) -> Bool {
    guard let id = focus else { return false }
    switch form[id].cellIdentifier {
    case .slider:
      let value = form.sliderValue(of: id) + amount
      apply { $0.setSliderValue(Double(value), for: id) }
    case .datePicker:
      let base = dates.storedDate(form[id].value) ?? context.clock.today()
      guard let date = dates.adding(days: amount, to: base) else { return true }
      apply { $0.setDate(date, for: id) }
    default:
      context.message = StatusMessage("+ and - step the date or the slider")
    }
    return true
  }

  // MARK: Editing

  private mutating func handleEditing(_ key: Key, context: inout ScreenContext) -> Bool {
    guard var editing else { return false }
    switch key {
    case .enter, .tab, .up, .down:
      if editing.kind == .date && !finishDate(editing, context: &context) { return true }
      self.editing = nil
      if editing.kind == .text, let before = beforeEditing {
        // The typed text, set once on the form from before typing: one step.
        form = before.form
        isModified = before.isModified
        beforeEditing = nil
        let text = editing.editor.text
        apply { $0.setText(text, for: editing.id) }
        if text == editing.original { isModified = before.isModified }
      }
      if key == .up || key == .down { return handle(key, context: &context) }
    case .escape:
      self.editing = nil
      if editing.kind == .text, let before = beforeEditing {
        form = before.form
        isModified = before.isModified
        beforeEditing = nil
        selection.reconcile(with: form.outline)
      }
      context.message = StatusMessage("Edit cancelled")
    default:
      guard editing.editor.handle(key) else { return true }  // other keys do nothing while typing
      self.editing = editing
      if editing.kind == .text {
        let text = editing.editor.text
        apply { $0.setText(text, for: editing.id) }
      }
    }
    return true
  }

  /// Sets the typed date; false (and a message) when it is not a date.
  private mutating func finishDate(_ editing: Editing, context: inout ScreenContext) -> Bool {
    let text = editing.editor.text
    if text.trimmingCharacters(in: .whitespaces).isEmpty {
      context.message = StatusMessage("No date typed; the date is unchanged")
      return true
    }
    guard let date = dates.date(fromTyped: text) else {
      context.message = .error("\"\(text)\" is not a date: type it as YYYY-MM-DD (Esc cancels)")
      return false
    }
    apply { $0.setDate(date, for: editing.id) }
    return true
  }

  // MARK: Undo and redo

  /// Ctrl-Z (or Ctrl-Y): undoes (redoes) the last finished edit, and puts
  /// the focus on the row whose value came back (its owner when it is
  /// closed).
  private mutating func replay(forwards: Bool, context: inout ScreenContext) {
    guard let (_, before, change) = form.replay(forwards: forwards, context: &context) else { return }
    isModified = true
    selection.reconcile(with: form.outline)
    // The row redrawn is the edited control's owner (or the section).
    if let path = change.reloadedRows.first {
      let id = before.id(at: path)
      if form.outline.row(of: id) != nil && form.outline.parent(of: id) != nil {
        selection.moveFocus(to: id, in: form.outline)
      }
    }
  }

  // MARK: Saving

  /// Saves to the document's save path and says where.
  private mutating func save(context: inout ScreenContext) {
    do {
      try document.save(form)
      isModified = false
      hasSaved = true
      if document.loadProblem != nil {
        context.message = StatusMessage("Saved to \(document.savePath) (\(document.path) is left untouched)")
      } else {
        context.message = StatusMessage("Saved to \(document.savePath)")
      }
    } catch {
      context.message = .error("Could not save: \(error)")
    }
  }

  // MARK: Helpers

  /// Runs a form action, notes the change, and reconciles the focus with
  /// it: a row the action hides hands the focus to the collapsed row that
  /// owns it.
  private mutating func apply(_ action: (inout DescriptorForm) -> SectionedChange) {
    _ = action(&form)
    isModified = true
    selection.reconcile(with: form.outline)
  }

  /// Keeps the focused row on screen.
  internal mutating func scroll(height: Int) {
    top = scrollTop(height: height)
  }

  // MARK: The mouse

  /// A mouse event at a line of the body (from 0): a click focuses the
  /// row under it (the form's rows, not the section headings); nothing
  /// while a field is being typed into.
  ///
  /// - Returns: Whether the focus moved.
  /// - Complexity: O(log n).
  @discardableResult
  package mutating func handleMouse(_ event: MouseEvent, line: Int, context: inout ScreenContext) -> Bool {
    guard event.action == .press, editing == nil else { return false }
    let offset = scrollTop(height: context.bodyHeight) + line - bannerLines.count + hiddenLead
    let outline = form.outline
    guard offset >= 0, Double(offset) < outline.contentHeight, outline.rowCount > 0 else { return false }
    let id = outline.id(atRow: outline.row(atOffset: Double(offset)))
    guard outline.parent(of: id) != nil else { return false }  // a section's heading
    selection.moveFocus(to: id, in: outline)
    scroll(height: context.bodyHeight)
    return true
  }
}
