import OutlineKit

/// The list area of a tree screen, line by line: which row (and which of its
/// lines) each line shows, the sticky ancestor rows over the top lines with
/// the line under them, and the drop marker's line while rows are moved.
///
/// The categories, the big tree and the files share it: they scroll with
/// ``firstLine(in:unit:current:showing:height:sticky:hasMarker:)`` (the
/// engine's `scrollOffset(toShowRow:...)`, so the focused row stays below
/// the sticky rows), draw with ``render(in:width:move:rowLines:)``, and
/// find what the mouse points at with ``hit(line:column:in:)``.
///
/// The outline's geometry is in its own units: a screen whose rows are
/// one line each and have no heights of their own passes the outline's
/// `estimatedRowHeight` as `unit`; the big tree keeps its heights in lines
/// and passes 1.
///
/// ```swift
/// let first = TreeViewport.firstLine(in: outline, unit: 1, current: top, showing: focusedRow ... focusedRow,
///                                    height: 20, sticky: sticky, hasMarker: false)
/// let viewport = TreeViewport(in: outline, unit: 1, first: first, height: 20, sticky: sticky, treeColumn: 2)
/// let lines = viewport.render(in: outline, width: 80, move: nil) { id, info in rowLines(id, info) }
/// ```
package struct TreeViewport<Node> {
  /// A node of the outline.
  package typealias NodeID = Outline<Node>.NodeID

  /// What one line of the list shows.
  package enum Line: Hashable {
    /// Line `line` (0: the first) of a row, in its place.
    case row(NodeID, row: Int, line: Int)
    /// Line `line` of a sticky ancestor row, pinned at the top.
    case sticky(NodeID, row: Int, line: Int)
    /// The line under the sticky rows.
    case separator
    /// The drop marker of rows being moved, in the gap it stands for.
    case marker
    /// Nothing: below the last row.
    case blank
  }

  /// The first line of the content (counted from the top of the first
  /// row) the list shows.
  package let first: Int
  /// The lines the list has.
  package let height: Int
  /// The outline's geometry per line.
  package let unit: Double
  /// The column where a root row's tree drawing starts (after the marks
  /// and any columns before the tree); each level is 3 columns more.
  package let treeColumn: Int
  /// What each line shows, from the top; as many as the content fills,
  /// at most ``height``.
  package private(set) var lines: [Line] = []
  /// The line the sticky rows and the line under them take; 0 without
  /// sticky rows.
  package private(set) var stickyLines = 0
  /// What each line would show without the marker: where the mouse points
  /// (so that the marker's line, which follows the pointer, never moves
  /// the rows under it).
  private var rowLines: [Line] = []

  /// Lays out `height` lines of `outline` from content line `first`, with
  /// the sticky rows when `sticky` is on, and a marker line above row
  /// `markerGap` (`rowCount`: below the last row) when rows are moved.
  ///
  /// - Complexity: O(height + k log n) for k sticky rows, plus O(log n).
  package init(
    in outline: Outline<Node>, unit: Double, first: Int, height: Int, sticky: StickyHeader, treeColumn: Int,
    markerGap: Int? = nil
  ) {
    self.first = max(0, first)
    self.height = max(0, height)
    self.unit = unit
    self.treeColumn = treeColumn
    guard self.height > 0, outline.rowCount > 0 else { return }
    let contentHeight = self.height - (markerGap == nil ? 0 : 1)
    // The rows in their places: as many as fill the list without the
    // marker, for the mouse, which points at the rows as they lie.
    var row = outline.row(atOffset: Double(self.first) * unit)
    var line = self.first - Self.line(outline.offset(ofRow: row), unit)
    while rowLines.count < self.height && row < outline.rowCount {
      let id = outline.id(atRow: row)
      let count = Self.lines(of: id, in: outline, unit: unit)
      while line < count && rowLines.count < self.height {
        rowLines.append(.row(id, row: row, line: line))
        line += 1
      }
      row += 1
      line = 0
    }
    lines = Array(rowLines.prefix(contentHeight))
    // The marker, in its gap: before the first line of row `markerGap`, or
    // after the last row.
    if let gap = markerGap {
      if let index = lines.firstIndex(where: { if case .row(_, let row, _) = $0 { return row >= gap } else { return false } }) {
        if case .row(_, gap, 0) = lines[index] { lines.insert(.marker, at: index) }
      } else if case .row(let id, let last, let k)? = lines.last, last == gap - 1,
        k == Self.lines(of: id, in: outline, unit: unit) - 1
      {
        lines.append(.marker)
      }
    }
    // The sticky rows over the top lines, and the line under them.
    let stuck = Self.stickyRows(in: outline, unit: unit, first: self.first, height: contentHeight, sticky: sticky)
    guard let last = stuck.last else { return }
    let bottom = Self.line(last.top, unit) + Self.lines(of: last.id, in: outline, unit: unit)
    stickyLines = min(self.height, bottom + 1)
    while lines.count < stickyLines { lines.append(.blank) }
    for k in 0 ..< stickyLines {
      lines[k] = k == bottom ? .separator : .blank
      if k < rowLines.count { rowLines[k] = lines[k] }
    }
    for sticky in stuck {
      let top = Self.line(sticky.top, unit)
      for k in 0 ..< Self.lines(of: sticky.id, in: outline, unit: unit) where top + k >= 0 && top + k < stickyLines {
        lines[top + k] = .sticky(sticky.id, row: sticky.row, line: k)
        if top + k < rowLines.count { rowLines[top + k] = lines[top + k] }
      }
    }
  }

  /// The sticky rows of a list of `height` lines from content line
  /// `first`, their tops in lines from the list's top.
  ///
  /// The line under them hides one more line of the content, so they are
  /// the engine's for a viewport one line lower: the rows below the line
  /// are then exactly the rows below the sticky rows in the engine's
  /// rules (a row is pushed up as its subtree's last line goes under the
  /// line). When every one of them is where its own row is (the top of the
  /// list, not scrolled), none sticks.
  ///
  /// - Complexity: O(k log n) for k sticky rows.
  static func stickyRows(
    in outline: Outline<Node>, unit: Double, first: Int, height: Int, sticky: StickyHeader
  ) -> [Outline<Node>.StickyRow] {
    let limit = sticky.limit(height: height)
    guard limit > 0, outline.rowCount > 0 else { return [] }
    let stuck = outline.stickyRows(
      atOffset: Double(first + 1) * unit, limit: limit, maxHeight: Double(sticky.maximumLines(height: height)) * unit)
    let inPlace = stuck.allSatisfy { line(outline.offset(ofRow: $0.row), unit) == first + line($0.top, unit) }
    return inPlace ? [] : stuck
  }

  /// The lines the sticky rows and the line under them cover in a list of
  /// `height` lines from content line `first`.
  static func coveredLines(
    in outline: Outline<Node>, unit: Double, first: Int, height: Int, sticky: StickyHeader
  ) -> Int {
    guard let last = stickyRows(in: outline, unit: unit, first: first, height: height, sticky: sticky).last else {
      return 0
    }
    return line(last.top, unit) + lines(of: last.id, in: outline, unit: unit) + 1
  }

  /// An offset in whole lines.
  static func line(_ offset: Double, _ unit: Double) -> Int { Int((offset / unit).rounded()) }

  /// The lines a node's row takes.
  static func lines(of id: NodeID, in outline: Outline<Node>, unit: Double) -> Int {
    max(1, line(outline.rowHeight(of: id), unit))
  }

  // MARK: Scrolling

  /// The first content line to show so that the rows `showing` are in view
  /// below the sticky rows and the line under them, moved as little as
  /// possible from `current`: the engine's
  /// `scrollOffset(toShowRow:from:viewportHeight:stickyLimit:maxStickyHeight:)`
  /// for the viewport one line lower that the sticky rows are found for
  /// (see ``stickyRows(in:unit:first:height:sticky:)``). The last row of
  /// `showing` is placed first, then the first, so the first wins when
  /// both do not fit. With `hasMarker`, the list is a line shorter (the
  /// marker takes one).
  ///
  /// - Complexity: O(k log n) for k sticky rows.
  package static func firstLine(
    in outline: Outline<Node>, unit: Double, current: Int, showing rows: ClosedRange<Int>?, height: Int,
    sticky: StickyHeader, hasMarker: Bool = false
  ) -> Int {
    let contentHeight = height - (hasMarker ? 1 : 0)
    guard contentHeight > 0, outline.rowCount > 0 else { return 0 }
    let limit = sticky.limit(height: contentHeight)
    let maximum = Double(sticky.maximumLines(height: contentHeight)) * unit
    let content = line(outline.contentHeight, unit)
    var top = min(max(0, current), max(0, content - contentHeight))
    guard let rows else { return top }
    for row in Set([rows.upperBound, rows.lowerBound]).sorted(by: >) where row >= 0 && row < outline.rowCount {
      guard limit > 0 else {
        top = line(
          outline.scrollOffset(
            toShowRow: row, from: Double(top) * unit, viewportHeight: Double(contentHeight) * unit, stickyLimit: 0),
          unit)
        continue
      }
      let lower = line(
        outline.scrollOffset(
          toShowRow: row, from: Double(top + 1) * unit, viewportHeight: Double(contentHeight - 1) * unit,
          stickyLimit: limit, maxStickyHeight: maximum),
        unit)
      let rowLines = line(outline.offset(ofRow: row), unit) ..< line(outline.offset(ofRow: row + 1), unit)
      func shows(_ first: Int) -> Bool {
        let covered = coveredLines(in: outline, unit: unit, first: first, height: contentHeight, sticky: sticky)
        return rowLines.lowerBound >= first + covered && rowLines.upperBound <= first + contentHeight
      }
      // The list one line above the engine's viewport; or at it, when the
      // row shows there too and that moves less (a row with nothing to
      // stick above it, scrolled to from below, goes to the top).
      let current = top
      top = max(0, lower - 1)
      if lower <= content - contentHeight && shows(lower) && (!shows(top) || abs(lower - current) < abs(top - current)) {
        top = lower
      }
      // At the very top the viewport cannot be one line lower: make sure.
      for _ in 0 ..< 3 where top > 0 && !shows(top) {
        let covered = coveredLines(in: outline, unit: unit, first: top, height: contentHeight, sticky: sticky)
        top = max(0, min(rowLines.lowerBound - covered, top - 1))
      }
    }
    return top
  }

  // MARK: Pointing

  /// What the mouse points at in the list: a row (or a sticky row), the
  /// place in it and the indentation level under it, as a drop target
  /// wants them.
  package struct Hit: Hashable {
    /// The node on the line; nil below the last row.
    package var node: NodeID?
    /// Its row (`rowCount` below the last row).
    package var row: Int
    /// Where in the row: 0 (its top) ... 1 (its bottom).
    package var fraction: Double
    /// The indentation level under the pointer; nil for the default.
    package var depth: Int?
    /// Whether the line is a sticky row's.
    package var isSticky: Bool
  }

  /// What the pointer at a line of the list (from 0) and a column of the
  /// screen (from 0) points at; nil for the line under the sticky rows
  /// and lines outside the list (the pointer keeps its place there).
  ///
  /// The rows are found where they lie without the drop marker's line:
  /// the marker follows the pointer, and the rows under the pointer do not
  /// move with it (the pointer is on the marker's line when it points at
  /// the gap above a row).
  ///
  /// Over a row, the columns say what a drop there means:
  /// - the columns before the tree (the `›✓` marks): the gap *above* the row
  ///   (`fraction` 0);
  /// - the tree lines left of the row's own level: the gap *below* the row,
  ///   at the level under the pointer (`fraction` 1, `depth` that level), as
  ///   an editor's tree lets the pointer's indentation pull a drop out of a
  ///   folder;
  /// - the row's disclosure and name: the line of the row under the pointer
  ///   gives the `fraction` (the middle of that line), so a row of three
  ///   lines has a top, a middle and a bottom, and a row of one line is
  ///   its middle (*into* it).
  ///
  /// Below the last row, the gap after it, at the level under the pointer.
  ///
  /// - Complexity: O(log n).
  package func hit(line: Int, column: Int, in outline: Outline<Node>) -> Hit? {
    guard line >= 0, line < height else { return nil }
    let level = column < treeColumn ? nil : (column - treeColumn) / 3
    guard line < rowLines.count else {
      return Hit(node: nil, row: outline.rowCount, fraction: 0, depth: level ?? 0, isSticky: false)
    }
    let id: NodeID
    let row: Int
    let k: Int
    let isSticky: Bool
    switch rowLines[line] {
    case .row(let node, let nodeRow, let nodeLine):
      (id, row, k, isSticky) = (node, nodeRow, nodeLine, false)
    case .sticky(let node, let nodeRow, let nodeLine):
      (id, row, k, isSticky) = (node, nodeRow, nodeLine, true)
    case .blank:
      return Hit(node: nil, row: outline.rowCount, fraction: 0, depth: level ?? 0, isSticky: false)
    case .separator, .marker:
      return nil
    }
    guard let level else { return Hit(node: id, row: row, fraction: 0, depth: nil, isSticky: isSticky) }
    if level < outline.depth(of: id) { return Hit(node: id, row: row, fraction: 1, depth: level, isSticky: isSticky) }
    let count = Self.lines(of: id, in: outline, unit: unit)
    return Hit(node: id, row: row, fraction: (Double(k) + 0.5) / Double(count), depth: level, isSticky: isSticky)
  }

  // MARK: Drawing

  /// The list's lines: each row drawn by `rowLines` (all its lines; the
  /// ones on screen are taken), the sticky rows the same way, the line
  /// under them, and, while rows are moved, the moved rows dimmed, the
  /// marker's line (or the row a drop goes *into* marked), refused in red.
  ///
  /// - Complexity: O(d log n + height) to draw the rows (their infos come
  ///   from `rowInfos(in:)`), plus O(log n) per sticky row.
  package func render(
    in outline: Outline<Node>, width: Int, move: MoveMode<Node>?,
    rowLines: (NodeID, OutlineRowInfo) -> [ScreenLine]
  ) -> [ScreenLine] {
    var drawn: [Int: [ScreenLine]] = [:]
    let shownRows = lines.compactMap { line -> Int? in
      if case .row(_, let row, _) = line { return row }
      return nil
    }
    if let low = shownRows.first, let high = shownRows.last {
      for (offset, (id, info)) in outline.rowInfos(in: low ..< high + 1).enumerated() {
        drawn[low + offset] = decorated(rowLines(id, info), id, move: move, width: width)
      }
    }
    return lines.map { line in
      switch line {
      case .row(let id, let row, let k), .sticky(let id, let row, let k):
        if drawn[row] == nil { drawn[row] = decorated(rowLines(id, outline.rowInfo(atRow: row)), id, move: move, width: width) }
        let rowLines = drawn[row]!
        return k < rowLines.count ? rowLines[k] : ScreenLine()
      case .separator:
        return ScreenLine(TerminalText.fit(String(repeating: "─", count: width), width: width), style: .dim)
      case .marker:
        guard let move else { return ScreenLine() }
        let level = move.target.parent.map { outline.depth(of: $0) + 1 } ?? 0
        let indent = String(repeating: " ", count: treeColumn + 3 * level)
        let text = indent + "╶──▶ " + move.markerLabel
        return ScreenLine(TerminalText.fit(text, width: width), style: move.refusal == nil ? [.marker, .bold] : [.error, .bold])
      case .blank:
        return ScreenLine()
      }
    }
  }

  /// A row's lines as a move shows them: moved rows dimmed; the row a drop
  /// goes into marked, with the marker's label after its first line.
  private func decorated(_ rowLines: [ScreenLine], _ id: NodeID, move: MoveMode<Node>?, width: Int) -> [ScreenLine] {
    guard let move else { return rowLines }
    var rowLines = rowLines
    if move.isMoving(id) {
      for k in rowLines.indices { rowLines[k].style.insert(.dim) }
    }
    if case .into(id) = move.place {
      for k in rowLines.indices { rowLines[k].style.insert(move.refusal == nil ? .marker : .error) }
      if !rowLines.isEmpty {
        rowLines[0].text = TerminalText.fit(rowLines[0].text + "  ◀── " + move.markerLabel, width: width)
      }
    }
    return rowLines
  }
}
