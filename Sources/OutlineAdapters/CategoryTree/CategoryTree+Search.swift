import Foundation
import OutlineKit

/// Searching a category tree by name, as a search bar above the table does.
///
/// A search shows the categories whose name contains the text (ignoring
/// case and diacritics) with the sections and categories that lead to
/// them, and opens the way to every match, ignoring the accordion. Clearing
/// it shows the whole tree again and closes what the search opened, so the
/// accordion is as the user left it, except for rows the user opened or
/// closed while searching, which stay as they are.
///
/// ```swift
/// // UISearchResultsUpdating
/// func updateSearchResults(for controller: UISearchController) {
///   let change = tree.search(for: controller.searchBar.text ?? "")
///   tableView.performBatchUpdates { apply(change) }
/// }
/// ```
///
/// Lazy categories whose subcategories are not loaded yet are searched by
/// their own name only: their subcategories are not in the tree to be
/// searched, and a search does not load them. Subcategories that arrive
/// while a search is in force are judged as they are inserted.
extension CategoryTree {
  /// The text being searched for; nil when no search is in force.
  ///
  /// - Complexity: O(1).
  public var searchText: String? { _searchText }

  /// Shows only the categories whose name contains `text`, with their
  /// paths, and opens every path; an empty text clears the search.
  ///
  /// Searching again (as the user types) replaces the search; clearing it
  /// closes every row any of those searches opened and nobody touched
  /// since. A text that contains the one before (a letter typed) asks only
  /// the categories that matched it, and going back to the text before
  /// (Backspace) asks none (`SearchAsYouType`).
  ///
  /// - Returns: The rows and sections that appeared, disappeared and must
  ///   be redrawn.
  /// - Complexity: O(n) for n categories; O(m log n) for the m categories
  ///   shown when a letter is typed or taken back.
  @discardableResult
  public mutating func search(for text: String) -> SectionedChange {
    guard !text.isEmpty else { return clearSearch() }
    _searchText = text
    let change = _typing.search(for: text, in: &outline) { matcher in
      { node in matcher.matches(node.name) }
    }
    return _sectioned(change)
  }

  /// Ends the search: every category shows again, and the rows the search
  /// opened close.
  ///
  /// - Complexity: O(n).
  @discardableResult
  public mutating func clearSearch() -> SectionedChange {
    guard _searchText != nil else { return SectionedChange() }
    _searchText = nil
    _typing.reset()
    let change = outline.removeFilter()
    return _sectioned(change)
  }

  /// How the last search changed the outline's filter: narrowed (a letter
  /// typed: only what matched before was asked), widened (Backspace: no
  /// node asked), set (every node asked), or cleared; nil before any.
  ///
  /// - Complexity: O(1).
  public var lastSearchStep: SearchAsYouType.Step? { _typing.lastStep }

  /// The number of categories whose name matches the search (0 with none).
  ///
  /// - Complexity: O(1).
  public var matchCount: Int { outline.matchCount }

  /// Whether a category's name matches the search in force.
  ///
  /// - Precondition: `id` names a node of this tree.
  /// - Complexity: O(1).
  public func isMatch(_ id: NodeID) -> Bool { outline.isMatch(id) }

  /// Where a search for `text` matches in `name`: the first occurrence,
  /// ignoring case and diacritics, or nil. The rule the search uses, so a
  /// cell can highlight exactly what matched.
  ///
  /// - Complexity: O(m · k) for a name of m characters and a text of k.
  public static func matchedRange(of text: String, in name: String) -> Range<String.Index>? {
    SearchAsYouType.Matcher(text).firstMatch(in: name)
  }
}
