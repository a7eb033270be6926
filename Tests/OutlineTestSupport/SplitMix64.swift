#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#elseif canImport(Musl)
import Musl
#elseif canImport(Android)
import Android
#endif

/// SplitMix64: a tiny, fast, seedable generator, so every random test, key
/// script and benchmark input is reproducible from its seed. The one copy
/// the package's tests, benchmark and demo share.
public struct SplitMix64: RandomNumberGenerator, Sendable {
  /// The generator's state: the next numbers follow from it.
  public private(set) var state: UInt64

  /// A generator whose numbers follow from `seed`.
  public init(seed: UInt64) { state = seed }

  /// The next 64 random bits.
  public mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }

  /// A uniform integer in `range`.
  public mutating func int(in range: Range<Int>) -> Int { Int.random(in: range, using: &self) }

  /// A uniform integer in `range`.
  public mutating func int(in range: ClosedRange<Int>) -> Int { Int.random(in: range, using: &self) }

  /// A uniform integer in `0 ..< n`, the fast way (a remainder: the bias
  /// is below 2^-40 for the sizes seeds pick).
  public mutating func int(below n: Int) -> Int { Int(next() % UInt64(n)) }

  /// True with `probability`.
  public mutating func chance(_ probability: Double) -> Bool { Double.random(in: 0 ..< 1, using: &self) < probability }

  /// A uniform element of `array`, which is not empty.
  public mutating func element<T>(of array: [T]) -> T { array[int(in: 0 ..< array.count)] }

  /// A uniform element of `items`, which is not empty.
  public mutating func pick<T>(_ items: [T]) -> T { element(of: items) }
}

/// Seeds for property tests: a fixed list, or the one in `OUTLINE_SEED` so a
/// failing seed can be rerun alone:
///
///     OUTLINE_SEED=1234 swift test --filter PropertyTests
///
/// `OUTLINE_SEED_LIMIT=n` keeps the first n seeds of every list: the
/// sanitizer runs, which are several times slower, use it to check the same
/// code paths on fewer sequences.
public func testSeeds(count: Int) -> [UInt64] {
  if let text = ProcessInfoLite.environment("OUTLINE_SEED"), let seed = UInt64(text) { return [seed] }
  let limit = ProcessInfoLite.environment("OUTLINE_SEED_LIMIT").flatMap(Int.init).map { max(1, $0) } ?? count
  return (0 ..< UInt64(min(count, limit))).map { $0 &* 0x9E37_79B9 &+ 17 }
}

/// Reads the environment without Foundation.
public enum ProcessInfoLite {
  /// The value of the environment variable `name`, or nil.
  public static func environment(_ name: String) -> String? {
    guard let value = getenv(name) else { return nil }
    return String(cString: value)
  }
}
