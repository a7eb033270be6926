import Foundation
import OutlineAdapters
import OutlineDemoKit
import XCTest
import OutlineTestSupport

/// Loading and saving the form's file: a missing file, a save and reload
/// round trip, a corrupt file left untouched, a failed save.
final class FormFileTests: XCTestCase {
  func testSAndReloadRoundTripEveryValue() throws {
    let path = try makeTemporaryDirectory { addTeardownBlock($0) }.appendingPathComponent("CellDescriptor.plist").path
    var demo = try Harness(self, formPath: path)
    demo.press("enter down enter text:Ada enter down enter text:Lovelace enter")  // name
    demo.press("down enter down enter text:1815-12-10 enter")  // birthday
    demo.press("down enter down enter")  // married
    demo.press("down enter down*4 enter")  // Skiing
    demo.press("down enter down enter")  // Red
    demo.press("end right right")  // level 5
    demo.press("s")
    XCTAssertEqual(demo.messageLine, "Saved to \(path)")
    XCTAssertEqual(demo.statusBar, "\(path) · saved to \(path)")
    XCTAssertTrue(FileManager.default.fileExists(atPath: path))
    let expected = demo.rows

    // The next start loads it back, as it was left.
    let reloaded = try Harness(self, formPath: path)
    XCTAssertEqual(reloaded.messageLine, "Loaded \(path)")
    XCTAssertEqual(reloaded.statusBar, "\(path) · loaded")
    XCTAssertEqual(reloaded.row("▾ Name"), "▾ Name                     Ada Lovelace")
    XCTAssertEqual(reloaded.row("First name"), "First name: Ada")
    XCTAssertEqual(reloaded.row("▾ Birthday"), "▾ Birthday                 December 10, 1815")
    XCTAssertEqual(reloaded.row("▾ Marital status"), "▾ Marital status           Married")
    XCTAssertEqual(reloaded.row("▸ Favourite sport"), "▸ Favourite sport          Skiing")
    XCTAssertEqual(reloaded.row("▸ Favourite color"), "▸ Favourite color          Red")
    XCTAssertEqual(reloaded.row("▾ Years of experience"), "▾ Years of experience      5")
    XCTAssertEqual(
      reloaded.rows.map { $0.replacingOccurrences(of: "›", with: " ") },
      expected.map { $0.replacingOccurrences(of: "›", with: " ") })
    // And it is a descriptor file the adapters read.
    let form = try DescriptorForm(contentsOf: URL(fileURLWithPath: path), configuration: fixedConfiguration)
    XCTAssertEqual(form.numberOfSections, 3)
  }

  func testAMissingFileStartsFromTheShippedFormAndSCreatesIt() throws {
    let path = try makeTemporaryDirectory { addTeardownBlock($0) }.appendingPathComponent("new.plist").path
    var demo = try Harness(self, formPath: path)
    XCTAssertEqual(demo.messageLine, "No \(path) yet: this is the shipped form; s saves it there")
    XCTAssertEqual(demo.statusBar, "\(path) · the shipped form, not saved yet")
    XCTAssertFalse(FileManager.default.fileExists(atPath: path))
    demo.press("s")
    XCTAssertEqual(demo.messageLine, "Saved to \(path)")
    let saved = try DescriptorForm(contentsOf: URL(fileURLWithPath: path))
    let shipped = try DescriptorForm.sample()
    XCTAssertEqual(saved.propertyList(), shipped.propertyList())
  }

  func testACorruptFileIsReportedLeftUntouchedAndNeverOverwritten() throws {
    let directory = try makeTemporaryDirectory { addTeardownBlock($0) }
    let path = directory.appendingPathComponent("CellDescriptor.plist").path
    let corrupt = Data("<?xml version=\"1.0\"?><plist><array><dict><key>oops".utf8) + Data([0xFF, 0x00, 0x1B])
    try corrupt.write(to: URL(fileURLWithPath: path))

    var demo = try Harness(self, formPath: path)
    XCTAssertEqual(demo.body[0], "  Could not load \(path) (the file is left untouched):")
    XCTAssertTrue(demo.body[1].hasPrefix("    not a property list:"), demo.body[1])
    let recovered = directory.appendingPathComponent("CellDescriptor.recovered.plist").path
    XCTAssertEqual(demo.body[2], "  Showing the shipped form; s saves to \(recovered)")
    XCTAssertEqual(demo.app.render()[1].style, .error)
    XCTAssertEqual(demo.messageLine, "The form file could not be loaded; it is left untouched (see above)")
    XCTAssertEqual(demo.statusBar, "\(path) · not loaded: the shipped form")
    XCTAssertEqual(demo.selected, "▸ Name")  // the shipped form works

    demo.press("enter down enter text:Ada enter s")
    XCTAssertEqual(demo.messageLine, "Saved to \(recovered) (\(path) is left untouched)")
    demo.press("s")
    XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: path)), corrupt)
    let saved = try DescriptorForm(contentsOf: URL(fileURLWithPath: recovered))
    XCTAssertEqual(saved[saved.ids { $0.secondaryTitle == "Name" }[0]].primaryTitle, "Ada")

    // The next start reports the file again and picks a new name, so the
    // first recovery is not overwritten either.
    let again = try Harness(self, formPath: path)
    XCTAssertEqual(
      again.body[2],
      "  Showing the shipped form; s saves to \(directory.appendingPathComponent("CellDescriptor.recovered-2.plist").path)")
  }

  func testAFileThatIsNotADescriptorFileNamesTheProblem() throws {
    let path = try makeTemporaryDirectory { addTeardownBlock($0) }.appendingPathComponent("form.plist").path
    let plist: [[[String: Any]]] = [[["isExpandable": false]]]
    let data = try PropertyListSerialization.data(fromPropertyList: plist, format: .xml, options: 0)
    try data.write(to: URL(fileURLWithPath: path))
    let demo = try Harness(self, formPath: path)
    XCTAssertTrue(demo.body[1].contains("section 0, row 0: missing key"), demo.body[1])
    XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: path)), data)
  }

  func testADirectoryIsReportedAsAFileThatCannotBeLoaded() throws {
    let directory = try makeTemporaryDirectory { addTeardownBlock($0) }
    let demo = try Harness(self, formPath: directory.path)
    XCTAssertEqual(demo.body[1], "    cannot read the file: it is a directory")
  }

  func testAFailedSaveIsReported() throws {
    let path = try makeTemporaryDirectory { addTeardownBlock($0) }.appendingPathComponent("missing/dir/form.plist").path
    var demo = try Harness(self, formPath: path)
    demo.press("enter s")
    XCTAssertTrue(demo.messageLine.hasPrefix("Could not save: cannot write the file"), demo.messageLine)
    XCTAssertTrue(demo.statusBar.contains("modified"))
  }

  func testRecoveryPathsSkipFilesThatExist() throws {
    let directory = try makeTemporaryDirectory { addTeardownBlock($0) }
    let path = directory.appendingPathComponent("f.plist").path
    XCTAssertEqual(FormDocument.recoveryPath(for: path), directory.appendingPathComponent("f.recovered.plist").path)
    try Data().write(to: directory.appendingPathComponent("f.recovered.plist"))
    try Data().write(to: directory.appendingPathComponent("f.recovered-2.plist"))
    XCTAssertEqual(FormDocument.recoveryPath(for: path), directory.appendingPathComponent("f.recovered-3.plist").path)
    XCTAssertEqual(FormDocument.recoveryPath(for: directory.appendingPathComponent("form").path),
                   directory.appendingPathComponent("form.recovered.plist").path)
  }
}
