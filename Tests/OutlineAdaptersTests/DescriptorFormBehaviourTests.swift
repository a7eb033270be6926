import Foundation
import OutlineKit
import XCTest

@testable import OutlineAdapters

/// The tutorial app's behaviours on the sample form:
///
/// Personal:    Name (First name, Last name), Birthday (date picker), Marital status (switch)
/// Preferences: Favourite sport  (Squash, Soccer, Rowing, Skiing), Favourite color (Red, Yellow, Green), Newsletter
/// Work:        Years of experience, expanded (slider)
final class DescriptorFormBehaviourTests: XCTestCase {
  var form: DescriptorForm!

  override func setUpWithError() throws {
    form = try DescriptorForm.sample(configuration: fixedConfiguration)
  }

  func titles(inSection section: Int) -> [String] {
    (0 ..< form.numberOfRows(inSection: section)).map {
      let descriptor = form.descriptor(at: path(section, $0))
      return descriptor.secondaryTitle.isEmpty ? descriptor.primaryTitle : descriptor.secondaryTitle
    }
  }

  func only(_ identifier: CellIdentifier) -> DescriptorForm.NodeID {
    let ids = form.ids { $0.cellIdentifier == identifier }
    XCTAssertEqual(ids.count, 1, "\(identifier)")
    return ids[0]
  }

  // MARK: Taps

  func testTappingAnExpandableRowTogglesItsSubRows() {
    let expand = form.tap(at: path(0, 0))
    XCTAssertEqual(expand, SectionedChange(insertedRows: [path(0, 1), path(0, 2)], reloadedRows: [path(0, 0)]))
    XCTAssertEqual(titles(inSection: 0), ["Name", "First name", "Last name", "Birthday", "Marital status"])
    XCTAssertTrue(form.isExpanded(form.id(at: path(0, 0))))

    let collapse = form.tap(at: path(0, 0))
    XCTAssertEqual(collapse, SectionedChange(deletedRows: [path(0, 1), path(0, 2)], reloadedRows: [path(0, 0)]))
    XCTAssertEqual(titles(inSection: 0), ["Name", "Birthday", "Marital status"])
  }

  func testTappingTheLastRowOfASectionTouchesOnlyThatSection() {
    let change = form.tap(at: path(2, 0))
    XCTAssertEqual(change, SectionedChange(deletedRows: [path(2, 1)], reloadedRows: [path(2, 0)]))
    XCTAssertEqual(form.numberOfRows(inSection: 2), 1)
  }

  func testTappingAPlainRowOrAControlChangesNothing() {
    XCTAssertEqual(form.tap(at: path(1, 2)), SectionedChange())  // Newsletter
    XCTAssertEqual(form.tap(at: path(2, 1)), SectionedChange())  // the slider
    form.tap(at: path(0, 0))
    XCTAssertEqual(form.tap(at: path(0, 1)), SectionedChange())  // a text field
    XCTAssertEqual(titles(inSection: 1), ["Favourite sport", "Favourite color", "Newsletter"])
  }

  func testAValuePickerWritesItsTitleOnItsOwnerAndCollapsesIt() {
    form.tap(at: path(1, 0))
    XCTAssertEqual(titles(inSection: 1), ["Favourite sport", "Squash", "Soccer", "Rowing", "Skiing", "Favourite color", "Newsletter"])
    let change = form.tap(at: path(1, 2))
    XCTAssertEqual(change, SectionedChange(deletedRows: (1 ... 4).map { path(1, $0) }, reloadedRows: [path(1, 0)]))
    let sport = form.id(at: path(1, 0))
    XCTAssertEqual(form[sport].primaryTitle, "Soccer")
    XCTAssertFalse(form.isExpanded(sport))
    XCTAssertEqual(form.numberOfRows(inSection: 1), 3)
    // Another section's picker writes on its own owner.
    form.tap(at: path(1, 1))
    form.tap(at: path(1, 3))  // Yellow
    XCTAssertEqual(form.descriptor(at: path(1, 1)).primaryTitle, "Yellow")
    XCTAssertEqual(form[sport].primaryTitle, "Soccer")
  }

  // MARK: Names

  func testFirstAndLastNameComposeTheFullNameOnTheirOwner() {
    form.tap(at: path(0, 0))
    let fields = form.ids { $0.cellIdentifier == .textField }
    XCTAssertEqual(fields.map { form[$0].primaryTitle }, ["First name", "Last name"])
    let name = form.id(at: path(0, 0))

    XCTAssertEqual(form.setText("  Ada ", for: fields[0]), SectionedChange(reloadedRows: [path(0, 0)]))
    XCTAssertEqual(form[name].primaryTitle, "Ada")
    XCTAssertEqual(form[fields[0]].value, "  Ada ")
    form.setText("Lovelace", for: fields[1])
    XCTAssertEqual(form[name].primaryTitle, "Ada Lovelace")
    form.setText("", at: path(0, 1))
    XCTAssertEqual(form[name].primaryTitle, "Lovelace")
    form.setText("   ", for: fields[1])
    XCTAssertEqual(form[name].primaryTitle, "")
    XCTAssertEqual(form.setText("", for: fields[0]), SectionedChange(), "an unchanged title reloads nothing")
  }

  func testTypingIntoAHiddenFieldStillUpdatesItsOwner() {
    let first = form.ids { $0.cellIdentifier == .textField }[0]
    XCTAssertEqual(form.setText("Grace", for: first), SectionedChange(reloadedRows: [path(0, 0)]))
    XCTAssertEqual(form.descriptor(at: path(0, 0)).primaryTitle, "Grace")
  }

  // MARK: Date

  func testTheDatePickerShowsALongStyleDateOnItsOwner() throws {
    let picker = only(.datePicker)
    let date = Date(timeIntervalSince1970: 1_136_214_245)  // 2006-01-02T15:04:05Z
    XCTAssertEqual(form.setDate(date, for: picker), SectionedChange(reloadedRows: [path(0, 1)]))
    XCTAssertEqual(form.descriptor(at: path(0, 1)).primaryTitle, "January 2, 2006")
    XCTAssertEqual(form[picker].value, "2006-01-02T15:04:05Z")
    XCTAssertEqual(form.date(of: picker), date)
    // By index path, once the picker shows.
    form.tap(at: path(0, 1))
    form.setDate(Date(timeIntervalSince1970: 0), at: path(0, 2))
    XCTAssertEqual(form.descriptor(at: path(0, 1)).primaryTitle, "January 1, 1970")
  }

  func testTheDateFollowsTheConfiguredTimeZoneAndLocale() throws {
    var configuration = fixedConfiguration
    configuration.timeZone = TimeZone(identifier: "Asia/Tokyo")!
    form.configuration = configuration
    let picker = only(.datePicker)
    form.setDate(Date(timeIntervalSince1970: 1_136_235_600), for: picker)  // 2006-01-02T21:00:00Z
    XCTAssertEqual(form.descriptor(at: path(0, 1)).primaryTitle, "January 3, 2006")
    XCTAssertEqual(form.longDateText(for: Date(timeIntervalSince1970: 1_136_235_600)), "January 3, 2006")
  }

  func testAnEmptyDateValueReadsAsNoDate() {
    XCTAssertNil(form.date(of: only(.datePicker)))
  }

  // MARK: Switch

  func testTheSwitchStoresTrueOrFalseAndShowsMarriedOrSingle() {
    let toggle = only(.switch)
    XCTAssertFalse(form.isSwitchOn(toggle))
    XCTAssertEqual(form.setSwitch(true, for: toggle), SectionedChange(reloadedRows: [path(0, 2)]))
    XCTAssertEqual(form[toggle].value, "true")
    XCTAssertTrue(form.isSwitchOn(toggle))
    XCTAssertEqual(form.descriptor(at: path(0, 2)).primaryTitle, "Married")
    form.tap(at: path(0, 2))
    form.setSwitch(false, at: path(0, 3))
    XCTAssertEqual(form[toggle].value, "false")
    XCTAssertEqual(form.descriptor(at: path(0, 2)).primaryTitle, "Single")
  }

  func testTheSwitchTitlesCanBeConfigured() {
    form.configuration.switchOnTitle = "Yes"
    form.configuration.switchOffTitle = "No"
    let toggle = only(.switch)
    form.setSwitch(true, for: toggle)
    XCTAssertEqual(form.descriptor(at: path(0, 2)).primaryTitle, "Yes")
    form.setSwitch(false, for: toggle)
    XCTAssertEqual(form.descriptor(at: path(0, 2)).primaryTitle, "No")
  }

  // MARK: Slider

  func testTheSliderStoresAndShowsAWholeNumberClampedToItsRange() {
    let slider = only(.slider)
    XCTAssertEqual(form.sliderValue(of: slider), 3)
    let cases: [(Double, String)] = [(3.6, "4"), (7, "7"), (12, "10"), (-1, "0"), (.nan, "0"), (.infinity, "10"), (9.5, "10"), (0.4, "0")]
    for (input, expected) in cases {
      form.setSliderValue(input, for: slider)
      XCTAssertEqual(form[slider].value, expected, "\(input)")
      XCTAssertEqual(form.descriptor(at: path(2, 0)).primaryTitle, expected, "\(input)")
      XCTAssertEqual(form.sliderValue(of: slider), Int(expected)!)
    }
  }

  func testTheSliderReportsTheOwnersReloadOnlyWhenItsTitleChanges() {
    XCTAssertEqual(form.setSliderValue(5, at: path(2, 1)), SectionedChange(reloadedRows: [path(2, 0)]))
    XCTAssertEqual(form.setSliderValue(5.2, at: path(2, 1)), SectionedChange())
  }

  func testTheSliderRangeCanBeConfigured() {
    form.configuration.sliderRange = 1 ... 5
    let slider = only(.slider)
    form.setSliderValue(0, for: slider)
    XCTAssertEqual(form[slider].value, "1")
    form.setSliderValue(8, for: slider)
    XCTAssertEqual(form[slider].value, "5")
  }

  func testASliderValueThatIsNotANumberReadsAsTheLowerBound() throws {
    let list = descriptorList([[
      descriptor(expandable: true, additionalRows: 1),
      descriptor(value: "lots", identifier: "idCellSlider"),
    ]])
    let form = try DescriptorForm(propertyList: list)
    XCTAssertEqual(form.sliderValue(of: form.ids { $0.cellIdentifier == .slider }[0]), 0)
  }

  // MARK: Controls without an owner

  func testAControlDirectlyInItsSectionStoresItsValueAndChangesNoRow() throws {
    let list = descriptorList([[
      descriptor(visible: true, value: "false", identifier: "idCellSwitch"),
      descriptor(visible: true, identifier: "idCellTextfield"),
      descriptor(visible: true, value: "0", identifier: "idCellSlider"),
      descriptor(visible: true, identifier: "idCellDatePicker"),
      descriptor(visible: true, primary: "Pick me", identifier: "idCellValuePicker"),
    ]])
    var form = try DescriptorForm(propertyList: list)
    XCTAssertEqual(form.setSwitch(true, at: path(0, 0)), SectionedChange())
    XCTAssertEqual(form.descriptor(at: path(0, 0)).value, "true")
    XCTAssertEqual(form.setText("x", at: path(0, 1)), SectionedChange())
    XCTAssertEqual(form.descriptor(at: path(0, 1)).value, "x")
    XCTAssertEqual(form.setSliderValue(4, at: path(0, 2)), SectionedChange())
    XCTAssertEqual(form.descriptor(at: path(0, 2)).value, "4")
    XCTAssertEqual(form.setDate(Date(timeIntervalSince1970: 0), at: path(0, 3)), SectionedChange())
    XCTAssertEqual(form.descriptor(at: path(0, 3)).value, "1970-01-01T00:00:00Z")
    XCTAssertEqual(form.tap(at: path(0, 4)), SectionedChange())
  }

  // MARK: Heights and titles

  func testRowHeightsFollowTheCellIdentifier() {
    XCTAssertEqual(form.height(at: path(0, 0)), 60)
    form.tap(at: path(0, 0))
    XCTAssertEqual(form.height(at: path(0, 1)), 44)  // text field
    form.tap(at: path(0, 3))
    XCTAssertEqual(form.descriptor(at: path(0, 4)).cellIdentifier, .datePicker)
    XCTAssertEqual(form.height(at: path(0, 4)), 270)
    XCTAssertEqual(form.height(at: path(2, 1)), 44)  // slider
  }

  func testRowHeightsCanBeOverridden() {
    form.configuration.rowHeights[.normal] = 50
    form.configuration.rowHeights[.slider] = 80
    form.configuration.defaultRowHeight = 40
    XCTAssertEqual(form.height(at: path(0, 0)), 50)
    XCTAssertEqual(form.height(at: path(2, 1)), 80)
    form.tap(at: path(0, 0))
    XCTAssertEqual(form.height(at: path(0, 1)), 40)
  }

  func testSectionTitlesCanBeChanged() {
    XCTAssertEqual(form.setTitle("About you", ofSection: 0), SectionedChange(reloadedSections: [0]))
    XCTAssertEqual(form.title(ofSection: 0), "About you")
    XCTAssertEqual(form.setTitle("About you", ofSection: 0), SectionedChange())
    XCTAssertEqual(form.numberOfRows(inSection: 0), 3)
  }

  func testRowsAreFoundByWhatTheyAre() {
    let pickers = form.ids { $0.cellIdentifier == .valuePicker }
    XCTAssertEqual(pickers.map { form[$0].primaryTitle }, ["Squash", "Soccer", "Rowing", "Skiing", "Red", "Yellow", "Green"])
    XCTAssertEqual(pickers.map { form.indexPath(of: $0) }, Array(repeating: nil, count: 7))
    let owners = Set(pickers.compactMap { form.owner(of: $0) })
    XCTAssertEqual(owners.map { form[$0].secondaryTitle }.sorted(), ["Favourite color", "Favourite sport"])
  }
}
