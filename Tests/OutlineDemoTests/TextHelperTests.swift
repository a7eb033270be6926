import Foundation
import OutlineDemoKit
import XCTest

/// Terminal text, number formats, scrolling, type-ahead, the text editor
/// and dates.
final class TextHelperTests: XCTestCase {
  func testTextIsSanitizedMeasuredAndFitted() {
    XCTAssertEqual(TerminalText.sanitized("a\u{1B}[2Jb\tc\nd\u{7F}\u{9B}"), "a?[2Jb c d??")
    XCTAssertEqual(TerminalText.width("abc"), 3)
    XCTAssertEqual(TerminalText.width("日本"), 4)
    XCTAssertEqual(TerminalText.width("e\u{301}"), 1)
    XCTAssertEqual(TerminalText.width("├─ ▸ …"), 6)
    XCTAssertEqual(TerminalText.fit("abcdef", width: 4), "abc…")
    XCTAssertEqual(TerminalText.fit("abcd", width: 4), "abcd")
    XCTAssertEqual(TerminalText.fit("日本語", width: 4), "日…")
    XCTAssertEqual(TerminalText.fit("abc", width: 0), "")
    XCTAssertEqual(TerminalText.pad("ab", to: 4), "ab  ")
    XCTAssertEqual(TerminalText.spread("left", "right", width: 12), "left   right")
    XCTAssertEqual(TerminalText.spread("left", "right", width: 6), "left")
  }

  func testNumbersAndDurations() {
    XCTAssertEqual(DemoFormat.count(0), "0")
    XCTAssertEqual(DemoFormat.count(999), "999")
    XCTAssertEqual(DemoFormat.count(1_000_000), "1,000,000")
    XCTAssertEqual(DemoFormat.count(-12_345), "-12,345")
    XCTAssertEqual(DemoFormat.count(1, "row"), "1 row")
    XCTAssertEqual(DemoFormat.count(2, "subcategory", "subcategories"), "2 subcategories")
    XCTAssertEqual(DemoFormat.duration(0.000_042), "42 µs")
    XCTAssertEqual(DemoFormat.duration(0.000_42), "0.42 ms")
    XCTAssertEqual(DemoFormat.duration(0.012_34), "12.3 ms")
    XCTAssertEqual(DemoFormat.duration(0.999_9), "1000 ms")
    XCTAssertEqual(DemoFormat.duration(2.5), "2.5 s")
    XCTAssertEqual(DemoFormat.duration(-1), "-")
    XCTAssertEqual(DemoFormat.duration(.nan), "-")
  }

  func testTheScrollWindowKeepsTheSelectionInView() {
    XCTAssertEqual(ScrollWindow.top(current: 0, selected: 30, count: 100, height: 20), 11)
    XCTAssertEqual(ScrollWindow.top(current: 50, selected: 30, count: 100, height: 20), 30)
    XCTAssertEqual(ScrollWindow.top(current: 90, selected: 95, count: 100, height: 20), 80)  // no blank lines at the end
    XCTAssertEqual(ScrollWindow.top(current: 5, selected: 2, count: 3, height: 20), 0)
    XCTAssertEqual(ScrollWindow.top(current: -4, selected: 1_000, count: 10, height: 0), 0)
    XCTAssertEqual(ScrollWindow.top(current: .max, selected: .max, count: .max, height: .max), 0)
  }

  func testTypeAheadPrefixes() {
    var typeAhead = TypeAhead()
    XCTAssertEqual(typeAhead.type("M", at: 0), .init(prefix: "m", continuesAtCurrentRow: false))
    XCTAssertEqual(typeAhead.type("a", at: 0.5), .init(prefix: "ma", continuesAtCurrentRow: true))
    XCTAssertEqual(typeAhead.type("x", at: 2), .init(prefix: "x", continuesAtCurrentRow: false))
    XCTAssertEqual(typeAhead.type("x", at: 2.1), .init(prefix: "x", continuesAtCurrentRow: false))
    XCTAssertTrue(typeAhead.isActive(at: 2.5))
    typeAhead.reset()
    XCTAssertFalse(typeAhead.isActive(at: 2.5))
  }

  func testTheTextEditor() {
    var editor = TextEditor("Ada")
    XCTAssertEqual(editor.textWithCursor, "Ada▏")
    editor.handle(.home)
    editor.handle(.text("Lady "))
    XCTAssertEqual(editor.textWithCursor, "Lady ▏Ada")
    editor.handle(.backspace)
    editor.handle(.space)
    editor.handle(.delete)
    editor.handle(.end)
    editor.handle(.left)
    editor.handle(.character("!"))
    XCTAssertEqual(editor.text, "Lady d!a")
    XCTAssertFalse(editor.handle(.enter))
    editor.handle(.text("\u{1B}[31m\n"))
    XCTAssertEqual(editor.text, "Lady d!?[31m a")
    var long = TextEditor(String(repeating: "x", count: 5_000))
    XCTAssertEqual(long.text.count, TextEditor.maximumLength)
    long.handle(.character("y"))
    XCTAssertEqual(long.text.count, TextEditor.maximumLength)
  }

  func testDatesAreTypedAsDaysInTheFormsTimeZone() throws {
    let dates = FormDates(configuration: fixedConfiguration)
    let date = try XCTUnwrap(dates.date(fromTyped: "1990-5-7"))
    XCTAssertEqual(dates.dayText(date), "1990-05-07")
    XCTAssertNil(dates.date(fromTyped: "1990-02-30"))
    XCTAssertNil(dates.date(fromTyped: "90-02-03"))
    XCTAssertNil(dates.date(fromTyped: "soon"))
    XCTAssertEqual(dates.storedDate("1990-05-07T12:00:00Z").map(dates.dayText), "1990-05-07")
    XCTAssertNil(dates.storedDate(""))
    XCTAssertEqual(dates.adding(days: -7, to: date).map(dates.dayText), "1990-04-30")
    // Far from UTC, the typed day is still the day shown.
    var tokyo = fixedConfiguration
    tokyo.timeZone = TimeZone(identifier: "Pacific/Kiritimati")!
    let far = FormDates(configuration: tokyo)
    XCTAssertEqual(far.date(fromTyped: "2000-01-01").map(far.dayText), "2000-01-01")
  }
}
