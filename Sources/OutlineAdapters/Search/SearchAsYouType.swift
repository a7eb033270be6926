import OutlineKit

/// A search box's filter as the user types: each new text narrows the
/// filter in force when it contains the text before (one more letter asks
/// only the nodes that matched), goes back to the filter before it on
/// Backspace, and sets the filter over the whole outline otherwise.
///
/// It serves searches whose matches are "the node's text contains the
/// query", ignoring case: a node that does not contain "pe" does not
/// contain "pea", so a longer query only hides more, which is what
/// `Outline.narrowFilter(revealingMatches:_:)` asks of it. The
/// category tree, the file tree and the JSON document search through it.
///
/// ```swift
/// var typing = SearchAsYouType()
/// // On every change of the search box:
/// let change = typing.search(for: box.text, in: &outline) { query in
///   { $0.title.localizedCaseInsensitiveContains(query) ? .visible : .recurse }
/// }
/// ```
public struct SearchAsYouType: Hashable, Sendable {
  /// The text of the search in force; empty when none.
  public private(set) var text = ""
  /// How the last call changed the filter.
  public private(set) var lastStep: Step?
  /// The texts of the filters that widening goes back to, oldest first.
  private var narrowedFrom: [String] = []

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
  /// - Parameters:
  ///   - newText: The search box's text now.
  ///   - outline: The outline to filter.
  ///   - visibility: The filter for a text: nodes whose text contains it
  ///     (ignoring case) are `.visible`, the others `.recurse` or `.hidden`,
  ///     the `.hidden` ones the same for every text.
  /// - Returns: The rows that appeared, disappeared and must be redrawn.
  /// - Complexity: O(m log n) for the m nodes that pass when narrowing or
  ///   widening; O(n) when setting or clearing.
  @discardableResult
  public mutating func search<Node>(
    for newText: String, in outline: inout Outline<Node>,
    visibility: (String) -> @Sendable (Node) -> FilterVisibility
  ) -> OutlineChange {
    guard newText != text || outline.isFiltered == newText.isEmpty else {
      lastStep = .unchanged
      return OutlineChange()
    }
    let old = text
    text = newText
    if !outline.canWidenFilter { narrowedFrom = [] }
    if newText.isEmpty {
      narrowedFrom = []
      lastStep = .cleared
      return outline.removeFilter()
    }
    if narrowedFrom.last == newText, let change = outline.widenFilter() {
      narrowedFrom.removeLast()
      lastStep = .widened
      return change
    }
    // Contains as written, not lowercased: matchers fold case differently
    // (A-Z only, or all of Unicode), and a text that contains the old one
    // as written narrows under every one of them.
    if outline.isFiltered, !old.isEmpty, newText.contains(old) {
      narrowedFrom.append(old)
      lastStep = .narrowed
      return outline.narrowFilter(revealingMatches: true, visibility(newText))
    }
    narrowedFrom = []
    lastStep = .set
    return outline.setFilter(revealingMatches: true, visibility(newText))
  }

  /// Forgets the search (the outline's filter was removed or replaced some
  /// other way).
  ///
  /// - Complexity: O(1).
  public mutating func reset() {
    self = SearchAsYouType()
  }
}
