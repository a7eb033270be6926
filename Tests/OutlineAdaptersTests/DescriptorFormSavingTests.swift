import Foundation
import OutlineKit
import XCTest
import OutlineTestSupport

@testable import OutlineAdapters

final class DescriptorFormSavingTests: XCTestCase {
  func testLoadThenSaveGivesAnEquivalentPropertyList() throws {
    let original = try propertyListValue(of: Data(contentsOf: DescriptorForm.sampleURL))
    let form = try DescriptorForm.sample()
    XCTAssertEqual(form.propertyList(), original)
    XCTAssertEqual(try propertyListValue(of: form.propertyListData()), original)
    let directory = try makeTemporaryDirectory { addTeardownBlock($0) }
    let url = directory.appendingPathComponent("Form.plist")
    try form.save(to: url)
    XCTAssertEqual(try propertyListValue(of: Data(contentsOf: url)), original)
  }

  func testSaveWritesTheCurrentState() throws {
    var form = try DescriptorForm.sample(configuration: fixedConfiguration)
    form.tap(at: path(0, 0))  // open Name
    let first = form.ids { $0.primaryTitle == "First name" }[0]
    form.setText("Ada", for: first)
    form.tap(at: path(2, 0))  // close Years of experience
    let directory = try makeTemporaryDirectory { addTeardownBlock($0) }
    let url = directory.appendingPathComponent("Form.plist")
    try form.save(to: url)

    let saved = try propertyListValue(of: Data(contentsOf: url))
    guard case .array(let sections) = saved, case .array(let personal) = sections[0], case .array(let work) = sections[2],
      case .dictionary(let name) = personal[0], case .dictionary(let firstName) = personal[1],
      case .dictionary(let years) = work[0], case .dictionary(let slider) = work[1]
    else { return XCTFail("unexpected shape: \(saved)") }
    XCTAssertEqual(name["isExpanded"], .bool(true))
    XCTAssertEqual(name["primaryTitle"], .string("Ada"))
    XCTAssertEqual(name["additionalRows"], .integer(2))
    XCTAssertEqual(firstName["isVisible"], .bool(true))
    XCTAssertEqual(firstName["value"], .string("Ada"))
    XCTAssertEqual(years["isExpanded"], .bool(false))
    XCTAssertEqual(slider["isVisible"], .bool(false))

    let reloaded = try DescriptorForm(contentsOf: url, configuration: fixedConfiguration)
    XCTAssertEqual(reloaded.propertyList(), form.propertyList())
    XCTAssertEqual((0 ..< 3).map(reloaded.numberOfRows(inSection:)), [5, 3, 1])
  }

  func testSaveReplacesTheFileAndLeavesNoTemporaryFile() throws {
    let directory = try makeTemporaryDirectory { addTeardownBlock($0) }
    let url = directory.appendingPathComponent("Form.plist")
    try Data("old".utf8).write(to: url)
    let form = try DescriptorForm.sample()
    try form.save(to: url)
    XCTAssertEqual(try Data(contentsOf: url), try form.propertyListData())
    XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: directory.path), ["Form.plist"])
  }

  func testSaveInBinaryFormat() throws {
    let directory = try makeTemporaryDirectory { addTeardownBlock($0) }
    let url = directory.appendingPathComponent("Form.plist")
    let form = try DescriptorForm.sample()
    try form.save(to: url, format: .binary)
    let data = try Data(contentsOf: url)
    XCTAssertEqual(Array(data.prefix(8)), Array("bplist00".utf8))
    XCTAssertEqual(try DescriptorForm(contentsOf: url).propertyList(), form.propertyList())
  }

  func testAFailedWriteLeavesTheOldFileIntact() throws {
    let directory = try makeTemporaryDirectory { addTeardownBlock($0) }
    let url = directory.appendingPathComponent("Form.plist")
    let old = Data("the old file".utf8)
    try old.write(to: url)
    struct DiskFull: Error, CustomStringConvertible { var description: String { "disk full" } }
    let error = descriptorError {
      try DescriptorForm.sample()._save(to: url) { data, temporary in
        try data.prefix(7).write(to: temporary)  // a partial write, then the failure
        throw DiskFull()
      }
    }
    guard case .cannotWrite? = error?.reason else { return XCTFail(String(describing: error)) }
    XCTAssertTrue(error!.description.hasPrefix("cannot write the file (the old file is intact): "), error!.description)
    XCTAssertEqual(try Data(contentsOf: url), old)
    XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: directory.path), ["Form.plist"])
  }

  func testAFailedReplaceLeavesTheDestinationIntact() throws {
    // The destination is a directory with a file in it: rename(2) refuses to replace it.
    let directory = try makeTemporaryDirectory { addTeardownBlock($0) }
    let url = directory.appendingPathComponent("Form.plist")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: false)
    try Data("keep".utf8).write(to: url.appendingPathComponent("inside"))
    let form = try DescriptorForm.sample()
    let error = descriptorError { try form.save(to: url) }
    guard case .cannotWrite? = error?.reason else { return XCTFail(String(describing: error)) }
    XCTAssertEqual(try Data(contentsOf: url.appendingPathComponent("inside")), Data("keep".utf8))
    XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: directory.path), ["Form.plist"])
  }

  func testSavingIntoAMissingDirectoryThrows() throws {
    let directory = try makeTemporaryDirectory { addTeardownBlock($0) }
    let url = directory.appendingPathComponent("missing/Form.plist")
    let error = descriptorError { try DescriptorForm.sample().save(to: url) }
    guard case .cannotWrite? = error?.reason else { return XCTFail(String(describing: error)) }
    XCTAssertNil(error?.section)
    XCTAssertFalse(FileManager.default.fileExists(atPath: url.path))
  }

  func testNestedExtraFieldsRoundTripInBinary() throws {
    var fields = descriptor(secondary: "x")
    fields["nested"] = .dictionary(["list": .array([.integer(1), .bool(false), .data(Data([0xFF]))])])
    let form = try DescriptorForm(propertyList: descriptorList([[fields]]))
    let data = try form.propertyListData(format: .binary)
    XCTAssertEqual(try DescriptorForm(propertyListData: data).descriptor(at: path(0, 0)).otherFields["nested"], fields["nested"])
  }
}
