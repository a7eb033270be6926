import Foundation
import OutlineKit

/// What the form does when the user taps a row or changes a control, as the
/// tutorial app does it, without its hard-coded row numbers: each action
/// finds the row to update through the outline (a control's owner is its
/// parent node) and returns its change in section form.
///
/// A control's own row is not reloaded when its value changes: the cell
/// already shows what the user did (reloading a text field's cell would end
/// the editing). The rows whose text changed are.
extension DescriptorForm {
  // MARK: Taps

  /// Handles a tap on the row at an index path.
  ///
  /// - An expandable row toggles: its sub-rows appear or go.
  /// - A value picker (`idCellValuePicker`) writes its `primaryTitle` into
  ///   its owner's `primaryTitle` and collapses the owner.
  /// - Any other row changes nothing.
  ///
  /// ```swift
  /// func tableView(_ tableView: UITableView, didSelectRowAt indexPath: IndexPath) {
  ///   let change = form.tap(at: OutlineIndexPath(section: indexPath.section, row: indexPath.row))
  ///   tableView.performBatchUpdates { apply(change) }
  /// }
  /// ```
  ///
  /// - Returns: The rows deleted, inserted and reloaded.
  /// - Precondition: the index path names a visible row.
  /// - Complexity: O(log n).
  @discardableResult
  public mutating func tap(at indexPath: OutlineIndexPath) -> SectionedChange {
    tap(id(at: indexPath))
  }

  /// Handles a tap on a descriptor's row; see ``tap(at:)``.
  ///
  /// - Precondition: `id` names a descriptor of this form.
  /// - Complexity: O(log n).
  @discardableResult
  public mutating func tap(_ id: NodeID) -> SectionedChange {
    let descriptor = self[id]
    if descriptor.isExpandable {
      let change = outline.toggle(id)
      return _sectioned(change)
    }
    guard descriptor.cellIdentifier == .valuePicker, let owner = owner(of: id) else {
      return SectionedChange()
    }
    let change = history.record(in: &outline, named: "pick \(descriptor.primaryTitle)") { outline in
      Self._edit(owner, in: &outline) { $0.primaryTitle = descriptor.primaryTitle }
      outline.collapse(owner)
    }
    return _sectioned(change)
  }

  // MARK: Controls

  /// Stores a text field's text and shows the full name on its owner: the
  /// texts of the owner's text-field sub-rows, in order, each trimmed of
  /// white space, the empty ones left out, joined by a space ("First
  /// Last", "First", "Last" or "").
  ///
  /// - Returns: The owner's row reloaded, when its title changed.
  /// - Precondition: `id` names an `idCellTextfield` descriptor.
  /// - Complexity: O(k log n) for an owner with k sub-rows.
  @discardableResult
  public mutating func setText(_ text: String, for id: NodeID) -> SectionedChange {
    _require(.textField, id, "setText(_:for:)")
    let owner = owner(of: id)
    return _recordEdit(of: id, named: "type \(self[id].secondaryTitle.isEmpty ? self[id].primaryTitle : self[id].secondaryTitle)", value: text) { outline in
      owner.map { owner in
        outline.children(of: owner)
          .compactMap { outline[$0].descriptor }
          .filter { $0.cellIdentifier == .textField }
          .map { $0.value.trimmingCharacters(in: .whitespacesAndNewlines) }
          .filter { !$0.isEmpty }
          .joined(separator: " ")
      }
    }
  }

  /// Stores a text field's text; see ``setText(_:for:)``.
  ///
  /// - Precondition: the index path names a visible `idCellTextfield` row.
  /// - Complexity: O(k log n) for an owner with k sub-rows.
  @discardableResult
  public mutating func setText(_ text: String, at indexPath: OutlineIndexPath) -> SectionedChange {
    setText(text, for: id(at: indexPath))
  }

  /// Stores a date picker's date (as ISO 8601 text in its `value`) and shows
  /// it on its owner as a long-style date ("January 2, 2006" in
  /// `en_US_POSIX`), in the configured locale and time zone.
  ///
  /// - Returns: The owner's row reloaded, when its title changed.
  /// - Precondition: `id` names an `idCellDatePicker` descriptor.
  /// - Complexity: O(log n).
  @discardableResult
  public mutating func setDate(_ date: Date, for id: NodeID) -> SectionedChange {
    _require(.datePicker, id, "setDate(_:for:)")
    let stored = ISO8601DateFormatter().string(from: date)
    let title = longDateText(for: date)
    return _recordEdit(of: id, named: "set date", value: stored) { _ in title }
  }

  /// Stores a date picker's date; see ``setDate(_:for:)``.
  ///
  /// - Precondition: the index path names a visible `idCellDatePicker` row.
  /// - Complexity: O(log n).
  @discardableResult
  public mutating func setDate(_ date: Date, at indexPath: OutlineIndexPath) -> SectionedChange {
    setDate(date, for: id(at: indexPath))
  }

  /// The date a date picker holds, or nil when its `value` is not an ISO
  /// 8601 date (the tutorial's file leaves it empty).
  ///
  /// - Precondition: `id` names an `idCellDatePicker` descriptor.
  /// - Complexity: O(1).
  public func date(of id: NodeID) -> Date? {
    _require(.datePicker, id, "date(of:)")
    return ISO8601DateFormatter().date(from: self[id].value)
  }

  /// A date as a date picker's owner shows it: long style, no time, in the
  /// configured locale and time zone.
  ///
  /// - Complexity: O(1).
  public func longDateText(for date: Date) -> String {
    let formatter = DateFormatter()
    formatter.locale = configuration.locale
    formatter.timeZone = configuration.timeZone
    formatter.dateStyle = .long
    formatter.timeStyle = .none
    return formatter.string(from: date)
  }

  /// Stores a switch's state as `"true"` or `"false"` and shows
  /// "Married" or "Single" (the configured titles) on its owner.
  ///
  /// - Returns: The owner's row reloaded, when its title changed.
  /// - Precondition: `id` names an `idCellSwitch` descriptor.
  /// - Complexity: O(log n).
  @discardableResult
  public mutating func setSwitch(_ isOn: Bool, for id: NodeID) -> SectionedChange {
    _require(.switch, id, "setSwitch(_:for:)")
    let title = isOn ? configuration.switchOnTitle : configuration.switchOffTitle
    return _recordEdit(of: id, named: "switch to \(title)", value: isOn ? "true" : "false") { _ in title }
  }

  /// Stores a switch's state; see ``setSwitch(_:for:)``.
  ///
  /// - Precondition: the index path names a visible `idCellSwitch` row.
  /// - Complexity: O(log n).
  @discardableResult
  public mutating func setSwitch(_ isOn: Bool, at indexPath: OutlineIndexPath) -> SectionedChange {
    setSwitch(isOn, for: id(at: indexPath))
  }

  /// Whether a switch is on: its `value` is `"true"`.
  ///
  /// - Precondition: `id` names an `idCellSwitch` descriptor.
  /// - Complexity: O(1).
  public func isSwitchOn(_ id: NodeID) -> Bool {
    _require(.switch, id, "isSwitchOn(_:)")
    return self[id].value == "true"
  }

  /// Stores a slider's value as a whole number and shows it on its owner.
  ///
  /// The value is rounded to the nearest whole number and clamped to the
  /// configured range (`0...10`): 3.6 stores "4", 12 stores "10", -1 stores
  /// "0". NaN counts as the range's lower bound.
  ///
  /// - Returns: The owner's row reloaded, when its title changed.
  /// - Precondition: `id` names an `idCellSlider` descriptor.
  /// - Complexity: O(log n).
  @discardableResult
  public mutating func setSliderValue(_ value: Double, for id: NodeID) -> SectionedChange {
    _require(.slider, id, "setSliderValue(_:for:)")
    let text = String(_clampedSliderValue(value))
    return _recordEdit(of: id, named: "slide to \(text)", value: text) { _ in text }
  }

  /// Stores a slider's value; see ``setSliderValue(_:for:)``.
  ///
  /// - Precondition: the index path names a visible `idCellSlider` row.
  /// - Complexity: O(log n).
  @discardableResult
  public mutating func setSliderValue(_ value: Double, at indexPath: OutlineIndexPath) -> SectionedChange {
    setSliderValue(value, for: id(at: indexPath))
  }

  /// The whole number a slider holds: its `value` read as a number ("0.0"
  /// in the tutorial's file reads as 0), rounded and clamped to the
  /// configured range; text that is not a number reads as the lower bound.
  ///
  /// - Precondition: `id` names an `idCellSlider` descriptor.
  /// - Complexity: O(1).
  public func sliderValue(of id: NodeID) -> Int {
    _require(.slider, id, "sliderValue(of:)")
    return _clampedSliderValue(Double(self[id].value.trimmingCharacters(in: .whitespaces)) ?? .nan)
  }

  // MARK: Sections

  /// Changes a section's title.
  ///
  /// - Returns: The section reloaded, when its title changed.
  /// - Precondition: `0 <= section < numberOfSections`.
  /// - Complexity: O(log n).
  @discardableResult
  public mutating func setTitle(_ title: String, ofSection section: Int) -> SectionedChange {
    let root = sections.root(ofSection: section)
    guard outline[root] != .section(title: title) else { return SectionedChange() }
    let change = history.record(in: &outline, named: "rename section") { $0[root] = .section(title: title) }
    return _sectioned(change)
  }

  // MARK: Helpers

  private func _clampedSliderValue(_ value: Double) -> Int {
    let range = configuration.sliderRange
    guard !value.isNaN else { return range.lowerBound }
    let rounded = value.rounded()
    if rounded <= Double(range.lowerBound) { return range.lowerBound }
    if rounded >= Double(range.upperBound) { return range.upperBound }
    return Int(rounded)
  }

  /// Sets a control's value and its owner's title (from `title`, given
  /// the outline with the value set) as one undo step; nothing, and no
  /// step, when neither changes. The change is the
  /// owner's row only: the control's own row is not redrawn under the
  /// user's finger.
  private mutating func _recordEdit(
    of id: NodeID, named name: String, value: String, title: (Outline<Item>) -> String?
  ) -> SectionedChange {
    let owner = owner(of: id)
    var titleChange = OutlineChange()
    history.record(in: &outline, named: name) { outline in
      if outline[id].descriptor?.value != value { Self._edit(id, in: &outline) { $0.value = value } }
      guard let owner, let title = title(outline), outline[owner].descriptor?.primaryTitle != title else { return }
      titleChange = outline.batch { Self._edit(owner, in: &$0) { $0.primaryTitle = title } }
    }
    return _sectioned(titleChange)
  }

  private static func _edit(_ id: NodeID, in outline: inout Outline<Item>, _ body: (inout CellDescriptor) -> Void) {
    guard var descriptor = outline[id].descriptor else {
      preconditionFailure("DescriptorForm: node \(id) is a section, not a cell descriptor")
    }
    body(&descriptor)
    outline[id] = .cell(descriptor)
  }

  private func _require(_ identifier: CellIdentifier, _ id: NodeID, _ function: String) {
    let actual = self[id].cellIdentifier
    precondition(
      actual == identifier,
      "DescriptorForm.\(function): the row is \(actual.rawValue), not \(identifier.rawValue)")
  }

  /// A change of the outline, in the form's sections; the view is made
  /// after the mutation, as `convert(_:)` requires.
  ///
  /// Call it in a statement after the mutation, never as
  /// `_sectioned(outline.toggle(id))`: Swift evaluates `self` (a copy of
  /// the struct, before the mutation) before the argument, and the view
  /// would describe the old outline.
  internal func _sectioned(_ change: OutlineChange) -> SectionedChange {
    sections.convert(change)
  }
}
