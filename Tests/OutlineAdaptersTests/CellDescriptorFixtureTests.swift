import Foundation
import OutlineKit
import XCTest

@testable import OutlineAdapters

/// The tutorial's own file, read from ../shared/fixtures (never copied into
/// the package), checked against the facts its README lists.
final class CellDescriptorFixtureTests: XCTestCase {
  func load() throws -> DescriptorForm {
    try DescriptorForm(contentsOf: Fixtures.cellDescriptorFile(), configuration: fixedConfiguration)
  }

  func testSectionsDescriptorsAndVisibleRows() throws {
    let form = try load()
    XCTAssertEqual(form.numberOfSections, 3)
    XCTAssertEqual((0 ..< 3).map(form.title(ofSection:)), ["Personal", "Preferences", "Work Experience"])
    XCTAssertEqual((0 ..< 3).map(form.numberOfDescriptors(inSection:)), [7, 9, 2])
    XCTAssertEqual((0 ..< 3).map(form.numberOfRows(inSection:)), [3, 2, 1])
    XCTAssertEqual(
      (0 ..< 3).flatMap { section in (0 ..< form.numberOfRows(inSection: section)).map { form.descriptor(at: path(section, $0)).secondaryTitle } },
      ["Fullname", "Date of Birth", "Marital Status", "Favorite Sport", "Favorite Color", "Level"])
  }

  func testExpandableRowsOwnTheirAdditionalRows() throws {
    var form = try load()
    let owners = form.ids { $0.isExpandable }
    XCTAssertEqual(owners.map { form.outline.children(of: $0).count }, [2, 1, 1, 4, 3, 1])
    form.tap(at: path(1, 0))
    XCTAssertEqual(
      (1 ... 4).map { form.descriptor(at: path(1, $0)).primaryTitle }, ["Football", "Basketball", "Baseball", "Volleyball"])
  }

  func testRowHeights() throws {
    var form = try load()
    XCTAssertEqual(form.height(at: path(0, 0)), 60)
    form.tap(at: path(0, 1))  // Date of Birth
    XCTAssertEqual(form.descriptor(at: path(0, 2)).cellIdentifier, .datePicker)
    XCTAssertEqual(form.height(at: path(0, 2)), 270)
    form.tap(at: path(0, 0))
    XCTAssertEqual(form.descriptor(at: path(0, 1)).cellIdentifier, .textField)
    XCTAssertEqual(form.height(at: path(0, 1)), 44)
  }

  func testSwitchSliderDateValuePickerAndNames() throws {
    var form = try load()
    let toggle = form.ids { $0.cellIdentifier == .switch }[0]
    XCTAssertEqual(form[toggle].value, "false")
    XCTAssertFalse(form.isSwitchOn(toggle))
    form.setSwitch(true, for: toggle)
    XCTAssertEqual(form[toggle].value, "true")
    XCTAssertEqual(form.descriptor(at: path(0, 2)).primaryTitle, "Married")

    let slider = form.ids { $0.cellIdentifier == .slider }[0]
    XCTAssertEqual(form[slider].value, "0.0")
    XCTAssertEqual(form.sliderValue(of: slider), 0)
    form.setSliderValue(7.2, for: slider)
    XCTAssertEqual(form[slider].value, "7")
    XCTAssertEqual(form.descriptor(at: path(2, 0)).primaryTitle, "7")

    let picker = form.ids { $0.cellIdentifier == .datePicker }[0]
    form.setDate(Date(timeIntervalSince1970: 1_136_214_245), for: picker)
    XCTAssertEqual(form.descriptor(at: path(0, 1)).primaryTitle, "January 2, 2006")

    form.tap(at: path(1, 1))  // Favorite Color
    form.tap(at: path(1, 4))  // Blue
    XCTAssertEqual(form.descriptor(at: path(1, 1)).primaryTitle, "Blue")
    XCTAssertEqual(form.numberOfRows(inSection: 1), 2)

    let names = form.ids { $0.cellIdentifier == .textField }
    form.setText("Gabriel", for: names[0])
    form.setText("Theodoropoulos", for: names[1])
    XCTAssertEqual(form.descriptor(at: path(0, 0)).primaryTitle, "Gabriel Theodoropoulos")
  }

  func testLoadThenSaveGivesAnEquivalentPropertyList() throws {
    let url = try Fixtures.cellDescriptorFile()
    let original = try propertyListValue(of: Data(contentsOf: url))
    let form = try DescriptorForm(contentsOf: url)
    XCTAssertEqual(try propertyListValue(of: form.propertyListData()), original)
    XCTAssertEqual(try propertyListValue(of: form.propertyListData(format: .binary)), original)
  }
}
