import OutlineTestSupport

/// The tree shapes the benchmark measures, as a parent table: node k's
/// children are `children[k]`, roots are `roots`. Node numbers are preorder.
struct TreeSpec {
  enum Shape: String, CaseIterable {
    /// Fan-out about 10.
    case balanced
    /// One root with n - 1 children.
    case wide
    /// A single chain n deep.
    case chain
    /// Random fan-out 0-20, depth up to about 12.
    case realistic
  }

  let shape: Shape
  let count: Int
  var roots: [Int] = []
  /// Children of node k, as a range into `childList`.
  var childStart: [Int32]
  var childEnd: [Int32]
  var childList: [Int32]
  /// Preorder depth of each node.
  var depth: [Int32]

  func children(of k: Int) -> [Int] {
    (Int(childStart[k]) ..< Int(childEnd[k])).map { Int(childList[$0]) }
  }

  init(shape: Shape, count n: Int, seed: UInt64) {
    self.shape = shape
    self.count = n
    childStart = .init(repeating: 0, count: n)
    childEnd = .init(repeating: 0, count: n)
    childList = []
    childList.reserveCapacity(n)
    depth = .init(repeating: 0, count: n)
    var parent = [Int32](repeating: -1, count: n)
    var rng = SplitMix64(seed: seed)
    switch shape {
    case .balanced:
      // Breadth-first numbering with fan-out 10, renumbered to preorder below.
      for k in 1 ..< max(1, n) { parent[k] = Int32((k - 1) / 10) }
    case .wide:
      for k in 1 ..< max(1, n) { parent[k] = 0 }
    case .chain:
      for k in 1 ..< max(1, n) { parent[k] = Int32(k - 1) }
    case .realistic:
      // Grow breadth-first: each node takes 0-20 children, depth capped at 12.
      var level = [0]
      var levelDepth = 0
      var next = 1
      while next < n {
        var nextLevel: [Int] = []
        for p in level where next < n {
          let fanOut = levelDepth >= 12 ? 0 : rng.int(below: 21)
          for _ in 0 ..< fanOut where next < n {
            parent[next] = Int32(p)
            nextLevel.append(next)
            next += 1
          }
        }
        if nextLevel.isEmpty {
          // Everything stopped: start a new top-level tree.
          parent[next] = -1
          nextLevel = [next]
          next += 1
          levelDepth = 0
        } else {
          levelDepth += 1
        }
        level = nextLevel
      }
    }
    // Children lists (in number order), then preorder renumbering.
    var counts = [Int32](repeating: 0, count: n)
    for k in 0 ..< n where parent[k] >= 0 { counts[Int(parent[k])] += 1 }
    var start = [Int32](repeating: 0, count: n)
    var total: Int32 = 0
    for k in 0 ..< n {
      start[k] = total
      total += counts[k]
    }
    var fill = start
    var byParent = [Int32](repeating: 0, count: Int(total))
    var topLevel: [Int] = []
    for k in 0 ..< n {
      if parent[k] >= 0 {
        byParent[Int(fill[Int(parent[k])])] = Int32(k)
        fill[Int(parent[k])] += 1
      } else {
        topLevel.append(k)
      }
    }
    var order = [Int32](repeating: 0, count: n)  // old -> preorder
    var stack: [(Int, Int32)] = topLevel.reversed().map { ($0, 0) }
    var nextNumber: Int32 = 0
    var preorderParent = [Int32](repeating: -1, count: n)
    while let (k, d) = stack.popLast() {
      order[k] = nextNumber
      depth[Int(nextNumber)] = d
      nextNumber += 1
      let s = Int(start[k])
      for i in stride(from: s + Int(counts[k]) - 1, through: s, by: -1) {
        stack.append((Int(byParent[i]), d + 1))
      }
    }
    for k in 0 ..< n where parent[k] >= 0 { preorderParent[Int(order[k])] = order[Int(parent[k])] }
    // In preorder numbering, a node's children are listed in increasing order.
    var childCounts = [Int32](repeating: 0, count: n)
    for k in 0 ..< n where preorderParent[k] >= 0 { childCounts[Int(preorderParent[k])] += 1 }
    var running: Int32 = 0
    for k in 0 ..< n {
      childStart[k] = running
      childEnd[k] = running
      running += childCounts[k]
    }
    childList = .init(repeating: 0, count: Int(running))
    for k in 0 ..< n {
      if preorderParent[k] >= 0 {
        let p = Int(preorderParent[k])
        childList[Int(childEnd[p])] = Int32(k)
        childEnd[p] += 1
      } else {
        roots.append(k)
      }
    }
  }
}
