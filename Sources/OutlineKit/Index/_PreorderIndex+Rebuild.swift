/// Laying the whole index out again from a preorder list, keeping every
/// slot's key: for edits too many to make one by one (an update that
/// moves, inserts or removes more than about one node in a hundred, where
/// each run's split and join cost more than a bulk build of everything).
extension _PreorderIndex {
  /// Every entry's depth-and-flags word and height (`unmeasured` for none;
  /// empty when heights are not kept), in preorder. O(n).
  @usableFromInline
  func wordsAndHeightsInPreorder() -> (words: [UInt32], heights: [Double]) {
    var words: [UInt32] = []
    var heights: [Double] = []
    words.reserveCapacity(count)
    if tracksHeights { heights.reserveCapacity(count) }
    if root >= 0 { appendWordsAndHeights(below: Int(root), to: &words, &heights) }
    return (words, heights)
  }

  private func appendWordsAndHeights(below t: Int, to words: inout [UInt32], _ heights: inout [Double]) {
    guard treeNodes[t].height > 0 else {
      let range = entries(of: t)
      words.append(contentsOf: entryDepths[range])
      if tracksHeights { heights.append(contentsOf: entryHeights[range]) }
      return
    }
    for k in 0 ..< Int(treeNodes[t].count) { appendWordsAndHeights(below: child(k, of: t), to: &words, &heights) }
  }

  /// Replaces every entry with `seeds`, in preorder, in a balanced tree
  /// (`buildTree`), and points each seed's slot at its new entry.
  /// `heights` is empty or has one height per seed (`unmeasured` for
  /// none), and must not be empty while heights are kept.
  ///
  /// The node table, the free and retained slots and the settings stay:
  /// the caller releases the slots of the entries that are not among the
  /// seeds. Hidden counts in the seeds are final. O(n).
  @usableFromInline
  mutating func rebuild(from seeds: [EntrySeed], heights: [Double]) {
    _require(!tracksHeights || heights.count == seeds.count, "Outline index: a rebuild without every height")
    settleMarks(below: root)
    if tracksMarks { markCounts.removeAll(keepingCapacity: true) }
    treeNodes.removeAll(keepingCapacity: true)
    freeTreeNodes.removeAll()
    entryKeys.removeAll(keepingCapacity: true)
    entryDepths.removeAll(keepingCapacity: true)
    entryHidden.removeAll(keepingCapacity: true)
    if tracksHeights { entryHeights.removeAll(keepingCapacity: true) }
    root = buildTree(seeds, heights: tracksHeights ? heights : [])
  }
}
