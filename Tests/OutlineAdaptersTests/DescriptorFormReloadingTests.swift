import Foundation
import OutlineKit
import XCTest
import OutlineTestSupport

@testable import OutlineAdapters

/// `DescriptorForm.reload`: a file changed outside the app is loaded again,
/// keeping the expansion (and NodeIDs) of the descriptors that match by
/// identity (section, owner, identifier, expandability, titles but an
/// expandable row's summary, order among alike siblings).
///
/// The sample form:
///
/// Personal:    Name (First name, Last name), Birthday (date picker), Marital status (switch)
/// Preferences: Favourite sport  (Squash, Soccer, Rowing, Skiing), Favourite color (Red, Yellow, Green), Newsletter
/// Work:        Years of experience, expanded (slider)
final class DescriptorFormReloadingTests: XCTestCase {
  var form: DescriptorForm!
  /// The sample file's sections, as dictionaries, to edit as another app would.
  var file: [[[String: PropertyListValue]]] = []

  override func setUpWithError() throws {
    form = try DescriptorForm.sample(configuration: fixedConfiguration)
    guard case .array(let sections) = form.propertyList() else { return XCTFail("not an array") }
    file = sections.map { section in
      guard case .array(let rows) = section else { return [] }
      return rows.map { row in
        guard case .dictionary(let fields) = row else { return [:] }
        return fields
      }
    }
  }

  var fileValue: PropertyListValue { .array(file.map { .array($0.map(PropertyListValue.dictionary)) }) }

  @discardableResult
  func reload(titles: [String]? = nil) throws -> SectionedChange {
    try form.reload(propertyList: fileValue, sectionTitles: titles)
  }

  func titles(inSection section: Int) -> [String] {
    (0 ..< form.numberOfRows(inSection: section)).map {
      let descriptor = form.descriptor(at: path(section, $0))
      return descriptor.secondaryTitle.isEmpty ? descriptor.primaryTitle : descriptor.secondaryTitle
    }
  }

  func row(_ title: String) throws -> DescriptorForm.NodeID {
    try XCTUnwrap(form.ids { $0.secondaryTitle == title || ($0.secondaryTitle.isEmpty && $0.primaryTitle == title) }.first)
  }

  /// Every node with its value, by NodeID: what must survive a reload that changes nothing.
  func snapshot() -> [DescriptorForm.NodeID: DescriptorForm.Item] {
    var result: [DescriptorForm.NodeID: DescriptorForm.Item] = [:]
    var stack = Array(form.outline.roots)
    while let id = stack.popLast() {
      result[id] = form.outline[id]
      stack += form.outline.children(of: id)
    }
    return result
  }

  // MARK: Nothing changed, values changed

  func testReloadingWhatTheFormSavedChangesNothing() throws {
    form.tap(at: path(0, 0))  // open Name
    form.setText("Ada", for: try row("First name"))
    let before = snapshot()
    XCTAssertEqual(try form.reload(propertyListData: form.propertyListData()), SectionedChange())
    XCTAssertEqual(snapshot(), before)
    XCTAssertEqual(titles(inSection: 0), ["Name", "First name", "Last name", "Birthday", "Marital status"])
  }

  func testNewValuesRedrawTheirRowsAndTheUsersExpansionWins() throws {
    form.tap(at: path(0, 0))  // the user opens Name; the file says closed
    let name = try row("Name")
    let before = snapshot()
    file[0][1]["value"] = .string("Grace")  // First name, row 1
    file[0][0]["primaryTitle"] = .string("Grace Hopper")  // Name's summary, row 0
    file[1][0]["isExpanded"] = .bool(true)  // the file opens Favourite sport: the user's state wins
    file[2][1]["value"] = .string("7")  // the slider, row 1 of section 2
    let change = try reload()
    XCTAssertEqual(change, SectionedChange(reloadedRows: [path(0, 0), path(0, 1), path(2, 1)]))
    XCTAssertEqual(Set(snapshot().keys), Set(before.keys))
    XCTAssertTrue(form.isExpanded(name))
    XCTAssertFalse(form.isExpanded(try row("Favourite sport")))
    XCTAssertEqual(form[name].primaryTitle, "Grace Hopper")
    XCTAssertEqual(form.sliderValue(of: form.id(at: path(2, 1))), 7)
  }

  // MARK: Structure

  func testReorderedRowsKeepTheirStateAndOnlySomeMove() throws {
    let sport = try row("Favourite sport")
    let color = try row("Favourite color")
    form.tap(sport)
    // Section 1 rows: Favourite sport, its 4 choices, Favourite color, Newsletter.
    // The file puts Favourite color (with its 3 choices) first.
    let colorBlock = Array(file[1][5 ... 8])
    file[1].removeSubrange(5 ... 8)
    file[1].insert(contentsOf: colorBlock, at: 0)
    let change = try reload()
    XCTAssertEqual(titles(inSection: 1), ["Favourite color", "Favourite sport", "Squash", "Soccer", "Rowing", "Skiing", "Newsletter"])
    XCTAssertTrue(form.isExpanded(sport))
    XCTAssertFalse(form.isExpanded(color))
    XCTAssertEqual(form.outline.children(of: sport).count, 4)
    // The longest run in order is Favourite sport, Newsletter: only Favourite color moves.
    XCTAssertEqual(change, SectionedChange(deletedRows: [path(1, 5)], insertedRows: [path(1, 0)]))
  }

  func testARetitledRowIsANewRowExpandedAsTheFileSays() throws {
    let name = try row("Name")
    form.tap(name)
    file[0][0]["secondaryTitle"] = .string("Full name")
    file[0][0]["isExpanded"] = .bool(false)
    file[0][3]["isExpanded"] = .bool(true)  // Birthday: matched, stays closed
    let change = try reload()
    XCTAssertFalse(form.outline.contains(name))
    XCTAssertEqual(titles(inSection: 0), ["Full name", "Birthday", "Marital status"])
    XCTAssertEqual(change, SectionedChange(deletedRows: [path(0, 0), path(0, 1), path(0, 2)], insertedRows: [path(0, 0)]))
    // A new row opens when the file says so.
    file[0][0]["secondaryTitle"] = .string("Your name")
    file[0][0]["isExpanded"] = .bool(true)
    try reload()
    XCTAssertEqual(titles(inSection: 0), ["Your name", "First name", "Last name", "Birthday", "Marital status"])
  }

  func testRowsAndSectionsComeAndGoWithTheirHeights() throws {
    form.tap(try row("Name"))
    // Birthday and its date picker go; a section with an expanded row and a date picker comes.
    file[0].removeSubrange(3 ... 4)
    file.append([
      ["isExpandable": .bool(true), "isExpanded": .bool(true), "isVisible": .bool(true), "value": .string(""),
       "primaryTitle": .string(""), "secondaryTitle": .string("Start"), "cellIdentifier": .string("idCellNormal"),
       "additionalRows": .integer(1)],
      ["isExpandable": .bool(false), "isExpanded": .bool(false), "isVisible": .bool(true), "value": .string(""),
       "primaryTitle": .string(""), "secondaryTitle": .string(""), "cellIdentifier": .string("idCellDatePicker"),
       "additionalRows": .integer(0)],
    ])
    let change = try reload(titles: ["Personal", "Preferences", "Work Experience", "Dates"])
    XCTAssertEqual(change, SectionedChange(insertedSections: [3], deletedRows: [path(0, 3)]))
    XCTAssertEqual(titles(inSection: 0), ["Name", "First name", "Last name", "Marital status"])
    XCTAssertEqual(form.numberOfSections, 4)
    XCTAssertEqual(form.title(ofSection: 3), "Dates")
    XCTAssertEqual(form.numberOfRows(inSection: 3), 2)
    XCTAssertEqual(form.height(at: path(3, 1)), 270)
    let rowHeights = (0 ..< 4).flatMap { s in (0 ..< form.numberOfRows(inSection: s)).map { form.height(at: path(s, $0)) } }
    XCTAssertEqual(form.contentHeight, 4 * 28 + rowHeights.reduce(0, +))

    // And the section goes again.
    file.removeLast()
    XCTAssertEqual(try reload(), SectionedChange(deletedSections: [3]))
  }

  func testSectionTitlesAreKeptOrReplaced() throws {
    form.setTitle("About you", ofSection: 0)
    XCTAssertEqual(try reload(), SectionedChange())
    XCTAssertEqual(form.title(ofSection: 0), "About you")
    XCTAssertEqual(try reload(titles: ["Personal", "Preferences", "Work"]), SectionedChange(reloadedSections: [0, 2]))
    XCTAssertEqual((0 ..< 3).map(form.title(ofSection:)), ["Personal", "Preferences", "Work"])
  }

  func testAlikeSiblingsAreToldApartByOrder() throws {
    // Two text fields titled alike under Name: swapping them swaps values, moves nothing.
    file[0][2]["primaryTitle"] = .string("First name")
    file[0][1]["value"] = .string("Ada")
    file[0][2]["value"] = .string("Augusta")
    try reload()
    form.tap(try row("Name"))
    let fields = form.outline.children(of: try row("Name")).map { $0 }
    file[0][1]["value"] = .string("Augusta")
    file[0][2]["value"] = .string("Ada")
    file[0][0]["isExpanded"] = .bool(true)
    let change = try reload()
    XCTAssertEqual(change, SectionedChange(reloadedRows: [path(0, 1), path(0, 2)]))
    XCTAssertEqual(Array(form.outline.children(of: try row("Name"))), fields)
    XCTAssertEqual(fields.map { form[$0].value }, ["Augusta", "Ada"])
  }

  func testKeysTheFormDoesNotKnowSurviveEvenTheOneItUsesInside() throws {
    file[0][1]["outline.identity"] = .string("mine")
    file[0][1]["note"] = .integer(3)
    try reload()
    form.tap(try row("Name"))
    let first = form.id(at: path(0, 1))
    XCTAssertEqual(form[first].otherFields, ["outline.identity": .string("mine"), "note": .integer(3)])
    // The file says Name is closed; the user opened it, and keeps it open.
    XCTAssertEqual(try reload(), SectionedChange())
    XCTAssertEqual(form[first].otherFields["outline.identity"], .string("mine"))
  }

  // MARK: Errors

  func testABadFileThrowsAndLeavesTheFormUntouched() throws {
    form.tap(try row("Name"))
    let before = snapshot()
    let state = form.propertyList()
    file[1][5].removeValue(forKey: "cellIdentifier")
    XCTAssertThrowsError(try reload()) { error in
      XCTAssertEqual("\(error)", #"section 1, row 5: missing key "cellIdentifier""#)
    }
    XCTAssertThrowsError(try form.reload(propertyListData: Data("(".utf8))) { error in
      XCTAssertTrue("\(error)".hasPrefix("not a property list"), "\(error)")
    }
    let missing = try makeTemporaryDirectory { addTeardownBlock($0) }.appendingPathComponent("gone.plist")
    XCTAssertThrowsError(try form.reload(contentsOf: missing)) { error in
      guard case .unreadable = (error as? DescriptorFormError)?.reason else { return XCTFail("\(error)") }
    }
    XCTAssertEqual(snapshot(), before)
    XCTAssertEqual(form.propertyList(), state)
  }

  func testReloadingFromAFileOnDisk() throws {
    let url = try makeTemporaryDirectory { addTeardownBlock($0) }.appendingPathComponent("Form.plist")
    form.tap(try row("Name"))
    try form.save(to: url)
    var other = try DescriptorForm(contentsOf: url, configuration: fixedConfiguration)
    other.setSwitch(true, for: other.ids { $0.cellIdentifier == .switch }[0])
    try other.save(to: url)
    let change = try form.reload(contentsOf: url)
    // Marital status shows Married (row 4, after Name's two sub-rows and Birthday); the switch is hidden.
    XCTAssertEqual(change, SectionedChange(reloadedRows: [path(0, 4)]))
    XCTAssertTrue(form.isSwitchOn(form.ids { $0.cellIdentifier == .switch }[0]))
    XCTAssertTrue(form.isExpanded(try row("Name")))
  }
}
