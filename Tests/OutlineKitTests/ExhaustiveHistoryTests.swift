import XCTest

@testable import OutlineKit

/// Every single edit of every forest of up to 5 nodes (collapsed, expanded,
/// every other node expanded): recorded, undone, redone, undone again.
/// After each undo the outline answers exactly as before the edit (rows,
/// every node's parent, children, flags; the same IDs), after each redo as
/// after it, and every change is the minimal one.
final class ExhaustiveHistoryTests: XCTestCase {
  func testEveryEditAndItsInverseInEverySmallForest() {
    var checked = 0
    forEachSmallForest(upTo: 5) { base, context in
      for operation in edits(of: base) {
        check(operation, on: base, context: context)
        checked += 1
        if testRun?.failureCount ?? 0 > 0 { return false }
      }
      return true
    }
    print("ExhaustiveHistoryTests: \(checked) edits undone and redone")
  }

  /// Every removal, move to every place (multiple moves of pairs too),
  /// insertion at every place, and value set.
  func edits(of pair: OutlinePair) -> [OutlineOperation] {
    let values = pair.reference.nodes.keys.sorted()
    var result: [OutlineOperation] = []
    for v in values {
      result.append(.remove(v))
      result.append(.setValue(v, answer: nil))
      for parent in [nil] + values {
        let count = parent.map { pair.reference.nodes[$0]!.children.count } ?? pair.reference.roots.count
        for index in 0 ... count {
          result.append(.insert(subtree: [(pair.nextValue, 0)], parent: parent, index: index))
          if pair.reference.nodes[v]!.parent == parent ? index < count : true {
            result.append(.move(v, parent: parent, index: index))
          }
          if let w = values.first(where: { $0 > v }) { result.append(.moveSeveral([v, w], parent: parent, index: index)) }
        }
      }
    }
    return result
  }

  func check(_ operation: OutlineOperation, on base: OutlinePair, context: String) {
    var pair = base
    var history = Outline<Int>.History()
    let before = pair.engineSnapshot
    let rowsBefore = pair.reference.visibleRows
    let roots = Set(pair.reference.roots)
    let showingBefore = pair.reference.decorations
    var moved: Set<Int> = []
    var valueSet: Set<Int> = []
    var engine = pair.outline
    pair.outline = Outline()
    history.record(in: &engine) { pair.apply(operation, to: &$0, moved: &moved, valueSet: &valueSet) }
    pair.outline = engine
    let after = pair.engineSnapshot
    let (referenceAfter, idsAfter) = (pair.reference, pair.ids)
    let rowsAfter = pair.reference.visibleRows
    let rootsAfter = Set(pair.reference.roots)
    let turned = pair.reference.decorationsTurned(since: showingBefore)
    let context = "\(context), \(operation)"
    guard history.canUndo else {
      expect(before == after && moved.isEmpty, "\(operation) kept no step but edited [\(context)]")
      return
    }
    for round in 0 ..< 2 {
      let undone = history.undo(in: &pair.outline)
      (pair.reference, pair.ids) = (base.reference, base.ids)
      expectEqual(
        undone, expectedChange(old: rowsAfter, new: rowsBefore, moved: moved, redraw: valueSet.union(turned).filter { base.reference.nodes[$0] != nil }, oldRoots: rootsAfter, newRoots: roots),
        "undo \(round) [\(context)]")
      expect(pair.engineSnapshot == before, "undo \(round) did not give back the outline [\(context)]")
      pair.outline._checkInvariants()
      guard round == 0 else { break }
      let redone = history.redo(in: &pair.outline)
      (pair.reference, pair.ids) = (referenceAfter, idsAfter)
      expectEqual(
        redone,
        expectedChange(
          old: rowsBefore, new: rowsAfter, moved: moved, redraw: valueSet.union(turned).filter { referenceAfter.nodes[$0] != nil },
          oldRoots: roots, newRoots: rootsAfter), "redo [\(context)]")
      expect(pair.engineSnapshot == after, "redo did not give back the edited outline [\(context)]")
    }
  }
}
