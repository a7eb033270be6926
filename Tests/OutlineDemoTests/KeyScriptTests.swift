import OutlineDemoKit
import XCTest

/// Key scripts: names, text, repeats, errors.
final class KeyScriptTests: XCTestCase {
  func testNamedKeys() throws {
    XCTAssertEqual(
      try KeyScript.parse("up down left right pageUp pageDown home end enter space tab backTab backspace delete esc ctrl-c wait"),
      [.up, .down, .left, .right, .pageUp, .pageDown, .home, .end, .enter, .space, .tab, .backTab, .backspace, .delete, .escape, .interrupt, .wait])
    XCTAssertEqual(try KeyScript.parse("DOWN PgDn pgup Return escape shift-tab del"), [.down, .pageDown, .pageUp, .enter, .escape, .backTab, .delete])
    XCTAssertEqual(
      try KeyScript.parse("shift-up shift-down shift-pageUp shift-pgdn SHIFT-HOME shift-end ctrl-a CTRL-Z"),
      [.shiftUp, .shiftDown, .shiftPageUp, .shiftPageDown, .shiftHome, .shiftEnd, .control("a"), .control("z")])
    XCTAssertThrowsError(try KeyScript.parse("ctrl-1"))
  }

  func testSingleCharactersTextAndSeparators() throws {
    XCTAssertEqual(try KeyScript.parse("q s * - ? 1 é"), "qs*-?1é".map { .character($0) })
    XCTAssertEqual(try KeyScript.parse("text:Ada,enter"), [.text("Ada"), .enter])
    XCTAssertEqual(try KeyScript.parse("  text:\"Ada Lovelace\"  enter "), [.text("Ada Lovelace"), .enter])
    XCTAssertEqual(try KeyScript.parse(#"text:"say \"hi\" \\ bye""#), [.text(#"say "hi" \ bye"#)])
    XCTAssertEqual(try KeyScript.parse("text:1990-05-17"), [.text("1990-05-17")])
    XCTAssertEqual(try KeyScript.parse(""), [])
  }

  func testRepeats() throws {
    XCTAssertEqual(try KeyScript.parse("down*3 **2"), [.down, .down, .down, .character("*"), .character("*")])
    XCTAssertThrowsError(try KeyScript.parse("down*0"))
    XCTAssertThrowsError(try KeyScript.parse("down*99999999999999999999"))
    XCTAssertThrowsError(try KeyScript.parse("down*x"))
  }

  func testErrorsNameTheWord() {
    XCTAssertThrowsError(try KeyScript.parse("down dwon")) { error in
      XCTAssertEqual((error as? KeyScriptError)?.position, 2)
      XCTAssertTrue("\(error)".hasPrefix("key script, word 2 (\"dwon\"): not a key; use one of up, down,"), "\(error)")
    }
    XCTAssertThrowsError(try KeyScript.parse("text:\"open")) { error in
      XCTAssertEqual("\(error)", "key script, word 1 (\"text:open\"): the quote is not closed")
    }
    XCTAssertThrowsError(try KeyScript.parse("text:")) { error in
      XCTAssertEqual((error as? KeyScriptError)?.problem, "text: needs some text")
    }
  }

  func testScriptNamesReadBackToTheSameKeys() throws {
    let keys: [Key] = [
      .up, .down, .left, .right, .pageUp, .pageDown, .home, .end, .enter, .space, .tab, .backTab, .backspace,
      .delete, .escape, .interrupt, .wait, .character("q"), .character("*"), .text("Ada"), .text("Ada \"the\" Countess"),
      .shiftUp, .shiftDown, .shiftPageUp, .shiftPageDown, .shiftHome, .shiftEnd, .control("a"),
      .mouse(MouseEvent(.press, column: 3, line: 4)), .mouse(MouseEvent(.drag, column: 30, line: 40)),
      .mouse(MouseEvent(.release, column: 1, line: 1)), .mouse(MouseEvent(.wheelUp, column: 2, line: 9)),
      .mouse(MouseEvent(.wheelDown, column: 9, line: 2)),
    ]
    XCTAssertEqual(try KeyScript.parse(keys.map(\.scriptName).joined(separator: " ")), keys)
  }

  func testMouseWordsTakeAColumnAndALineFromOne() throws {
    func mouse(_ action: MouseEvent.Action, _ column: Int, _ line: Int) -> Key {
      .mouse(MouseEvent(action, column: column, line: line))
    }
    // The comma inside a mouse word does not end it; one after it does.
    XCTAssertEqual(
      try KeyScript.parse("click:5,3 press:8,3,drag:8,6 release:8,6 wheelUp:1,1 WHEELDOWN:2,2 Click:1,2"),
      [
        mouse(.press, 5, 3), mouse(.release, 5, 3), mouse(.press, 8, 3), mouse(.drag, 8, 6), mouse(.release, 8, 6),
        mouse(.wheelUp, 1, 1), mouse(.wheelDown, 2, 2), mouse(.press, 1, 2), mouse(.release, 1, 2),
      ])
    XCTAssertEqual(MouseEvent(.drag, column: 8, line: 6).description, "drag:8,6")
    for bad in ["click:0,3", "click:5", "click:5,", "click:,3", "drag:a,b", "release:5,100000"] {
      XCTAssertThrowsError(try KeyScript.parse(bad), bad) { error in
        XCTAssertTrue("\(error)".contains("a mouse event takes a column and a line from 1"), "\(error)")
      }
    }
  }
}
