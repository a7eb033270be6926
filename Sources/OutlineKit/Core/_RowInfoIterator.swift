/// Walks visible rows keeping, for the current row and each ancestor, its
/// index among its siblings and their count, so a row's facts follow from
/// the previous row's in O(1) amortized.
@usableFromInline
internal struct _RowInfoIterator {
  @usableFromInline let core: _OutlineCore
  @usableFromInline var walker: _VisibleWalker
  /// levels[d]: index and sibling count of the current row's ancestor (or
  /// the row itself) at depth d.
  @usableFromInline var levels: [(index: Int, count: Int)] = []
  @usableFromInline var started = false

  @usableFromInline
  init(core: _OutlineCore, rows: Range<Int>) {
    self.core = core
    walker = _VisibleWalker(index: core.index, rows: rows)
  }

  @usableFromInline
  mutating func next() -> (UInt32, OutlineRowInfo)? {
    let index = core.index
    guard let position = walker.next(in: index) else { return nil }
    let depth = index.depth(at: position)
    if !started {
      started = true
      // The first row: work out every ancestor from the index.
      var chain: [UInt32] = [position]
      var p = position
      while let parent = core.parentPosition(of: p) {
        chain.append(parent)
        p = parent
      }
      for node in chain.reversed() {
        let scope = core.childScope(of: core.parentPosition(of: node))
        levels.append(
          (core.indexAmongIncludedSiblings(of: node),
           index.countEntries(atDepth: scope.depth, in: scope.range, includedOnly: true)))
      }
    } else if depth == levels.count {
      // The first child of the previous row, which is expanded.
      let parent = core.parentPosition(of: position)
      let scope = core.childScope(of: parent)
      levels.append((0, index.countEntries(atDepth: scope.depth, in: scope.range, includedOnly: true)))
    } else {
      // The next sibling of the previous row or of one of its ancestors.
      levels.removeSubrange((depth + 1)...)
      levels[depth].index += 1
    }
    var guides = OutlineGuides(depth: depth)
    for level in 0 ..< depth where levels[level].index < levels[level].count - 1 {
      guides.setHasFollowingSibling(true, atDepth: level)
    }
    let info = OutlineRowInfo(
      depth: depth, indexInParent: levels[depth].index, siblingCount: levels[depth].count,
      hasChildren: hasChildren(at: position, depth: depth, in: index),
      isExpanded: index.isExpanded(at: position), guides: guides)
    return (position, info)
  }

  /// Whether the node has a child that passes the filter. O(1) when the
  /// entry after it is in the same leaf and decides: shallower (no child),
  /// or deeper and included (a child that passes).
  @usableFromInline
  func hasChildren(at position: UInt32, depth: Int, in index: _PreorderIndex) -> Bool {
    let e = Int(position)
    if e + 1 < index.entries(of: _PreorderIndex.leaf(of: position)).upperBound {
      let next = UInt32(e + 1)
      if index.depth(at: next) <= depth { return false }
      if index.isIncluded(at: next) { return true }
    }
    return core.hasIncludedChildren(at: position)
  }
}
