import OutlineGtkSupport
import XCTest

final class ScriptParsingTests: XCTestCase {
  func testReadsActionsWithModifiersAndArguments() throws {
    let script = """
      expand-all; down; shift+down; ctrl+space
      click 3; ctrl+shift+click 7; click-triangle 0; search Myst; search
      screenshot out.png; expect-rows Books, Fiction, Mystery; expect-row-count 1,000,000; quit
      """
    XCTAssertEqual(
      try ScriptAction.parse(script),
      [
        .expandAll, .key(.down, []), .key(.down, .shift), .key(.space, .control),
        .click(row: 3, []), .click(row: 7, [.control, .shift]), .clickTriangle(row: 0), .search("Myst"), .search(""),
        .screenshot(path: "out.png"), .expectRows(["Books", "Fiction", "Mystery"]), .expectRowCount(1_000_000), .quit,
      ])
  }

  func testEveryActionReadsBackFromItsText() throws {
    let actions: [ScriptAction] =
      ScriptKey.allCases.flatMap { key in [.key(key, []), .key(key, .shift), .key(key, [.control, .shift])] } + [
        .click(row: 3, []), .click(row: 4, .control), .clickTriangle(row: 0), .drag(from: 2, to: 9, .into),
        .drag(from: 0, to: 1, .above), .expandAll, .collapseAll,
        .search("Myst"), .search(""), .open("categories"), .jump(row: 5000), .screenshot(path: "a b.png"),
        .expectRows(["Books", "Fiction"]), .expectFocus("Mystery"), .expectRowCount(10), .expectSelected(["A"]), .quit,
      ]
    XCTAssertEqual(try ScriptAction.parse(actions.map(\.scriptText).joined(separator: "; ")), actions)
  }

  func testNamesTheActionThatCannotBeRead() {
    XCTAssertThrowsError(try ScriptAction.parse("down; jump; quit")) { error in
      XCTAssertEqual("\(error)", "script action 2 ('jump'): 'jump' needs a row number")
    }
    XCTAssertThrowsError(try ScriptAction.parse("alt+down")) { error in
      XCTAssertEqual("\(error)", "script action 1 ('alt+down'): unknown modifier 'alt' (shift, ctrl)")
    }
    XCTAssertThrowsError(try ScriptAction.parse("drag 3 onto 4")) { error in
      XCTAssertEqual("\(error)", "script action 1 ('drag 3 onto 4'): 'drag' is 'drag ROW to ROW above|into|below'")
    }
    XCTAssertThrowsError(try ScriptAction.parse("down; dance")) { error in
      XCTAssertEqual("\(error)", "script action 2 ('dance'): unknown action 'dance'")
    }
  }
}
