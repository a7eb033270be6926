import XCTest

@testable import OutlineKit

/// Every ordered forest of up to 5 nodes, with every set of expanded nodes,
/// every focused row (and none), under every key (from three selection
/// states) and type-ahead, checked against the reference model. The multi-select
/// state takes every key with every selection effect; the others take one
/// effect per case, in rotation, which keeps the run to seconds. (`.none`
/// mode is left to the property tests.)
final class ExhaustiveNavigationTests: XCTestCase {
  /// A selection state to start from: mode, policy, expansion policy.
  struct Setup {
    var mode: SelectionMode
    var policy: SelectionCollapsePolicy
    var expansionPolicy: ExpansionPolicy
  }

  static let setups = [
    Setup(mode: .multiple, policy: .selectCollapsedAncestor, expansionPolicy: .independent),
    Setup(mode: .multiple, policy: .keepHidden, expansionPolicy: .exclusiveSiblings),
    Setup(mode: .single, policy: .selectCollapsedAncestor, expansionPolicy: .exclusiveLevel),
  ]

  static let effects: [OutlineNavigation.SelectionEffect] = [.replace, .extend, .keep]

  static let keys: [OutlineNavigation] = [
    .down, .up, .right, .left, .home, .end, .pageDown(.rows(2)), .pageUp(.rows(2)), .expandSiblings,
  ]

  func testEveryKeyOnEveryRowOfEverySmallForest() {
    var checked = 0
    for n in 1 ... 5 {
      for depths in allForests(count: n) {
        for expandedMask in 0 ..< (1 << n) {
          var base = OutlinePair(depths: depths)
          for v in 0 ..< n where expandedMask & (1 << v) != 0 {
            base.outline.expand(base.id(v))
            base.reference.expand(v)
          }
          let rows = base.reference.visibleRows
          for (s, setup) in Self.setups.enumerated() {
            var configured = base
            configured.outline.expansionPolicy = setup.expansionPolicy
            configured.reference.policy = .init(setup.expansionPolicy)
            for focusRow in [nil] + Array(rows.indices) {
              let context = "forest \(depths), expanded \(expandedMask), setup \(s), focus row \(String(describing: focusRow))"
              let start = SelectionPair.starting(configured, mode: setup.mode, policy: setup.policy, focusRow: focusRow, context: context)
              for (k, key) in Self.keys.enumerated() {
                let effects = s == 0 ? Self.effects : [Self.effects[(k + (focusRow ?? 0) + s) % 3]]
                for effect in effects {
                  var pair = start
                  pair.navigate(key, effect: effect, context: context)
                  checked += 1
                }
              }
              // Type-ahead reads no selection state but the focus: one setup.
              for (k, prefix) in ["a", "b", "BE", "z"].enumerated() where s == 0 {
                var pair = start
                pair.typeAhead(prefix, includingFocus: prefix.count > 1, effect: Self.effects[(k + s) % 3], context: context)
                checked += 1
              }
              if testRun?.failureCount ?? 0 > 0 { return }
            }
          }
        }
      }
    }
    print("ExhaustiveNavigationTests: \(checked) cases checked")
  }
}
