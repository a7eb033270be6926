#if !OUTLINE_FUZZ
@testable import OutlineKit
#endif

/// The filter the tests set: its answer for a node value comes from a hash
/// of the value, the value's version (bumped when the test sets the value,
/// so the node may answer differently) and the book's seed (changed to
/// refilter), or from an override the test chose.
///
/// The engine and the reference ask the same book at the same moments (a
/// filter set or refiltered: every node; an insert: the new nodes; a value
/// set: that node), so what they store always agrees, even though copies of
/// a pair share one book.
final class FilterAnswerBook: @unchecked Sendable {
  var seed: UInt64 = 1
  var versions: [Int: Int] = [:]
  var overrides: [Int: FilterVisibility] = [:]

  func answer(_ payload: Int) -> FilterVisibility {
    // Updates put a value's version in its payload's high bits for a moment.
    let value = payload & OutlinePair.identityMask
    if let fixed = overrides[value] { return fixed }
    var rng = SplitMix64(seed: seed &* 0x9E37_79B9_7F4A_7C15 ^ UInt64(value) &* 0xBF58_476D_1CE4_E5B9 ^ UInt64(versions[value] ?? 0))
    // The seed sets the mix: few matches (a search) to many, some hidden.
    let visibleShare = 5 + Int(seed % 7) * 6  // 5 ... 41 %
    let hiddenShare = Int(seed / 7 % 4) * 8  // 0 ... 24 %
    let roll = rng.int(in: 0 ..< 100)
    if roll < visibleShare { return .visible }
    if roll < visibleShare + hiddenShare { return .hidden }
    return .recurse
  }

  func answers(for values: some Sequence<Int>) -> [Int: FilterVisibility] {
    Dictionary(uniqueKeysWithValues: values.map { ($0, answer($0)) })
  }
}

/// An operation on the filter.
enum FilterOperation: CustomStringConvertible {
  /// Sets the filter (answers from the book with this seed).
  case set(seed: UInt64, revealing: Bool)
  /// Changes the book's seed and asks every node again.
  case refilter(seed: UInt64)
  case remove

  var description: String {
    switch self {
    case .set(let seed, let revealing): "setFilter(seed \(seed)\(revealing ? ", revealing" : ""))"
    case .refilter(let seed): "refilter(seed \(seed))"
    case .remove: "removeFilter()"
    }
  }
}
