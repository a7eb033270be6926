import OutlineTestSupport

/// A node of the update benchmark: an identity and a value, both 32-bit
/// integers, `Equatable` so that the engine compares values and reloads
/// only the changed ones (an app's `struct` with an id and a field).
struct UpdateNode: Equatable {
  var id: Int32
  var value: Int32
}

/// One version of a tree as an app receives it from a server: the roots,
/// and each node's children as a stored array (`Item.children`), indexed by
/// identity.
struct UpdateData {
  var roots: [UpdateNode]
  /// `children[id]`: the children of the node with identity `id`, in order.
  var children: [[UpdateNode]]

  /// The children of a node: a stored array, as an app's model holds them.
  @inline(__always)
  func children(of node: UpdateNode) -> [UpdateNode] { children[Int(node.id)] }

  var nodeCount: Int {
    var count = roots.count
    var stack = roots
    while let node = stack.popLast() {
      count += children(of: node).count
      stack += children(of: node)
    }
    return count
  }
}

/// The versions of a workload's tree that the update benchmark moves
/// between, all built before anything is timed:
///
/// - `base`: the workload's tree, node k with identity and value k;
/// - `values`: 1% of the nodes, chosen at random, with a new value;
/// - `inserted`: `base` plus 1% new leaves (identities n, n + 1, ...) under
///   random nodes at random indices;
/// - `moved`: `base` plus the same new leaves at other random places
///   (from `inserted`, 1% of the nodes move to another parent);
/// - `folder` / `folderChanged`: a 1,000-child folder's children, before
///   and after 1% of their values change (the partial update).
///
/// Removal is the inverse of insertion (`inserted` back to `base`), and
/// every shape gets the same kinds of change: a chain has one leaf, so new
/// leaves are what can be removed or moved in every shape.
struct UpdateVersions {
  let base: UpdateData
  let values: UpdateData
  let inserted: UpdateData
  let moved: UpdateData
  /// The identity of the partial update's folder, and its children before
  /// and after the change. The folder hangs first under the first root
  /// (expanded), in a tree of its own (`withFolder`).
  let folderID: Int32
  let withFolder: UpdateData
  let folderChildren: [UpdateNode]
  let folderChangedChildren: [UpdateNode]

  /// The number of children of the partial update's folder.
  static let folderSize = 1_000

  init(spec: TreeSpec) {
    let n = spec.count
    let changes = Swift.max(1, n / 100)
    var rng = SplitMix64(seed: 0x0DA7_A000 &+ UInt64(n))
    let node = { (k: Int) in UpdateNode(id: Int32(k), value: Int32(k)) }
    var children: [[UpdateNode]] = (0 ..< n).map { k in spec.children(of: k).map(node) }
    // Room for the new leaves, the folder and its children: leaves.
    children += Array(repeating: [], count: changes + 1 + UpdateVersions.folderSize)
    let roots = spec.roots.map(node)
    let base = UpdateData(roots: roots, children: children)
    self.base = base

    // Values: where each node sits, then 1% of them changed.
    var parent = [Int32](repeating: -1, count: n)
    var indexInParent = [Int](repeating: 0, count: n)
    for (i, root) in spec.roots.enumerated() { indexInParent[root] = i }
    for k in 0 ..< n {
      for (i, child) in spec.children(of: k).enumerated() {
        parent[child] = Int32(k)
        indexInParent[child] = i
      }
    }
    var changed = base
    for _ in 0 ..< changes {
      let k = rng.int(below: n)
      if parent[k] < 0 {
        changed.roots[indexInParent[k]].value &+= 1_000_000_007
      } else {
        changed.children[Int(parent[k])][indexInParent[k]].value &+= 1_000_000_007
      }
    }
    values = changed

    // New leaves at random places, twice.
    inserted = UpdateVersions.withNewLeaves(base, count: changes, below: n, seed: rng.next())
    moved = UpdateVersions.withNewLeaves(base, count: changes, below: n, seed: rng.next())

    // The folder, first under the first root.
    let folder = Int32(n + changes)
    folderID = folder
    let first = Int(folder) + 1
    let before = (first ..< first + UpdateVersions.folderSize).map(node)
    folderChildren = before
    var folderData = base
    folderData.children[Int(folder)] = before
    folderData.children[spec.roots[0]].insert(node(Int(folder)), at: 0)
    withFolder = folderData
    var after = before
    for _ in 0 ..< UpdateVersions.folderSize / 100 { after[rng.int(below: after.count)].value &+= 1_000_000_007 }
    folderChangedChildren = after
  }

  /// `data` with `count` new leaves (identities n, n + 1, ...) under random
  /// nodes among the first `n`, at random indices.
  static func withNewLeaves(_ data: UpdateData, count: Int, below n: Int, seed: UInt64) -> UpdateData {
    var rng = SplitMix64(seed: seed)
    var data = data
    for j in 0 ..< count {
      let p = rng.int(below: n)
      let index = rng.int(below: data.children[p].count + 1)
      data.children[p].insert(UpdateNode(id: Int32(n + j), value: Int32(n + j)), at: index)
    }
    return data
  }
}
