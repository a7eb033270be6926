import Foundation
import XCTest

@testable import OutlineKit

/// Filtering scenarios with exact rows and changes: the three answers, the
/// revealing option and its restore, edits under a filter, and what row
/// info, sections, "find next" and archiving read.
final class FilteringScenarioTests: XCTestCase {
  /// Fruit ▸ (Apple, Citrus ▸ (Lemon, Lime), Pear), Vegetables ▸ (Leek),
  /// Tools ▸ (Apple peeler).
  func makeOutline() -> Outline<String> {
    Outline(preorder: [
      (node: "Fruit", depth: 0), (node: "Apple", depth: 1), (node: "Citrus", depth: 1), (node: "Lemon", depth: 2),
      (node: "Lime", depth: 2), (node: "Pear", depth: 1), (node: "Vegetables", depth: 0), (node: "Leek", depth: 1),
      (node: "Tools", depth: 0), (node: "Apple peeler", depth: 1),
    ])
  }

  func names(_ outline: Outline<String>) -> [String] { outline.rows.map { outline[$0] } }

  func id(_ outline: Outline<String>, _ name: String) -> Outline<String>.NodeID {
    var stack = Array(outline.roots)
    while let next = stack.popLast() {
      if outline[next] == name { return next }
      stack += outline.children(of: next)
    }
    fatalError("no node \(name)")
  }

  /// Matches what contains `text`; everything else is a path (`.recurse`).
  func search(_ text: String) -> @Sendable (String) -> FilterVisibility {
    { $0.localizedCaseInsensitiveContains(text) ? .visible : .recurse }
  }

  func testTheThreeAnswers() {
    var outline = makeOutline()
    outline.expandAll()
    outline.setFilter { name in
      switch name {
      case "Citrus", "Tools": .hidden  // gone with their subtrees
      case "Apple", "Leek": .visible
      case "Vegetables": .visible  // a .visible parent: children judged on their own
      default: .recurse  // shown only as a path
      }
    }
    // Pear (.recurse, no children) goes; Fruit stays as Apple's path.
    XCTAssertEqual(names(outline), ["Fruit", "Apple", "Vegetables", "Leek"])
    XCTAssertFalse(outline.isIncluded(id(outline, "Lemon")), "under .hidden")
    XCTAssertTrue(outline.isIncluded(id(outline, "Fruit")))
    XCTAssertFalse(outline.isMatch(id(outline, "Fruit")), "a path, not a match")
    XCTAssertTrue(outline.isMatch(id(outline, "Apple")))
    XCTAssertEqual(outline.includedCount, 4)
    XCTAssertEqual(outline.matchCount, 3)
    // The whole tree is still there.
    XCTAssertEqual(outline.nodeCount, 10)
    XCTAssertEqual(outline.children(of: id(outline, "Fruit")).count, 3)
    XCTAssertEqual(outline.depth(of: id(outline, "Lemon")), 2)
  }

  func testFilteringChangesNoFlagAndReportsTheRows() {
    var outline = makeOutline()
    outline.expand(id(outline, "Fruit"))
    // Rows: Fruit, Apple, Citrus, Pear, Vegetables, Tools.
    let change = outline.setFilter(search("pe"))
    XCTAssertEqual(names(outline), ["Fruit", "Pear", "Tools"], "Apple peeler matches but Tools is collapsed")
    XCTAssertEqual(change, OutlineChange(removedRows: [1 ..< 3, 4 ..< 5], removedRootRows: [4]))
    XCTAssertFalse(outline.isExpanded(id(outline, "Tools")))
    XCTAssertEqual(outline.removeFilter(), OutlineChange(insertedRows: [1 ..< 3, 4 ..< 5], insertedRootRows: [4]))
    XCTAssertEqual(names(outline), ["Fruit", "Apple", "Citrus", "Pear", "Vegetables", "Tools"])
  }

  func testRevealingExpandsThePathsAndRemovingRestoresThem() {
    var outline = makeOutline()
    let change = outline.setFilter(revealingMatches: true, search("li"))
    XCTAssertEqual(names(outline), ["Fruit", "Citrus", "Lime"])
    XCTAssertEqual(
      change, OutlineChange(removedRows: [1 ..< 3], insertedRows: [1 ..< 3], reloadedRows: [0], removedRootRows: [1, 2]))
    XCTAssertTrue(outline.isExpanded(id(outline, "Citrus")))
    // Search as you type: the next filter adds to what removal restores.
    outline.setFilter(revealingMatches: true, search("l"))
    XCTAssertEqual(names(outline), ["Fruit", "Apple", "Citrus", "Lemon", "Lime", "Vegetables", "Leek", "Tools", "Apple peeler"])
    // The user collapses Tools and expands it again: touched, it stays expanded.
    outline.collapse(id(outline, "Tools"))
    outline.expand(id(outline, "Tools"))
    outline.removeFilter()
    XCTAssertEqual(names(outline), ["Fruit", "Vegetables", "Tools", "Apple peeler"])
    XCTAssertFalse(outline.isExpanded(id(outline, "Citrus")))
  }

  func testOnlyIncludedMatchesReveal() {
    var outline = makeOutline()
    outline.setFilter(revealingMatches: true) { name in
      name == "Citrus" ? .hidden : name == "Lime" ? .visible : .recurse
    }
    XCTAssertEqual(names(outline), [], "Lime is under a .hidden answer: nothing passes, nothing opens")
    XCTAssertFalse(outline.isExpanded(id(outline, "Fruit")))
    XCTAssertEqual(outline.rowCount, 0)
    XCTAssertEqual(outline.sections(style: .header).count, 0)
  }

  func testInsertingAMatchBringsItsPathBack() {
    var outline = makeOutline()
    outline.expandAll()
    outline.setFilter(search("berry"))
    XCTAssertEqual(outline.rowCount, 0)
    let citrus = id(outline, "Citrus")
    let change = outline.batch { $0.insert("Blueberry", under: citrus, at: 0) }
    XCTAssertEqual(names(outline), ["Fruit", "Citrus", "Blueberry"])
    XCTAssertEqual(change, OutlineChange(insertedRows: [0 ..< 3], insertedRootRows: [0]))
    // Removing it takes the path away again.
    let blueberry = id(outline, "Blueberry")
    XCTAssertEqual(outline.batch { $0.remove(blueberry) }, OutlineChange(removedRows: [0 ..< 3], removedRootRows: [0]))
    XCTAssertEqual(outline.rowCount, 0)
    XCTAssertFalse(outline.isIncluded(citrus))
  }

  func testSettingAValueJudgesTheNodeAgain() {
    var outline = makeOutline()
    outline.expandAll()
    outline.setFilter(search("e"))  // Apple, Lemon, Lime, Pear, Vegetables, Leek, Apple peeler
    XCTAssertEqual(names(outline), ["Fruit", "Apple", "Citrus", "Lemon", "Lime", "Pear", "Vegetables", "Leek", "Tools", "Apple peeler"])
    let lemon = id(outline, "Lemon")
    let lime = id(outline, "Lime")
    XCTAssertEqual(outline.batch { $0[lemon] = "Orange" }, OutlineChange(reloadedRows: [3]), "still a match: redrawn")
    XCTAssertEqual(outline.batch { $0[lemon] = "Kiwi" }, OutlineChange(removedRows: [3 ..< 4]), "Citrus keeps Lime")
    // Lime was Citrus's last match: Citrus goes with it.
    XCTAssertEqual(outline.batch { $0[lime] = "Kumquat" }, OutlineChange(removedRows: [2 ..< 4]))
    XCTAssertEqual(names(outline), ["Fruit", "Apple", "Pear", "Vegetables", "Leek", "Tools", "Apple peeler"])
    // And it comes back with the next match.
    XCTAssertEqual(outline.batch { $0[lemon] = "Lemon" }, OutlineChange(insertedRows: [2 ..< 4]))
    XCTAssertEqual(names(outline), ["Fruit", "Apple", "Citrus", "Lemon", "Pear", "Vegetables", "Leek", "Tools", "Apple peeler"])
  }

  func testAnAnswerTurningHiddenTakesTheSubtree() {
    var outline = makeOutline()
    outline.expandAll()
    outline.setFilter { $0 == "Pantry" ? .hidden : .visible }
    let fruit = id(outline, "Fruit")
    XCTAssertEqual(outline.batch { $0[fruit] = "Pantry" }, OutlineChange(removedRows: [0 ..< 6], removedRootRows: [0]))
    XCTAssertEqual(names(outline), ["Vegetables", "Leek", "Tools", "Apple peeler"])
    XCTAssertFalse(outline.isIncluded(id(outline, "Lemon")))
    XCTAssertEqual(outline.batch { $0[fruit] = "Fruit" }, OutlineChange(insertedRows: [0 ..< 6], insertedRootRows: [0]))
  }

  func testMovingOutOfAHiddenSubtree() throws {
    var outline = makeOutline()
    outline.expandAll()
    outline.setFilter { $0 == "Citrus" ? .hidden : .visible }
    XCTAssertEqual(names(outline), ["Fruit", "Apple", "Pear", "Vegetables", "Leek", "Tools", "Apple peeler"])
    let lime = id(outline, "Lime")
    let vegetables = id(outline, "Vegetables")
    let change = try outline.batch { try $0.move(lime, under: vegetables, at: 1) }
    XCTAssertEqual(change, OutlineChange(insertedRows: [5 ..< 6]))
    XCTAssertEqual(names(outline), ["Fruit", "Apple", "Pear", "Vegetables", "Leek", "Lime", "Tools", "Apple peeler"])
  }

  func testRowInfoCountsIncludedSiblings() {
    var outline = makeOutline()
    outline.expandAll()
    outline.setFilter(search("a"))  // Apple, Pear, Vegetables, Apple peeler (+ paths)
    XCTAssertEqual(names(outline), ["Fruit", "Apple", "Pear", "Vegetables", "Tools", "Apple peeler"])
    let infos = outline.rowInfos(in: 0 ..< outline.rowCount).map(\.info)
    XCTAssertEqual(infos.map(\.siblingCount), [3, 2, 2, 3, 3, 1])
    XCTAssertEqual(infos.map(\.indexInParent), [0, 0, 1, 1, 2, 0])
    XCTAssertEqual(infos.map(\.hasChildren), [true, false, false, false, true, false], "Leek is out: Vegetables shows no children")
    XCTAssertEqual(
      outline.rowInfos(in: 0 ..< outline.rowCount).map { $0.info.treePrefix + outline[$0.id] },
      ["Fruit", "├─ Apple", "└─ Pear", "Vegetables", "Tools", "└─ Apple peeler"])
  }

  func testSectionsAreTheIncludedRoots() {
    var outline = makeOutline()
    outline.expandAll()
    outline.setFilter(search("ee"))  // Leek, Apple peeler
    let sections = outline.sections(style: .header)
    XCTAssertEqual(sections.count, 2)
    XCTAssertEqual(outline[sections.root(ofSection: 0)], "Vegetables")
    XCTAssertEqual(sections.numberOfRows(inSection: 1), 1)
    XCTAssertEqual(sections.indexPath(of: id(outline, "Apple peeler")), OutlineIndexPath(section: 1, row: 0))
    XCTAssertEqual(sections.section(of: id(outline, "Leek")), 0)
    let change = outline.removeFilter()
    let sectioned = outline.sections(style: .header).convert(change)
    XCTAssertEqual(sectioned.insertedSections, [0])
    XCTAssertEqual(sectioned.insertedRows, [], "Fruit's rows come with its section; the other sections had theirs")
  }

  func testFindNextAndPrevious() {
    var outline = makeOutline()
    outline.setFilter(revealingMatches: true, search("apple"))
    XCTAssertEqual(names(outline), ["Fruit", "Apple", "Tools", "Apple peeler"])
    XCTAssertEqual(outline.nextMatchRow(after: nil), 1)
    XCTAssertEqual(outline.nextMatchRow(after: 1), 3)
    XCTAssertEqual(outline.nextMatchRow(after: 3), 1, "wraps")
    XCTAssertNil(outline.nextMatchRow(after: 3, wrapping: false))
    XCTAssertEqual(outline.previousMatchRow(before: 1), 3, "wraps")
    XCTAssertEqual(outline.previousMatchRow(before: nil), 3)
    XCTAssertEqual(outline.previousMatchRow(before: 2), 1)
    // A match hidden by a collapsed ancestor has no row and is skipped.
    outline.collapse(id(outline, "Tools"))
    XCTAssertEqual(outline.nextMatchRow(after: 1), 1)
    XCTAssertEqual(outline.matchCount, 2)
    outline.removeFilter()
    XCTAssertNil(outline.nextMatchRow(after: nil), "no filter, no matches")
  }

  func testTheFilterHoldsInsideABatchAndComposes() {
    var outline = makeOutline()
    outline.expandAll()
    let before = names(outline)
    let change = outline.batch { outline in
      outline.setFilter(search("zzz"))
      outline.collapseAll()
      outline.expandAll()
      outline.removeFilter()
    }
    XCTAssertEqual(change, OutlineChange(), "everything hidden and shown again cancels out")
    XCTAssertEqual(names(outline), before)
  }

  func testRestoringExpansionCountsAsTouching() {
    var outline = makeOutline()
    let saved = outline.expansionState(by: { $0 })
    outline.setFilter(revealingMatches: true, search("lime"))
    XCTAssertTrue(outline.isExpanded(id(outline, "Citrus")))
    outline.restoreExpansionState(ExpansionState(expandedKeys: saved.expandedKeys.union(["Citrus"])), by: { $0 })
    outline.removeFilter()
    XCTAssertFalse(outline.isExpanded(id(outline, "Fruit")), "the restore collapsed it: touched, it stays collapsed")
    XCTAssertFalse(
      outline.isExpanded(id(outline, "Citrus")),
      "the restore left its flag as it was: untouched, so removing the filter collapses it")
  }

  func testADecodedOutlineHasNoFilter() throws {
    var outline = makeOutline()
    outline.setFilter(revealingMatches: true, search("lime"))
    let decoded = try JSONDecoder().decode(Outline<String>.self, from: JSONEncoder().encode(outline))
    XCTAssertFalse(decoded.isFiltered)
    XCTAssertEqual(decoded.nodeCount, 10, "the whole tree is archived")
    XCTAssertEqual(decoded.rows.map { decoded[$0] }, ["Fruit", "Apple", "Citrus", "Lemon", "Lime", "Pear", "Vegetables", "Tools"])
  }

  func testCopiesKeepTheirOwnFilter() {
    var outline = makeOutline()
    let copy = outline
    outline.setFilter(search("lime"))
    XCTAssertFalse(copy.isFiltered)
    XCTAssertEqual(copy.rowCount, 3)
    XCTAssertEqual(outline.rowCount, 1)
  }

  func testAPolicyGovernsTheFlagsOfTheWholeTree() {
    var outline = makeOutline()
    outline.expansionPolicy = .exclusiveSiblings
    outline.expand(id(outline, "Vegetables"))
    outline.setFilter(search("fruit"))
    outline.expand(id(outline, "Fruit"))
    XCTAssertFalse(outline.isExpanded(id(outline, "Vegetables")), "collapsed although the filter hides it")
  }
}
