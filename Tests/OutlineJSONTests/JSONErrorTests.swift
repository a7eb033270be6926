import OutlineJSON
import XCTest

/// Every class of invalid document: its reason, line and column, and the
/// reference agreeing.
final class JSONErrorTests: XCTestCase {
  /// Reads `bytes`, expecting an error with this line, column and reason;
  /// the reference must fail the same way.
  func check(
    _ bytes: [UInt8], _ line: Int, _ column: Int, _ reason: JSONSyntaxError.Reason, jsonLines: Bool = false,
    file: StaticString = #filePath, atLine: UInt = #line
  ) {
    let text = escapedForMessage(bytes)
    do {
      _ = try JSONDocument(bytes: bytes, format: jsonLines ? .jsonLines : .json)
      XCTFail("\(text): read without an error", file: file, line: atLine)
    } catch let error as JSONSyntaxError {
      XCTAssertEqual(error.reason, reason, text, file: file, line: atLine)
      XCTAssertEqual(error.line, line, "line of \(text)", file: file, line: atLine)
      XCTAssertEqual(error.column, column, "column of \(text)", file: file, line: atLine)
      XCTAssertEqual(error.description, "line \(line), column \(column): \(error.message)", file: file, line: atLine)
    } catch {
      XCTFail("\(text): \(error)", file: file, line: atLine)
    }
    XCTAssertEqual(
      JSONReadOutcome.reference(bytes, jsonLines: jsonLines, maximumDepth: 1_000),
      JSONReadOutcome.fast(bytes, jsonLines: jsonLines, maximumDepth: 1_000), text, file: file, line: atLine)
  }

  func check(
    _ text: String, _ line: Int, _ column: Int, _ reason: JSONSyntaxError.Reason, jsonLines: Bool = false,
    file: StaticString = #filePath, atLine: UInt = #line
  ) {
    check(Array(text.utf8), line, column, reason, jsonLines: jsonLines, file: file, atLine: atLine)
  }

  func testTrailingCommas() {
    check(#"{"a": 1,}"#, 1, 9, .trailingComma(.object))
    check("[1, 2,]", 1, 7, .trailingComma(.array))
    check("[1, 2,\n  ]", 2, 3, .trailingComma(.array))
    check("[1,}", 1, 4, .expected("a value", found: "'}'"))
  }

  func testSingleQuotes() {
    check("{'a': 1}", 1, 2, .singleQuotes)
    check("['x']", 1, 2, .singleQuotes)
    check(#"{"a": 1, 'b': 2}"#, 1, 10, .singleQuotes)
  }

  func testNumbers() {
    check("[01]", 1, 2, .leadingZero)
    check("[-012]", 1, 3, .leadingZero)
    check("[00]", 1, 2, .leadingZero)
    check("[-]", 1, 3, .expected("a digit after '-'", found: "']'"))
    check("[1.]", 1, 4, .expected("a digit after the decimal point", found: "']'"))
    check("[1.e5]", 1, 4, .expected("a digit after the decimal point", found: "'e5'"))
    check("[1e+]", 1, 5, .expected("a digit in the exponent", found: "']'"))
    check("[.5]", 1, 2, .expected("a value", found: "'.'"))
    check("[+1]", 1, 2, .expected("a value", found: "'+'"))
    check("[NaN, Infinity]", 1, 2, .expected("a value", found: "'NaN'"))
    check("[-Infinity]", 1, 3, .expected("a digit after '-'", found: "'Infinity'"))
    check("[0x1F]", 1, 3, .expected("',' or ']' after an element", found: "'x1F'"))
    check("-", 1, 2, .expected("a digit after '-'", found: "the end of the document"))
  }

  func testEscapes() {
    check(#"["a\x"]"#, 1, 4, .invalidEscape(#"\x"#))
    check(#"["\u12G4"]"#, 1, 3, .invalidEscape(#"\u12G4"#))
    check(#"["\u12"]"#, 1, 3, .invalidEscape(#"\u12"#))
    check("[\"\\\u{7}\"]", 1, 3, .invalidEscape(#"\"#))
    check(#"["\uD83D"]"#, 1, 3, .loneSurrogate(#"\uD83D"#))
    check(#"["\uDE00"]"#, 1, 3, .loneSurrogate(#"\uDE00"#))
    check(#"["\uD83D\u0041"]"#, 1, 3, .loneSurrogate(#"\uD83D"#))
    check(#"["\uD83D\n"]"#, 1, 3, .loneSurrogate(#"\uD83D"#))
    check(#"["\uD83D\uDZ00"]"#, 1, 9, .invalidEscape(#"\uDZ00"#))
    XCTAssertEqual(
      try JSONDocument(bytes: Array(#"["\uD83D\uDE00\u00E9\u0000"]"#.utf8)).referenceValues.last?.value, "😀é\u{0}")
  }

  func testControlCharactersInStrings() {
    check("[\"a\tb\"]", 1, 4, .controlCharacter(0x09))
    check("\"line\nbreak\"", 1, 6, .controlCharacter(0x0A))
    check([0x5B, 0x22, 0x00, 0x22, 0x5D], 1, 3, .controlCharacter(0x00))
    check([0x22, 0x1F, 0x22], 1, 2, .controlCharacter(0x1F))
    XCTAssertNoThrow(try JSONDocument(bytes: [0x22, 0x7F, 0x22]))  // DEL is not a control character to JSON
  }

  func testInvalidUTF8() {
    check([0x5B, 0x22, 0xC3, 0x28, 0x22, 0x5D], 1, 3, .invalidUTF8(0xC3))  // a lead byte without its continuation
    check([0x22, 0x80, 0x22], 1, 2, .invalidUTF8(0x80))  // a stray continuation byte
    check([0x22, 0xC0, 0xAF, 0x22], 1, 2, .invalidUTF8(0xC0))  // overlong
    check([0x22, 0xE0, 0x80, 0xAF, 0x22], 1, 2, .invalidUTF8(0xE0))  // overlong
    check([0x22, 0xED, 0xA0, 0x80, 0x22], 1, 2, .invalidUTF8(0xED))  // a surrogate
    check([0x22, 0xF4, 0x90, 0x80, 0x80, 0x22], 1, 2, .invalidUTF8(0xF4))  // past U+10FFFF
    check([0x22, 0xF5, 0x80, 0x80, 0x80, 0x22], 1, 2, .invalidUTF8(0xF5))
    check([0x22, 0xFF, 0x22], 1, 2, .invalidUTF8(0xFF))
    check([0x22, 0x61, 0xE6, 0x97], 1, 3, .invalidUTF8(0xE6))  // truncated at the end
    check([0x5B, 0xFF, 0x5D], 1, 2, .expected("a value", found: "byte 0xFF"))  // outside a string
    check(Array("[é]".utf8), 1, 2, .expected("a value", found: "'é'"))
    XCTAssertNoThrow(try JSONDocument(bytes: Array("\"\u{7F}\u{80}\u{7FF}\u{800}\u{FFFF}\u{10000}\u{10FFFF}\"".utf8)))
  }

  func testTrailingGarbage() {
    check("{} x", 1, 4, .trailingContent(found: "'x'"))
    check("[1] [2]", 1, 5, .trailingContent(found: "'['"))
    check("1 2", 1, 3, .trailingContent(found: "'2'"))
    check("null,", 1, 5, .trailingContent(found: "','"))
    check("{}\n}", 2, 1, .trailingContent(found: "'}'"))
    check("truex", 1, 5, .trailingContent(found: "'x'"))
  }

  func testUnclosedContainersAndStrings() {
    check(#"{"a": [1, 2"#, 1, 12, .unclosed(.array, line: 1, column: 7))
    check("{\n  \"a\": [\n    1\n", 4, 1, .unclosed(.array, line: 2, column: 8))
    check("{\n  \"a\": [\n    1\n]\n", 5, 1, .unclosed(.object, line: 1, column: 1))
    check("[", 1, 2, .unclosed(.array, line: 1, column: 1))
    check(#"{"a""#, 1, 5, .unclosed(.object, line: 1, column: 1))
    check(#"{"a":"#, 1, 6, .unclosed(.object, line: 1, column: 1))
    check(#"["abc"#, 1, 6, .unterminatedString(line: 1, column: 2))
    check(#"["abc\"#, 1, 7, .unterminatedString(line: 1, column: 2))
  }

  func testWhatWasExpected() {
    check("", 1, 1, .expected("a value", found: "the end of the document"))
    check("   \n  ", 2, 3, .expected("a value", found: "the end of the document"))
    check(#"{"a" 1}"#, 1, 6, .expected("':' after the key", found: "'1'"))
    check(#"{"a"= 1}"#, 1, 5, .expected("':' after the key", found: "'='"))
    check("[1 2]", 1, 4, .expected("',' or ']' after an element", found: "'2'"))
    check(#"{"a":1 "b":2}"#, 1, 8, .expected("',' or '}' after a member", found: "'\"'"))
    check("[True]", 1, 2, .expected("a value", found: "'True'"))
    check("[tru]", 1, 2, .expected("a value", found: "'tru'"))
    check("{1:2}", 1, 2, .expected("a key in double quotes or '}'", found: "'1'"))
    check(#"{"a":1,b:2}"#, 1, 8, .expected("a key in double quotes", found: "'b'"))
    check("[1,,2]", 1, 4, .expected("a value", found: "','"))
    check("[undefined]", 1, 2, .expected("a value", found: "'undefined'"))
    check("[" + String(repeating: "a", count: 30) + "]", 1, 2, .expected("a value", found: "'" + String(repeating: "a", count: 24) + "…'"))
    check([0x5B, 0x01, 0x5D], 1, 2, .expected("a value", found: "control character U+0001"))
  }

  func testColumnsCountCharactersAndLinesCountLineFeeds() {
    check(#"{"日本": x}"#, 1, 8, .expected("a value", found: "'x'"))
    check("\u{FEFF}[1,]", 1, 4, .trailingComma(.array))
    check("[\r\n1,\r\n]", 3, 1, .trailingComma(.array))
    check("[\n\t\t1,]", 2, 5, .trailingComma(.array))
  }

  func testJSONLinesErrors() {
    check("1\n[2,]\n", 2, 4, .trailingComma(.array), jsonLines: true)
    check("1\n\"abc\n", 2, 5, .unterminatedString(line: 2, column: 1), jsonLines: true)
    check("{\"a\":\n1}", 1, 6, .unclosed(.object, line: 1, column: 1), jsonLines: true)
    check("[1] x", 1, 5, .trailingContent(found: "'x'"), jsonLines: true)
    check("[1, ", 1, 5, .unclosed(.array, line: 1, column: 1), jsonLines: true)
    check("[-", 1, 3, .expected("a digit after '-'", found: "the end of the line"), jsonLines: true)
  }

  func testMessages() throws {
    func message(_ text: String) -> String {
      do {
        _ = try JSONDocument(bytes: Array(text.utf8))
        return "no error"
      } catch {
        return "\(error)"
      }
    }
    XCTAssertEqual(message(#"{"a": 1,}"#), "line 1, column 9: trailing comma before '}': JSON allows no comma after the last member")
    XCTAssertEqual(message("[1 2]"), "line 1, column 4: expected ',' or ']' after an element, found '2'")
    XCTAssertEqual(message("[01]"), "line 1, column 2: a number cannot start with 0 followed by digits (leading zeros are not allowed)")
    XCTAssertEqual(message("\"a\nb\""), "line 1, column 3: line break in a string: write it as \\n (or is a closing '\"' missing?)")
    XCTAssertEqual(message(#"{"a": [1"#), "line 1, column 9: unclosed array: no ']' for the '[' at line 1, column 7")
    XCTAssertEqual(message("{} {}"), "line 1, column 4: found '{' after the value: a JSON document holds one value (JSON Lines: one per line)")
    XCTAssertEqual(message(#"["\q"]"#), #"line 1, column 3: invalid escape \q in a string: a backslash is followed by one of " \ / b f n r t, or by u and four hex digits"#)
  }
}
