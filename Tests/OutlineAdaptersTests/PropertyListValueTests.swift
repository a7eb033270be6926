import Foundation
import XCTest

@testable import OutlineAdapters

final class PropertyListValueTests: XCTestCase {
  let xml = """
    <?xml version="1.0" encoding="UTF-8"?>
    <plist version="1.0"><dict>
    <key>b</key><true/>
    <key>f</key><false/>
    <key>i</key><integer>2</integer>
    <key>n</key><integer>-7</integer>
    <key>r</key><real>2.0</real>
    <key>h</key><real>1.5</real>
    <key>s</key><string>text</string>
    <key>d</key><date>2006-01-02T15:04:05Z</date>
    <key>x</key><data>AAEC</data>
    <key>a</key><array><integer>1</integer><string>two</string></array>
    <key>e</key><dict/>
    </dict></plist>
    """

  let expected = PropertyListValue.dictionary([
    "b": .bool(true), "f": .bool(false), "i": .integer(2), "n": .integer(-7), "r": .real(2), "h": .real(1.5),
    "s": .string("text"), "d": .date(Date(timeIntervalSince1970: 1_136_214_245)), "x": .data(Data([0, 1, 2])),
    "a": .array([.integer(1), .string("two")]), "e": .dictionary([:]),
  ])

  func testParsedXMLIsClassifiedExactly() throws {
    XCTAssertEqual(try propertyListValue(of: Data(xml.utf8)), expected)
  }

  func testValuesSurviveBothFormats() throws {
    for format in [PropertyListSerialization.PropertyListFormat.xml, .binary] {
      let data = try PropertyListSerialization.data(fromPropertyList: expected.propertyListObject, format: format, options: 0)
      XCTAssertEqual(try propertyListValue(of: data), expected)
    }
  }

  func testNativeSwiftValuesAreClassified() {
    XCTAssertEqual(PropertyListValue(true), .bool(true))
    XCTAssertEqual(PropertyListValue(3), .integer(3))
    XCTAssertEqual(PropertyListValue(0.25), .real(0.25))
    XCTAssertEqual(PropertyListValue(NSNumber(value: 4)), .integer(4))
    XCTAssertEqual(PropertyListValue(NSNumber(value: 4.5)), .real(4.5))
    XCTAssertEqual(PropertyListValue(["k": [1, "v"]] as [String: Any]), .dictionary(["k": .array([.integer(1), .string("v")])]))
    XCTAssertEqual(PropertyListValue(PropertyListValue.string("x")), .string("x"))
  }

  func testNonPropertyListValuesAreRejected() {
    XCTAssertNil(PropertyListValue(URL(fileURLWithPath: "/")))
    XCTAssertNil(PropertyListValue([1: "int keys"] as [Int: String]))
    XCTAssertNil(PropertyListValue(["fine", URL(fileURLWithPath: "/")] as [Any]))
    XCTAssertNil(PropertyListValue(["k": URL(fileURLWithPath: "/")] as [String: Any]))
  }

  func testKindDescriptions() {
    let kinds: [PropertyListValue] = [.string(""), .integer(0), .real(0), .bool(false), .date(Date()), .data(Data()), .array([]), .dictionary([:])]
    XCTAssertEqual(
      kinds.map(\.kindDescription),
      ["a string", "an integer", "a real number", "a Boolean", "a date", "data", "an array", "a dictionary"])
  }
}
