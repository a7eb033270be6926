import OutlineKit
import XCTest

@testable import OutlineAdapters

/// `SearchAsYouType` against setting the same filter over the whole outline
/// on every keystroke: random typing (letters added, Backspace, the box
/// cleared, a text pasted, the outline edited between keystrokes) on a
/// random forest of words, the rows and every change compared after each
/// keystroke; and the step each keystroke took. Rerun a failing seed alone
/// with `OUTLINE_SEED=<seed> swift test --filter SearchAsYouTypeTests`.
final class SearchAsYouTypeTests: XCTestCase {
  static let syllables = ["ma", "pe", "ar", "le", "on", "ta", "ri", "se"]

  func forest(using rng: inout SplitMix64, count: Int) -> Outline<String> {
    var depth = -1
    let preorder = (0 ..< count).map { _ -> (node: String, depth: Int) in
      depth = Int.random(in: 0 ... depth + 1, using: &rng)
      let word = (0 ..< Int.random(in: 1 ... 4, using: &rng)).map { _ in Self.syllables.randomElement(using: &rng)! }.joined()
      return (node: word, depth: depth)
    }
    return Outline(preorder: preorder)
  }

  static func visibility(_ text: String) -> @Sendable (String) -> FilterVisibility {
    let query = text.lowercased()
    return { $0.lowercased().contains(query) ? .visible : .recurse }
  }

  func testTypingMatchesSettingTheFilterOnEveryKeystroke() {
    for seed in [UInt64(1), 2, 3, 4, 5, 6] {
      var rng = SplitMix64(seed: seed)
      var typed = forest(using: &rng, count: 3_000)
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
        let change = typing.search(for: text, in: &typed, visibility: Self.visibility)
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
      typing.search(for: text, in: &outline, visibility: Self.visibility)
      steps.append(typing.lastStep!)
    }
    // "mapl" went back to "ma" in one step: the filter it narrowed was "ma".
    XCTAssertEqual(
      steps, [.set, .narrowed, .narrowed, .widened, .widened, .narrowed, .narrowed, .widened, .widened, .cleared, .set, .unchanged, .narrowed])
    XCTAssertEqual(outline.rows.map { outline[$0] }, [], "no name contains xpe")
    // An edit between keystrokes: Backspace sets the filter again.
    outline.insert("xpear", under: nil, at: 0)
    typing.search(for: "pe", in: &outline, visibility: Self.visibility)
    XCTAssertEqual(typing.lastStep, .set)
    XCTAssertEqual(outline.rows.map { outline[$0] }, ["xpear", "pear"])
  }

  func testCategoryAndJSONSearchesNarrowAsTheUserTypes() throws {
    var tree = CategoryTree(catalog: try CategoryCatalog.sample())
    var fresh = tree
    for text in ["s", "sc", "sci", "sc", "scie"] {
      tree.search(for: text)
      fresh.clearSearch()
      fresh.search(for: text)
      XCTAssertEqual(tree.outline.rows.map { tree.outline[$0].name }, fresh.outline.rows.map { fresh.outline[$0].name }, text)
    }
    XCTAssertEqual(tree._typing.lastStep, .narrowed)

    var document = try JSONDocument(bytes: Array(#"{"ada": [1, "adam", {"b": "lovelace"}], "bob": "adams"}"#.utf8))
    var steps: [SearchAsYouType.Step] = []
    for text in ["a", "ad", "ada", "adam", "ada"] {
      document.search(for: text)
      steps.append(document._typing.lastStep!)
    }
    XCTAssertEqual(steps, [.set, .narrowed, .narrowed, .narrowed, .widened])
    XCTAssertEqual(document.outline.matchCount, 3, "the key ada, the values adam and adams")
  }
}
