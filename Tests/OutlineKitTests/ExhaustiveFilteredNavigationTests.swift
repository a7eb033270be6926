import XCTest

@testable import OutlineKit

/// Navigation and selection under filters, on every ordered forest of up to
/// 4 nodes, checked against the reference model:
///
/// - every key from every row (and from none) under every set of nodes a
///   filter can let through, with every expansion set of those nodes: the
///   rows, → and ← on nodes whose children are all left out, `*` over
///   siblings with and without children that pass;
/// - every filter (every distinct set of included nodes and matches that an
///   assignment of `.visible`, `.recurse` and `.hidden` gives), revealing or
///   not, over every expansion set and every focused row: where the focus,
///   the anchor and the selection go when the filter hides them, and what
///   comes back when the filter is removed, directly, or after a key (and,
///   for a revealing filter, a search that shows nothing).
final class ExhaustiveFilteredNavigationTests: XCTestCase {
  typealias Setup = ExhaustiveNavigationTests.Setup

  static let kinds: [FilterVisibility] = [.visible, .recurse, .hidden]

  /// The distinct filters of a forest: one answer assignment for each
  /// different pair of included nodes and matches (others behave alike).
  func distinctFilters(of depths: [Int]) -> [[FilterVisibility]] {
    let n = depths.count
    var seen: Set<[Int]> = []
    var result: [[FilterVisibility]] = []
    var reference = OutlinePair(depths: depths).reference
    for assignment in 0 ..< Int(pow(3.0, Double(n))) {
      var rest = assignment
      let answers = (0 ..< n).map { _ -> FilterVisibility in
        defer { rest /= 3 }
        return Self.kinds[rest % 3]
      }
      reference.answers = Dictionary(uniqueKeysWithValues: answers.enumerated().map { ($0.offset, $0.element) })
      let included = reference.included
      let matches = reference.matches
      let key = (0 ..< n).map { (included.contains($0) ? 1 : 0) + (matches.contains($0) ? 2 : 0) }
      if seen.insert(key).inserted { result.append(answers) }
    }
    return result
  }

  /// Answers as `[visible, hidden]`, for failure messages.
  func short(_ answers: [FilterVisibility]) -> String {
    "[" + answers.map { "\($0)" }.joined(separator: ", ") + "]"
  }

  /// `pair` with a filter giving `answers` (node v answers `answers[v]`),
  /// set on the engine and the reference.
  func filtered(_ pair: OutlinePair, answers: [FilterVisibility], revealing: Bool) -> OutlinePair {
    var pair = pair
    pair.book.overrides = Dictionary(uniqueKeysWithValues: answers.enumerated().map { ($0.offset, $0.element) })
    var engine = pair.outline
    pair.outline = Outline()  // keep `engine` uniquely referenced
    var moved: Set<Int> = []
    var valueSet: Set<Int> = []
    pair.apply(.filter(.set(seed: 0, revealing: revealing)), to: &engine, moved: &moved, valueSet: &valueSet)
    pair.outline = engine
    return pair
  }

  func testEveryKeyOnEveryRowUnderEveryFilter() {
    var checked = 0
    for n in 1 ... 4 {
      for depths in allForests(count: n) {
        var included: Set<Set<Int>> = []
        for answers in distinctFilters(of: depths) {
          // Keys read only what passes: one filter per set of included nodes.
          let unfiltered = OutlinePair(depths: depths)
          let pair = filtered(unfiltered, answers: answers, revealing: false)
          let passing = pair.reference.included
          guard included.insert(passing).inserted else { continue }
          // The flags of nodes left out change no row: they stay collapsed.
          let flagged = passing.sorted()
          for mask in 0 ..< (1 << flagged.count) {
            var base = pair
            for (k, v) in flagged.enumerated() where mask & (1 << k) != 0 {
              base.outline.expand(base.id(v))
              base.reference.expand(v)
            }
            base.quickCheck("forest \(depths), answers \(short(answers)), expanded \(mask)")
            let rows = base.reference.visibleRows
            for (s, setup) in ExhaustiveNavigationTests.setups.enumerated() {
              var configured = base
              configured.outline.expansionPolicy = setup.expansionPolicy
              configured.reference.policy = .init(setup.expansionPolicy)
              for focusRow in [nil] + Array(rows.indices) {
                let context = "forest \(depths), answers \(short(answers)), expanded \(flagged) by \(mask), setup \(s), focus row \(String(describing: focusRow))"
                let start = SelectionPair.starting(configured, mode: setup.mode, policy: setup.policy, focusRow: focusRow, context: context)
                for (k, key) in ExhaustiveNavigationTests.keys.enumerated() {
                  let effects = s == 0 ? ExhaustiveNavigationTests.effects : [ExhaustiveNavigationTests.effects[(k + (focusRow ?? 0) + s) % 3]]
                  for effect in effects {
                    var state = start
                    state.navigate(key, effect: effect, context: context)
                    checked += 1
                  }
                }
                for (k, prefix) in ["a", "b", "BE", "z"].enumerated() where s == 0 {
                  var state = start
                  state.typeAhead(prefix, includingFocus: prefix.count > 1, effect: ExhaustiveNavigationTests.effects[k % 3], context: context)
                  checked += 1
                }
                if testRun?.failureCount ?? 0 > 0 { return }
              }
            }
          }
        }
      }
    }
    print("ExhaustiveFilteredNavigationTests, keys: \(checked) cases checked")
  }

  func testAFilterHidesTheFocusWithoutForgettingIt() {
    var checked = 0
    let setups = [
      Setup(mode: .multiple, policy: .selectCollapsedAncestor, expansionPolicy: .independent),
      Setup(mode: .multiple, policy: .keepHidden, expansionPolicy: .exclusiveSiblings),
    ]
    for n in 1 ... 4 {
      for depths in allForests(count: n) {
        let filters = distinctFilters(of: depths)
        for expandedMask in 0 ..< (1 << n) {
          var base = OutlinePair(depths: depths)
          for v in 0 ..< n where expandedMask & (1 << v) != 0 {
            base.outline.expand(base.id(v))
            base.reference.expand(v)
          }
          let rows = base.reference.visibleRows
          for (f, answers) in filters.enumerated() {
            let setup = setups[(f + expandedMask) % setups.count]
            var configured = base
            configured.outline.expansionPolicy = setup.expansionPolicy
            configured.reference.policy = .init(setup.expansionPolicy)
            // Revealing differs only when a match has a collapsed ancestor.
            let answered = filtered(configured, answers: answers, revealing: false).reference
            let reveals = answered.matches.contains { match in
              var parent = answered.nodes[match]!.parent
              while let p = parent, answered.nodes[p]!.expanded { parent = answered.nodes[p]!.parent }
              return parent != nil
            }
            for revealing in reveals ? [false, true] : [false] {
              for focusRow in rows.indices {
                let context = "forest \(depths), expanded \(expandedMask), answers \(short(answers)), revealing \(revealing), focus row \(focusRow)"
                var state = SelectionPair.starting(configured, mode: setup.mode, policy: setup.policy, focusRow: focusRow, context: context)
                state.book(answers)
                state.mutate(.filter(.set(seed: 0, revealing: revealing)), batch: (f + focusRow) % 2 == 0, context: context)
                checked += 1
                // Clearing the filter at once brings the focus back; a key
                // first makes the focus the user's again.
                var cleared = state
                cleared.mutate(.filter(.remove), batch: false, context: context + ", removed")
                checked += 1
                let key = ExhaustiveNavigationTests.keys[(focusRow + f) % ExhaustiveNavigationTests.keys.count]
                state.navigate(key, effect: .keep, context: context + ", then")
                checked += 1
                if revealing {
                  // A search that finds nothing empties the list; clearing
                  // it then closes what the first one opened, which may
                  // hide the node the key focused.
                  state.book(Array(repeating: .hidden, count: n))
                  state.mutate(.filter(.set(seed: 0, revealing: false)), batch: false, context: context + ", \(key), nothing")
                  checked += 1
                }
                state.mutate(.filter(.remove), batch: true, context: context + ", \(key) then removed")
                checked += 1
                if testRun?.failureCount ?? 0 > 0 { return }
              }
            }
          }
        }
      }
    }
    print("ExhaustiveFilteredNavigationTests, filters: \(checked) cases checked")
  }
}

extension SelectionPair {
  /// Makes the filter answer `answers[v]` for node v.
  func book(_ answers: [FilterVisibility]) {
    pair.book.overrides = Dictionary(uniqueKeysWithValues: answers.enumerated().map { ($0.offset, $0.element) })
  }
}
