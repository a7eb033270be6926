/// Row geometry: a height for each node, and the offsets of the visible
/// rows, kept by the index like the row counts.
///
/// A list that scrolls over many rows of different heights must answer
/// "where does row r start?" (to place a cell, to scroll to it) and "which
/// row is at offset y?" (what to draw, where a tap landed). Summing heights
/// row by row is O(n) per question; the outline keeps the sums in its
/// summaries, so both are O(log n) and stay exact through every expansion,
/// edit, filter and move.
///
/// ```swift
/// outline.estimatedRowHeight = 44
/// outline.setRowHeight(270, of: datePickerRow)        // measured
/// let y = outline.offset(ofRow: 120)                  // where row 120 starts
/// let top = outline.row(atOffset: scrollView.contentOffset.y)
/// scrollView.contentSize.height = outline.contentHeight
/// ```
///
/// Heights belong to nodes and count only while the node has a row: a
/// collapsed or filtered node keeps its height for when it shows again, and
/// moves and archives (`Codable`) keep it. A node never given a height has
/// ``estimatedRowHeight``. Sums are exact when heights are whole numbers (or
/// any values exact in binary and not too large).
///
/// An outline that never sets a height pays nothing for the feature; the
/// first height set allocates the storage for all of them (O(n), once).
extension Outline {
  /// The height of a row whose node was never given one. Default 44.
  ///
  /// Changing it changes the offset of every row after the first row
  /// without a height, and the content height, at once.
  ///
  /// - Precondition: Finite and not negative.
  /// - Complexity: O(1).
  @inlinable
  public var estimatedRowHeight: Double {
    get { _core.index.estimatedHeight }
    set {
      _require(newValue.isFinite && newValue >= 0, "Outline: estimatedRowHeight \(newValue) is not a finite height >= 0")
      _mutate(.display) { $0._core.index.estimatedHeight = newValue }
    }
  }

  /// Gives a node's row a height (a measured one, in place of the
  /// estimate).
  ///
  /// ```swift
  /// let size = cell.systemLayoutSizeFitting(...)
  /// outline.setRowHeight(size.height, of: id)
  /// ```
  ///
  /// - Precondition: `id` names a node of this outline; `height` is finite
  ///   and not negative.
  /// - Complexity: O(log n); the first height set in an outline is O(n).
  @inlinable
  public mutating func setRowHeight(_ height: Double, of id: NodeID) {
    _require(height.isFinite && height >= 0, "Outline: row height \(height) is not a finite height >= 0")
    let position = _position(of: id)
    _mutate(.display) { $0._core.index.setHeight(height, at: position) }
  }

  /// Gives a run of rows their heights in one pass, as a table view
  /// measures the cells a change brought in.
  ///
  /// `height` is asked once per row of `rows`, in order, with the row's
  /// node and its value (the closure must not read the outline, which is
  /// being changed); nil leaves the row as it is (its height, or the
  /// estimate). The result is that of ``setRowHeight(_:of:)`` for each,
  /// but the offsets are brought up to date once per group of rows rather
  /// than once per row.
  ///
  /// ```swift
  /// outline.setRowHeights(ofRows: 0 ..< 50) { id, item in cellHeight(item) }
  /// ```
  ///
  /// - Precondition: `rows` is within `0 ..< rowCount`; every height is
  ///   finite and not negative.
  /// - Complexity: O(r + log n) for r rows, plus the calls of `height`.
  @inlinable
  public mutating func setRowHeights(ofRows rows: Range<Int>, _ height: (NodeID, Node) -> Double?) {
    setRowHeights(ofRuns: CollectionOfOne(rows), height)
  }

  /// Gives the rows of several runs their heights in one pass: the rows a
  /// change inserted (``OutlineChange/insertedRows``), as a table view
  /// measures the cells that came in.
  ///
  /// As ``setRowHeights(ofRows:_:)`` for each run, in one
  /// walk from run to run (short gaps are stepped over, long ones taken by
  /// a descent) with the offsets brought up to date once at the end.
  ///
  /// ```swift
  /// let change = outline.setFilter(revealingMatches: true) { ... }
  /// outline.setRowHeights(ofRuns: change.insertedRows) { id, item in cellHeight(item) }
  /// ```
  ///
  /// - Precondition: The runs are ascending, do not overlap, and are
  ///   within `0 ..< rowCount`; every height is finite and not negative.
  /// - Complexity: O(r + g + k log n) for r rows in k runs with g rows in
  ///   the short gaps between them, plus the calls of `height`.
  @inlinable
  public mutating func setRowHeights(ofRuns runs: some Collection<Range<Int>>, _ height: (NodeID, Node) -> Double?) {
    var end = 0
    for rows in runs {
      _require(rows.lowerBound >= 0 && rows.upperBound <= rowCount, "Outline: rows \(rows) out of range 0..<\(rowCount)")
      guard !rows.isEmpty else { continue }
      _require(rows.lowerBound >= end, "Outline: row runs out of order or overlapping at \(rows)")
      end = rows.upperBound
    }
    _mutate(.display) { outline in
      let (keys, payloads) = (outline._core.index.entryKeys, outline._payloads)
      outline._core.index.setHeights(ofRows: runs) { position in
        let key = keys[Int(position)]
        let node = payloads[Int(UInt32(truncatingIfNeeded: key))].unsafelyUnwrapped
        guard let value = height(NodeID(key: key, position: position), node) else { return nil }
        _require(value.isFinite && value >= 0, "Outline: row height \(value) is not a finite height >= 0")
        return value
      }
    }
  }

  /// Forgets a node's height: its row has the estimated height again.
  ///
  /// - Precondition: `id` names a node of this outline.
  /// - Complexity: O(log n).
  @inlinable
  public mutating func removeRowHeight(of id: NodeID) {
    let position = _position(of: id)
    _mutate(.display) { $0._core.index.setHeight(nil, at: position) }
  }

  /// The height of a node's row: the one it was given, or
  /// ``estimatedRowHeight``.
  ///
  /// - Precondition: `id` names a node of this outline.
  /// - Complexity: O(1).
  @inlinable
  public func rowHeight(of id: NodeID) -> Double {
    _core.index.height(at: _position(of: id)) ?? _core.index.estimatedHeight
  }

  /// Whether a node was given a height (rather than having the estimate).
  ///
  /// - Precondition: `id` names a node of this outline.
  /// - Complexity: O(1).
  @inlinable
  public func hasRowHeight(_ id: NodeID) -> Bool {
    _core.index.height(at: _position(of: id)) != nil
  }

  /// The sum of the heights of the visible rows: a scroll view's content
  /// height.
  ///
  /// - Complexity: O(1).
  @inlinable
  public var contentHeight: Double { _core.index.visibleHeight }

  /// Where a visible row starts: the sum of the heights of the rows before
  /// it.
  ///
  /// `offset(ofRow: rowCount)` is ``contentHeight``, so the rows' spans
  /// are `offset(ofRow: r) ..< offset(ofRow: r + 1)`.
  ///
  /// - Precondition: `0 <= row <= rowCount`.
  /// - Complexity: O(log n).
  @inlinable
  public func offset(ofRow row: Int) -> Double {
    _require(row >= 0 && row <= rowCount, "Outline: row \(row) out of range 0...\(rowCount)")
    return _core.index.offset(ofRow: row)
  }

  /// The visible row at an offset: the one whose span
  /// `[offset(ofRow:), offset(ofRow:) + height)` holds `y`. Offsets before
  /// the first row give row 0, offsets at or past the end the last row;
  /// rows of height 0 are never the answer unless they are last.
  ///
  /// ```swift
  /// let tapped = outline.row(atOffset: location.y)
  /// ```
  ///
  /// - Precondition: `rowCount > 0`.
  /// - Complexity: O(log n).
  @inlinable
  public func row(atOffset y: Double) -> Int {
    _require(rowCount > 0, "Outline: row(atOffset:) on an outline with no rows")
    _require(!y.isNaN, "Outline: row(atOffset:) at a NaN offset")
    return _core.index.row(atOffset: y)
  }

  /// The visible rows that intersect a span of offsets (a viewport): what
  /// to draw.
  ///
  /// ```swift
  /// let visible = outline.rows(inOffsets: y ..< y + viewportHeight)
  /// for (id, info) in outline.rowInfos(in: visible) { draw(id, info) }
  /// ```
  ///
  /// - Returns: The rows whose spans meet `offsets`; empty (at 0 or at
  ///   `rowCount`) when `offsets` is empty or lies outside the content.
  /// - Complexity: O(log n).
  @inlinable
  public func rows(inOffsets offsets: Range<Double>) -> Range<Int> {
    let count = rowCount
    guard count > 0, offsets.lowerBound < contentHeight else { return count ..< count }
    guard offsets.upperBound > 0, !offsets.isEmpty else { return 0 ..< 0 }
    let first = _core.index.row(atOffset: Swift.max(0, offsets.lowerBound))
    let last = _core.index.row(atOffset: offsets.upperBound.nextDown)
    return first ..< Swift.max(first, last) + 1
  }
}

// MARK: - Scroll anchors

extension Outline {
  /// A point of the content held by the node shown there, so that the same
  /// point can be found after a change: the classic "insert above without
  /// jumping".
  ///
  /// ```swift
  /// let anchor = outline.scrollAnchor(atOffset: scrollView.contentOffset.y)
  /// let change = outline.batch { ... }                  // rows above may come and go
  /// apply(change)
  /// if let anchor { scrollView.contentOffset.y = outline.offset(of: anchor, after: change) }
  /// ```
  public struct ScrollAnchor: Hashable, Sendable {
    /// The node whose row held the point.
    public var node: NodeID
    /// Its row then.
    public var row: Int
    /// How far below the row's top the point was.
    public var distanceIntoRow: Double

    /// Creates an anchor.
    ///
    /// - Complexity: O(1).
    public init(node: NodeID, row: Int, distanceIntoRow: Double) {
      self.node = node
      self.row = row
      self.distanceIntoRow = distanceIntoRow
    }
  }

  /// The anchor of the point at offset `y`: the row there, and how far into
  /// it `y` is. Nil when there are no rows.
  ///
  /// - Complexity: O(log n).
  @inlinable
  public func scrollAnchor(atOffset y: Double) -> ScrollAnchor? {
    guard rowCount > 0, !y.isNaN else { return nil }
    let row = _core.index.row(atOffset: y)
    return ScrollAnchor(
      node: id(atRow: row), row: row, distanceIntoRow: Swift.max(0, y - _core.index.offset(ofRow: row)))
  }

  /// Where an anchored point is now: the same distance into its node's row
  /// (at most the row's height), wherever the row went.
  ///
  /// If the node has no row any more: with the `change` that led here, the
  /// top of the row that took its place (the first row after it that
  /// stayed, else the end of the last row before it); without one, the top
  /// of its nearest ancestor that has a row, else the row with its old
  /// number (clamped).
  ///
  /// - Complexity: O(log n), plus O(r) for a change of r ranges.
  @inlinable
  public func offset(of anchor: ScrollAnchor, after change: OutlineChange? = nil) -> Double {
    let count = rowCount
    if contains(anchor.node), let row = row(of: anchor.node) {
      let height = _core.index.offset(ofRow: row + 1) - _core.index.offset(ofRow: row)
      return _core.index.offset(ofRow: row) + Swift.min(anchor.distanceIntoRow, height)
    }
    if let change {
      let removed = change.removedRows.first { $0.contains(anchor.row) }
      let after = removed?.upperBound ?? anchor.row + 1
      let oldCount = count - change.insertedCount + change.removedCount
      if after < oldCount, let row = change.newRow(forOldRow: after) { return _core.index.offset(ofRow: row) }
      if let before = removed.map({ $0.lowerBound - 1 }), before >= 0, let row = change.newRow(forOldRow: before) {
        return _core.index.offset(ofRow: row + 1)
      }
      return 0
    }
    if contains(anchor.node), let ancestor = nearestVisibleAncestor(of: anchor.node), let row = row(of: ancestor) {
      return _core.index.offset(ofRow: row)
    }
    return _core.index.offset(ofRow: Swift.min(anchor.row, count))
  }
}
