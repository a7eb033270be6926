/// Sections: roots as sections, and changes turned into section form. A
/// root that the filter excludes has no section.
extension _PreorderIndex {
  /// Number of roots that pass the filter: the sections.
  @inlinable
  var includedRootCount: Int {
    root < 0 ? 0 : treeNodes[Int(root)].summary.count(atDepth: 0, includedOnly: true)
  }
}

extension _OutlineCore {
  /// Position of the root of `section`.
  @usableFromInline
  func rootPosition(_ section: Int) -> UInt32 {
    _require(
      section >= 0 && section < index.includedRootCount,
      "Outline.Sections: section \(section) out of range 0..<\(index.includedRootCount)")
    return index.position(ofEntry: section, atDepth: 0, in: 0 ..< index.count, includedOnly: true)!
  }

  /// Rows before the first row of `section`'s content: the root's row, plus
  /// one in `.header` style (the root is not a row there).
  @usableFromInline
  func firstRow(ofSection section: Int, style: SectionHeaderStyle) -> Int {
    index.row(of: rootPosition(section))! + (style == .header ? 1 : 0)
  }

  @usableFromInline
  func numberOfRows(inSection section: Int, style: SectionHeaderStyle) -> Int {
    let rows = visibleCount(in: subtreeRange(of: rootPosition(section)))
    return style == .header ? rows - 1 : rows
  }

  @usableFromInline
  func position(at indexPath: OutlineIndexPath, style: SectionHeaderStyle) -> UInt32 {
    let rows = numberOfRows(inSection: indexPath.section, style: style)
    _require(indexPath.row >= 0 && indexPath.row < rows, "Outline.Sections: row \(indexPath.row) out of range 0..<\(rows) in section \(indexPath.section)")
    return index.position(atRow: firstRow(ofSection: indexPath.section, style: style) + indexPath.row)
  }

  /// Index of the section of the entry at preorder `offset`, whose root
  /// passes the filter.
  @usableFromInline
  func section(ofOffset offset: Int) -> Int {
    index.countEntries(atDepth: 0, in: 0 ..< offset + 1, includedOnly: true) - 1
  }

  /// The section of the node at `position`; traps when its root is
  /// excluded by the filter.
  @usableFromInline
  func section(of position: UInt32) -> Int {
    let root = index.depth(at: position) == 0 ? position : index.lastPosition(before: position, depthBelow: 1)!
    _require(
      index.isIncluded(at: root),
      "Outline.Sections: the node's root is excluded by the filter, so the node has no section")
    return section(ofOffset: index.offset(of: position))
  }

  @usableFromInline
  func indexPath(of position: UInt32, style: SectionHeaderStyle) -> OutlineIndexPath? {
    guard let row = index.row(of: position) else { return nil }
    if style == .header && index.depth(at: position) == 0 { return nil }
    let section = section(ofOffset: index.offset(of: position))
    return OutlineIndexPath(section: section, row: row - firstRow(ofSection: section, style: style))
  }

  /// Roots (now) on rows `<= row`.
  @usableFromInline
  func rootsThrough(row: Int) -> Int {
    row < 0 ? 0 : section(ofOffset: index.offset(of: index.position(atRow: row))) + 1
  }

  /// Turns a change that led to the current state into section form.
  @usableFromInline
  func sectioned(_ change: OutlineChange, style: SectionHeaderStyle) -> SectionedChange {
    let newCount = index.visibleCount
    let oldCount = newCount - change.insertedCount + change.removedCount
    let fits =
      (change.insertedRows.last?.upperBound ?? 0) <= newCount && oldCount >= 0
      && (change.removedRows.last?.upperBound ?? 0) <= oldCount
      && (change.reloadedRows.last ?? -1) < oldCount
    _require(
      fits,
      "Outline.Sections.convert: \(change) does not fit an outline of \(newCount) rows; make the Sections view after the mutation that returned the change")
    var result = SectionedChange()
    let removedRoots = Set(change.removedRootRows)
    let insertedRoots = Set(change.insertedRootRows)
    let headerOffset = style == .header ? 1 : 0

    // Old side: where was old row `x`? (section, row of its root), before the change.
    func oldPlace(_ x: Int) -> (section: Int, rootRow: Int) {
      // The last surviving old row at or before x, and its new row.
      var survivor = x
      if let range = change.removedRows.first(where: { $0.contains(x) }) { survivor = range.lowerBound - 1 }
      let survivorNewRow = survivor < 0 ? -1 : change.newRow(forOldRow: survivor)!
      let insertedUpTo = change.insertedRootRows.prefix { $0 <= survivorNewRow }.count
      let survivingRoots = rootsThrough(row: survivorNewRow) - insertedUpTo
      let removedUpTo = change.removedRootRows.prefix { $0 <= x }.count
      let section = survivingRoots + removedUpTo - 1
      // Its root: the later of the last removed root and the last surviving root.
      var rootRow = change.removedRootRows.last { $0 <= x } ?? -1
      if survivingRoots > 0 {
        var k = rootsThrough(row: survivorNewRow) - 1
        while true {
          let newRootRow = index.row(of: rootPosition(k))!
          if !insertedRoots.contains(newRootRow) {
            rootRow = max(rootRow, change.oldRow(forNewRow: newRootRow)!)
            break
          }
          k -= 1
        }
      }
      return (section, rootRow)
    }

    for range in change.removedRows {
      var (section, rootRow) = oldPlace(range.lowerBound)
      var sectionDeleted = removedRoots.contains(rootRow)
      for x in range {
        if x != range.lowerBound && removedRoots.contains(x) {
          section += 1
          rootRow = x
          sectionDeleted = true
        }
        if removedRoots.contains(x) {
          result.deletedSections.append(section)
        } else if !sectionDeleted {
          result.deletedRows.append(OutlineIndexPath(section: section, row: x - rootRow - headerOffset))
        }
      }
    }
    for x in change.reloadedRows {
      let (section, rootRow) = oldPlace(x)
      if x == rootRow && style == .header {
        result.reloadedSections.append(section)
      } else {
        result.reloadedRows.append(OutlineIndexPath(section: section, row: x - rootRow - headerOffset))
      }
    }

    // New side: walk each inserted range in the current state.
    for range in change.insertedRows {
      var section = rootsThrough(row: range.lowerBound) - 1
      var rootRow = index.row(of: rootPosition(section))!
      var sectionInserted = insertedRoots.contains(rootRow)
      var walker = _VisibleWalker(index: index, rows: range)
      var y = range.lowerBound
      while let position = walker.next(in: index) {
        if index.depth(at: position) == 0 {
          if y != rootRow {
            section += 1
            rootRow = y
          }
          sectionInserted = insertedRoots.contains(y)
        }
        if insertedRoots.contains(y) {
          result.insertedSections.append(section)
        } else if !sectionInserted {
          result.insertedRows.append(OutlineIndexPath(section: section, row: y - rootRow - headerOffset))
        }
        y += 1
      }
    }
    result.deletedRows.sort()
    result.reloadedRows.sort()
    result.insertedRows.sort()
    result.reloadedSections.sort()
    return result
  }
}
