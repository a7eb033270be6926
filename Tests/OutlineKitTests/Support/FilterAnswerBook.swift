#if !OUTLINE_FUZZ
@testable import OutlineKit
import OutlineTestSupport
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
  /// Narrowings applied on top of the answers, in order: each can only
  /// hide more (search as you type, one letter at a time).
  var layers: [FilterLayer] = []

  /// A book with the same answers, to change apart from this one.
  func copy() -> FilterAnswerBook {
    let copy = FilterAnswerBook()
    copy.restore(self)
    return copy
  }

  /// Gives this book the answers of `other`.
  func restore(_ other: FilterAnswerBook) {
    (seed, versions, overrides, layers) = (other.seed, other.versions, other.overrides, other.layers)
  }

  func answer(_ payload: Int) -> FilterVisibility {
    // Updates put a value's version in its payload's high bits for a moment.
    let value = payload & OutlinePair.identityMask
    var answer = overrides[value] ?? seededAnswer(value)
    for layer in layers { answer = layer.narrow(answer, of: value, version: versions[value] ?? 0) }
    return answer
  }

  private func seededAnswer(_ value: Int) -> FilterVisibility {
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

/// One narrowing of the book's answers: a node answered `.hidden` stays
/// so, `.recurse` stays or turns `.hidden`, `.visible` may turn either;
/// so no node that an earlier answer excluded passes after it.
enum FilterLayer: Equatable, CustomStringConvertible {
  /// Answers from a hash of the seed, the value and its version.
  case seeded(UInt64)
  /// Chosen answers (a value missing keeps its answer).
  case fixed([Int: FilterVisibility])

  func narrow(_ answer: FilterVisibility, of value: Int, version: Int) -> FilterVisibility {
    let wanted: FilterVisibility
    switch self {
    case .fixed(let answers): wanted = answers[value] ?? answer
    case .seeded(let seed):
      var rng = SplitMix64(seed: seed &* 0xD6E8_FEB8_6659_FD93 ^ UInt64(value) &* 0x9E37_79B9_7F4A_7C15 ^ UInt64(version))
      let roll = rng.int(in: 0 ..< 100)
      wanted = roll < 55 ? .visible : roll < 85 ? .recurse : .hidden
    }
    switch (answer, wanted) {
    case (.hidden, _), (.recurse, .hidden): return .hidden
    case (.recurse, _): return .recurse
    case (.visible, _): return wanted
    }
  }

  var description: String {
    switch self {
    case .seeded(let seed): "seeded(\(seed))"
    case .fixed(let answers): "fixed(\(answers.sorted { $0.key < $1.key }.map { "\($0.key): .\($0.value)" }.joined(separator: ", ")))"
    }
  }
}

/// An operation on the filter.
enum FilterOperation: CustomStringConvertible {
  /// Sets the filter (answers from the book with this seed).
  case set(seed: UInt64, revealing: Bool)
  /// Changes the book's seed and asks every node again.
  case refilter(seed: UInt64)
  case remove
  /// Narrows the filter in force: the book's layers become these (the
  /// ones in force and one more), and `narrowFilter` asks the nodes that
  /// pass.
  case narrow(layers: [FilterLayer], revealing: Bool)
  /// Goes back to the filter before the last narrowing (`widenFilter`).
  case widen

  var description: String {
    switch self {
    case .set(let seed, let revealing): "setFilter(seed \(seed)\(revealing ? ", revealing" : ""))"
    case .refilter(let seed): "refilter(seed \(seed))"
    case .remove: "removeFilter()"
    case .narrow(let layers, let revealing): "narrowFilter(\(layers.last.map(String.init(describing:)) ?? "")\(revealing ? ", revealing" : ""))"
    case .widen: "widenFilter()"
    }
  }
}
