/// Index queries behind drop targets and moves of several subtrees.
extension _PreorderIndex {
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
