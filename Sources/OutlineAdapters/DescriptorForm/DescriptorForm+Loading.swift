import Foundation
import OutlineSupport
import OutlineKit

/// Loading a descriptor file: property list, XML or binary, checked in full.
extension DescriptorForm {
  /// The keys of a descriptor dictionary, all required.
  public static let descriptorKeys = [
    "isExpandable", "isExpanded", "isVisible", "value", "primaryTitle", "secondaryTitle",
    "cellIdentifier", "additionalRows",
  ]

  /// Loads a form from a descriptor file.
  ///
  /// - Parameters:
  ///   - url: A file URL of a property list (XML, binary or OpenStep).
  ///   - sectionTitles: The section titles, which the file does not hold;
  ///     sections past the end of the list get an empty title.
  ///   - configuration: Row heights, control titles and date formatting.
  /// - Throws: ``DescriptorFormError``: `.unreadable` when the file cannot
  ///   be read, or any error of ``init(propertyListData:sectionTitles:configuration:)``.
  /// - Complexity: O(n log n) for n descriptors.
  public init(
    contentsOf url: URL, sectionTitles: [String] = DescriptorForm.defaultSectionTitles,
    configuration: Configuration = Configuration()
  ) throws {
    let data: Data
    do {
      data = try Data(contentsOf: url)
    } catch {
      throw DescriptorFormError(reason: .unreadable(error.localizedDescription))
    }
    try self.init(propertyListData: data, sectionTitles: sectionTitles, configuration: configuration)
  }

  /// Loads a form from the bytes of a descriptor file.
  ///
  /// ```swift
  /// let form = try DescriptorForm(propertyListData: data)
  /// ```
  ///
  /// - Throws: ``DescriptorFormError``: `.notAPropertyList`, or any error of
  ///   ``init(propertyList:sectionTitles:configuration:)``.
  /// - Complexity: O(n log n) for n descriptors.
  public init(
    propertyListData data: Data, sectionTitles: [String] = DescriptorForm.defaultSectionTitles,
    configuration: Configuration = Configuration()
  ) throws {
    let object: Any
    do {
      object = try PropertyListSerialization.propertyList(from: data, options: [], format: nil)
    } catch {
      throw DescriptorFormError(reason: .notAPropertyList(foundationMessage(of: error)))
    }
    guard let value = PropertyListValue(object) else {
      throw DescriptorFormError(
        reason: .wrongShape(expected: "an array of sections", found: "a value of an unknown type"))
    }
    try self.init(propertyList: value, sectionTitles: sectionTitles, configuration: configuration)
  }

  /// Builds a form from a parsed property list, checking it.
  ///
  /// The root must be an array of sections; each section an array of
  /// descriptor dictionaries; each dictionary must have the eight
  /// ``descriptorKeys`` with the right types (Booleans for `isExpandable`,
  /// `isExpanded` and `isVisible`, an integer for `additionalRows`, strings
  /// for the others). Other keys are kept. An expandable row owns the next
  /// `additionalRows` rows of its section as sub-rows; those ranges must
  /// stay in their section and must not contain another expandable row.
  ///
  /// `isExpanded` is taken as the row's expanded flag. `isVisible` is
  /// checked for its type but otherwise ignored: whether a row is visible
  /// follows from the flags.
  ///
  /// - Throws: ``DescriptorFormError`` naming the section and row of the
  ///   first problem.
  /// - Complexity: O(n log n) for n descriptors.
  public init(
    propertyList: PropertyListValue, sectionTitles: [String] = DescriptorForm.defaultSectionTitles,
    configuration: Configuration = Configuration()
  ) throws {
    guard case .array(let sections) = propertyList else {
      throw DescriptorFormError(
        reason: .wrongShape(expected: "an array of sections", found: propertyList.kindDescription))
    }
    var preorder: [(node: Item, depth: Int)] = []
    var expanded: [Bool] = []
    for (sectionIndex, section) in sections.enumerated() {
      guard case .array(let rows) = section else {
        throw DescriptorFormError(
          section: sectionIndex,
          reason: .wrongShape(expected: "an array of cell descriptors", found: section.kindDescription))
      }
      let title = sectionIndex < sectionTitles.count ? sectionTitles[sectionIndex] : ""
      preorder.append((.section(title: title), 0))
      expanded.append(true)
      // The expandable row whose sub-rows are being read, and its last sub-row.
      var open: (owner: Int, last: Int)?
      for (rowIndex, row) in rows.enumerated() {
        let parsed = try Self._parse(row, section: sectionIndex, row: rowIndex)
        if let range = open, rowIndex > range.last { open = nil }
        func fail(_ reason: DescriptorFormError.Reason) -> DescriptorFormError {
          DescriptorFormError(section: sectionIndex, row: rowIndex, reason: reason)
        }
        let extra = parsed.additionalRows
        guard extra >= 0 else { throw fail(.negativeAdditionalRows(extra)) }
        if parsed.descriptor.isExpandable {
          if let range = open { throw fail(.overlapsRange(ofRow: range.owner, through: range.last)) }
          let rowsAfter = rows.count - 1 - rowIndex
          guard extra <= rowsAfter else { throw fail(.rangePastEndOfSection(additionalRows: extra, rowsAfter: rowsAfter)) }
        } else if extra != 0 {
          throw fail(.additionalRowsOnPlainRow(extra))
        }
        preorder.append((.cell(parsed.descriptor), open == nil ? 1 : 2))
        expanded.append(parsed.isExpanded)
        if parsed.descriptor.isExpandable && extra > 0 { open = (rowIndex, rowIndex + extra) }
      }
    }
    var outline = Outline(preorder: preorder)
    var stack = Array(outline.roots.reversed())
    var position = 0
    while let id = stack.popLast() {
      if expanded[position] { outline.expand(id) }
      position += 1
      stack.append(contentsOf: outline.children(of: id).reversed())
    }
    self.init(outline: outline, configuration: configuration)
  }

  /// One checked descriptor dictionary.
  private static func _parse(
    _ value: PropertyListValue, section: Int, row: Int
  ) throws -> (descriptor: CellDescriptor, isExpanded: Bool, additionalRows: Int) {
    func fail(_ reason: DescriptorFormError.Reason) -> DescriptorFormError {
      DescriptorFormError(section: section, row: row, reason: reason)
    }
    guard case .dictionary(var fields) = value else {
      throw fail(.wrongShape(expected: "a cell descriptor dictionary", found: value.kindDescription))
    }
    func take(_ key: String) throws -> PropertyListValue {
      guard let value = fields.removeValue(forKey: key) else { throw fail(.missingKey(key)) }
      return value
    }
    func bool(_ key: String) throws -> Bool {
      let value = try take(key)
      guard case .bool(let result) = value else {
        throw fail(.mistypedKey(key, expected: "a Boolean", found: value.kindDescription))
      }
      return result
    }
    func string(_ key: String) throws -> String {
      let value = try take(key)
      guard case .string(let result) = value else {
        throw fail(.mistypedKey(key, expected: "a string", found: value.kindDescription))
      }
      return result
    }
    func integer(_ key: String) throws -> Int {
      let value = try take(key)
      guard case .integer(let result) = value else {
        throw fail(.mistypedKey(key, expected: "an integer", found: value.kindDescription))
      }
      return result
    }
    // In the file's key order, so the first problem reported is the first one met.
    let isExpandable = try bool("isExpandable")
    let isExpanded = try bool("isExpanded")
    _ = try bool("isVisible")  // derived state: type-checked, never trusted
    let valueText = try string("value")
    let primaryTitle = try string("primaryTitle")
    let secondaryTitle = try string("secondaryTitle")
    let identifier = try string("cellIdentifier")
    let additionalRows = try integer("additionalRows")
    let descriptor = CellDescriptor(
      isExpandable: isExpandable, value: valueText, primaryTitle: primaryTitle,
      secondaryTitle: secondaryTitle, cellIdentifier: CellIdentifier(rawValue: identifier),
      otherFields: fields)
    return (descriptor, isExpanded, additionalRows)
  }
}
