import Foundation
import OutlineKit
import XCTest

@testable import OutlineAdapters

/// The form's row heights live in its outline's geometry: offsets and the
/// content height come from it, and follow every tap.
///
/// Personal:    Name (First name, Last name), Birthday (date picker), Marital status (switch)
/// Preferences: Favourite sport  (Squash, Soccer, Rowing, Skiing), Favourite color (Red, Yellow, Green), Newsletter
/// Work:        Years of experience, expanded (slider)
final class DescriptorFormGeometryTests: XCTestCase {
  var form: DescriptorForm!

  override func setUpWithError() throws {
    form = try DescriptorForm.sample(configuration: fixedConfiguration)
  }

  /// The table's heights, the naive way: headers and rows, in order.
  func expectedHeights() -> [Double] {
    var heights: [Double] = []
    for section in 0 ..< form.numberOfSections {
      heights.append(form.configuration.sectionHeaderHeight)
      for row in 0 ..< form.numberOfRows(inSection: section) {
        let identifier = form.descriptor(at: path(section, row)).cellIdentifier
        heights.append(form.configuration.rowHeights[identifier] ?? form.configuration.defaultRowHeight)
      }
    }
    return heights
  }

  func checkGeometry(file: StaticString = #filePath, line: UInt = #line) {
    let heights = expectedHeights()
    XCTAssertEqual(form.contentHeight, heights.reduce(0, +), file: file, line: line)
    var offset = 0.0
    var k = 0
    for section in 0 ..< form.numberOfSections {
      XCTAssertEqual(form.offset(of: form.sections.root(ofSection: section)), offset, "header \(section)", file: file, line: line)
      offset += heights[k]
      k += 1
      for row in 0 ..< form.numberOfRows(inSection: section) {
        let id = form.id(at: path(section, row))
        XCTAssertEqual(form.offset(of: id), offset, "row \(section).\(row)", file: file, line: line)
        XCTAssertEqual(form.height(at: path(section, row)), heights[k], file: file, line: line)
        XCTAssertEqual(form.id(atOffset: offset + heights[k] / 2), id, file: file, line: line)
        offset += heights[k]
        k += 1
      }
    }
  }

  func testOffsetsAndContentHeightFollowTheTaps() {
    checkGeometry()
    let before = form.contentHeight
    form.tap(at: path(0, 0))  // Name: First name and Last name
    checkGeometry()
    XCTAssertGreaterThan(form.contentHeight, before)
    form.tap(at: path(0, 3))  // Birthday: the date picker, 270
    checkGeometry()
    form.tap(at: path(0, 0))
    checkGeometry()
  }

  func testChangingTheConfigurationGivesEveryRowItsNewHeight() {
    form.tap(at: path(0, 1))  // Birthday
    var configuration = form.configuration
    configuration.rowHeights[.datePicker] = 216
    configuration.sectionHeaderHeight = 0
    configuration.defaultRowHeight = 50
    form.configuration = configuration
    checkGeometry()
    XCTAssertEqual(form.height(of: only(.datePicker)), 216)
  }

  func only(_ identifier: CellIdentifier) -> DescriptorForm.NodeID {
    let ids = form.ids { $0.cellIdentifier == identifier }
    XCTAssertEqual(ids.count, 1, "\(identifier)")
    return ids[0]
  }
}
