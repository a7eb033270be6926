import OutlineKit

/// Expandable cells over an outline, with the behaviours of HVTableView and
/// the expandable stack view: only one cell expanded at a time, a scroll
/// target after each tap, heights and content that depend on the expanded
/// state, a veto and will/did callbacks, and cells that grow in place.
///
/// A cell that has children shows them as rows when it expands. A cell
/// without children grows in place (a detail view below its title): its
/// expansion reloads its row and reports its new height in
/// ``ExpandableCellUpdate/resizedRows``.
///
/// ```swift
/// let controller = ExpandableCellController(outline: outline, style: .header, expandsOnlyOneCell: true)
/// controller.delegate = self                          // heights, veto, callbacks
/// // UITableViewDataSource / Delegate
/// controller.numberOfRows(inSection: s)
/// let cell = controller.cell(at: path)                // cell.isExpanded picks the content
/// controller.height(at: path)                         // by expanded state
/// // A tap:
/// controller.viewport = Viewport(top: tableView.contentOffset.y, height: tableView.bounds.height)
/// let update = controller.toggle(at: path)
/// ```
///
/// In `.header` style the roots are section headers and stay expanded; the
/// cells are their descendants. In `.firstRow` style the roots are cells
/// too.
///
/// The selected cell (HVTableView's `selectedIndexPath`) is the engine's
/// focus (``selection``): the cell last touched, held by node, so it stays
/// on its cell across edits, moves to the collapsed cell when a collapse
/// hides it, and to the cell that took its place when it is removed. Read
/// it as ``selectedIndexPath`` (always current) or ``selectedCell``.
///
/// The controller owns its outline; edit the data through ``update(_:)``.
@MainActor
public final class ExpandableCellController<Node> {
  /// A handle to a node of the outline.
  public typealias NodeID = Outline<Node>.NodeID

  /// A cell as a data source shows it: its node, value, state and height.
  public struct Cell {
    /// The node.
    public var id: NodeID
    /// Its value.
    public var value: Node
    /// Whether it is expanded: pick the expanded or collapsed content.
    public var isExpanded: Bool
    /// Its height in that state.
    public var height: Double
    /// Its indentation level: 0 for the first level of cells.
    public var level: Int
  }

  /// The data; read it freely, change it through ``update(_:)``.
  public private(set) var outline: Outline<Node>

  /// Whether roots are section headers or their sections' first rows.
  public let style: SectionHeaderStyle

  /// Whether expanding a cell collapses every other expanded cell, in every
  /// section (HVTableView's `expandOnlyOneCell`). The expanded cell's
  /// ancestors stay expanded, so that it stays visible.
  ///
  /// Turning it on collapses nothing; the next expansion does.
  public var expandsOnlyOneCell: Bool

  /// Whether actions on a row return a scroll target (HVTableView's
  /// `enableAutoScroll`).
  public var autoScrolls: Bool

  /// The part of the table on screen. When set, the scroll target after an
  /// expansion is the last revealed row if the viewport would cut it off;
  /// when nil, it is always the touched row.
  public var viewport: Viewport?

  /// The height of a section header in `.header` style, for offsets and
  /// scroll targets.
  public var sectionHeaderHeight: Double = 0 { didSet { reloadHeights() } }

  /// The height of a collapsed cell when the delegate gives none: 44.
  public var rowHeight: Double = 44 { didSet { reloadHeights() } }

  /// The height of an expanded cell when the delegate gives none: 44.
  public var expandedRowHeight: Double = 44 { didSet { reloadHeights() } }

  /// Vetoes expansions, hears of them, and gives heights.
  public weak var delegate: (any ExpandableCellDelegate<Node>)? { didSet { reloadHeights() } }

  /// The focus, the engine's: the selected cell. Focus only (`.none`): a
  /// tap makes the touched cell the focus, and `reconcile` keeps it true
  /// after every change.
  ///
  /// Read it for what the engine offers beyond ``selectedCell`` (the
  /// focused row, `hiddenFocus` while a filter hides the cell); set the
  /// selected cell through ``selectedCell`` or ``selectedIndexPath``.
  public private(set) var selection = Outline<Node>.Selection(mode: .none)

  /// The expanded cells (in `.header` style, not the roots).
  private var _expanded: Set<NodeID> = []

  /// Creates a controller over an outline.
  ///
  /// In `.header` style every root is expanded, so that its section shows
  /// its cells. Cells already expanded in `outline` stay so, even if they
  /// are several and `expandsOnlyOneCell` is true: the next expansion
  /// collapses the others.
  ///
  /// - Parameters:
  ///   - outline: The data.
  ///   - style: `.header` (roots are section headers) or `.firstRow`.
  ///   - expandsOnlyOneCell: Whether one cell at most is expanded.
  ///   - autoScrolls: Whether actions return scroll targets.
  /// - Complexity: O(n).
  public init(
    outline: Outline<Node>, style: SectionHeaderStyle = .header, expandsOnlyOneCell: Bool = false,
    autoScrolls: Bool = true
  ) {
    self.outline = outline
    self.style = style
    self.expandsOnlyOneCell = expandsOnlyOneCell
    self.autoScrolls = autoScrolls
    _adoptOutline()
    reloadHeights()
  }

  /// Expands the roots in `.header` style and records the expanded cells.
  private func _adoptOutline() {
    if style == .header {
      for root in outline.roots { outline.expand(root) }
    }
    _expanded = []
    var stack = Array(outline.roots)
    while let id = stack.popLast() {
      if outline.isExpanded(id) && _isCell(id) { _expanded.insert(id) }
      stack.append(contentsOf: outline.children(of: id))
    }
  }

  /// Whether a node is a cell (not a section header).
  private func _isCell(_ id: NodeID) -> Bool {
    style == .firstRow || outline.parent(of: id) != nil
  }
}

// MARK: - The selected cell

extension ExpandableCellController {
  /// The selected cell: the one last touched by ``toggle(at:)``,
  /// ``expand(at:)`` or ``collapse(at:)``, or set here; nil when none is.
  ///
  /// It is held by node (the engine's focus), so edits through
  /// ``update(_:)`` never leave it on the wrong cell: see
  /// ``selectedIndexPath``.
  ///
  /// - Precondition: A new value is a cell with a row (not a section
  ///   header in `.header` style, not hidden).
  /// - Complexity: O(1) to read; O(log n) to set.
  public var selectedCell: NodeID? {
    get { selection.focus }
    set {
      guard let newValue else {
        selection = Outline<Node>.Selection(mode: .none)
        return
      }
      precondition(_isCell(newValue), "ExpandableCellController: node \(newValue) is a section header, not a cell")
      selection.moveFocus(to: newValue, in: outline)
    }
  }

  /// The selected cell's index path (HVTableView's `selectedIndexPath`),
  /// worked out from the node each time, so it is right after any edit:
  /// nil when no cell is selected.
  ///
  /// HVTableView keeps an index path, which an insertion above it makes
  /// point at the wrong row; here the path follows the cell.
  ///
  /// ```swift
  /// controller.update { $0.insert(item, under: section, at: 0) }
  /// tableView.selectRow(at: controller.selectedIndexPath.map(IndexPath.init), animated: false, scrollPosition: .none)
  /// ```
  ///
  /// - Precondition: A new value names a visible row.
  /// - Complexity: O(log n).
  public var selectedIndexPath: OutlineIndexPath? {
    get { selection.focus.flatMap { indexPath(of: $0) } }
    set { selectedCell = newValue.map { id(at: $0) } }
  }

  /// In `.header` style, moves a focus that landed on a section header (a
  /// removed cell's place was taken by the next section) to the header's
  /// first cell, or else the nearest cell above, or else clears it.
  private func _keepFocusOnACell() {
    guard style == .header, let focus = selection.focus, outline.parent(of: focus) == nil,
      let row = outline.row(of: focus)
    else { return }
    if row + 1 < outline.rowCount, case let next = outline.id(atRow: row + 1), outline.parent(of: next) != nil {
      selection.moveFocus(to: next, in: outline)
      return
    }
    // Rows above a header are its previous sections': the last cell among them.
    var above = row - 1
    while above >= 0 {
      let candidate = outline.id(atRow: above)
      if outline.parent(of: candidate) != nil {
        selection.moveFocus(to: candidate, in: outline)
        return
      }
      above -= 1
    }
    selection = Outline<Node>.Selection(mode: .none)
  }
}

// MARK: - Data source

extension ExpandableCellController {
  /// The outline's sections, in ``style``.
  ///
  /// - Complexity: O(1).
  public var sections: Outline<Node>.Sections { outline.sections(style: style) }

  /// The number of sections: the number of roots.
  ///
  /// - Complexity: O(1).
  public var numberOfSections: Int { outline.roots.count }

  /// The number of rows in a section.
  ///
  /// - Precondition: `0 <= section < numberOfSections`.
  /// - Complexity: O(log n).
  public func numberOfRows(inSection section: Int) -> Int { sections.numberOfRows(inSection: section) }

  /// The node at an index path.
  ///
  /// - Precondition: the index path names a visible row.
  /// - Complexity: O(log n).
  public func id(at indexPath: OutlineIndexPath) -> NodeID { sections.id(at: indexPath) }

  /// The index path of a node, or nil when it is hidden (or a header).
  ///
  /// - Precondition: `id` names a node of the outline.
  /// - Complexity: O(log n).
  public func indexPath(of id: NodeID) -> OutlineIndexPath? { sections.indexPath(of: id) }

  /// A node's value.
  ///
  /// - Precondition: `id` names a node of the outline.
  /// - Complexity: O(1).
  public subscript(id: NodeID) -> Node { outline[id] }

  /// Whether the cell at an index path is expanded.
  ///
  /// - Precondition: the index path names a visible row.
  /// - Complexity: O(log n).
  public func isExpanded(at indexPath: OutlineIndexPath) -> Bool { outline.isExpanded(id(at: indexPath)) }

  /// The expanded cells, in the order of the rows (hidden ones in their
  /// place in the tree).
  ///
  /// - Complexity: O(k d log n) for k expanded cells at depth d.
  public var expandedCells: [NodeID] { _inTreeOrder(_expanded) }

  /// The height of a node's cell in its current state: the delegate's, or
  /// ``rowHeight`` / ``expandedRowHeight``.
  ///
  /// - Precondition: `id` names a node of the outline.
  /// - Complexity: O(1) plus the delegate.
  public func height(of id: NodeID) -> Double {
    let expanded = outline.isExpanded(id)
    return delegate?.expandableCellController(self, heightFor: id, isExpanded: expanded)
      ?? (expanded ? expandedRowHeight : rowHeight)
  }

  /// The height of the cell at an index path in its current state.
  ///
  /// - Precondition: the index path names a visible row.
  /// - Complexity: O(log n) plus the delegate.
  public func height(at indexPath: OutlineIndexPath) -> Double { height(of: id(at: indexPath)) }

  /// The cell at an index path: what `cellForRowAt` needs (HVTableView's
  /// `cellForRowAtIndexPath:isExpanded:`).
  ///
  /// - Precondition: the index path names a visible row.
  /// - Complexity: O(log n) plus the delegate.
  public func cell(at indexPath: OutlineIndexPath) -> Cell {
    let id = id(at: indexPath)
    return Cell(
      id: id, value: outline[id], isExpanded: outline.isExpanded(id), height: height(of: id),
      level: outline.depth(of: id) - (style == .header ? 1 : 0))
  }
}

// MARK: - Actions

extension ExpandableCellController {
  /// Expands the cell at an index path if it is collapsed, or collapses it.
  ///
  /// - Precondition: the index path names a visible row.
  /// - Complexity: As ``expand(at:)`` or ``collapse(at:)``.
  @discardableResult
  public func toggle(at indexPath: OutlineIndexPath) -> ExpandableCellUpdate {
    isExpanded(at: indexPath) ? collapse(at: indexPath) : expand(at: indexPath)
  }

  /// Expands the cell at an index path.
  ///
  /// Asks the delegate first; a veto changes nothing and returns an empty
  /// update. With ``expandsOnlyOneCell``, every other expanded cell but the
  /// cell's ancestors collapses in the same change. Callbacks: will-collapse
  /// for those, will-expand, the change, did-collapse, did-expand.
  ///
  /// Expanding an expanded cell changes nothing but still returns the
  /// scroll target.
  ///
  /// - Returns: The change, the new heights, and the scroll target.
  /// - Precondition: the index path names a visible row.
  /// - Complexity: O(log n) plus O(k log n) for k collapsed cells, plus
  ///   O(r) for r rows up to the last revealed one when a viewport is set.
  @discardableResult
  public func expand(at indexPath: OutlineIndexPath) -> ExpandableCellUpdate {
    let id = id(at: indexPath)
    selection.moveFocus(to: id, in: outline)
    guard !outline.isExpanded(id) else {
      return ExpandableCellUpdate(scrollTarget: _scrollTarget(touching: id))
    }
    if let delegate, !delegate.expandableCellController(self, shouldExpand: id, at: indexPath) {
      return ExpandableCellUpdate()
    }
    var others: [NodeID] = []
    if expandsOnlyOneCell {
      var keep: Set<NodeID> = [id]
      var ancestor = outline.parent(of: id)
      while let next = ancestor {
        keep.insert(next)
        ancestor = outline.parent(of: next)
      }
      others = _inTreeOrder(_expanded.subtracting(keep))
    }
    for other in others {
      delegate?.expandableCellController(self, willCollapse: other, at: self.indexPath(of: other))
    }
    delegate?.expandableCellController(self, willExpand: id, at: indexPath)
    let change = outline.batch { outline in
      for other in others { outline.collapse(other) }
      outline.expand(id)
    }
    _expanded.subtract(others)
    _expanded.insert(id)
    _storeHeights(of: others + [id])
    selection.reconcile(with: outline, after: change)
    let sectioned = sections.convert(change)
    for other in others {
      delegate?.expandableCellController(self, didCollapse: other, at: self.indexPath(of: other))
    }
    let newPath = self.indexPath(of: id)!
    delegate?.expandableCellController(self, didExpand: id, at: newPath)
    return ExpandableCellUpdate(
      change: sectioned, resizedRows: _heights(of: others + [id]), scrollTarget: _scrollTarget(touching: id))
  }

  /// Collapses the cell at an index path; its expanded descendants keep
  /// their state, hidden.
  ///
  /// Collapsing a collapsed cell changes nothing but still returns the
  /// scroll target.
  ///
  /// - Returns: The change, the new height, and the scroll target.
  /// - Precondition: the index path names a visible row.
  /// - Complexity: O(log n), plus O(r) for r rows up to the cell when a
  ///   viewport is set.
  @discardableResult
  public func collapse(at indexPath: OutlineIndexPath) -> ExpandableCellUpdate {
    let id = id(at: indexPath)
    selection.moveFocus(to: id, in: outline)
    guard outline.isExpanded(id) else {
      return ExpandableCellUpdate(scrollTarget: _scrollTarget(touching: id))
    }
    delegate?.expandableCellController(self, willCollapse: id, at: indexPath)
    let change = outline.collapse(id)
    _expanded.remove(id)
    _storeHeights(of: [id])
    selection.reconcile(with: outline, after: change)
    let sectioned = sections.convert(change)
    delegate?.expandableCellController(self, didCollapse: id, at: self.indexPath(of: id))
    return ExpandableCellUpdate(change: sectioned, resizedRows: _heights(of: [id]), scrollTarget: _scrollTarget(touching: id))
  }

  /// Collapses every expanded cell, hidden ones included (HVTableView's
  /// `collapseExpandedCells`). There is no touched row, so no scroll
  /// target.
  ///
  /// - Returns: The change and the new heights.
  /// - Complexity: O(k d log n) for k expanded cells at depth d.
  @discardableResult
  public func collapseExpandedCells() -> ExpandableCellUpdate {
    let cells = expandedCells
    guard !cells.isEmpty else { return ExpandableCellUpdate() }
    for cell in cells {
      delegate?.expandableCellController(self, willCollapse: cell, at: indexPath(of: cell))
    }
    let change = outline.batch { outline in
      for cell in cells { outline.collapse(cell) }
    }
    _expanded = []
    _storeHeights(of: cells)
    selection.reconcile(with: outline, after: change)
    let sectioned = sections.convert(change)
    for cell in cells {
      delegate?.expandableCellController(self, didCollapse: cell, at: indexPath(of: cell))
    }
    return ExpandableCellUpdate(change: sectioned, resizedRows: _heights(of: cells))
  }

  /// Edits the data: inserts, removes, moves, sets values, filters, or
  /// expands and collapses directly (no callbacks, no only-one rule).
  ///
  /// In `.header` style, roots inserted are expanded. The expanded cells
  /// are recounted afterwards, and the selected cell reconciled: it stays
  /// on its node wherever the node went; a removed one moves to the cell
  /// that took its place (in `.header` style, never to a header: to the
  /// next section's first cell, or the cell above); one that a collapse
  /// hides moves to the collapsed cell; one that a filter hides stands in
  /// on its nearest shown ancestor and comes back when the filter shows it.
  ///
  /// ```swift
  /// let update = controller.update { outline in
  ///   outline.insert(newItem, under: section, at: 0)
  /// }
  /// ```
  ///
  /// - Returns: The change, with no resized rows or scroll target.
  /// - Complexity: The cost of `body`, plus O(n) to recount.
  @discardableResult
  public func update(_ body: (inout Outline<Node>) throws -> Void) rethrows -> ExpandableCellUpdate {
    let change = try outline.batch { outline in
      try body(&outline)
      if style == .header {
        for root in outline.roots { outline.expand(root) }
      }
    }
    _adoptOutline()
    reloadHeights()
    selection.reconcile(with: outline, after: change)
    _keepFocusOnACell()
    return ExpandableCellUpdate(change: sections.convert(change))
  }

  /// Asks every cell's height again (the delegate's answers changed), and
  /// keeps them in the outline's geometry, where offsets and scroll
  /// targets read them. Actions keep the heights of the cells they touch
  /// up to date themselves.
  ///
  /// - Complexity: O(n log n), plus the delegate for every node.
  public func reloadHeights() {
    var stack = Array(outline.roots)
    var all: [NodeID] = []
    while let id = stack.popLast() {
      all.append(id)
      stack.append(contentsOf: outline.children(of: id))
    }
    _storeHeights(of: all)
  }

  /// Keeps the current heights of `ids` (a header's, in `.header` style,
  /// for a root) in the outline's geometry.
  private func _storeHeights(of ids: [NodeID]) {
    for id in ids {
      outline.setRowHeight(_isCell(id) ? height(of: id) : sectionHeaderHeight, of: id)
    }
  }

  // MARK: Helpers

  /// Nodes sorted as the tree's preorder: by the path of sibling indices
  /// from the root.
  internal func _inTreeOrder(_ ids: Set<NodeID>) -> [NodeID] {
    func path(_ id: NodeID) -> [Int] {
      var result: [Int] = []
      var node: NodeID? = id
      while let current = node {
        result.append(outline.indexInParent(of: current))
        node = outline.parent(of: current)
      }
      return result.reversed()
    }
    return ids.map { (id: $0, path: path($0)) }
      .sorted { $0.path.lexicographicallyPrecedes($1.path) }
      .map(\.id)
  }

  /// The new heights of the visible nodes among `ids`, by index path.
  private func _heights(of ids: [NodeID]) -> [OutlineIndexPath: Double] {
    var result: [OutlineIndexPath: Double] = [:]
    for id in ids {
      if let path = indexPath(of: id) { result[path] = height(of: id) }
    }
    return result
  }
}
