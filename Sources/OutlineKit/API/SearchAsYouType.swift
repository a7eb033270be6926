/// A search box's filter as the user types: each new text narrows the
/// filter in force when every node it shows would match the text before
/// (one more letter asks only the nodes that matched), goes back to the
/// filter before it on Backspace, and sets the filter over the whole
/// outline otherwise.
///
/// It owns the match: a node matches when one of its texts contains the
/// query, with case and diacritics folded the same way for every text
/// (``Matcher``). So it knows exactly when a new text can only hide more,
/// which is what `Outline.narrowFilter(revealingMatches:_:)` asks of a
/// narrowing: the "narrowed, but the filter would show more" trap cannot
/// be reached through it. The category tree, the file tree and the JSON
/// document search through it.
///
/// ```swift
/// var typing = SearchAsYouType()
/// // On every change of the search box:
/// let change = typing.search(for: box.text, in: &outline) { matcher in
///   { item in matcher.matches(item.title) || matcher.matches(item.subtitle) }
/// }
/// ```
///
/// The matches are revealed (their ancestors expanded), and a node that
/// does not match shows when a descendant does (`.recurse`).
public struct SearchAsYouType: Hashable, Sendable {
  /// The text of the search in force; empty when none.
  public internal(set) var text = ""
  /// How the last call changed the filter.
  public internal(set) var lastStep: Step?
  /// The texts of the filters that widening goes back to, oldest first.
  internal var narrowedFrom: [String] = []

  /// How a search changed the outline's filter.
  public enum Step: Hashable, Sendable {
    /// Set over the whole outline (the first letter, a pasted text, or
    /// after an edit of the outline): O(n).
    case set
    /// Narrowed: only the nodes that passed were asked.
    case narrowed
    /// Back to the filter before the last narrowing (Backspace), with no
    /// node asked.
    case widened
    /// Removed (an empty text).
    case cleared
    /// Nothing to do: the same text.
    case unchanged
  }

  /// A search with no text.
  ///
  /// - Complexity: O(1).
  public init() {}

  /// Filters `outline` for `newText`, revealing the matches, the cheapest
  /// way the text allows; an empty text removes the filter.
  ///
  /// `matching` is called once per text with its matcher and returns
  /// whether a node matches, by asking the matcher about the node's texts
  /// (`matcher.matches(title)`, or several joined by `||`; work that
  /// depends on the text alone can be done once, before the closure it
  /// returns): answers made that way let a longer text narrow exactly.
  /// `isHidden` hides nodes (and their subtrees) whatever the text; its
  /// answers must not depend on the text.
  ///
  /// - Parameters:
  ///   - newText: The search box's text now.
  ///   - outline: The outline to filter.
  ///   - isHidden: Nodes never shown while searching (nil: none).
  ///   - matching: Makes, from a text's matcher, whether a node matches.
  /// - Returns: The rows that appeared, disappeared and must be redrawn.
  /// - Complexity: O(m log n) for the m nodes that pass when narrowing or
  ///   widening, plus their texts; O(n) and every node's texts when setting
  ///   or clearing.
  @discardableResult
  public mutating func search<Node>(
    for newText: String, in outline: inout Outline<Node>,
    hiding isHidden: (@Sendable (Node) -> Bool)? = nil,
    matching: (_ matcher: Matcher) -> @Sendable (_ node: Node) -> Bool
  ) -> OutlineChange {
    var request = request(for: newText, in: outline, hiding: isHidden, matching: matching)
    request.run()
    return apply(request, to: &outline)!
  }

  /// Forgets the search (the outline's filter was removed or replaced some
  /// other way).
  ///
  /// - Complexity: O(1).
  public mutating func reset() {
    self = SearchAsYouType()
  }
}
