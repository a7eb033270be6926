import OutlineGtkSupport

#if canImport(Glibc)
import Glibc
#endif

/// The tests' random numbers: the benchmark's seeded SplitMix64, so every
/// random test can be rerun from the seed it prints on failure
/// (`OUTLINE_SEED=<seed> swift test`).
typealias SplitMix64 = SeededRandom

extension SeededRandom {
  mutating func int(in range: Range<Int>) -> Int { Int.random(in: range, using: &self) }

  mutating func chance(_ probability: Double) -> Bool { Double.random(in: 0 ..< 1, using: &self) < probability }
}

/// The seeds of a property test: `count` fixed ones, or the one in
/// `OUTLINE_SEED`.
func testSeeds(count: Int) -> [UInt64] {
  if let text = getenv("OUTLINE_SEED").map({ String(cString: $0) }), let seed = UInt64(text) { return [seed] }
  return (0 ..< UInt64(count)).map { $0 &* 0x9E37_79B9 &+ 17 }
}
