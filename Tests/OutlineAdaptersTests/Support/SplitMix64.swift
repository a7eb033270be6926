/// SplitMix64: a tiny, fast, seedable generator, so every random test is
/// reproducible from the seed it prints on failure.
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

  /// A uniform integer in `range`.
  mutating func int(in range: Range<Int>) -> Int { Int.random(in: range, using: &self) }

  mutating func int(in range: ClosedRange<Int>) -> Int { Int.random(in: range, using: &self) }

  mutating func chance(_ probability: Double) -> Bool { Double.random(in: 0 ..< 1, using: &self) < probability }

  mutating func element<T>(of array: [T]) -> T { array[int(in: 0 ..< array.count)] }

  /// A uniform element of `items`, which is not empty.
  mutating func pick<T>(_ items: [T]) -> T { element(of: items) }
}
