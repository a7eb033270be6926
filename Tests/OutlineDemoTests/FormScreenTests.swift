import OutlineDemoKit
import XCTest

/// The form screen, driven by keys, on the shipped form:
///
/// Personal:    Name (First name, Last name), Birthday (date), Marital status (switch)
/// Preferences: Favourite sport (4 choices), Favourite color (3 choices), Newsletter
/// Work:        Years of experience, expanded (slider at 3)
final class FormScreenTests: XCTestCase {
  func testStartsOnTheShippedFormWithTheFirstRowSelected() throws {
    let demo = try Harness(self)
    XCTAssertEqual(demo.rows, [
      "  Personal",
      "› ▸ Name",
      "  ▸ Birthday",
      "  ▸ Marital status",
      "  Preferences",
      "  ▸ Favourite sport",
      "  ▸ Favourite color",
      "    Newsletter               Weekly",
      "  Work Experience",
      "  ▾ Years of experience      3",
      "        ███░░░░░░░ 3   (← / →)",
      "        0·······10",  // the slider's second line: its scale
    ])
    XCTAssertTrue(demo.messageLine.hasPrefix("No "), demo.messageLine)
    XCTAssertTrue(demo.messageLine.hasSuffix("this is the shipped form; s saves it there"), demo.messageLine)
    XCTAssertTrue(demo.lines[0].contains("[1 Form]"))
    XCTAssertEqual(demo.app.render()[0].style, [.highlighted, .bold])
    XCTAssertEqual(demo.app.render()[2].style, .highlighted)  // the selected row
  }

  func testEnterAndArrowsExpandAndCollapseRows() throws {
    var demo = try Harness(self)
    demo.press("enter")
    XCTAssertEqual(demo.selected, "▾ Name")
    XCTAssertNotNil(demo.row("First name:"))
    XCTAssertNotNil(demo.row("Last name:"))
    demo.press("space")
    XCTAssertEqual(demo.selected, "▸ Name")
    XCTAssertNil(demo.row("First name:"))

    // → expands, then goes to the first sub-row; ← goes back up, then collapses.
    demo.press("right")
    XCTAssertEqual(demo.selected, "▾ Name")
    demo.press("right")
    XCTAssertEqual(demo.selected, "First name:")
    demo.press("left")
    XCTAssertEqual(demo.selected, "▾ Name")
    demo.press("left")
    XCTAssertEqual(demo.selected, "▸ Name")
    XCTAssertNil(demo.row("First name:"))
  }

  func testUpDownHomeEndAndPagingMoveThroughRowsAcrossSections() throws {
    var demo = try Harness(self, height: 8)
    demo.press("down")
    XCTAssertEqual(demo.selected, "▸ Birthday")
    demo.press("down*2")
    XCTAssertEqual(demo.selected, "▸ Favourite sport")
    demo.press("end")
    XCTAssertEqual(demo.selected, "███░░░░░░░ 3   (← / →)")
    XCTAssertEqual(demo.body.count, 5)
    demo.press("home")
    XCTAssertEqual(demo.selected, "▸ Name")
    XCTAssertEqual(demo.body[0], "  Personal")
    demo.press("pageDown")
    // 4 rows on (a body of 5 lines, less one), the Preferences heading
    // counted as the outline counts it, and stepped over.
    XCTAssertEqual(demo.selected, "▸ Favourite sport")
    demo.press("shift-down")  // a Shift move is a move: a form selects nothing
    XCTAssertEqual(demo.selected, "▸ Favourite color")
    demo.press("pageUp")
    // 4 lines up, by the rows' heights: the Preferences heading takes two.
    XCTAssertEqual(demo.selected, "▸ Marital status")
    demo.press("up up")  // the heading above Name is not a row of the form
    XCTAssertEqual(demo.selected, "▸ Name")
    demo.press("shift-pageUp")
    XCTAssertEqual(demo.selected, "▸ Name")
  }

  func testTypingTheFirstAndLastNameShowsTheFullNameOnTheParent() throws {
    var demo = try Harness(self)
    demo.press("enter down enter")
    XCTAssertEqual(demo.selected, "First name: ▏")
    demo.press("text:Ad")
    XCTAssertEqual(demo.selected, "First name: Ad▏")
    XCTAssertEqual(demo.row("▾ Name"), "▾ Name                     Ad")  // as you type
    demo.press("a enter down enter text:Lovelace enter")
    XCTAssertEqual(demo.row("▾ Name"), "▾ Name                     Ada Lovelace")
    XCTAssertEqual(demo.row("First name"), "First name: Ada")
    XCTAssertEqual(demo.selected, "Last name: Lovelace")
    XCTAssertTrue(demo.statusBar.contains("modified"))

    // Only the last name: the parent shows it alone.
    demo.press("enter backspace*8 enter up enter end backspace*3 enter")
    XCTAssertEqual(demo.row("▾ Name"), "▾ Name")
  }

  func testEditingKeysMoveTheCursorAndEscapeRestoresTheText() throws {
    var demo = try Harness(self)
    demo.press("enter down enter text:Ada")
    demo.press("left left backspace")
    XCTAssertEqual(demo.selected, "First name: ▏da")
    demo.press("home delete text:E end")
    XCTAssertEqual(demo.selected, "First name: Ea▏")
    // Keys that are commands elsewhere are text here.
    demo.press("q s 1 ?")
    XCTAssertFalse(demo.app.shouldQuit)
    XCTAssertEqual(demo.app.screen, .form)
    XCTAssertFalse(demo.app.isShowingHelp)
    XCTAssertEqual(demo.selected, "First name: Eaqs1?▏")
    demo.press("esc")
    XCTAssertEqual(demo.row("First name"), "First name:")
    XCTAssertEqual(demo.row("▾ Name"), "▾ Name")
    XCTAssertEqual(demo.messageLine, "Edit cancelled")
    // ↑ and ↓ finish the edit and move.
    demo.press("enter text:Grace down")
    XCTAssertEqual(demo.selected, "Last name:")
    XCTAssertEqual(demo.row("▾ Name"), "▾ Name                     Grace")
    // Tab finishes the edit too, and stays on the row.
    demo.press("enter text:Hopper tab")
    XCTAssertEqual(demo.selected, "Last name: Hopper")
    XCTAssertEqual(demo.app.screen, .form)
    XCTAssertEqual(demo.row("▾ Name"), "▾ Name                     Grace Hopper")
  }

  func testTheDateIsTypedAndSteppedByDays() throws {
    var demo = try Harness(self)
    demo.press("down enter down")
    XCTAssertEqual(demo.selected, "Date: none yet (Enter types one, + / - step from today)")
    demo.press("enter text:1990-05-17 enter")
    XCTAssertEqual(demo.selected, "Date: 1990-05-17   (+ / - a day, Enter types one)")
    XCTAssertEqual(demo.row("▾ Birthday"), "▾ Birthday                 May 17, 1990")
    demo.press("+ +")
    XCTAssertEqual(demo.row("▾ Birthday"), "▾ Birthday                 May 19, 1990")
    demo.press("- - -")
    XCTAssertEqual(demo.row("▾ Birthday"), "▾ Birthday                 May 16, 1990")
    // Across a month and a year.
    demo.press("enter backspace*10 text:1999-12-31 enter +")
    XCTAssertEqual(demo.row("▾ Birthday"), "▾ Birthday                 January 1, 2000")
  }

  func testABadDateIsRefusedAndEditingContinues() throws {
    var demo = try Harness(self)
    demo.press("down enter down enter text:2001-02-29 enter")
    XCTAssertEqual(demo.selected, "Date (YYYY-MM-DD): 2001-02-29▏")
    XCTAssertEqual(demo.messageLine, "\"2001-02-29\" is not a date: type it as YYYY-MM-DD (Esc cancels)")
    XCTAssertEqual(demo.app.render()[demo.lines.count - 2].style, [.error, .bold])
    demo.press("esc")
    XCTAssertEqual(demo.row("▾ Birthday"), "▾ Birthday")
    demo.press("enter text:2001/2/28 enter")
    XCTAssertEqual(demo.row("▾ Birthday"), "▾ Birthday                 February 28, 2001")
  }

  func testStepsStartFromTodayWhenThereIsNoDate() throws {
    var demo = try Harness(self)  // the manual clock's today is 2000-01-01
    demo.press("down enter down +")
    XCTAssertEqual(demo.row("▾ Birthday"), "▾ Birthday                 January 2, 2000")
  }

  func testTheMaritalSwitchShowsMarriedOrSingle() throws {
    var demo = try Harness(self)
    demo.press("down down enter down")
    XCTAssertEqual(demo.selected, "[ ] Off: single, on: married")
    demo.press("enter")
    XCTAssertEqual(demo.selected, "[x] Off: single, on: married")
    XCTAssertEqual(demo.row("▾ Marital status"), "▾ Marital status           Married")
    demo.press("space")
    XCTAssertEqual(demo.row("▾ Marital status"), "▾ Marital status           Single")
  }

  func testValuePickersCollapseTheParentAndShowTheChoice() throws {
    var demo = try Harness(self)
    demo.press("down*3 enter")
    XCTAssertEqual(demo.rows[5 ... 9].map { $0 }, [
      "› ▾ Favourite sport", "        ( ) Squash", "        ( ) Soccer", "        ( ) Rowing", "        ( ) Skiing",
    ])
    demo.press("down down enter")
    XCTAssertEqual(demo.selected, "▸ Favourite sport          Soccer")
    XCTAssertNil(demo.row("( ) Squash"))
    XCTAssertEqual(demo.messageLine, "Favourite sport: Soccer")
    demo.press("right")
    XCTAssertNotNil(demo.row("(•) Soccer"))
    XCTAssertNotNil(demo.row("( ) Squash"))
    demo.press("left down right down down enter")
    XCTAssertEqual(demo.selected, "▸ Favourite color          Yellow")
    XCTAssertEqual(demo.row("▸ Favourite sport"), "▸ Favourite sport          Soccer")
  }

  func testTheSliderMovesWithLeftAndRight() throws {
    var demo = try Harness(self)
    demo.press("end right")
    XCTAssertEqual(demo.selected, "████░░░░░░ 4   (← / →)")
    XCTAssertEqual(demo.row("▾ Years of experience"), "▾ Years of experience      4")
    demo.press("left left -")
    XCTAssertEqual(demo.row("▾ Years of experience"), "▾ Years of experience      1")
    demo.press("left*5")
    XCTAssertEqual(demo.selected, "░░░░░░░░░░ 0   (← / →)")
    demo.press("right*20 +")
    XCTAssertEqual(demo.selected, "██████████ 10   (← / →)")
    demo.press("enter")
    XCTAssertEqual(demo.messageLine, "← and → (or - and +) move the slider")
  }

  func testPlusAndMinusElsewhereExplainThemselves() throws {
    var demo = try Harness(self)
    demo.press("+")
    XCTAssertEqual(demo.messageLine, "+ and - step the date or the slider")
    XCTAssertEqual(demo.selected, "▸ Name")
  }

  func testTypeAheadJumpsToTheNextRowStartingWithTheLetters() throws {
    var demo = try Harness(self)
    demo.press("f")
    XCTAssertEqual(demo.selected, "▸ Favourite sport")
    demo.press("f")  // the same letter again: the next one
    XCTAssertEqual(demo.selected, "▸ Favourite color")
    demo.clock.advance(by: 2)
    demo.press("n")
    XCTAssertEqual(demo.selected, "Newsletter               Weekly")
    demo.clock.advance(by: 2)
    demo.press("n a")  // "na": from Newsletter on, wrapping to Name
    XCTAssertEqual(demo.selected, "▸ Name")
    demo.clock.advance(by: 2)
    demo.press("z")
    XCTAssertEqual(demo.selected, "▸ Name")
    XCTAssertEqual(demo.messageLine, "No row starts with \"z\"")
    // A capital S searches (a lowercase s saves).
    demo.clock.advance(by: 2)
    demo.press("down*3 enter S")
    XCTAssertEqual(demo.selected, "( ) Squash")
    demo.press("s")  // within the pause: it continues the search ("ss")
    XCTAssertEqual(demo.selected, "( ) Soccer")
  }
}
