#if !OUTLINE_FUZZ
import OutlineTestSupport
#endif

/// Tree shapes as preorder depth lists: entry k is the depth of the k-th
/// node in preorder (0 for a root; each depth at most one more than the
/// previous). Every ordered forest has exactly one such list.
enum TreeShape: CaseIterable, CustomStringConvertible {
  case random, chain, wide, balanced, forest

  var description: String {
    switch self {
    case .random: "random"
    case .chain: "deep chain"
    case .wide: "one root, many children"
    case .balanced: "balanced"
    case .forest: "forest of leaves"
    }
  }

  func depths(count n: Int, using rng: inout SplitMix64) -> [Int] {
    guard n > 0 else { return [] }
    switch self {
    case .random:
      var result = [0]
      for _ in 1 ..< n {
        let previous = result.last!
        // Lean towards going deeper so random trees have some depth.
        let depth = rng.chance(0.45) ? previous + 1 : rng.int(in: 0 ... previous)
        result.append(depth)
      }
      return result
    case .chain:
      return Array(0 ..< n)
    case .wide:
      return [0] + Array(repeating: 1, count: n - 1)
    case .balanced:
      return balancedDepths(count: n, fanOut: 4)
    case .forest:
      return Array(repeating: 0, count: n)
    }
  }
}

/// Preorder depths of a complete tree of `n` nodes with the given fan-out
/// (breadth-first numbering, node k's children are k*f+1 ... k*f+f).
func balancedDepths(count n: Int, fanOut: Int) -> [Int] {
  var result: [Int] = []
  result.reserveCapacity(n)
  var stack: [(node: Int, depth: Int)] = [(0, 0)]
  while let (node, depth) = stack.popLast() {
    result.append(depth)
    for c in stride(from: min(node * fanOut + fanOut, n - 1), through: node * fanOut + 1, by: -1) where c < n {
      stack.append((c, depth + 1))
    }
  }
  return result
}

/// Every preorder depth list of length `n`: one per ordered forest of n
/// nodes (Catalan(n) of them).
func allForests(count n: Int) -> [[Int]] {
  guard n > 0 else { return [[]] }
  var result: [[Int]] = []
  func extend(_ prefix: [Int]) {
    if prefix.count == n {
      result.append(prefix)
      return
    }
    for d in 0 ... prefix.last! + 1 { extend(prefix + [d]) }
  }
  extend([0])
  return result
}

/// Parent of every entry of a preorder depth list (-1 for roots).
func parents(ofDepths depths: [Int]) -> [Int] {
  var stack: [Int] = []
  var result: [Int] = []
  for (k, d) in depths.enumerated() {
    stack.removeSubrange(d...)
    result.append(stack.last ?? -1)
    stack.append(k)
  }
  return result
}

/// Every ordered forest of 1 ... `n` nodes as a pair, with all nodes
/// collapsed, all expanded, and every other node expanded; `body` gets
/// each with a description for messages and returns false to stop.
func forEachSmallForest(upTo n: Int, _ body: (OutlinePair, String) -> Bool) {
  for count in 1 ... n {
    for depths in allForests(count: count) {
      for expansion in 0 ..< 3 {
        var pair = OutlinePair(depths: depths)
        for v in 0 ..< count where expansion == 1 || (expansion == 2 && v % 2 == 0) {
          pair.outline.expand(pair.id(v))
          pair.reference.expand(v)
        }
        guard body(pair, "forest \(depths), expansion \(expansion)") else { return }
      }
    }
  }
}
