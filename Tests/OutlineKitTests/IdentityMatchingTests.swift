import XCTest

@testable import OutlineKit
import OutlineTestSupport

/// The pieces `update` is built from, against plain versions: finding the
/// first repeated identity (partitioned by hash, so large inputs take many
/// partitions), matching two preorders by identity, and the longest run of
/// siblings that kept their order.
final class IdentityMatchingTests: XCTestCase {
  /// The first repeat in order, and the place it repeats, the naive way.
  func naiveFirstDuplicate(_ ids: [Int]) -> (first: Int, second: Int)? {
    var seen: [Int: Int] = [:]
    for (k, x) in ids.enumerated() {
      if let first = seen[x] { return (first, k) }
      seen[x] = k
    }
    return nil
  }

  func testFirstDuplicateAgreesWithADictionary() {
    for seed in testSeeds(count: 12) {
      var rng = SplitMix64(seed: seed)
      let count = [0, 1, 2, 50, 1025, 5000, 70_000][rng.int(in: 0 ..< 7)]
      var ids = (0 ..< count).map { $0 &* 7919 &+ Int(seed % 13) }
      ids.shuffle(using: &rng)
      for _ in 0 ..< rng.int(in: 0 ... 3) where count > 1 {
        ids[rng.int(in: 0 ..< count)] = ids[rng.int(in: 0 ..< count)]
      }
      let found = _IdentityMatching.firstDuplicate(in: ids)
      let expected = naiveFirstDuplicate(ids)
      XCTAssertEqual(found?.first, expected?.first, "seed \(seed), \(count) ids")
      XCTAssertEqual(found?.second, expected?.second, "seed \(seed), \(count) ids")
    }
  }

  /// Matching: every new identity the old list holds is matched to an old
  /// node with it (one of them when it repeats there), both ways, and
  /// nothing else is.
  func testMatchingPairsEqualIdentities() {
    for seed in testSeeds(count: 20) {
      var rng = SplitMix64(seed: seed)
      let old = (0 ..< rng.int(in: 0 ... 300)).map { _ in rng.int(in: 0 ..< 200) }
      var new = Array(Set(old.filter { _ in rng.chance(0.8) }) .sorted())
      // Mostly in the old order, with moves and new identities.
      new.sort { (old.firstIndex(of: $0) ?? 0) < (old.firstIndex(of: $1) ?? 0) }
      for _ in 0 ..< rng.int(in: 0 ... 5) where new.count > 1 {
        new.swapAt(rng.int(in: 0 ..< new.count), rng.int(in: 0 ..< new.count))
      }
      new += (200 ..< 200 + rng.int(in: 0 ... 20)).shuffled(using: &rng)
      new.shuffle(using: &rng)
      if rng.chance(0.5) { new.sort { (old.firstIndex(of: $0) ?? 1000 + $0) < (old.firstIndex(of: $1) ?? 1000 + $1) } }
      let (oldMatches, newMatches) = _IdentityMatching.match(old: old, new: new)
      for (v, x) in new.enumerated() {
        let i = Int(newMatches[v])
        if old.contains(x) {
          XCTAssertTrue(i >= 0 && old[i] == x && oldMatches[i] == v, "seed \(seed): new \(v) (\(x))")
        } else {
          XCTAssertEqual(i, -1, "seed \(seed): new \(v) (\(x)) has no match")
        }
      }
      XCTAssertEqual(oldMatches.filter { $0 >= 0 }.count, newMatches.filter { $0 >= 0 }.count, "seed \(seed)")
    }
  }

  /// The engine's patience method keeps the run the test's dynamic program
  /// picks by the documented rule, and the run is a longest one.
  func testTheKeptRunIsALongestOneChosenByTheDocumentedRule() {
    for seed in testSeeds(count: 200) {
      var rng = SplitMix64(seed: seed)
      var values = Array(0 ..< rng.int(in: 0 ... 12))
      values.shuffle(using: &rng)
      let outside = Set(_OutlineCore.outsideLongestIncreasingRun(values.map { Int32($0) }))
      let kept = Set(values.indices).subtracting(outside)
      XCTAssertEqual(kept, keptByPatienceRule(values), "seed \(seed): \(values)")
    }
  }
}
