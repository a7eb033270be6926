import OutlineTestSupport
import XCTest

@testable import OutlineKit

/// `SearchAsYouType` against setting the same filter over the whole outline
/// on every keystroke: random typing (letters added, Backspace, the box
/// cleared, a text pasted, the outline edited between keystrokes) on a
/// random forest of words, the rows and every change compared after each
/// keystroke; and the step each keystroke took. Rerun a failing seed alone
/// with `OUTLINE_SEED=<seed> swift test --filter SearchAsYouTypeTests`.
/// Then every short text of letters with and without diacritics, of both
/// cases, typed one letter more and taken back: narrowing must give what
/// setting the filter gives; and the matcher's folding on known cases.
final class SearchAsYouTypeTests: XCTestCase {
  static let syllables = ["ma", "pe", "ar", "le", "on", "ta", "ri", "se"]

  static func forest(using rng: inout SplitMix64, count: Int) -> Outline<String> {
    var depth = -1
    let preorder = (0 ..< count).map { _ -> (node: String, depth: Int) in
      depth = Int.random(in: 0 ... depth + 1, using: &rng)
      let word = (0 ..< Int.random(in: 1 ... 4, using: &rng)).map { _ in Self.syllables.randomElement(using: &rng)! }.joined()
      return (node: word, depth: depth)
    }
    return Outline(preorder: preorder)
  }

  /// What the search shows for a text, set over the whole outline.
  static func visibility(_ text: String) -> @Sendable (String) -> FilterVisibility {
    let matcher = SearchAsYouType.Matcher(text)
    return { matcher.matches($0) ? .visible : .recurse }
  }

  static func matching(_ matcher: SearchAsYouType.Matcher) -> @Sendable (String) -> Bool {
    { matcher.matches($0) }
  }

  func testTypingMatchesSettingTheFilterOnEveryKeystroke() {
    for seed in [UInt64(1), 2, 3, 4, 5, 6] {
      var rng = SplitMix64(seed: seed)
      var typed = Self.forest(using: &rng, count: 3_000)
      var reference = typed
      var typing = SearchAsYouType()
      var text = ""
      var steps: [SearchAsYouType.Step] = []
      for keystroke in 0 ..< 200 {
        let roll = Int.random(in: 0 ..< 100, using: &rng)
        if roll < 55 {
          text += String(Self.syllables.randomElement(using: &rng)!.randomElement(using: &rng)!)
        } else if roll < 85 {
          if !text.isEmpty { text.removeLast() }
        } else if roll < 90 {
          text = ""
        } else if roll < 95 {
          text = Self.syllables.randomElement(using: &rng)!
        } else {
          // An edit between keystrokes: the next one cannot widen.
          let row = Int.random(in: 0 ..< max(1, typed.rowCount), using: &rng)
          if typed.rowCount > 0 {
            let id = typed.id(atRow: row)
            typed[id] += "ma"
            reference[reference.id(atRow: row)] += "ma"
          }
        }
        let change = typing.search(for: text, in: &typed, matching: Self.matching)
        let expected =
          text.isEmpty
          ? (reference.isFiltered ? reference.removeFilter() : OutlineChange())
          : reference.setFilter(revealingMatches: true, Self.visibility(text))
        let context = "seed \(seed), keystroke \(keystroke), text \"\(text)\", step \(String(describing: typing.lastStep))"
        if typing.lastStep != .unchanged { XCTAssertEqual(change, expected, context) }
        XCTAssertEqual(typed.rows.map { typed[$0] }, reference.rows.map { reference[$0] }, context)
        XCTAssertEqual(typed.matchCount, reference.matchCount, context)
        steps.append(typing.lastStep!)
        if testRun?.failureCount ?? 0 > 0 {
          print("Failing seed: \(seed) (OUTLINE_SEED=\(seed)), keystroke \(keystroke)")
          return
        }
      }
      XCTAssertTrue(steps.contains(.narrowed) && steps.contains(.widened) && steps.contains(.set), "seed \(seed): \(steps)")
    }
  }

  func testEachKeystrokeTakesTheCheapestStep() {
    var outline = Outline(preorder: [(node: "maple", depth: 0), (node: "map", depth: 1), (node: "pear", depth: 0)])
    var typing = SearchAsYouType()
    var steps: [SearchAsYouType.Step] = []
    for text in ["m", "ma", "map", "ma", "m", "ma", "mapl", "ma", "m", "", "pe", "pe", "xpe"] {
      typing.search(for: text, in: &outline, matching: Self.matching)
      steps.append(typing.lastStep!)
    }
    // "mapl" went back to "ma" in one step: the filter it narrowed was "ma".
    XCTAssertEqual(
      steps, [.set, .narrowed, .narrowed, .widened, .widened, .narrowed, .narrowed, .widened, .widened, .cleared, .set, .unchanged, .narrowed])
    XCTAssertEqual(outline.rows.map { outline[$0] }, [], "no name contains xpe")
    // An edit between keystrokes: Backspace sets the filter again.
    outline.insert("xpear", under: nil, at: 0)
    typing.search(for: "pe", in: &outline, matching: Self.matching)
    XCTAssertEqual(typing.lastStep, .set)
    XCTAssertEqual(outline.rows.map { outline[$0] }, ["xpear", "pear"])
  }

  // MARK: Folding

  /// Case and diacritics fold the same way wherever they are: precomposed
  /// or combining, upper or lower case, and the special cases of full case
  /// folding.
  func testTheMatcherFoldsCaseAndDiacritics() {
    let finds: [(query: String, text: String)] = [
      ("a", "Ärger"), ("Ä", "ärger"), ("ä", "ARGER"), ("ä", "A\u{308}rger"), ("e", "Café"), ("É", "cafe"),
      ("cafe", "CAFÉ"), ("strasse", "Straße"), ("STRASSE", "straße"), ("straße", "STRASSE"), ("ss", "ẞ"),
      ("σ", "ΟΔΟΣ"), ("ς", "Σ"), ("ο", "ό"), ("fi", "ﬁle"), ("i", "İstanbul"), ("ÅNGSTRÖM", "angstrom"),
      ("и", "й"), ("", "anything"), ("\u{301}", "combining marks fold to nothing"),
    ]
    for (query, text) in finds {
      XCTAssertTrue(SearchAsYouType.Matcher(query).matches(text), "\(query) in \(text)")
    }
    let missesRaw: [(query: String, text: String)] = [("ae", "Ä"), ("o", "ø"), ("ss", "s"), ("b", "Ärger"), ("éé", "e")]
    for (query, text) in missesRaw {
      XCTAssertFalse(SearchAsYouType.Matcher(query).matches(text), "\(query) not in \(text)")
    }
    XCTAssertEqual(SearchAsYouType.Matcher("Straße Ä").foldedQuery, "strasse a")
    // Bytes that are not UTF-8 (a file name's) match only themselves.
    let latin1: [UInt8] = [0x43, 0x61, 0x66, 0xE9]  // "Café" in Latin-1
    XCTAssertTrue(latin1.withUnsafeBytes { SearchAsYouType.Matcher("caf").matches(utf8: $0) })
    XCTAssertFalse(latin1.withUnsafeBytes { SearchAsYouType.Matcher("cafe").matches(utf8: $0) })
    // Where the match is, for a highlight: whole characters.
    let text = "Hauptstraße 5"
    XCTAssertEqual(SearchAsYouType.Matcher("STRASSE").firstMatch(in: text).map { String(text[$0]) }, "straße")
    XCTAssertEqual(SearchAsYouType.Matcher("e").firstMatch(in: "Cafe\u{301}!").map { String("Cafe\u{301}!"[$0]) }, "e\u{301}")
    XCTAssertNil(SearchAsYouType.Matcher("x").firstMatch(in: text))
  }

  /// A longer query implies a shorter one exactly when its folded form
  /// contains the shorter one's.
  func testImplicationFollowsTheFoldedQueries() {
    XCTAssertTrue(SearchAsYouType.Matcher("Straße").implies(.init("STRAS")))
    XCTAssertTrue(SearchAsYouType.Matcher("ß").implies(.init("s")), "ß folds to ss")
    XCTAssertTrue(SearchAsYouType.Matcher("ab").implies(.init("b")))
    XCTAssertFalse(SearchAsYouType.Matcher("ab").implies(.init("c")))
    XCTAssertTrue(SearchAsYouType.Matcher("x").implies(.init("")))
  }

  /// Every text of up to three letters from an alphabet of letters with and
  /// without diacritics, of both cases (precomposed and combining), is a
  /// node (with its reverse as a child, so `.recurse` has work to do);
  /// every query of one or two letters is typed a letter at a time and
  /// taken back, and after every keystroke the rows and matches are those
  /// of setting the filter for the text over the whole outline.
  func testNarrowingEqualsSettingTheFilterOnEveryShortText() {
    let alphabet = ["a", "A", "ä", "Ä", "a\u{308}", "e", "É", "s", "ß", "z"]
    var texts = alphabet
    for _ in 1 ..< 3 { texts += texts.flatMap { prefix in alphabet.map { prefix + $0 } }.filter { $0.unicodeScalars.count <= 6 } }
    texts = Array(Set(texts)).sorted()
    var preorder: [(node: String, depth: Int)] = []
    for text in texts {
      preorder.append((text, 0))
      preorder.append((String(text.reversed()) + "-", 1))
    }
    let base = Outline(preorder: preorder)
    var narrowings = 0
    for first in alphabet {
      for second in alphabet {
        var typed = base
        var typing = SearchAsYouType()
        for text in [first, first + second, first, ""] {
          typing.search(for: text, in: &typed, matching: Self.matching)
          if typing.lastStep == .narrowed { narrowings += 1 }
          var reference = base
          if !text.isEmpty { reference.setFilter(revealingMatches: true, Self.visibility(text)) }
          let context = "\(first) then \(second): \"\(text)\" (\(String(describing: typing.lastStep)))"
          XCTAssertEqual(typed.rows.map { typed[$0] }, reference.rows.map { reference[$0] }, context)
          XCTAssertEqual(typed.matchCount, reference.matchCount, context)
        }
        // An edit asks the nodes a narrowing skipped: a narrowing that
        // showed more would trap here.
        typed.insert("edit", under: nil, at: 0)
      }
    }
    XCTAssertGreaterThan(narrowings, 80, "narrowing was taken")
  }
}
