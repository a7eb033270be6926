/// A plain array kept in step with a list model by replaying its
/// `items-changed` calls: the reference the display tests compare the
/// outline's rows with.
///
/// ```swift
/// var mirror = ListMirror<Int?>()
/// mirror.apply(position: 0, removed: 0, added: 3) { row in row }   // [0, 1, 2]
/// mirror.apply(position: 1, removed: 1, added: 0) { _ in nil }     // [0, 2]
/// ```
public struct ListMirror<Element> {
  /// The list as the calls so far make it.
  public private(set) var elements: [Element] = []
  /// The number of calls replayed.
  public private(set) var callCount = 0

  /// An empty list.
  ///
  /// - Complexity: O(1).
  public init() {}

  /// Replays `items-changed(position, removed, added)`, asking `item` for
  /// each added element by its position in the list after the call.
  ///
  /// - Throws: ``ListMirrorError`` when the call does not fit the list,
  ///   and the list is left as it was.
  /// - Complexity: O(n) for n elements.
  public mutating func apply(position: Int, removed: Int, added: Int, item: (Int) throws -> Element) throws {
    guard position >= 0, removed >= 0, added >= 0, position + removed <= elements.count else {
      throw ListMirrorError(
        message: "items-changed(\(position), \(removed), \(added)) does not fit a list of \(elements.count) items")
    }
    let newElements = try (position ..< position + added).map(item)
    elements.replaceSubrange(position ..< position + removed, with: newElements)
    callCount += 1
  }
}

/// A replayed call that does not fit the list it is applied to.
public struct ListMirrorError: Error, CustomStringConvertible {
  /// What is wrong.
  public var message: String
  /// The message.
  public var description: String { message }
}
