/// Index queries behind drop targets and moves of several subtrees.
extension _PreorderIndex {
  /// Position of the ancestor at `depth` of the entry at `position`, the
  /// entry itself when `depth` is its own: the last earlier entry no deeper
  /// than `depth`, found in one walk however far up it is.
  @usableFromInline
  func ancestor(of position: UInt32, atDepth depth: Int) -> UInt32 {
    guard depth < self.depth(at: position) else { return position }
    guard let ancestor = lastPosition(before: position, depthBelow: depth &+ 1) else {
      _failRequirement("Outline index: a node of depth \(self.depth(at: position)) has no ancestor at depth \(depth)")
    }
    return ancestor
  }

  /// The subtrees rooted at `positions` that none of the others contains,
  /// in preorder, each with its preorder offsets; a position given twice
  /// counts once. O(m log n) for m positions.
  @usableFromInline
  func outermostSubtrees(_ positions: some Sequence<UInt32>) -> [(position: UInt32, range: Range<Int>)] {
    var spans = positions.map { position in
      let span = self.span(of: position)
      return (position: position, range: span.offset ..< span.end)
    }
    spans.sort { $0.range.lowerBound < $1.range.lowerBound }
    var outermost: [(position: UInt32, range: Range<Int>)] = []
    outermost.reserveCapacity(spans.count)
    for span in spans where span.range.lowerBound >= (outermost.last?.range.upperBound ?? 0) {
      outermost.append(span)
    }
    return outermost
  }
}
