/// Structural edits: splitting a tree at an offset and joining two trees.
/// Inserting, removing and moving a run of m entries are built from these in
/// O(log n + m), and never touch the entries away from the cut points.
///
/// A "tree" here is a root tree-node id, or -1 for an empty tree. Roots may be
/// under-full (a root leaf holds at least one entry, a root inner node at
/// least two children); every other node is at least half full.
extension _PreorderIndex {
  // MARK: Joining

  /// Joins two standalone trees, every entry of `left` before every entry of
  /// `right`, and returns the root of the result.
  @usableFromInline
  mutating func join(_ left: Int32, _ right: Int32) -> Int32 {
    if left < 0 { return right }
    if right < 0 { return left }
    let l = Int(left)
    let r = Int(right)
    let leftHeight = Int(treeNodes[l].height)
    let rightHeight = Int(treeNodes[r].height)
    if leftHeight == rightHeight {
      pushDown(l)
      pushDown(r)
      guard joinSiblings(l, r, keepingRight: false) else { return left }
      let top = makeTreeNode(height: leftHeight &+ 1)
      appendChild(l, to: top)
      appendChild(r, to: top)
      recomputeInner(top)
      return Int32(top)
    }
    if leftHeight > rightHeight {
      // Walk down the right spine of `left` to the node above `right`'s height.
      var x = l
      pushDown(x)
      while treeNodes[x].height > rightHeight &+ 1 {
        x = child(Int(treeNodes[x].count) &- 1, of: x)
        pushDown(x)
      }
      let y = child(Int(treeNodes[x].count) &- 1, of: x)
      pushDown(y)
      pushDown(r)
      if joinSiblings(y, r, keepingRight: false) {
        insertChild(r, into: x, at: Int(treeNodes[x].count))
      }
      return Int32(recomputeUpward(from: y))
    }
    // Walk down the left spine of `right` to the node above `left`'s height.
    var x = r
    pushDown(x)
    while treeNodes[x].height > leftHeight &+ 1 {
      x = child(0, of: x)
      pushDown(x)
    }
    let y = child(0, of: x)
    pushDown(y)
    pushDown(l)
    if joinSiblings(l, y, keepingRight: true) {
      insertChild(l, into: x, at: 0)
    }
    return Int32(recomputeUpward(from: y))
  }

  /// Makes two adjacent same-height nodes valid together (both lazies 0):
  /// merges them into one when they fit, keeping `b` when `keepingRight`
  /// and `a` otherwise, and returns false; or evens out their contents and
  /// returns true. Recomputes whichever remain.
  @usableFromInline
  mutating func joinSiblings(_ a: Int, _ b: Int, keepingRight: Bool) -> Bool {
    let isLeaf = treeNodes[a].height == 0
    let capacity = isLeaf ? _PreorderIndex.leafCapacity : _PreorderIndex.innerCapacity
    let countA = Int(treeNodes[a].count)
    let countB = Int(treeNodes[b].count)
    let total = countA &+ countB
    if total <= capacity {
      if keepingRight {
        moveItems(from: b, 0 ..< countB, to: b, at: countA)
        moveItems(from: a, 0 ..< countA, to: b, at: 0)
        treeNodes[b].count = Int32(total)
        recompute(b)
        freeTreeNode(a)
      } else {
        moveItems(from: b, 0 ..< countB, to: a, at: countA)
        treeNodes[a].count = Int32(total)
        recompute(a)
        freeTreeNode(b)
      }
      return false
    }
    let newCountA = total / 2
    if newCountA < countA {
      // Move the tail of `a` to the front of `b`.
      let moving = countA &- newCountA
      moveItems(from: b, 0 ..< countB, to: b, at: moving)
      moveItems(from: a, newCountA ..< countA, to: b, at: 0)
    } else if newCountA > countA {
      // Move the front of `b` to the tail of `a`.
      let moving = newCountA &- countA
      moveItems(from: b, 0 ..< moving, to: a, at: countA)
      moveItems(from: b, moving ..< countB, to: b, at: 0)
    }
    treeNodes[a].count = Int32(newCountA)
    treeNodes[b].count = Int32(total &- newCountA)
    recompute(a)
    recompute(b)
    return true
  }

  /// Copies items (entries of a leaf, children of an inner node) from one
  /// node to another, fixing the moved items' positions or parents. Ranges
  /// may overlap within one node. Counts are left to the caller.
  @usableFromInline
  mutating func moveItems(from source: Int, _ range: Range<Int>, to target: Int, at index: Int) {
    guard !range.isEmpty, source != target || range.lowerBound != index else { return }
    if treeNodes[source].height == 0 {
      let from = (source &<< _PreorderIndex.leafShift) &+ range.lowerBound
      let to = (target &<< _PreorderIndex.leafShift) &+ index
      // Overlapping runs within a leaf move like memmove; one set of unsafe
      // buffers for the run (element-wise writes checked each time).
      let count = range.count
      entryKeys.withUnsafeMutableBufferPointer { keys in
        nodeTable.withUnsafeMutableBufferPointer { table in
          let base = keys.baseAddress!
          (base + to).update(from: base + from, count: count)
          for i in to ..< to &+ count { table[Int(UInt32(truncatingIfNeeded: keys[i]))] = UInt32(i) }
        }
      }
      entryDepths.withUnsafeMutableBufferPointer { ($0.baseAddress! + to).update(from: $0.baseAddress! + from, count: count) }
      entryHidden.withUnsafeMutableBufferPointer { ($0.baseAddress! + to).update(from: $0.baseAddress! + from, count: count) }
      if tracksHeights {
        entryHeights.withUnsafeMutableBufferPointer { ($0.baseAddress! + to).update(from: $0.baseAddress! + from, count: count) }
      }
    } else {
      let forward = source != target || index < range.lowerBound
      for step in 0 ..< range.count {
        let i = forward ? step : range.count &- 1 &- step
        let c = entryHidden[_PreorderIndex.linkSlot(source, range.lowerBound &+ i)]
        entryHidden[_PreorderIndex.linkSlot(target, index &+ i)] = c
        treeNodes[Int(c)].parent = Int32(target)
      }
    }
  }

  @usableFromInline
  mutating func appendChild(_ c: Int, to t: Int) {
    let n = Int(treeNodes[t].count)
    entryHidden[_PreorderIndex.linkSlot(t, n)] = Int32(c)
    treeNodes[c].parent = Int32(t)
    treeNodes[t].count = Int32(n &+ 1)
  }

  /// Inserts child `c` into inner node `t` (lazy 0) at `index`, splitting
  /// `t`, and then its ancestors, when full. Halves made by a split are
  /// recomputed; `t`'s ancestors are left for the caller to recompute.
  @usableFromInline
  mutating func insertChild(_ c: Int, into t: Int, at index: Int) {
    let capacity = _PreorderIndex.innerCapacity
    let n = Int(treeNodes[t].count)
    if n < capacity {
      moveItems(from: t, index ..< n, to: t, at: index &+ 1)
      entryHidden[_PreorderIndex.linkSlot(t, index)] = Int32(c)
      treeNodes[c].parent = Int32(t)
      treeNodes[t].count = Int32(n &+ 1)
      return
    }
    pushDown(t)
    let sibling = makeTreeNode(height: Int(treeNodes[t].height))
    let keep = (n &+ 1) / 2
    if index < keep {
      moveItems(from: t, keep &- 1 ..< n, to: sibling, at: 0)
      moveItems(from: t, index ..< keep &- 1, to: t, at: index &+ 1)
      entryHidden[_PreorderIndex.linkSlot(t, index)] = Int32(c)
      treeNodes[c].parent = Int32(t)
    } else {
      moveItems(from: t, keep ..< index, to: sibling, at: 0)
      entryHidden[_PreorderIndex.linkSlot(sibling, index &- keep)] = Int32(c)
      treeNodes[c].parent = Int32(sibling)
      moveItems(from: t, index ..< n, to: sibling, at: index &- keep &+ 1)
    }
    treeNodes[t].count = Int32(keep)
    treeNodes[sibling].count = Int32(n &+ 1 &- keep)
    recomputeInner(t)
    recomputeInner(sibling)
    let parent = Int(treeNodes[t].parent)
    if parent < 0 {
      let top = makeTreeNode(height: Int(treeNodes[t].height) &+ 1)
      appendChild(t, to: top)
      appendChild(sibling, to: top)
      recomputeInner(top)
    } else {
      insertChild(sibling, into: parent, at: indexInParent(t) &+ 1)
    }
  }

  // MARK: Splitting

  /// Splits the standalone tree `tree` before preorder offset `offset`:
  /// returns the trees holding the entries before and from that offset.
  @usableFromInline
  mutating func split(_ tree: Int32, at offset: Int) -> (Int32, Int32) {
    guard tree >= 0 else { return (-1, -1) }
    let t = Int(tree)
    let n = treeNodes[t].summary.count
    if offset <= 0 { return (-1, tree) }
    if offset >= n { return (tree, -1) }
    pushDown(t)
    if treeNodes[t].height == 0 {
      let right = makeTreeNode(height: 0)
      moveItems(from: t, offset ..< n, to: right, at: 0)
      treeNodes[t].count = Int32(offset)
      treeNodes[right].count = Int32(n &- offset)
      recomputeLeaf(t)
      recomputeLeaf(right)
      return (tree, Int32(right))
    }
    // Find the child holding `offset`.
    var k = 0
    var start = 0
    while true {
      let cn = treeNodes[child(k, of: t)].summary.count
      if offset < start &+ cn { break }
      start &+= cn
      k &+= 1
    }
    let middle = child(k, of: t)
    treeNodes[middle].parent = -1
    let (middleLeft, middleRight) = split(Int32(middle), at: offset &- start)
    let count = Int(treeNodes[t].count)
    let height = Int(treeNodes[t].height)
    let rightNode = makeTreeNode(height: height)
    moveItems(from: t, k &+ 1 ..< count, to: rightNode, at: 0)
    treeNodes[rightNode].count = Int32(count &- k &- 1)
    treeNodes[t].count = Int32(k)
    let leftTree = standaloneTree(t)
    let rightTree = standaloneTree(rightNode)
    return (join(leftTree, middleLeft), join(middleRight, rightTree))
  }

  /// Turns an inner node with some children into a valid standalone tree:
  /// none frees it, one frees it and promotes the child.
  @usableFromInline
  mutating func standaloneTree(_ t: Int) -> Int32 {
    treeNodes[t].parent = -1
    switch treeNodes[t].count {
    case 0:
      freeTreeNode(t)
      return -1
    case 1:
      let only = child(0, of: t)
      treeNodes[only].parent = -1
      freeTreeNode(t)
      return Int32(only)
    default:
      recomputeInner(t)
      return Int32(t)
    }
  }
}
