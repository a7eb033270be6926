import OutlineDemoKit
import OutlineKit
import XCTest

/// The search line on the categories and big tree screens: `/` opens it,
/// each key filters, Enter keeps the filter, `n` / `N` go from match to
/// match, Esc clears and brings back the expansion from before.
final class SearchTests: XCTestCase {
  func testCategoriesFilterAsYouTypeWithMatchesMarked() throws {
    var demo = try Harness(self, screen: .categories)
    demo.press("/ text:sc")
    XCTAssertTrue(demo.app.isTyping)
    XCTAssertTrue(demo.messageLine.hasPrefix("/ sc▏    2 matches in"), demo.messageLine)
    demo.press("text:i")
    XCTAssertEqual(
      demo.rows,
      ["▾ Books (124)", "├─ ▾ Fiction (71)", "│  └─ • Science fiction (25)", "└─ ▾ Non-fiction (46)", "   └─ • Science (26)"]
        .enumerated().map { ($0.offset == 2 ? "› " : "  ") + $0.element })
    // The matched text is marked: "Sci" in both names.
    let lines = demo.app.render()
    let fiction = lines.first { $0.text.contains("Science fiction") }!
    XCTAssertEqual(fiction.marks.count, 1)
    XCTAssertEqual(String(Array(fiction.text)[fiction.marks[0]]), "Sci")
    XCTAssertTrue(lines.first { $0.text.contains("Books") }!.marks.isEmpty, "a path is not marked")
    XCTAssertTrue(demo.statusBar.contains("search “sci”: 2 matches in"))
  }

  func testTypingInTheSearchLineIsTextNotCommands() throws {
    var demo = try Harness(self, screen: .categories)
    demo.press("/ q ? 1")
    XCTAssertFalse(demo.app.shouldQuit)
    XCTAssertFalse(demo.app.isShowingHelp)
    XCTAssertEqual(demo.app.screen, .categories)
    XCTAssertTrue(demo.messageLine.hasPrefix("/ q?1▏"), demo.messageLine)
    demo.press("backspace*3")
    XCTAssertEqual(demo.rows.count, 3, "an empty line clears the filter")
  }

  func testNextAndPreviousMatchAndEscapeRestores() throws {
    var demo = try Harness(self, screen: .categories)
    demo.press("down enter")  // Music open
    let before = demo.rows.map { String($0.dropFirst(2)) }
    demo.press("/ text:s enter")
    XCTAssertFalse(demo.app.isTyping)
    XCTAssertEqual(demo.app.categoriesScreen.search.query, "s")
    XCTAssertEqual(demo.rows.count, 11, "Garden (not loaded) is out")
    demo.press("home n")
    XCTAssertEqual(demo.selected, "│  ├─ • Mystery (28)", "Fiction has no s")
    demo.press("N")
    XCTAssertEqual(demo.selected, "▾ Books (124)")
    demo.press("N")
    XCTAssertEqual(demo.selected, "└─ • Sheet music (25)", "wraps to the last match")
    demo.press("esc")
    XCTAssertEqual(demo.rows.map { String($0.dropFirst(2)) }, before, "Music open, what the search opened closed")
    XCTAssertEqual(demo.selected, "└─ • Sheet music (25)")
    XCTAssertEqual(demo.messageLine, "Search cleared: the rows it opened are closed again")
  }

  func testTheBigTreeFiltersAsYouType() throws {
    var demo = try Harness(self, screen: .big)
    demo.press("/ text:\"maple 13\"")
    XCTAssertEqual(demo.rows, ["  ▾ Acacia 1 (1)", "› └─ • Maple 13"])
    XCTAssertTrue(demo.messageLine.hasPrefix("/ maple 13▏    1 match in"), demo.messageLine)
    let maple = demo.app.render().first { $0.text.contains("Maple 13") }!
    XCTAssertEqual(String(Array(maple.text)[maple.marks[0]]), "Maple 13")
    demo.press("esc")
    XCTAssertEqual(demo.treeRows.count, 10, "the ten roots, collapsed again")
    XCTAssertEqual(demo.selected, "▸ Acacia 1 (10)")
    demo.press("/ text:zzz")
    XCTAssertEqual(demo.rows, ["  No node matches the search. Esc clears it."])
    demo.press("esc down")
    XCTAssertEqual(demo.selected, "▸ Birch 2 (10)", "keys work again")
  }

  /// Searches that ask many nodes run in the background (here every one
  /// does): the keys typed meanwhile are taken at once, a key abandons the
  /// search under way, and a tick (or `wait`) applies the one that is in,
  /// with the rows a search made in one call gives.
  func testTheBigTreeSearchesInTheBackgroundWithoutBlockingKeys() throws {
    var background = try Harness(self, screen: .big, backgroundSearchNodes: 1)
    var inline = try Harness(self, screen: .big)
    background.press("/")
    inline.press("/ text:ma wait")
    // Two keys with no tick between them: the first search is abandoned.
    background.app.handle(.character("m"))
    XCTAssertTrue(background.app.hasRunningSearch)
    XCTAssertTrue(background.messageLine.hasPrefix("/ m▏    asking 1,000 nodes on "), background.messageLine)
    XCTAssertTrue(background.messageLine.contains("(keep typing)"), background.messageLine)
    background.app.handle(.character("a"))
    XCTAssertEqual(background.app.bigTreeScreen.abandonedSearches, 1)
    background.press("wait")
    XCTAssertFalse(background.app.hasRunningSearch)
    XCTAssertEqual(background.rows, inline.rows)
    XCTAssertTrue(background.messageLine.hasPrefix("/ ma▏    "), background.messageLine)
    XCTAssertTrue(background.messageLine.contains("1,000 nodes asked in"), background.messageLine)
    // One more letter narrows, in the background too; Esc abandons it.
    background.app.handle(.character("p"))
    XCTAssertTrue(background.messageLine.contains("asking"), background.messageLine)
    background.press("esc")
    XCTAssertFalse(background.app.hasRunningSearch)
    XCTAssertEqual(background.treeRows.count, 10, "the ten roots, collapsed again")
    XCTAssertEqual(background.app.bigTreeScreen.abandonedSearches, 1, "Esc cancels; it is not a stale search")
  }

  /// The big tree's matcher answers as `contains` on the made name would,
  /// ignoring case, for texts inside the word, inside the number and
  /// across the space.
  func testTheNameMatcherAgreesWithContains() {
    var queries = ["maple", "MAPLE", "ple", "13", "3", "0", "007", "le 1", "e 13", " 1", "e ", " ", "le 1x", "1 ", "a1", "Acacia 1", "cacia 10"]
    for word in BigTreeGenerator.words.prefix(5) { queries.append(String(word.suffix(2)) + " 2") }
    for query in queries {
      let matcher = BigTreeGenerator.NameMatcher(SearchAsYouType.Matcher(query))
      for node in Array(0 ..< 3_000) + [99_999, 1_234_566] {
        let expected = BigTreeGenerator.name(of: node).lowercased().contains(query.lowercased())
        if matcher.matches(node) != expected {
          XCTFail("\"\(query)\" in \"\(BigTreeGenerator.name(of: node))\": \(matcher.matches(node)), expected \(expected)")
          return
        }
      }
    }
  }
}
