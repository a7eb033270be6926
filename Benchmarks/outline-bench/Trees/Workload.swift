import OutlineTestSupport

/// One tree as every subject sees it: its shape, the expansion state every
/// subject starts from, and the seeded random inputs of the operations.
///
/// Nodes are numbered in preorder, 0 ..< n; each subject maps numbers to its
/// own handles before timing starts.
struct Workload {
  let spec: TreeSpec
  /// `expanded[k]`: node k starts expanded.
  let expanded: [Bool]
  /// Visible rows in the starting state.
  let rowCount: Int

  /// How many random inputs of each kind are prepared; cheap operations use
  /// up to this many per sample.
  static let inputCount = 4_096

  /// Random rows, for `id(atRow:)`.
  let randomRows: [Int]
  /// Random visible nodes, for `row(of:)`: the question an app asks to
  /// scroll to or redraw a node it has in hand.
  let randomVisibleNodes: [Int]
  /// Random visible nodes with children: the nodes a user can click to
  /// expand or collapse. Wide trees have one (the root).
  let clickableNodes: [Int]
  /// The node of every visible row in the starting state, in row order (the
  /// visible nodes in preorder): handles for cold `row(of:)` inputs without
  /// asking a subject's own `id(atRow:)`, which costs milliseconds in some
  /// baselines.
  let visibleNodes: [Int32]
  /// Random first rows of 50-row windows.
  let windowStarts: [Int]
  static let windowLength = 50

  var count: Int { spec.count }

  init(spec: TreeSpec) {
    self.spec = spec
    let n = spec.count
    var rng = SplitMix64(seed: 0x5EED_0000 &+ UInt64(n) &* 31 &+ UInt64(TreeSpec.Shape.allCases.firstIndex(of: spec.shape)!))
    let (expanded, visible, rows) = Workload.aboutHalfVisible(spec, rng: &rng)
    (self.expanded, rowCount) = (expanded, rows)
    let k = Workload.inputCount
    randomRows = (0 ..< k).map { _ in rng.int(below: rows) }
    var visibleNodes: [Int] = []
    var clickable: [Int] = []
    for node in 0 ..< n where visible[node] {
      visibleNodes.append(node)
      if spec.childEnd[node] > spec.childStart[node] { clickable.append(node) }
    }
    randomVisibleNodes = (0 ..< k).map { _ in visibleNodes[rng.int(below: visibleNodes.count)] }
    self.visibleNodes = visibleNodes.map { Int32(truncatingIfNeeded: $0) }
    clickableNodes = clickable.isEmpty ? [] : (0 ..< k).map { _ in clickable[rng.int(below: clickable.count)] }
    windowStarts = (0 ..< 256).map { _ in rng.int(below: Swift.max(1, rows - Workload.windowLength)) }
  }

  /// The tree as (node, depth) pairs in preorder: what every subject builds
  /// from, the engine with `Outline(preorder:)`.
  var preorder: LazyMapSequence<Range<Int>, (node: Int, depth: Int)> {
    let depth = spec.depth
    return (0 ..< spec.count).lazy.map { (node: $0, depth: Int(depth[$0])) }
  }

  /// Expands visible nodes breadth-first (top levels first) until about half
  /// the nodes are visible, then sets the flag of half the hidden nodes with
  /// children at random, so that collapsed subtrees hold expanded nodes, as
  /// they do in an app (their rows come back when an ancestor re-expands).
  ///
  /// A wide tree ends fully visible (its root is the only node with
  /// children); a chain shows its top half.
  private static func aboutHalfVisible(_ spec: TreeSpec, rng: inout SplitMix64) -> ([Bool], [Bool], Int) {
    let n = spec.count
    var expanded = [Bool](repeating: false, count: n)
    var visible = [Bool](repeating: false, count: n)
    var queue = spec.roots
    queue.reserveCapacity(n)
    for root in spec.roots { visible[root] = true }
    var rows = spec.roots.count
    var next = 0
    while next < queue.count {
      let node = queue[next]
      next += 1
      let children = Int(spec.childStart[node]) ..< Int(spec.childEnd[node])
      for c in children { queue.append(Int(spec.childList[c])) }
      guard rows < n / 2, visible[node], !children.isEmpty else { continue }
      expanded[node] = true
      for c in children { visible[Int(spec.childList[c])] = true }
      rows += children.count
    }
    for node in 0 ..< n where !visible[node] && spec.childEnd[node] > spec.childStart[node] {
      expanded[node] = rng.next() & 1 == 0
    }
    return (expanded, visible, rows)
  }
}
