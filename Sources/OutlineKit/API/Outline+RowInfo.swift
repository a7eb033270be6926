extension Outline {
  /// Rendering facts for one visible row: depth, index among siblings,
  /// sibling count, whether it has children and is expanded, and the tree
  /// guide lines above it.
  ///
  /// ```swift
  /// let info = outline.rowInfo(atRow: row)
  /// cell.indentationLevel = info.depth
  /// cell.accessibilityValue = "level \(info.accessibilityLevel), \(info.accessibilityPositionInSet) of \(info.siblingCount)"
  /// ```
  ///
  /// To draw many rows, ``rowInfos(in:)`` is cheaper per row.
  ///
  /// - Precondition: `0 <= row < rowCount`.
  /// - Complexity: O(log n), plus O(log n) per ancestor for the guides.
  @inlinable
  public func rowInfo(atRow row: Int) -> OutlineRowInfo {
    _require(row >= 0 && row < rowCount, "Outline: row \(row) out of range 0..<\(rowCount)")
    var iterator = _RowInfoIterator(core: _core, rows: row ..< row + 1)
    return iterator.next()!.1
  }

  /// The nodes and rendering facts of a run of visible rows, in order.
  ///
  /// Iterating keeps the facts of the current row's ancestors, so each row
  /// costs O(1) amortized (plus O(log n) for each expanded parent whose
  /// children start in the run).
  ///
  /// ```swift
  /// for (id, info) in outline.rowInfos(in: visibleRows) {
  ///   print(info.treePrefix + outline[id].title)
  /// }
  /// ```
  ///
  /// - Precondition: `rows` lies within `0 ..< rowCount`.
  /// - Complexity: O(d log n) to start for a first row at depth d, then O(1)
  ///   amortized per row.
  @inlinable
  public func rowInfos(in rows: Range<Int>) -> RowInfos {
    _require(rows.lowerBound >= 0 && rows.upperBound <= rowCount, "Outline: rows \(rows) out of range 0..<\(rowCount)")
    return RowInfos(core: _core, rows: rows)
  }

  /// A run of visible rows with their rendering facts.
  public struct RowInfos: Sequence {
    @usableFromInline internal let _core: _OutlineCore
    @usableFromInline internal let _rows: Range<Int>

    @usableFromInline
    internal init(core: _OutlineCore, rows: Range<Int>) {
      _core = core
      _rows = rows
    }

    /// The number of rows.
    ///
    /// - Complexity: O(1).
    @inlinable
    public var underestimatedCount: Int { _rows.count }

    /// Returns an iterator over the rows.
    ///
    /// - Complexity: O(d log n) for a first row at depth d.
    @inlinable
    public func makeIterator() -> Iterator {
      Iterator(inner: _RowInfoIterator(core: _core, rows: _rows), index: _core.index)
    }

    /// Iterates the rows with their facts.
    public struct Iterator: IteratorProtocol {
      @usableFromInline internal var _inner: _RowInfoIterator
      @usableFromInline internal let _index: _PreorderIndex

      @usableFromInline
      internal init(inner: _RowInfoIterator, index: _PreorderIndex) {
        _inner = inner
        _index = index
      }

      /// The next row's node and facts.
      ///
      /// - Complexity: O(1) amortized.
      @inlinable
      public mutating func next() -> (id: NodeID, info: OutlineRowInfo)? {
        guard let (position, info) = _inner.next() else { return nil }
        return (NodeID(key: _index.key(at: position), position: position), info)
      }
    }
  }
}
