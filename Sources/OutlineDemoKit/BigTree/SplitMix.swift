/// SplitMix64: a small seeded generator, so that a key script makes the
/// same changes every time (and tests can drive the screens with seeded
/// random keys).
///
/// ```swift
/// var random = SplitMix(seed: 42)
/// random.int(below: 10)   // the same number for the same seed, every run
/// ```
public struct SplitMix: Sendable {
  private var state: UInt64

  /// A generator whose numbers follow from `seed`.
  ///
  /// - Complexity: O(1).
  public init(seed: UInt64) { state = seed }

  /// The next 64 random bits.
  ///
  /// - Complexity: O(1).
  public mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }

  /// A number in `0 ..< bound`.
  ///
  /// - Precondition: `bound > 0`.
  /// - Complexity: O(1).
  public mutating func int(below bound: Int) -> Int { Int(next() % UInt64(bound)) }
}
