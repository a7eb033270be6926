/// The operations measured, in table order.
enum Operation: String, CaseIterable {
  case buildPreorder = "build (preorder)"
  case buildNested = "build (roots:children:)"
  /// Warm: the same 4,096 random inputs in every sample, so the index
  /// nodes they touch stay in the caches.
  case idAtRow = "id(atRow:), warm"
  case rowOf = "row(of:), warm"
  /// Cold random: a fresh random row (generated inline) or node (from
  /// 2^20, 8 MiB of handles) per operation, over the whole outline.
  case idAtRowCold = "id(atRow:), cold random"
  case rowOfCold = "row(of:), cold random"
  /// The same handles after an insert every 32 nodes moved most entries
  /// (engine only): a handle's hint is then stale, and the lookup goes
  /// through the node table, as every lookup did before hints.
  case rowOfColdMoved = "row(of:), cold, entries moved"
  /// Local: each row a few rows from the previous one, as scrolling goes.
  case idAtRowLocal = "id(atRow:), local"
  case rowOfLocal = "row(of:), local"
  case window = "50-row window"
  case expand
  case collapse
  /// One random visible node with children per sample, timed alone: the
  /// index nodes it touches are usually not in the caches.
  case toggle
  /// The same 256 nodes toggled again and again (each twice in a row, so
  /// each toggle acts on the same rows): what repeated clicks in one part
  /// of the list meet.
  case toggleWarm = "toggle, warm"
  /// (b) only: the toggle of `toggle`'s nodes with the row found untimed
  /// first, the splice alone: the flat array's best case, which the
  /// engine's toggle (which finds its row itself) is held against.
  case toggleKnownRow = "toggle, row known"
  /// Heap allocations per toggle, the change it returns included.
  case toggleAllocations = "toggle: allocations"
  case expandAll
  case collapseAll
  case batch = "batch of 100 toggles"
  case insertLeaf = "insert leaf"
  case removeLeaf = "remove leaf"
  case insertSubtree = "insert 1000-node subtree"
  case removeSubtree = "remove 1000-node subtree"
  case move = "move subtree"
  case filterPredicate = "filter predicate alone"
  case setFilter = "setFilter (1% match)"
  case removeFilter
  case idAtRowFiltered = "id(atRow:), filtered"
  case rowOfFiltered = "row(of:), filtered"
  case toggleFiltered = "toggle, filtered"
  case insertLeafFiltered = "insert leaf, filtered"
  case removeLeafFiltered = "remove leaf, filtered"
  /// Search as you type under the 1% filter: one more letter (the filter
  /// narrowed to half its matches), the same keystroke made by setting the
  /// narrowed filter over the whole tree, and Backspace.
  case narrowFilter = "narrowFilter (1% -> 0.5%), a keystroke"
  case setFilterNarrowed = "same keystroke with setFilter"
  case widenFilter = "widenFilter (0.5% -> 1%), Backspace"
  case offsetOfRow = "offset(ofRow:)"
  case rowAtOffset = "row(atOffset:)"
  case setRowHeight = "setRowHeight"
  case toggleWithHeights = "toggle, heights on"
  case updateNoChange = "update, no change"
  case updateValues = "update, 1% values"
  case updateInserted = "update, 1% inserted"
  case updateRemoved = "update, 1% removed"
  case updateMoved = "update, 1% moved"
  case updatePartial = "update, partial: 1,000-child folder"
  /// A random row, place in the row and indentation per operation, over
  /// the whole outline, as `id(atRow:), cold random`.
  case dropTarget = "dropTarget, cold random"
  /// `move(_:to:)` of k random visible nodes (a selection) to a random
  /// drop target; (d) applies the moves to its own tree and rebuilds its
  /// visible rows.
  case moveSelection1 = "move 1 selected node"
  case moveSelection10 = "move 10 selected nodes"
  case moveSelection100 = "move 100 selected nodes"
  case moveSelection1000 = "move 1,000 selected nodes"
  /// The same moves made one by one with `move(_:under:at:)` in a batch.
  case moveOneByOne10 = "same 10, one by one in a batch"
  case moveOneByOne100 = "same 100, one by one in a batch"
  case moveOneByOne1000 = "same 1,000, one by one in a batch"
  /// `Outline.History`: a recorded leaf insert, its undo and its redo;
  /// (d) has no row of these.
  case historyInsert = "history: insert leaf, recorded"
  case historyUndoInsert = "history: undo the insert"
  case historyRedoInsert = "history: redo the insert"
  /// The removal of a subtree of min(n/10, 10^5) nodes, recorded, and its
  /// undo; (d) copies the outline before the edit (the edit forces the
  /// copy) and puts the copy back.
  case historyRemoveBig = "history: remove big subtree, recorded"
  case historyUndoRemoveBig = "history: undo it (subtree back)"
  /// The heap that step keeps; (d): the copy of the outline.
  case historyRemoveBigBytes = "history: memory of that step"
  case historyMove100 = "history: move 100 nodes, recorded"
  case historyUndoMove100 = "history: undo the move"
  case historyUpdate = "history: update 1% moved, recorded"
  case historyUndoUpdate = "history: undo the update"
  /// `stickyRows(atOffset:limit: 7)` at a fresh random offset, heights on.
  case stickyRows = "stickyRows, limit 7, cold"
  /// `setChecked(true, _:)` of the first root, unchecked again untimed:
  /// every leaf of its subtree, and a reload of each of its shown rows
  /// (about half the tree's); (d) marks the subtree and redraws nothing.
  case checkRoot = "check the root, rows it reloads"
  /// `setChecked(true, _:)` of a random node at the middle depth (its
  /// subtree and its ancestors), unchecked again untimed.
  case checkMidLevel = "check a mid-level node, cold"
  /// `checkState(of: id(atRow:))` of a random row, with every third
  /// mid-level node checked.
  case checkState = "checkState of a random row, cold"
  /// `checkedLeafCount(in: nil)`.
  case checkedLeafCount = "checkedLeafCount of the outline"
  /// Search as you type as the demo's user types it (issue 41): node k is
  /// named by the word `SearchSuite.words[k % 26]`, matched as text by
  /// `SearchAsYouType.Matcher`. "e", from no search, matches 12 words of
  /// 26 and asks every node; "el" then matches 3 (Elm, Hazel, Zelkova)
  /// with millions of candidates; Backspace goes back. Each whole, then
  /// split: the request's run (asking, on every core) per node asked, and
  /// its apply (the filter's rewrite and rows, one core) per match.
  case searchFirstLetter = "search: first letter, 46% match"
  case searchFirstLetterAsk = "  asking, per node asked"
  case searchFirstLetterApply = "  applying, per match"
  case searchNextLetter = "search: next letter, 46% -> 12%"
  case searchNextLetterAsk = "  asking, per candidate"
  case searchNextLetterApply = "  applying, per match left"
  case searchBackspace = "search: Backspace, 12% -> 46%"

  /// What one measured unit is.
  var unit: String {
    switch self {
    case .buildPreorder, .buildNested, .filterPredicate, .setFilter, .removeFilter, .updateNoChange, .updateValues,
      .updateInserted, .updateRemoved, .updateMoved:
      "ns/node"
    case .window: "ns/row"
    case .batch: "ns/batch"
    case .toggleAllocations: "allocs/op"
    case .historyUpdate, .historyUndoUpdate: "ns/node"
    case .searchFirstLetterAsk, .searchNextLetterAsk: "ns/asked"
    case .searchFirstLetterApply, .searchNextLetterApply: "ns/match"
    case .historyRemoveBigBytes: "bytes"
    default: "ns/op"
    }
  }

  /// Whether the figures are times (nanoseconds); the others are counts.
  var isTimed: Bool { self != .toggleAllocations && self != .historyRemoveBigBytes }
}
