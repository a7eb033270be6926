import OutlineKit

extension FileTree {
  /// Shows or hides the entries whose names start with a dot (and what is
  /// inside them), as the outline's filter: expanded flags are kept.
  ///
  /// ```swift
  /// apply(tree.setShowsHiddenFiles(false))
  /// ```
  ///
  /// - Complexity: O(n).
  @discardableResult
  public mutating func setShowsHiddenFiles(_ shows: Bool) -> OutlineChange {
    guard shows != showsHiddenFiles else { return OutlineChange() }
    showsHiddenFiles = shows
    return _applyFilter(searchChanged: false)
  }

  /// Shows the entries whose names contain `text` (case and diacritics
  /// folded, as every search folds them: `SearchAsYouType.Matcher`), with
  /// the folders that lead to them opened; an empty text clears the search, closing again what
  /// it opened. Typing a search one letter at a time is a call per letter.
  ///
  /// Only entries the tree holds are searched: a lazy tree's folders that
  /// were never listed are not read for it.
  ///
  /// ```swift
  /// apply(tree.search(for: "readme"))
  /// tree.outline.matchCount                     // entries that match
  /// tree.outline.nextMatchRow(after: row)       // the next one's row
  /// ```
  ///
  /// A text that contains the one before (a letter typed) asks only the
  /// entries that matched it, and going back to the text before
  /// (Backspace) asks none (`SearchAsYouType`).
  ///
  /// - Complexity: O(n + total name bytes); O(m log n) plus the m shown
  ///   entries' name bytes when a letter is typed or taken back.
  @discardableResult
  public mutating func search(for text: String) -> OutlineChange {
    let text = text.isEmpty ? nil : text
    guard text != searchText else { return OutlineChange() }
    searchText = text
    return _applyFilter(searchChanged: true)
  }

  /// How the last search changed the outline's filter: narrowed (a letter
  /// typed: only what matched before was asked), widened (Backspace: no
  /// node asked), set (every node asked), or cleared; nil before any.
  ///
  /// - Complexity: O(1).
  public var lastSearchStep: SearchAsYouType.Step? { _typing.lastStep }


  /// Whether an entry's name contains the search and the filter shows it
  /// (a hidden dot file is no match); false when no search is in force.
  ///
  /// - Precondition: `id` names an entry of this tree.
  /// - Complexity: O(1): the outline's filter knows.
  public func isMatch(_ id: NodeID) -> Bool {
    searchText != nil && outline.isMatch(id)
  }

  /// Sets, changes or removes the outline's filter for the search and
  /// the dot files.
  ///
  /// A search that grows by a letter asks only the entries that matched,
  /// and one that goes back to the text before asks none
  /// (`SearchAsYouType`); the dot files' answers are the same for every
  /// text.
  private mutating func _applyFilter(searchChanged: Bool) -> OutlineChange {
    let hides = !showsHiddenFiles
    let reader = _names.snapshot()
    let rootName = outline[root]._name
    let hiddenFiles: @Sendable (FileEntry) -> Bool = { entry in hides && entry.isHidden }
    func matching(_ matcher: SearchAsYouType.Matcher) -> @Sendable (FileEntry) -> Bool {
      // The root leads to the matches; it is not one.
      { entry in entry._name != rootName && matcher.matches(utf8: reader.bytes(entry._name)) }
    }
    var outline = self.outline
    self.outline = Outline()  // so that the outline is not shared while it changes
    defer { self.outline = outline }
    var typing = _typing
    defer { _typing = typing }
    let searchText = self.searchText
    return outline.batch { outline in
      if let searchText {
        if !searchChanged { typing.reset() }  // the dot files changed: every answer may
        typing.search(for: searchText, in: &outline, hiding: hides ? hiddenFiles : nil, matching: matching)
      } else {
        // Leaving a search closes what it opened.
        typing.reset()
        if searchChanged { outline.removeFilter() }
        if hides {
          outline.setFilter { hiddenFiles($0) ? .hidden : .visible }
        } else if outline.isFiltered {
          outline.removeFilter()
        }
      }
      _orderShowingFolders(in: &outline)
    }
  }
}
