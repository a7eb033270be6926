import OutlineAdapters
import OutlineKit

/// Drawing the form: a banner when its file could not be loaded, then each
/// section's heading and rows, a row as many lines as its height in the
/// form's geometry.
///
/// ```text
///   Personal
/// › ▾ Name                     Ada Lovelace
///       First name: Ada
///       Last name:  Lovelace
///   ▾ Birthday                 May 17, 1990
///       Date: 1990-05-17   (+ / - a day, Enter types one)
///        Mo  Tu  We  Th  Fr  Sa  Su
///        14  15  16 [17] 18  19  20
/// ```
extension FormScreen {
  /// The terminal's row heights, in lines: two for a section's header (a
  /// blank line and the title), three for a date picker (the date and a
  /// week), two for a slider (the bar and its scale), one for the others.
  /// The form keeps them in its outline's geometry.
  ///
  /// - Complexity: O(1).
  package static func terminalConfiguration(_ configuration: DescriptorForm.Configuration) -> DescriptorForm.Configuration {
    var configuration = configuration
    configuration.rowHeights = [.datePicker: 3, .slider: 2]
    configuration.defaultRowHeight = 1
    configuration.sectionHeaderHeight = 2
    return configuration
  }

  /// The width of the label column of titled rows.
  static let labelWidth = 24

  /// The lines above the form: why its file could not be loaded, or that
  /// it has no sections.
  ///
  /// - Complexity: O(1).
  package var bannerLines: [String] {
    var lines: [String] = []
    if let problem = document.loadProblem {
      lines.append("Could not load \(document.path) (the file is left untouched):")
      lines.append("  \(problem)")
      lines.append("Showing the shipped form; s saves to \(document.savePath)")
    }
    if form.numberOfSections == 0 { lines.append("The form has no sections.") }
    return lines
  }

  /// The form's first lines not shown: the blank line of the first
  /// section's header, when nothing is above it.
  var hiddenLead: Int { document.loadProblem == nil && form.numberOfSections > 0 ? 1 : 0 }

  /// The lines of the whole screen's content: the banner, then the form's
  /// geometry (`contentHeight`).
  ///
  /// - Complexity: O(1).
  package var contentLines: Int { bannerLines.count + Int(form.contentHeight) - hiddenLead }

  /// The lines of the content a visible row (or a section's header) takes.
  ///
  /// - Complexity: O(log n).
  package func lines(of id: DescriptorForm.NodeID) -> Range<Int> {
    let top = Int(form.offset(of: id)) + bannerLines.count - hiddenLead
    return top ..< top + Int(form.height(of: id))
  }

  /// The first line to show so that the focused row is in a body of
  /// `height` lines (all of it, or its top when it is taller); the banner
  /// shows whenever the first row is focused.
  ///
  /// - Complexity: O(log n).
  func scrollTop(height: Int) -> Int {
    guard let focus, form.outline.row(of: focus) != nil else { return 0 }
    let first = form.outline.rows.dropFirst().first  // the first section's first row
    let span = focus == first ? 0 ..< lines(of: focus).upperBound : lines(of: focus)
    return ScrollWindow.top(current: top, span: span, content: contentLines, height: height)
  }

  /// The body: `height` lines or fewer, each at most `width` columns, with
  /// a scroll bar in the last column when the form does not fit.
  ///
  /// The lines come from the form's geometry (`rows(inOffsets:)`), so the
  /// first one may be inside a taller row.
  ///
  /// - Complexity: O(log n + height).
  package func renderBody(width: Int, height: Int) -> [ScreenLine] {
    guard height > 0 else { return [] }
    let banner = bannerLines
    let content = contentLines
    let textWidth = content > height ? width - 1 : width
    let first = scrollTop(height: height)
    var lines: [ScreenLine] = []
    for line in banner.dropFirst(first).prefix(height) {
      lines.append(ScreenLine(TerminalText.fit("  " + TerminalText.sanitized(line), width: textWidth), style: .error))
    }
    let outline = form.outline
    if lines.count < height && outline.rowCount > 0 {
      let y = max(0, first - banner.count) + hiddenLead
      let rows = outline.rows(inOffsets: Double(y) ..< Double(y + height - lines.count))
      if !rows.isEmpty {
        var skip = y - Int(outline.offset(ofRow: rows.lowerBound))
        for id in outline.rows[rows] {
          for line in renderLines(of: id, width: textWidth).dropFirst(skip) where lines.count < height { lines.append(line) }
          skip = 0
        }
      }
    }
    return lines.withScrollBar(top: first, height: height, content: content)
  }

  /// A section's header or a row, as many lines as its height.
  private func renderLines(of id: DescriptorForm.NodeID, width: Int) -> [ScreenLine] {
    let height = max(1, Int(form.height(of: id)))
    guard form.outline[id].descriptor != nil else {
      let section = form.outline.indexInParent(of: id)
      let title = ScreenLine(TerminalText.fit("  " + TerminalText.sanitized(form.title(ofSection: section)), width: width), style: .bold)
      return Array(repeating: ScreenLine(), count: height - 1) + [title]
    }
    let isFocused = id == focus
    var texts = rowLines(id)
    texts += Array(repeating: "", count: max(0, height - texts.count))
    return texts.prefix(height).enumerated().map { k, text in
      let marker = k == 0 && isFocused ? "› " : "  "
      return ScreenLine(TerminalText.fit(marker + text, width: width), style: isFocused ? .highlighted : [])
    }
  }

  /// The lines of a row, without the focus marker: ``rowText(_:)``, then,
  /// for a date picker, the week of its date, and for a slider, its scale.
  ///
  /// ```text
  ///       Date: December 10, 1815   (+ / - a day, Enter types one)
  ///        Mo  Tu  We  Th  Fr  Sa  Su
  ///         4   5   6   7   8   9 [10]
  /// ```
  ///
  /// - Complexity: O(log n).
  package func rowLines(_ id: DescriptorForm.NodeID) -> [String] {
    let descriptor = form[id]
    let indent = form.owner(of: id) == nil ? "" : "    "
    let first = rowText(id)
    switch descriptor.cellIdentifier {
    case .datePicker:
      let typed = editing?.id == id ? editing.flatMap { dates.date(fromTyped: $0.editor.text) } : nil
      guard let date = typed ?? dates.storedDate(descriptor.value) else {
        return [first, indent + "  (no date: the week shows when there is one)"]
      }
      let week = dates.week(of: date)
      return [first, indent + "  " + week.names, indent + "  " + week.days]
    case .slider:
      let range = form.configuration.sliderRange
      let total = range.upperBound - range.lowerBound
      guard total <= 40 else { return [first] }
      // The scale under the bar: its ends.
      let low = "\(range.lowerBound)"
      let high = "\(range.upperBound)"
      let gap = max(1, total - low.count - high.count)
      return [first, indent + "  " + low + String(repeating: "·", count: gap) + high]
    default:
      return [first]
    }
  }

  /// The text of a row, without the focus marker.
  ///
  /// - Complexity: O(log n).
  package func rowText(_ id: DescriptorForm.NodeID) -> String {
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
  package var statusFacts: String {
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
  package var hints: String {
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
