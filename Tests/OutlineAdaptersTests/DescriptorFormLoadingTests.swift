import Foundation
import OutlineKit
import XCTest
import OutlineTestSupport

@testable import OutlineAdapters

final class DescriptorFormLoadingTests: XCTestCase {
  // MARK: The sample file

  func testSampleFormHasItsSectionsRowsAndTitles() throws {
    let form = try DescriptorForm.sample(configuration: fixedConfiguration)
    XCTAssertEqual(form.numberOfSections, 3)
    XCTAssertEqual((0 ..< 3).map(form.title(ofSection:)), ["Personal", "Preferences", "Work Experience"])
    XCTAssertEqual((0 ..< 3).map(form.numberOfDescriptors(inSection:)), [7, 10, 2])
    XCTAssertEqual((0 ..< 3).map(form.numberOfRows(inSection:)), [3, 3, 2])
    XCTAssertEqual((0 ..< 3).map { form.descriptor(at: path(0, $0)).secondaryTitle }, ["Name", "Birthday", "Marital status"])
    XCTAssertEqual(form.descriptor(at: path(1, 2)).secondaryTitle, "Newsletter")
    XCTAssertEqual(form.descriptor(at: path(2, 1)).cellIdentifier, .slider)
    XCTAssertEqual(form.descriptor(at: path(2, 1)).value, "3")
    XCTAssertTrue(form.isExpanded(form.id(at: path(2, 0))))
  }

  func testBinaryPropertyListLoadsTheSameForm() throws {
    let form = try DescriptorForm.sample()
    let binary = try form.propertyListData(format: .binary)
    XCTAssertEqual(Array(binary.prefix(8)), Array("bplist00".utf8))
    let reloaded = try DescriptorForm(propertyListData: binary)
    XCTAssertEqual(reloaded.propertyList(), form.propertyList())
    XCTAssertEqual((0 ..< 3).map(reloaded.numberOfRows(inSection:)), [3, 3, 2])
  }

  func testVisibilityIsDerivedNeverTrusted() throws {
    // The file says the collapsed row's sub-row is visible and the top-level row is not.
    let list = descriptorList([[
      descriptor(expandable: true, expanded: false, visible: false, secondary: "Owner", additionalRows: 1),
      descriptor(visible: true, primary: "Sub-row", identifier: "idCellTextfield"),
      descriptor(visible: false, secondary: "Plain"),
    ]])
    let form = try DescriptorForm(propertyList: list)
    XCTAssertEqual(form.numberOfRows(inSection: 0), 2)
    XCTAssertEqual(form.descriptor(at: path(0, 0)).secondaryTitle, "Owner")
    XCTAssertEqual(form.descriptor(at: path(0, 1)).secondaryTitle, "Plain")
    let subRow = form.ids { $0.primaryTitle == "Sub-row" }[0]
    XCTAssertFalse(form.isVisible(subRow))
    XCTAssertNil(form.indexPath(of: subRow))
    // Saving writes the derived values.
    guard case .array(let sections) = form.propertyList(), case .array(let rows) = sections[0] else {
      return XCTFail("not an array of sections")
    }
    let visible = rows.map { row -> PropertyListValue? in
      if case .dictionary(let fields) = row { return fields["isVisible"] }
      return nil
    }
    XCTAssertEqual(visible, [.bool(true), .bool(false), .bool(true)])
  }

  func testExpandedFlagsAreLoaded() throws {
    let list = descriptorList([[
      descriptor(expandable: true, expanded: true, secondary: "Open", additionalRows: 2),
      descriptor(primary: "One", identifier: "idCellValuePicker"),
      descriptor(primary: "Two", identifier: "idCellValuePicker"),
      descriptor(expandable: true, expanded: false, secondary: "Closed", additionalRows: 1),
      descriptor(primary: "Three", identifier: "idCellValuePicker"),
    ]])
    let form = try DescriptorForm(propertyList: list)
    XCTAssertEqual((0 ..< 4).map { form.descriptor(at: path(0, $0)).primaryTitle + form.descriptor(at: path(0, $0)).secondaryTitle }, ["Open", "One", "Two", "Closed"])
    XCTAssertEqual(form.owner(of: form.id(at: path(0, 2))), form.id(at: path(0, 0)))
    XCTAssertNil(form.owner(of: form.id(at: path(0, 3))))
  }

  func testSectionTitlesCanBeOverriddenAndExtraSectionsGetEmptyTitles() throws {
    let list = descriptorList([[descriptor(secondary: "a")], [descriptor(secondary: "b")]])
    let form = try DescriptorForm(propertyList: list, sectionTitles: ["About you"])
    XCTAssertEqual(form.title(ofSection: 0), "About you")
    XCTAssertEqual(form.title(ofSection: 1), "")
  }

  func testEmptySectionsAndEmptyFormsLoad() throws {
    let empty = try DescriptorForm(propertyList: .array([]))
    XCTAssertEqual(empty.numberOfSections, 0)
    let oneEmpty = try DescriptorForm(propertyList: descriptorList([[]]))
    XCTAssertEqual(oneEmpty.numberOfSections, 1)
    XCTAssertEqual(oneEmpty.numberOfRows(inSection: 0), 0)
  }

  func testUnknownKeysAreKeptAndSaved() throws {
    var fields = descriptor(secondary: "Plain")
    fields["accessibilityHint"] = .string("Says hello")
    fields["weight"] = .real(1.5)
    let form = try DescriptorForm(propertyList: descriptorList([[fields]]))
    XCTAssertEqual(form.descriptor(at: path(0, 0)).otherFields, ["accessibilityHint": .string("Says hello"), "weight": .real(1.5)])
    XCTAssertEqual(form.propertyList(), descriptorList([[fields.merging(["isVisible": .bool(true)]) { $1 }]]))
  }

  // MARK: Errors

  func testDataThatIsNotAPropertyListThrows() {
    for bytes in ["", "<plist><array>", "{ key = "] {
      let error = descriptorError { _ = try DescriptorForm(propertyListData: Data(bytes.utf8)) }
      guard case .notAPropertyList? = error?.reason else {
        XCTFail("\(bytes): \(String(describing: error))")
        continue
      }
      XCTAssertNil(error?.section)
      XCTAssertTrue(error!.description.hasPrefix("not a property list: "), error!.description)
    }
  }

  func testRootOfTheWrongShapeThrows() {
    let dictionary = descriptorError {
      _ = try DescriptorForm(propertyListData: Data("<plist version=\"1.0\"><dict/></plist>".utf8))
    }
    XCTAssertEqual(dictionary, DescriptorFormError(reason: .wrongShape(expected: "an array of sections", found: "a dictionary")))
    XCTAssertEqual(dictionary?.description, "expected an array of sections, found a dictionary")
    // An OpenStep property list of one string is a property list, but not a form.
    let string = descriptorError { _ = try DescriptorForm(propertyListData: Data("hello".utf8)) }
    XCTAssertEqual(string, DescriptorFormError(reason: .wrongShape(expected: "an array of sections", found: "a string")))
  }

  func testSectionOfTheWrongShapeThrows() {
    let list = PropertyListValue.array([.array([.dictionary(descriptor())]), .string("oops")])
    let error = descriptorError { _ = try DescriptorForm(propertyList: list) }
    XCTAssertEqual(error, DescriptorFormError(section: 1, reason: .wrongShape(expected: "an array of cell descriptors", found: "a string")))
    XCTAssertEqual(error?.description, "section 1: expected an array of cell descriptors, found a string")
  }

  func testDescriptorOfTheWrongShapeThrows() {
    let list = PropertyListValue.array([.array([.dictionary(descriptor()), .array([])])])
    let error = descriptorError { _ = try DescriptorForm(propertyList: list) }
    XCTAssertEqual(error, DescriptorFormError(section: 0, row: 1, reason: .wrongShape(expected: "a cell descriptor dictionary", found: "an array")))
    XCTAssertEqual(error?.description, "section 0, row 1: expected a cell descriptor dictionary, found an array")
  }

  func testEachMissingKeyThrows() {
    for key in DescriptorForm.descriptorKeys {
      var fields = descriptor()
      fields[key] = nil
      let error = descriptorError { _ = try DescriptorForm(propertyList: descriptorList([[descriptor()], [descriptor(), fields]])) }
      XCTAssertEqual(error, DescriptorFormError(section: 1, row: 1, reason: .missingKey(key)))
      XCTAssertEqual(error?.description, "section 1, row 1: missing key \"\(key)\"")
    }
  }

  func testEachMistypedKeyThrows() {
    let cases: [(key: String, value: PropertyListValue, expected: String, found: String)] = [
      ("isExpandable", .string("YES"), "a Boolean", "a string"),
      ("isExpanded", .integer(1), "a Boolean", "an integer"),
      ("isVisible", .string("true"), "a Boolean", "a string"),
      ("value", .integer(3), "a string", "an integer"),
      ("primaryTitle", .bool(true), "a string", "a Boolean"),
      ("secondaryTitle", .array([]), "a string", "an array"),
      ("cellIdentifier", .dictionary([:]), "a string", "a dictionary"),
      ("additionalRows", .real(2), "an integer", "a real number"),
      ("additionalRows", .string("2"), "an integer", "a string"),
      ("value", .date(Date(timeIntervalSince1970: 0)), "a string", "a date"),
      ("value", .data(Data([1])), "a string", "data"),
    ]
    for item in cases {
      var fields = descriptor()
      fields[item.key] = item.value
      let error = descriptorError { _ = try DescriptorForm(propertyList: descriptorList([[descriptor(), descriptor(), fields]])) }
      XCTAssertEqual(error, DescriptorFormError(section: 0, row: 2, reason: .mistypedKey(item.key, expected: item.expected, found: item.found)))
      XCTAssertEqual(error?.description, "section 0, row 2: key \"\(item.key)\" is \(item.found), expected \(item.expected)")
    }
  }

  func testMistypedKeyInAFileThrows() {
    let xml = """
      <?xml version="1.0" encoding="UTF-8"?>
      <plist version="1.0"><array><array><dict>
      <key>isExpandable</key><string>yes</string>
      </dict></array></array></plist>
      """
    let error = descriptorError { _ = try DescriptorForm(propertyListData: Data(xml.utf8)) }
    XCTAssertEqual(error, DescriptorFormError(section: 0, row: 0, reason: .mistypedKey("isExpandable", expected: "a Boolean", found: "a string")))
  }

  func testNegativeAdditionalRowsThrows() {
    let list = descriptorList([[descriptor()], [descriptor(expandable: true, additionalRows: -1)]])
    let error = descriptorError { _ = try DescriptorForm(propertyList: list) }
    XCTAssertEqual(error, DescriptorFormError(section: 1, row: 0, reason: .negativeAdditionalRows(-1)))
    XCTAssertEqual(error?.description, "section 1, row 0: additionalRows is -1; it must not be negative")
  }

  func testRangePastTheEndOfItsSectionThrows() {
    let list = descriptorList([
      [descriptor(expandable: true, additionalRows: 5), descriptor(), descriptor()],
      [descriptor(), descriptor(), descriptor(), descriptor()],
    ])
    let error = descriptorError { _ = try DescriptorForm(propertyList: list) }
    XCTAssertEqual(error, DescriptorFormError(section: 0, row: 0, reason: .rangePastEndOfSection(additionalRows: 5, rowsAfter: 2)))
    XCTAssertEqual(error?.description, "section 0, row 0: additionalRows is 5, but only 2 rows follow it in its section")
    let last = descriptorError {
      _ = try DescriptorForm(propertyList: descriptorList([[descriptor(), descriptor(expandable: true, additionalRows: 1)]]))
    }
    XCTAssertEqual(last?.description, "section 0, row 1: additionalRows is 1, but only 0 rows follow it in its section")
    let one = descriptorError {
      _ = try DescriptorForm(propertyList: descriptorList([[descriptor(expandable: true, additionalRows: 2), descriptor()]]))
    }
    XCTAssertEqual(one?.description, "section 0, row 0: additionalRows is 2, but only 1 row follows it in its section")
  }

  func testOverlappingRangesThrow() {
    let list = descriptorList([[
      descriptor(), descriptor(expandable: true, additionalRows: 3), descriptor(),
      descriptor(expandable: true, additionalRows: 1), descriptor(),
    ]])
    let error = descriptorError { _ = try DescriptorForm(propertyList: list) }
    XCTAssertEqual(error, DescriptorFormError(section: 0, row: 3, reason: .overlapsRange(ofRow: 1, through: 4)))
    XCTAssertEqual(
      error?.description,
      "section 0, row 3: an expandable row inside the sub-rows of the expandable row 1 (rows 2...4); their ranges overlap")
    // An expandable row with no sub-rows inside another's range overlaps it too.
    let empty = descriptorError {
      _ = try DescriptorForm(propertyList: descriptorList([[descriptor(expandable: true, additionalRows: 1), descriptor(expandable: true)]]))
    }
    XCTAssertEqual(empty, DescriptorFormError(section: 0, row: 1, reason: .overlapsRange(ofRow: 0, through: 1)))
  }

  func testAdjacentRangesDoNotOverlap() throws {
    let list = descriptorList([[
      descriptor(expandable: true, additionalRows: 1), descriptor(),
      descriptor(expandable: true, additionalRows: 1), descriptor(),
    ]])
    let form = try DescriptorForm(propertyList: list)
    XCTAssertEqual(form.numberOfRows(inSection: 0), 2)
  }

  func testAdditionalRowsOnAPlainRowThrows() {
    let list = descriptorList([[descriptor(additionalRows: 2), descriptor(), descriptor()]])
    let error = descriptorError { _ = try DescriptorForm(propertyList: list) }
    XCTAssertEqual(error, DescriptorFormError(section: 0, row: 0, reason: .additionalRowsOnPlainRow(2)))
    XCTAssertEqual(error?.description, "section 0, row 0: additionalRows is 2 on a row that is not expandable; it must be 0")
  }

  func testAMissingFileThrowsUnreadable() throws {
    let directory = try makeTemporaryDirectory { addTeardownBlock($0) }
    let error = descriptorError { _ = try DescriptorForm(contentsOf: directory.appendingPathComponent("none.plist")) }
    guard case .unreadable? = error?.reason else { return XCTFail(String(describing: error)) }
    XCTAssertNil(error?.section)
    XCTAssertTrue(error!.description.hasPrefix("cannot read the file: "), error!.description)
  }
}
