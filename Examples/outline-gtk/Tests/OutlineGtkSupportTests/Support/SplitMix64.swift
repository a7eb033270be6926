#if canImport(Glibc)
import Glibc
#endif

/// SplitMix64: a small seeded generator, so every random test can be rerun
/// from the seed it prints on failure (`OUTLINE_SEED=<seed> swift test`).
struct SplitMix64: RandomNumberGenerator {
  private(set) var state: UInt64

  init(seed: UInt64) { state = seed }

  mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }

  mutating func int(in range: Range<Int>) -> Int { Int.random(in: range, using: &self) }

  mutating func chance(_ probability: Double) -> Bool { Double.random(in: 0 ..< 1, using: &self) < probability }
}

/// The seeds of a property test: `count` fixed ones, or the one in
/// `OUTLINE_SEED`.
func testSeeds(count: Int) -> [UInt64] {
  if let text = getenv("OUTLINE_SEED").map({ String(cString: $0) }), let seed = UInt64(text) { return [seed] }
  return (0 ..< UInt64(count)).map { $0 &* 0x9E37_79B9 &+ 17 }
}
