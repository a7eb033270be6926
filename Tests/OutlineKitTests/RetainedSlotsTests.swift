import XCTest

@testable import OutlineKit
import OutlineTestSupport

/// The retained slots' set against a plain dictionary: random retains,
/// revivals and releases of slots with changing keys, compactions
/// included; every walk gives each retained slot's latest key once.
final class RetainedSlotsTests: XCTestCase {
  func testRandomRetainsAndReleasesMatchADictionary() {
    for seed in testSeeds(count: 6) {
      var rng = SplitMix64(seed: seed)
      var retained = _RetainedSlots()
      var model: [UInt32: UInt64] = [:]
      var generations: [UInt32: UInt64] = [:]
      for step in 0 ..< 12_000 {
        let slot = UInt32(rng.int(in: 0 ..< 3_000))
        // Phases of mostly retains, then mostly releases, so that stale
        // entries come to outnumber live ones and the list compacts.
        if rng.chance(step % 4_000 < 2_500 ? 0.8 : 0.05) {
          guard model[slot] == nil else { continue }
          // A new node in the slot: the next odd generation.
          let generation = (generations[slot] ?? 0) | 1
          generations[slot] = generation + 2
          let key = generation << 32 | UInt64(slot)
          retained.insert(key)
          model[slot] = key
        } else {
          XCTAssertEqual(retained.remove(slot: slot), model.removeValue(forKey: slot) != nil, "seed \(seed), step \(step)")
        }
        XCTAssertEqual(retained.count, model.count)
        if step % 500 == 0 || (step > 3_900 && step < 4_000) {
          var walked: [UInt32: UInt64] = [:]
          retained.forEach { key in
            XCTAssertNil(walked.updateValue(key, forKey: UInt32(truncatingIfNeeded: key)), "a slot walked twice")
          }
          XCTAssertEqual(walked, model, "seed \(seed), step \(step)")
        }
      }
      var freed: [UInt64] = []
      retained.removeAll { freed.append($0) }
      XCTAssertEqual(Set(freed), Set(model.values))
      XCTAssertEqual(freed.count, model.count)
      XCTAssertTrue(retained.isEmpty)
    }
  }
}
