/// Index queries behind sticky ancestor rows.
extension _PreorderIndex {
  /// The visible rows of the subtree at `position` (the entry's own row
  /// first), or nil when the entry has no row: one walk up for the span,
  /// one down for the visible entries before its end.
  @usableFromInline
  func visibleRows(ofSubtreeAt position: UInt32) -> Range<Int>? {
    let span = self.span(of: position)
    guard let row = span.row else { return nil }
    return row ..< visibleCount(before: span.end)
  }
}
