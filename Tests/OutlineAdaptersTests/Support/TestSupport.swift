import Foundation
import OutlineKit
import XCTest
import OutlineTestSupport

@testable import OutlineAdapters

/// Shorthand for an index path.
func path(_ section: Int, _ row: Int) -> OutlineIndexPath {
  OutlineIndexPath(section: section, row: row)
}

/// Where the tests find files outside the package.
enum Fixtures {
  /// `../shared/fixtures/CellDescriptor.plist` beside the package root.
  static let cellDescriptorURL: URL = PackageFolders.sharedFixtures.appendingPathComponent("CellDescriptor.plist")

  /// The tutorial's descriptor file, or a skip when it is not there.
  static func cellDescriptorFile() throws -> URL {
    guard FileManager.default.fileExists(atPath: cellDescriptorURL.path) else {
      throw XCTSkip("no fixture at \(cellDescriptorURL.path)")
    }
    return cellDescriptorURL
  }
}

/// Dates compared as text: en_US_POSIX, UTC.
let fixedConfiguration = DescriptorForm.Configuration(
  locale: Locale(identifier: "en_US_POSIX"), timeZone: TimeZone(identifier: "UTC")!)

/// A descriptor dictionary with the eight keys.
func descriptor(
  expandable: Bool = false, expanded: Bool = false, visible: Bool = false, value: String = "",
  primary: String = "", secondary: String = "", identifier: String = "idCellNormal", additionalRows: Int = 0
) -> [String: PropertyListValue] {
  [
    "isExpandable": .bool(expandable), "isExpanded": .bool(expanded), "isVisible": .bool(visible),
    "value": .string(value), "primaryTitle": .string(primary), "secondaryTitle": .string(secondary),
    "cellIdentifier": .string(identifier), "additionalRows": .integer(additionalRows),
  ]
}

/// A descriptor property list from sections of dictionaries.
func descriptorList(_ sections: [[[String: PropertyListValue]]]) -> PropertyListValue {
  .array(sections.map { .array($0.map { .dictionary($0) }) })
}

/// The error a closure throws, as a DescriptorFormError; fails the test
/// when it throws nothing or something else.
func descriptorError(
  file: StaticString = #filePath, line: UInt = #line, _ body: () throws -> Void
) -> DescriptorFormError? {
  do {
    try body()
    XCTFail("expected a DescriptorFormError, nothing was thrown", file: file, line: line)
  } catch let error as DescriptorFormError {
    return error
  } catch {
    XCTFail("expected a DescriptorFormError, got \(error)", file: file, line: line)
  }
  return nil
}

/// The error a closure throws, as a CategoryCatalogError.
func catalogError(
  file: StaticString = #filePath, line: UInt = #line, _ body: () throws -> Void
) -> CategoryCatalogError? {
  do {
    try body()
    XCTFail("expected a CategoryCatalogError, nothing was thrown", file: file, line: line)
  } catch let error as CategoryCatalogError {
    return error
  } catch {
    XCTFail("expected a CategoryCatalogError, got \(error)", file: file, line: line)
  }
  return nil
}

/// A property list file's contents as a value.
func propertyListValue(of data: Data) throws -> PropertyListValue {
  let object = try PropertyListSerialization.propertyList(from: data, options: [], format: nil)
  return try XCTUnwrap(PropertyListValue(object))
}
