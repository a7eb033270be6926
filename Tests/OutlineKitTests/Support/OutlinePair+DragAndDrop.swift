#if !OUTLINE_FUZZ
@testable import OutlineKit
import OutlineTestSupport
#endif

/// Moves of several nodes, applied to the engine and the reference, and
/// drop targets compared between them.
extension OutlinePair {
  /// Moves `values` to the gap `index` under `parent` in both, checking that
  /// the engine refuses exactly what the reference refuses (with the same
  /// node and destination) and that `canMove` agrees; notes the nodes that
  /// moved.
  mutating func applyMoveSeveral(
    _ values: [Int], under parent: Int?, at index: Int, to engine: inout Outline<Int>, moved: inout Set<Int>
  ) {
    let target = Outline<Int>.DropTarget(parent: parent.map { ids[$0]! }, index: index)
    let nodes = values.map { ids[$0]! }
    let allowed = engine.canMove(nodes, to: target)
    switch reference.move(values, under: parent, at: index) {
    case .moved(let tops, let kept):
      expect(allowed, "canMove(\(values), to: \(target)) is false for a valid move")
      do {
        lastDirectChange = try engine.move(nodes, to: target)
      } catch {
        fail("move(\(values), to: \(target)) threw \(error) for a valid move")
      }
      for top in tops where !kept.contains(top) { moved.formUnion(reference.subtree(of: top)) }
    case .refused(let holder):
      expect(!allowed, "canMove(\(values), to: \(target)) is true for a move into a moved subtree")
      do {
        try engine.move(nodes, to: target)
        fail("move(\(values), to: \(target)) moved nodes into the subtree of \(holder)")
      } catch let error as Outline<Int>.MoveError {
        expectEqual(error.node, ids[holder]!, "MoveError.node")
        expectEqual(error.destination, ids[parent!]!, "MoveError.destination")
      } catch {
        fail("unexpected error \(error)")
      }
    }
  }

  /// A random move of 1 to 6 nodes (sometimes a node twice, or a node and
  /// one of its descendants) to a random gap: any parent (sometimes inside
  /// a moved subtree), or the gap a random drop on a row picks.
  func randomMoveSeveral(using rng: inout SplitMix64) -> OutlineOperation {
    let values = reference.nodes.keys.sorted()
    var picked: [Int] = []
    for _ in 0 ..< rng.int(in: 1 ... 6) {
      if let last = picked.last, rng.chance(0.2) {
        // The same node again, or one inside it.
        picked.append(rng.chance(0.5) ? last : reference.subtree(of: last).randomElement(using: &rng)!)
      } else {
        picked.append(values.randomElement(using: &rng)!)
      }
    }
    if rng.chance(0.4) {
      let row = rng.int(in: 0 ... reference.visibleRows.count)
      let target = reference.dropTarget(
        atRow: row, fraction: Double.random(in: -0.1 ... 1.1, using: &rng), depth: rng.chance(0.5) ? nil : rng.int(in: -1 ... 6), allowsChildren: { _ in true })
      return .moveSeveral(picked, parent: target.parent, index: target.index)
    }
    let parent: Int? = rng.chance(0.2) ? nil : values.randomElement(using: &rng)!
    let count = parent.map { reference.nodes[$0]!.children.count } ?? reference.roots.count
    return .moveSeveral(picked, parent: parent, index: rng.int(in: 0 ... count))
  }

  /// Checks `dropTarget` against the reference for a row and pointer.
  func checkDropTarget(
    atRow row: Int, fraction: Double, depth: Int?, allowsChildren: @escaping (Int) -> Bool,
    _ context: @autoclosure () -> String, file: StaticString = #filePath, line: UInt = #line
  ) {
    let engine = outline.dropTarget(atRow: row, fraction: fraction, depth: depth) { allowsChildren(outline[$0]) }
    let expected = reference.dropTarget(atRow: row, fraction: fraction, depth: depth, allowsChildren: allowsChildren)
    if engine.parent.map({ outline[$0] }) != expected.parent || engine.index != expected.index {
      fail(
        "dropTarget(atRow: \(row), fraction: \(fraction), depth: \(String(describing: depth))) = (\(engine.parent.map { outline[$0] }.map(String.init) ?? "nil"), \(engine.index)), expected (\(expected.parent.map(String.init) ?? "nil"), \(expected.index)) [\(context())]",
        file: file, line: line)
    }
  }
}
