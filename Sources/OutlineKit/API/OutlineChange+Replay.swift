extension OutlineChange {
  /// Applies the change to an array that mirrors the rows before it, so that
  /// it mirrors the rows after it.
  ///
  /// Removed rows are deleted, then an element is made for each inserted row
  /// with `insertedElement(newRow)`, and reloaded rows are replaced with
  /// `reloadedElement(newRow)`. This is what a
  /// table view does with a batch update, which makes the method the simplest
  /// way to keep a plain array of row models in step with an outline.
  ///
  /// ```swift
  /// var titles = outline.rows.map { outline[$0].title }
  /// let change = outline.toggle(id)
  /// change.apply(to: &titles) { outline[outline.id(atRow: $0)].title }
  /// ```
  ///
  /// - Precondition: `elements` has as many elements as the list had rows
  ///   before the change.
  /// - Complexity: O(`elements.count` + inserted rows).
  public func apply<Element>(
    to elements: inout [Element],
    insertedElement: (_ newRow: Int) throws -> Element,
    reloadedElement: (_ newRow: Int) throws -> Element
  ) rethrows {
    for oldRow in reloadedRows {
      _require(oldRow < elements.count, "OutlineChange.apply: reloaded row \(oldRow) is out of range")
      if let newRow = newRow(forOldRow: oldRow) {
        elements[oldRow] = try reloadedElement(newRow)
      }
    }
    try apply(to: &elements, insertedElement: insertedElement)
  }

  /// Applies the change's removals and insertions to an array that mirrors
  /// the rows before it; reloaded rows keep their elements.
  ///
  /// - Precondition: `elements` has as many elements as the list had rows
  ///   before the change.
  /// - Complexity: O(`elements.count` + inserted rows).
  public func apply<Element>(
    to elements: inout [Element],
    insertedElement: (_ newRow: Int) throws -> Element
  ) rethrows {
    let oldCount = elements.count
    _require(
      removedRows.last.map { $0.upperBound <= oldCount } ?? true,
      "OutlineChange.apply: a removed row is past the end of the \(oldCount) elements")
    for range in removedRows.reversed() {
      elements.removeSubrange(range)
    }
    for range in insertedRows {
      _require(
        range.lowerBound <= elements.count,
        "OutlineChange.apply: inserted row \(range.lowerBound) is past the end of the list")
      var newElements: [Element] = []
      newElements.reserveCapacity(range.count)
      for row in range { newElements.append(try insertedElement(row)) }
      elements.insert(contentsOf: newElements, at: range.lowerBound)
    }
  }

  /// The row that an old row's node has after the change, or nil when the
  /// change removed it.
  ///
  /// Use it to carry a selection or a scroll anchor across a change.
  ///
  /// - Complexity: O(r), where r is the number of ranges in the change.
  public func newRow(forOldRow oldRow: Int) -> Int? {
    var survivorIndex = oldRow
    for range in removedRows {
      if range.contains(oldRow) { return nil }
      if range.lowerBound > oldRow { break }
      survivorIndex -= range.count
    }
    // `survivorIndex` is the row among the rows that stay; skip insertions.
    var row = survivorIndex
    for range in insertedRows {
      if range.lowerBound > row { break }
      row += range.count
    }
    return row
  }

  /// The row that a new row's node had before the change, or nil when the
  /// change inserted it.
  ///
  /// - Complexity: O(r), where r is the number of ranges in the change.
  public func oldRow(forNewRow newRow: Int) -> Int? {
    var survivorIndex = newRow
    for range in insertedRows {
      if range.contains(newRow) { return nil }
      if range.lowerBound > newRow { break }
      survivorIndex -= range.count
    }
    var row = survivorIndex
    for range in removedRows {
      if range.lowerBound > row { break }
      row += range.count
    }
    return row
  }
}
