/// The visible rows: the nodes none of whose ancestors is collapsed, in
/// preorder.
extension Outline {
  /// The number of visible rows.
  ///
  /// - Complexity: O(1).
  @inlinable
  public var rowCount: Int { _core.index.visibleCount }

  /// The node on a visible row.
  ///
  /// ```swift
  /// func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
  ///   let id = outline.id(atRow: indexPath.row)
  ///   ...
  /// }
  /// ```
  ///
  /// - Precondition: `0 <= row < rowCount`.
  /// - Complexity: O(log n), whatever the tree's depth or fan-out.
  @inlinable
  public func id(atRow row: Int) -> NodeID {
    _require(row >= 0 && row < rowCount, "Outline: row \(row) out of range 0..<\(rowCount)")
    let (key, position) = _core.index.keyAndPosition(atRow: row)
    return NodeID(key: key, position: position)
  }

  /// The visible row of a node, or nil when a collapsed ancestor hides it.
  ///
  /// - Precondition: `id` names a node of this outline.
  /// - Complexity: O(log n), whatever the tree's depth or fan-out.
  @inlinable
  public func row(of id: NodeID) -> Int? {
    _core.index.row(of: _position(of: id))
  }

  /// The rows of a node and its visible descendants: a contiguous run,
  /// the node's row first; nil when the node has no row.
  ///
  /// ```swift
  /// let change = outline.expand(folder)
  /// let revealed = outline.rowRange(ofSubtree: folder)!   // scroll it into view
  /// ```
  ///
  /// - Precondition: `id` names a node of this outline.
  /// - Complexity: O(log n).
  @inlinable
  public func rowRange(ofSubtree id: NodeID) -> Range<Int>? {
    let position = _position(of: id)
    guard let row = _core.index.row(of: position) else { return nil }
    return row ..< row + _core.visibleCount(in: _core.subtreeRange(of: position))
  }

  /// The visible rows, in order, as a random-access collection of IDs.
  ///
  /// ```swift
  /// for id in outline.rows[40 ..< 60] { draw(outline[id]) }
  /// ```
  ///
  /// - Complexity: O(1) to get. Subscripting is O(log n); iterating r
  ///   consecutive rows, from any start, is O(log n + r).
  @inlinable
  public var rows: Rows { Rows(index: _core.index) }

  /// The visible rows of an outline, as a random-access collection of IDs.
  ///
  /// Indices are row numbers. A slice (`outline.rows[40 ..< 60]`) is itself a
  /// `Rows`, with the same indices and the same fast iteration.
  ///
  /// It is a snapshot: it describes the outline as it was when it was made,
  /// and does not follow later mutations.
  public struct Rows: RandomAccessCollection {
    /// The three arrays of the index that rows are read from: a copy of a
    /// `Rows` retains those, not the whole index.
    @usableFromInline internal let _tree: _RowTree
    @usableFromInline internal let _bounds: Range<Int>

    @inlinable
    internal init(index: _PreorderIndex) {
      _bounds = 0 ..< index.visibleCount
      _tree = _RowTree(index)
    }

    @inlinable
    internal init(tree: __owned _RowTree, bounds: Range<Int>) {
      _tree = tree
      _bounds = bounds
    }

    /// The first row: 0 for the whole list, the slice's first row for a slice.
    ///
    /// - Complexity: O(1).
    @inlinable
    public var startIndex: Int { _bounds.lowerBound }

    /// One past the last row.
    ///
    /// - Complexity: O(1).
    @inlinable
    public var endIndex: Int { _bounds.upperBound }

    /// The number of rows.
    ///
    /// - Complexity: O(1).
    @inlinable
    public var count: Int { _bounds.count }

    /// The node on a row.
    ///
    /// - Precondition: `startIndex <= row < endIndex`.
    /// - Complexity: O(log n).
    @inlinable
    public subscript(row: Int) -> NodeID {
      _require(_bounds.contains(row), "Outline.Rows: row \(row) out of range \(_bounds)")
      let (key, position) = _tree.keyAndPosition(atRow: row)
      return NodeID(key: key, position: position)
    }

    /// A contiguous run of rows.
    ///
    /// - Precondition: `bounds` lies within `startIndex ..< endIndex`.
    /// - Complexity: O(1).
    @inlinable
    public subscript(bounds: Range<Int>) -> Rows {
      _require(
        bounds.lowerBound >= _bounds.lowerBound && bounds.upperBound <= _bounds.upperBound,
        "Outline.Rows: rows \(bounds) out of range \(_bounds)")
      return Rows(tree: _tree, bounds: bounds)
    }

    /// Returns an iterator over the rows.
    ///
    /// - Complexity: O(log n).
    @inlinable
    public __consuming func makeIterator() -> Iterator {
      Iterator(tree: _tree, rows: _bounds)
    }

    /// Iterates a run of rows leaf by leaf: O(log n) to start, then O(1)
    /// amortized per row.
    public struct Iterator: IteratorProtocol {
      @usableFromInline internal var _walker: _VisibleWalker
      @usableFromInline internal let _tree: _RowTree

      @inlinable
      internal init(tree: __owned _RowTree, rows: Range<Int>) {
        _walker = _VisibleWalker(index: tree, rows: rows)
        _tree = tree
      }

      /// The next row's node, or nil after the last.
      ///
      /// - Complexity: O(1) amortized.
      @inlinable
      public mutating func next() -> NodeID? {
        guard let position = _walker.next(in: _tree) else { return nil }
        return NodeID(key: _tree.entryKeys[Int(position)], position: position)
      }
    }
  }
}
