/// A list kept inline while it has at most one element: the storage of an
/// `OutlineChange`'s row lists.
///
/// The change of one expansion has one range of rows that go or come and one
/// row to redraw; as arrays, those were two heap allocations per toggle
/// (a fifth of a warm toggle's time). Kept here, they cost none until an
/// app reads them as arrays.
///
/// The form is canonical (no element is `.empty`, one is `.one`, `.many`
/// holds two or more), so the synthesized equality and hashing are those
/// of the lists.
@usableFromInline
internal enum _ShortList<Element: Hashable & Sendable>: Hashable, Sendable {
  case empty
  case one(Element)
  /// Two or more elements.
  case many([Element])

  @inlinable
  init(_ elements: [Element]) {
    switch elements.count {
    case 0: self = .empty
    case 1: self = .one(elements[0])
    default: self = .many(elements)
    }
  }

  /// The elements as an array (allocated when there is one).
  @inlinable
  var array: [Element] {
    switch self {
    case .empty: return []
    case .one(let element): return [element]
    case .many(let elements): return elements
    }
  }

  @inlinable
  var isEmpty: Bool {
    if case .empty = self { return true }
    return false
  }

  /// Combines the elements in order, as `Sequence.reduce` does, without
  /// making an array.
  @inlinable
  func reduce<Result>(_ initial: Result, _ combine: (Result, Element) -> Result) -> Result {
    switch self {
    case .empty: return initial
    case .one(let element): return combine(initial, element)
    case .many(let elements): return elements.reduce(initial, combine)
    }
  }
}
