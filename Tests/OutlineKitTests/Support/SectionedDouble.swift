#if !OUTLINE_FUZZ
@testable import OutlineKit
#endif

/// The rows of each section, as a table view with sections shows them: a
/// section per root that passes the filter.
func sectionedRows(of reference: ReferenceOutline, style: SectionHeaderStyle) -> [[Int]] {
  let roots = Set(reference.roots)
  var sections: [[Int]] = []
  for row in reference.visibleRows {
    if roots.contains(row) {
      sections.append(style == .firstRow ? [row] : [])
    } else {
      sections[sections.count - 1].append(row)
    }
  }
  return sections
}

/// Replays a `SectionedChange` the way `performBatchUpdates` does and fails
/// the test where it breaks a batch-update rule or does not give `new`.
/// `reloads` holds the nodes the flat change reloads (already checked to be
/// exactly right): the sectioned change must reload exactly those.
func checkSectioned(
  _ change: SectionedChange, old: [[Int]], new: [[Int]], oldRoots: [Int], reloads: Set<Int>, style: SectionHeaderStyle,
  context: @autoclosure () -> String, file: StaticString = #filePath, line: UInt = #line
) {
  func report(_ message: String) { fail("\(style): \(message) [\(context())]", file: file, line: line) }
  for (name, list) in [("deletedSections", change.deletedSections), ("insertedSections", change.insertedSections), ("reloadedSections", change.reloadedSections)] {
    if list != list.sorted() || Set(list).count != list.count { report("\(name) \(list) unsorted or repeated") }
  }
  for (name, list) in [("deletedRows", change.deletedRows), ("insertedRows", change.insertedRows), ("reloadedRows", change.reloadedRows)] {
    if list != list.sorted() || Set(list).count != list.count { report("\(name) \(list) unsorted or repeated") }
  }
  let deletedSections = Set(change.deletedSections)
  for s in change.deletedSections + change.reloadedSections where s >= old.count { report("old section \(s) out of range") }
  for path in change.deletedRows + change.reloadedRows {
    if path.section >= old.count || path.row >= old[path.section].count { report("old index path \(path) out of range"); return }
    if deletedSections.contains(path.section) { report("row \(path) listed in deleted section") }
  }
  // Reloads: exactly the redraw nodes that stay, at their old places.
  var reloadedNodes: [Int] = change.reloadedRows.map { old[$0.section][$0.row] }
  reloadedNodes += change.reloadedSections.map { oldRoots[$0] }
  if Set(reloadedNodes) != reloads || reloadedNodes.count != reloads.count {
    report("reloaded \(reloadedNodes), expected \(reloads)")
  }
  // Deletes in old indices, then inserts in new indices.
  var sections: [[Int]?] = old
  for path in change.deletedRows.reversed() { sections[path.section]!.remove(at: path.row) }
  for s in change.deletedSections.reversed() { sections.remove(at: s) }
  var result = sections.map { $0! }
  for s in change.insertedSections {
    guard s <= result.count, s < new.count else { report("inserted section \(s) out of range"); return }
    result.insert(new[s], at: s)
  }
  let insertedSections = Set(change.insertedSections)
  for path in change.insertedRows {
    guard path.section < result.count, path.row <= result[path.section].count, path.section < new.count, path.row < new[path.section].count else {
      report("inserted index path \(path) out of range"); return
    }
    if insertedSections.contains(path.section) { report("row \(path) listed in inserted section") }
    result[path.section].insert(new[path.section][path.row], at: path.row)
  }
  if result != new { report("replaying \(change) on \(old) gives \(result), expected \(new)") }
}
