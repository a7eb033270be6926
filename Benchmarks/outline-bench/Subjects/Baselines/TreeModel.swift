/// A tree as an app's model holds it, for baselines (b) and (c): values,
/// depths, parents and children lists, in flat arrays indexed by node
/// (children lists in one compressed array, as a competent implementation
/// keeps them for ten million nodes).
///
/// Nodes are numbered in the order they were built (preorder), but the
/// baselines use that only to store them; they never compute anything from
/// the numbering.
struct TreeModel {
  var values: [Int] = []
  var depth: [Int32] = []
  /// -1 for a root.
  var parent: [Int32] = []
  /// Node k's children are `childList[childStart[k] ..< childStart[k + 1]]`.
  var childStart: [Int32] = []
  var childList: [Int32] = []
  /// A node's index among its siblings (among the roots for a root).
  var indexInParent: [Int32] = []
  var roots: [Int32] = []

  var count: Int { values.count }

  init(preorder: some Sequence<(node: Int, depth: Int)>) {
    // Parents from depths with a stack of open nodes, child counts on the way.
    var open: [Int32] = []
    var childCount: [Int32] = []
    for (value, d) in preorder {
      let node = Int32(values.count)
      open.removeSubrange(d...)
      let p = open.last ?? -1
      values.append(value)
      depth.append(Int32(d))
      parent.append(p)
      childCount.append(0)
      if p >= 0 {
        indexInParent.append(childCount[Int(p)])
        childCount[Int(p)] += 1
      } else {
        indexInParent.append(Int32(roots.count))
        roots.append(node)
      }
      open.append(node)
    }
    // Children lists: prefix sums, then each child at its index.
    let n = values.count
    childStart = [Int32](repeating: 0, count: n + 1)
    for k in 0 ..< n { childStart[k + 1] = childStart[k] + childCount[k] }
    childList = [Int32](repeating: 0, count: Int(childStart[n]))
    for k in 0 ..< n where parent[k] >= 0 {
      childList[Int(childStart[Int(parent[k])] + indexInParent[k])] = Int32(k)
    }
  }

  /// The children of `node`, or the roots for -1.
  @inline(__always)
  func children(of node: Int32) -> ArraySlice<Int32> {
    node < 0 ? roots[...] : childList[Int(childStart[Int(node)]) ..< Int(childStart[Int(node) + 1])]
  }

  @inline(__always)
  func hasChildren(_ node: Int32) -> Bool {
    childStart[Int(node) + 1] > childStart[Int(node)]
  }
}
