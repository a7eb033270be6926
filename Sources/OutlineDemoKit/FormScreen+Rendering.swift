import OutlineAdapters
import OutlineKit

/// Drawing the form: a banner when its file could not be loaded, then each
/// section's heading and rows.
///
/// ```text
///   Personal
/// › ▾ Name                     Ada Lovelace
///       First name: Ada
///       Last name:  Lovelace
///   ▸ Birthday                 May 17, 1990
/// ```
extension FormScreen {
  /// One line of the form's layout.
  public enum Line: Hashable, Sendable {
    /// A line of the load-problem banner.
    case banner(String)
    /// An empty line between sections.
    case blank
    /// A section's heading.
    case heading(Int)
    /// A descriptor's row.
    case row(DescriptorForm.NodeID)
  }

  /// The width of the label column of titled rows.
  static let labelWidth = 24

  /// Every line of the form, visible rows only.
  ///
  /// - Complexity: O(r log n) for r visible rows.
  public func layout() -> [Line] {
    var lines: [Line] = []
    if let problem = document.loadProblem {
      lines.append(.banner("Could not load \(document.path) (the file is left untouched):"))
      lines.append(.banner("  \(problem)"))
      lines.append(.banner("Showing the shipped form; s saves to \(document.savePath)"))
    }
    if form.numberOfSections == 0 {
      lines.append(.banner("The form has no sections."))
    }
    for section in 0 ..< form.numberOfSections {
      if !lines.isEmpty { lines.append(.blank) }
      lines.append(.heading(section))
      for row in 0 ..< form.numberOfRows(inSection: section) {
        lines.append(.row(form.id(at: OutlineIndexPath(section: section, row: row))))
      }
    }
    return lines
  }

  /// The first line to show so that the focused row is in a body of
  /// `height` lines.
  ///
  /// - Complexity: O(r log n) for r visible rows.
  func scrollTop(height: Int) -> Int {
    let lines = layout()
    let selectedLine = focus.flatMap { id in lines.firstIndex(of: .row(id)) } ?? 0
    // Show the banner whenever the first row is focused.
    let target = selectedLine == lines.firstIndex(where: { if case .row = $0 { return true } else { return false } })
      ? 0 : selectedLine
    return ScrollWindow.top(current: top, selected: target, count: lines.count, height: height)
  }

  /// The body: `height` lines or fewer, each at most `width` columns.
  ///
  /// - Complexity: O(r log n) for r visible rows.
  public func renderBody(width: Int, height: Int) -> [ScreenLine] {
    let lines = layout()
    let first = scrollTop(height: height)
    let selectedLine = focus.flatMap { lines.firstIndex(of: .row($0)) }
    let shown = lines.indices.dropFirst(first).prefix(max(0, height))
    return shown.map { index -> ScreenLine in
      let isSelected = index == selectedLine
      var line = render(lines[index], width: width, isSelected: isSelected)
      if isSelected { line.style.insert(.highlighted) }
      return line
    }
  }

  private func render(_ line: Line, width: Int, isSelected: Bool) -> ScreenLine {
    switch line {
    case .banner(let text):
      return ScreenLine(TerminalText.fit("  " + TerminalText.sanitized(text), width: width), style: .error)
    case .blank:
      return ScreenLine()
    case .heading(let section):
      return ScreenLine(TerminalText.fit("  " + TerminalText.sanitized(form.title(ofSection: section)), width: width), style: .bold)
    case .row(let id):
      let marker = isSelected ? "› " : "  "
      return ScreenLine(TerminalText.fit(marker + rowText(id), width: width))
    }
  }

  /// The text of a row, without the focus marker.
  ///
  /// - Complexity: O(log n).
  public func rowText(_ id: DescriptorForm.NodeID) -> String {
    let descriptor = form[id]
    let indent = form.owner(of: id) == nil ? "" : "    "
    let clean = TerminalText.sanitized
    let editor = editing?.id == id ? editing?.editor : nil
    switch descriptor.cellIdentifier {
    case .textField:
      let value = editor?.textWithCursor ?? descriptor.value
      return indent + "  " + clean(descriptor.primaryTitle) + ": " + clean(value)
    case .datePicker:
      if let editor { return indent + "  Date (YYYY-MM-DD): " + editor.textWithCursor }
      guard let date = dates.storedDate(descriptor.value) else {
        let raw = descriptor.value.trimmingCharacters(in: .whitespaces)
        return indent + "  Date: " + (raw.isEmpty ? "none yet (Enter types one, + / - step from today)" : clean(raw) + " (not a date)")
      }
      return indent + "  Date: " + dates.dayText(date) + "   (+ / - a day, Enter types one)"
    case .switch:
      return indent + "  " + (form.isSwitchOn(id) ? "[x] " : "[ ] ") + clean(descriptor.primaryTitle)
    case .valuePicker:
      let chosen = form.owner(of: id).map { form[$0].primaryTitle == descriptor.primaryTitle } ?? false
      return indent + "  " + (chosen ? "(•) " : "( ) ") + clean(descriptor.primaryTitle)
    case .slider:
      let range = form.configuration.sliderRange
      let value = form.sliderValue(of: id)
      let filled = value - range.lowerBound
      let total = range.upperBound - range.lowerBound
      let bar = total <= 40
        ? String(repeating: "█", count: filled) + String(repeating: "░", count: total - filled)
        : ""
      return indent + "  " + bar + " \(value)   (← / →)"
    default:
      let disclosure = descriptor.isExpandable ? (form.isExpanded(id) ? "▾ " : "▸ ") : "  "
      let label = clean(label(of: id))
      let value = descriptor.secondaryTitle.isEmpty ? "" : clean(descriptor.primaryTitle)
      guard !value.isEmpty else { return indent + disclosure + label }
      return indent + disclosure + TerminalText.pad(label, to: Self.labelWidth) + " " + value
    }
  }

  /// The status bar's facts: the file and whether the form changed.
  ///
  /// - Complexity: O(1).
  public var statusFacts: String {
    let state: String
    if isModified {
      state = "modified (s saves to \(document.savePath))"
    } else if hasSaved {
      state = "saved to \(document.savePath)"
    } else if document.loadedFromFile {
      state = "loaded"
    } else if document.loadProblem != nil {
      state = "not loaded: the shipped form"
    } else {
      state = "the shipped form, not saved yet"
    }
    return "\(document.path) · \(state)"
  }

  /// Hints for the focused row's keys.
  ///
  /// - Complexity: O(log n).
  public var hints: String {
    if let editing {
      return editing.kind == .text
        ? "Typing: Enter done · Esc restore · ← → Home End move the cursor"
        : "Type YYYY-MM-DD: Enter sets it · Esc cancels"
    }
    guard let id = focus else { return "Tab: next screen · ? keys" }
    let descriptor = form[id]
    if descriptor.isExpandable {
      return "Enter/→ " + (form.isExpanded(id) ? "collapse (←) · → first sub-row" : "expand") + " · ↑↓ move · s save · letters jump"
    }
    switch descriptor.cellIdentifier {
    case .textField: return "Enter: type the \(TerminalText.sanitized(descriptor.primaryTitle).lowercased()) · ← parent · s save"
    case .datePicker: return "Enter: type a date · + / -: a day later / earlier · ← parent"
    case .switch: return "Enter/Space: flip the switch · ← parent · s save"
    case .valuePicker: return "Enter: pick \(TerminalText.sanitized(descriptor.primaryTitle)) · ← parent"
    case .slider: return "← / → (or - / +): move the slider · s save"
    default: return "↑↓ move · s save · Tab next screen"
    }
  }
}
