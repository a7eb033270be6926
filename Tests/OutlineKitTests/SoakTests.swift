#if OUTLINE_SOAK
import XCTest

@testable import OutlineKit
import OutlineTestSupport

/// An opt-in long run: a million random operations on an outline of a
/// hundred thousand nodes. Every change is replayed on a mirror of the rows;
/// every 1,000 steps the mirror is compared with the rows and every invariant
/// is checked.
///
/// It is meant to run optimized, with the internal checks compiled in:
///
///     swift test -c release -Xswiftc -enable-testing -Xswiftc -DOUTLINE_INTERNAL_CHECKS \
///       -Xswiftc -DOUTLINE_SOAK --scratch-path .build/soak --filter SoakTests
///
/// Set OUTLINE_SOAK_STEPS to run more or fewer steps.
final class SoakTests: XCTestCase {
  func testAMillionRandomOperations() throws {
    let steps = ProcessInfoLite.environment("OUTLINE_SOAK_STEPS").flatMap(Int.init) ?? 1_000_000
    var rng = SplitMix64(seed: testSeeds(count: 1)[0])
    var outline = Outline(preorder: TreeShape.random.depths(count: 100_000, using: &rng).enumerated().map { (node: $0.offset, depth: $0.element) })
    var ids: [Outline<Int>.NodeID] = []
    var mirror = Array(outline.rows)
    var nextValue = 100_000
    var checked = 0
    func randomID() -> Outline<Int>.NodeID {
      while true {
        let k = rng.int(in: 0 ..< ids.count)
        if outline.contains(ids[k]) { return ids[k] }
        ids.swapAt(k, ids.count - 1)
        ids.removeLast()
      }
    }
    // Grow the ID pool so operations reach hidden nodes too.
    var stack = Array(outline.roots)
    while let id = stack.popLast() {
      ids.append(id)
      stack += outline.children(of: id)
    }
    for step in 0 ..< steps {
      let change: OutlineChange
      switch rng.int(in: 0 ..< 100) {
      case 0 ..< 40:
        change = outline.toggle(randomID())
      case 40 ..< 45:
        change = outline.reveal(randomID())
      case 45 ..< 50:
        outline.expansionPolicy = ExpansionPolicy.allCases.randomElement(using: &rng)!
        change = outline.expand(randomID())
      case 50 ..< 52:
        change = outline.collapse(randomID(), recursively: true)
      case 52 ..< 70:
        // Insert a small subtree (1-3 nodes); removals keep the size near 10^5.
        let parent: Outline<Int>.NodeID? = rng.chance(0.1) ? nil : randomID()
        let count = parent.map { outline.children(of: $0).count } ?? outline.roots.count
        let size = rng.int(in: 1 ... 3)
        let first = nextValue
        nextValue += size
        change = outline.batch { outline in
          // Node v's children are the next two numbers, while they last.
          let id = outline.insert(first, under: parent, at: rng.int(in: 0 ... count)) { v in
            [2 * (v - first) + 1, 2 * (v - first) + 2].filter { $0 < size }.map { first + $0 }
          }
          ids.append(id)
          var pending = Array(outline.children(of: id))
          while let next = pending.popLast() {
            ids.append(next)
            pending += outline.children(of: next)
          }
        }
      case 70 ..< 85:
        let victim = randomID()
        if outline.nodeCount > 100_000 && outline.subtreeCount(of: victim) <= 64 {
          change = outline.batch { $0.remove(victim) }
        } else {
          change = outline.toggle(victim)
        }
      case 85 ..< 95:
        let node = randomID()
        let parent: Outline<Int>.NodeID? = rng.chance(0.1) ? nil : randomID()
        let count = parent.map { outline.children(of: $0).count } ?? outline.roots.count
        let index = rng.int(in: 0 ... count)
        change = outline.batch { outline in
          do {
            try outline.move(node, under: parent, at: min(index, count - (outline.parent(of: node) == parent ? 1 : 0)))
          } catch {}
        }
      default:
        // Pick the nodes first: the batch has the outline exclusively.
        let toggled = (0 ..< rng.int(in: 1 ... 10)).map { _ in randomID() }
        let touched = randomID()
        change = outline.batch { outline in
          for id in toggled { outline.toggle(id) }
          outline[touched] += 0
        }
      }
      change.apply(to: &mirror) { outline.id(atRow: $0) }
      if step % 1_000 == 999 {
        XCTAssertEqual(mirror, Array(outline.rows), "rows drifted from the replayed changes by step \(step)")
        outline._checkInvariants()
        checked += 1
        if testRun?.failureCount ?? 0 > 0 { return }
        if step % 100_000 == 99_999 { print("SoakTests: \(step + 1) operations, \(outline.nodeCount) nodes, \(outline.rowCount) rows") }
      }
    }
    print("SoakTests: \(steps) operations, \(checked) full checks, \(outline.nodeCount) nodes at the end")
  }
}
#endif
