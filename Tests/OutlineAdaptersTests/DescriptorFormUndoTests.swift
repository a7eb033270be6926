import Foundation
import OutlineKit
import XCTest

@testable import OutlineAdapters

/// Undo and redo of the sample form's edits (see
/// DescriptorFormBehaviourTests), each checked through the form's values
/// and titles (what rows are open is the user's view, not an edit).
final class DescriptorFormUndoTests: XCTestCase {
  func contents(_ form: DescriptorForm) -> [String] {
    (0 ..< form.numberOfSections).map { form.title(ofSection: $0) }
      + form.ids { _ in true }.map { form[$0] }.map { "\($0.primaryTitle)|\($0.value)" }
  }

  func testEveryEditIsOneStepThatUndoesAndRedoes() throws {
    var form = try DescriptorForm.sample(configuration: fixedConfiguration)
    let only = { [form] (identifier: CellIdentifier) in form.ids { $0.cellIdentifier == identifier }[0] }
    let fields = form.ids { $0.cellIdentifier == .textField }
    var states = [contents(form)]
    var names: [String] = []
    func edit(_ body: (inout DescriptorForm) -> Void) {
      body(&form)
      states.append(contents(form))
      names.append(form.undoName ?? "none")
    }
    form.tap(at: path(0, 0))  // opening a row is not a step
    XCTAssertFalse(form.canUndo)
    edit { $0.setText("Ada", for: fields[0]) }
    edit { $0.setText("Lovelace", for: fields[1]) }
    edit { $0.setDate(Date(timeIntervalSince1970: 0), for: only(.datePicker)) }
    edit { $0.setSwitch(true, for: only(.switch)) }
    edit { $0.setSliderValue(7, for: only(.slider)) }
    form.tap(at: path(1, 0))
    edit { $0.tap(at: path(1, 2)) }  // a sport
    edit { $0.setTitle("About me", ofSection: 0) }
    XCTAssertEqual(names, ["type First name", "type Last name", "set date", "switch to Married", "slide to 7", "pick Soccer", "rename section"])
    for k in (0 ..< states.count - 1).reversed() {
      XCTAssertNotNil(form.undo())
      XCTAssertEqual(contents(form), states[k], "undo to \(k)")
    }
    XCTAssertNil(form.undo())
    for k in 1 ..< states.count {
      XCTAssertNotNil(form.redo())
      XCTAssertEqual(contents(form), states[k], "redo to \(k)")
    }
  }

  func testUndoRedrawsTheOwnerRowWithItsValue() throws {
    var form = try DescriptorForm.sample(configuration: fixedConfiguration)
    form.tap(at: path(0, 0))
    let first = form.ids { $0.cellIdentifier == .textField }[0]
    let change = form.setText("Ada", for: first)
    XCTAssertEqual(change, SectionedChange(reloadedRows: [path(0, 0)]))
    XCTAssertEqual(form.descriptor(at: path(0, 0)).primaryTitle, "Ada")
    let undone = try XCTUnwrap(form.undo())
    XCTAssertTrue(undone.reloadedRows.contains(path(0, 0)))
    XCTAssertEqual(form.descriptor(at: path(0, 1)).value, "")
    XCTAssertNotEqual(form.descriptor(at: path(0, 0)).primaryTitle, "Ada")
    // Setting what is there already keeps no step.
    form.redo()
    XCTAssertEqual(form.setText("Ada", for: first), SectionedChange())
    XCTAssertEqual(form.undoName, "type First name")
    XCTAssertFalse(form.canRedo)
  }
}
