import CGtk
import OutlineGtkSupport

/// Runs a `--script` in the window: each action as a user would do it
/// (keys and clicks through the X server), then, once GTK has painted the
/// next frame, the checks: the row widgets GTK shows are the rows the
/// model says (labels, indentation, triangles, selection; consecutive on
/// screen, filling it), GTK's keyboard focus is on the engine's focused
/// row, and the `items-changed` calls replayed on a plain array give the
/// model's rows. The first failure ends the run.
final class ScriptRunner {
  private let app: AppWindow
  private let actions: [ScriptAction]
  private var input: X11Input?
  private var lastClick = -1.0

  init(app: AppWindow, actions: [ScriptAction]) {
    self.app = app
    self.actions = actions
  }

  /// Runs the script; returns whether every check passed.
  func run() -> Bool {
    waitForPaintedFrame(of: app.window)
    app.presenter.recordItemsChanged()
    if let problem = check() { return fail(0, "the window as it opened", problem) }
    for (index, action) in actions.enumerated() {
      if action == .quit { break }
      if let problem = perform(action) { return fail(index + 1, action, problem) }
      waitForPaintedFrame(of: app.window)
      if let problem = check() ?? expectation(action) { return fail(index + 1, action, problem) }
      printLine("ok \(index + 1) \(action.scriptText): \(app.presenter.status)")
    }
    return true
  }

  private func fail(_ number: Int, _ action: Any, _ problem: String) -> Bool {
    let text = (action as? ScriptAction)?.scriptText ?? "\(action)"
    printError("FAIL after action \(number) (\(text)): \(problem)")
    return false
  }

  // MARK: - Actions

  private func perform(_ action: ScriptAction) -> String? {
    switch action {
    case .key(let key, let modifiers):
      focusList()
      return sendInput { $0.press(keyval: key.keyval, modifiers: modifiers) }
    case .click(let row, let modifiers):
      return sendClick(row: row, modifiers: modifiers, on: .row)
    case .clickTriangle(let row):
      return sendClick(row: row, modifiers: [], on: .triangle)
    case .clickCheck(let row):
      return sendClick(row: row, modifiers: [], on: .check)
    case .drag(let from, let to, let zone):
      return sendDrag(from: from, to: to, fraction: zone.fraction)
    case .expandAll:
      return sendClick(on: app.expandButton)
    case .collapseAll:
      return sendClick(on: app.collapseButton)
    case .search(let text):
      // As a user clicks into the entry and types.
      _ = gtk_widget_grab_focus(app.searchEntry)
      let count = app.searchCount
      gtk_editable_set_text(app.searchEntry.opaque, text)
      // GtkSearchEntry reports the text after a short delay.
      let deadline = monotonicSeconds() + 5
      while app.searchCount == count && monotonicSeconds() < deadline { g_main_context_iteration(nil, 1) }
      if app.searchCount == count && !text.isEmpty { return "the search entry never reported '\(text)'" }
    case .open(let name):
      guard let document = app.options.documents.first(where: { $0.name == name }) else {
        return "no document '\(name)' (\(app.options.documents.map(\.name).joined(separator: ", ")))"
      }
      app.open(document)
      app.presenter.recordItemsChanged()
    case .jump(let row):
      app.presenter.jump(toRow: row)
    case .screenshot(let path):
      return saveScreenshot(of: app.window, to: path)
    case .expectRows, .expectFocus, .expectRowCount, .expectSelected, .quit:
      break
    }
    return nil
  }

  private func sendInput(_ body: (X11Input) -> Void) -> String? {
    do {
      if input == nil { input = try X11Input(window: app.window) }
      body(input!)
      return nil
    } catch {
      return "\(error)"
    }
  }

  /// Clicks a row (scrolled into view first), its triangle or its check
  /// button. Clicks on one row less than GTK's double-click time apart
  /// would be a double click: the runner waits that long between clicks.
  private func sendClick(row: Int, modifiers: InputModifiers, on part: RowPart) -> String? {
    let inspection = app.presenter.inspection
    guard row < inspection.rowCount else { return "no row \(row); there are \(inspection.rowCount)" }
    app.presenter.jump(toRow: row)
    waitForPaintedFrame(of: app.window)
    guard let widgets = app.presenter.inspection.rowWidgets(row) else { return "GTK made no widget for row \(row)" }
    let widget = part == .row ? widgets.row : part == .triangle ? widgets.triangle : widgets.check
    guard let target = widget else { return "row \(row) has no \(part)" }
    return sendClick(on: target, modifiers: modifiers)
  }

  /// Drags row `from` with the pointer and drops it at `fraction` of row
  /// `to` (both on screen together: the target row is scrolled into view
  /// first, then the source).
  private func sendDrag(from: Int, to: Int, fraction: Double) -> String? {
    let inspection = app.presenter.inspection
    guard from < inspection.rowCount, to < inspection.rowCount else {
      return "no row \(max(from, to)); there are \(inspection.rowCount)"
    }
    app.presenter.jump(toRow: to)
    app.presenter.jump(toRow: from)
    waitForPaintedFrame(of: app.window)
    guard let source = app.presenter.inspection.rowWidgets(from)?.row, let target = app.presenter.inspection.rowWidgets(to)?.row
    else { return "rows \(from) and \(to) are not on screen together" }
    let wait = lastClick + 0.5 - monotonicSeconds()
    if wait > 0 { runMainLoop(for: wait) }
    defer { lastClick = monotonicSeconds() }
    return sendInput { $0.drag(source, to: target, fraction: fraction) }
  }

  private func sendClick(on widget: Widget, modifiers: InputModifiers = []) -> String? {
    let wait = lastClick + 0.5 - monotonicSeconds()
    if wait > 0 { runMainLoop(for: wait) }
    defer { lastClick = monotonicSeconds() }
    return sendInput { $0.click(widget, modifiers: modifiers) }
  }

  /// Gives the list the keyboard focus if it has not (as a user's Tab or
  /// click would).
  private func focusList() {
    let focus = gtk_root_get_focus(OpaquePointer(app.window))
    if focus == nil || gtk_widget_is_ancestor(focus, app.listView) == 0 {
      _ = gtk_widget_grab_focus(app.listView)
    }
  }

  // MARK: - Checks

  /// Every check at once; nil when all pass.
  private func check() -> String? {
    let inspection = app.presenter.inspection
    var problems = DisplayCheck.problems(
      shown: inspection.shownRows(), rowCount: inspection.rowCount,
      viewportHeight: Double(gtk_widget_get_height(app.listView)), expected: inspection.expectedLook)
    if problems.count > 4 { problems = problems.prefix(4) + ["\(problems.count - 4) more"] }
    if let problem = app.presenter.itemsChangedProblem { problems.append(problem) }
    if let focused = inspection.focusedRow, let gtkRow = gtkFocusedRow(), gtkRow != focused {
      problems.append("GTK's keyboard focus is on row \(gtkRow), the engine's on row \(focused)")
    }
    return problems.isEmpty ? nil : problems.joined(separator: "; ")
  }

  /// The row of the list item widget holding GTK's keyboard focus, if it
  /// is in the list.
  private func gtkFocusedRow() -> Int? {
    var widget = gtk_root_get_focus(OpaquePointer(app.window))
    while let current = widget, gtk_widget_get_parent(current) != app.listView { widget = gtk_widget_get_parent(current) }
    guard let rowWidget = widget else { return nil }
    return app.presenter.inspection.shownRows().first { shown in
      app.presenter.inspection.rowWidgets(shown.position)?.row == rowWidget
    }?.position
  }

  private func expectation(_ action: ScriptAction) -> String? {
    let inspection = app.presenter.inspection
    switch action {
    case .expectRows(let labels):
      let rows = (0 ..< min(inspection.rowCount, labels.count + 1)).map(inspection.label)
      return rows == labels ? nil : "the rows are \(rows.joined(separator: ", "))\(inspection.rowCount > rows.count ? ", ..." : "")"
    case .expectFocus(let label):
      let focused = inspection.focusedRow.map(inspection.label)
      return focused == label ? nil : "the focus is on \(focused ?? "no row")"
    case .expectSelected(let labels):
      let selected = inspection.selectedRows.map(inspection.label)
      return selected == labels ? nil : "the selected rows are \(selected.isEmpty ? "none" : selected.joined(separator: ", "))"
    case .expectRowCount(let count):
      return inspection.rowCount == count ? nil : "there are \(inspection.rowCount.groupedDigits) rows"
    default:
      return nil
    }
  }
}

extension ScriptKey {
  /// The key's X keysym (GDK keyval).
  var keyval: Int32 {
    switch self {
    case .up: return GDK_KEY_Up
    case .down: return GDK_KEY_Down
    case .left: return GDK_KEY_Left
    case .right: return GDK_KEY_Right
    case .home: return GDK_KEY_Home
    case .end: return GDK_KEY_End
    case .pageUp: return GDK_KEY_Page_Up
    case .pageDown: return GDK_KEY_Page_Down
    case .star: return GDK_KEY_KP_Multiply
    case .space: return GDK_KEY_space
    case .a: return GDK_KEY_a
    case .z: return GDK_KEY_z
    }
  }
}
