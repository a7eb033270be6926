import OutlineKit
import OutlineTestSupport

/// The big tree as a server would send it: the generated tree
/// (``BigTreeGenerator``) with the changes the `u` key made since, as a
/// fresh copy for `Outline.update(roots:children:id:)`.
///
/// The generated tree is arithmetic (node k's children are 10k + 10 …
/// 10k + 19), so only what changed is stored: the children lists of the
/// parents whose lists changed, and the generation of each renamed node.
///
/// The user's own edits (deleting and moving rows, undoing) change the
/// outline and not the data: before its next change, the data takes the
/// outline's tree as it is (``adopt(_:)``), so `u` changes what the user
/// sees and never brings back what they deleted.
///
/// ```swift
/// var data = BigTreeData(count: 1_000_000)
/// let edits = data.shuffleRenameAndDelete(fraction: 0.01)   // about 3,333 of each
/// let fresh = data.snapshot()
/// try outline.update(roots: fresh.roots, children: fresh.children(of:), id: BigTreeGenerator.number(of:))
/// ```
package struct BigTreeData: Sendable {
  /// The number of nodes generated (numbers 0 ..< count).
  package let count: Int
  /// The children (numbers) of the parents whose lists changed; the key -1
  /// holds the roots.
  private var lists: [Int: [Int]] = [:]
  /// How many times each renamed node was renamed.
  private var generations: [Int: Int] = [:]
  /// The nodes deleted.
  private var deleted: Set<Int> = []
  /// The parents of the nodes that moved to another parent than the
  /// generator's (-1: the top level).
  private var parents: [Int: Int] = [:]
  /// The random numbers, seeded: the same keys make the same changes.
  private var random = SplitMix64(seed: 0x0B16_7EE5)

  /// The data of `count` generated nodes, before any change.
  ///
  /// - Complexity: O(1).
  package init(count: Int) {
    self.count = max(0, count)
  }

  /// The nodes there are now: generated, less those deleted.
  ///
  /// - Complexity: O(1).
  package var nodeCount: Int { count - deleted.count }

  /// What one ``shuffleRenameAndDelete(fraction:)`` did.
  package struct Edits: Hashable, Sendable {
    /// Nodes moved to another place among their siblings.
    package var shuffled = 0
    /// Nodes renamed (their word moves on by one).
    package var renamed = 0
    /// Leaves deleted.
    package var deleted = 0

    /// All of them.
    ///
    /// - Complexity: O(1).
    package var total: Int { shuffled + renamed + deleted }

    /// Counts of edits.
    ///
    /// - Complexity: O(1).
    package init(shuffled: Int = 0, renamed: Int = 0, deleted: Int = 0) {
      self.shuffled = shuffled
      self.renamed = renamed
      self.deleted = deleted
    }
  }

  /// Changes about `fraction` of the nodes at random, a third each:
  /// moves them to a random place among their siblings, renames them, or
  /// deletes them (leaves only, so the tree keeps its shape).
  ///
  /// - Complexity: O(k · f) for k changes and a fan-out f (10).
  @discardableResult
  package mutating func shuffleRenameAndDelete(fraction: Double) -> Edits {
    var edits = Edits()
    let changes = Int((Double(nodeCount) * fraction).rounded())
    guard nodeCount > 1 else { return edits }
    var attempts = 0
    while edits.total < changes && attempts < 20 * changes {
      attempts += 1
      let node = random.int(below: count)
      guard !deleted.contains(node) else { continue }
      switch edits.total % 3 {
      case 0:
        let parent = self.parent(of: node)
        var siblings = children(of: parent)
        guard siblings.count > 1, let index = siblings.firstIndex(of: node) else { continue }
        siblings.remove(at: index)
        var target = random.int(below: siblings.count + 1)
        if target == index { target = (target + 1) % (siblings.count + 1) }
        siblings.insert(node, at: target)
        lists[parent] = siblings
        edits.shuffled += 1
      case 1:
        generations[node, default: 0] += 1
        edits.renamed += 1
      default:
        guard children(of: node).isEmpty else { continue }
        let parent = self.parent(of: node)
        lists[parent] = children(of: parent).filter { $0 != node }
        deleted.insert(node)
        generations[node] = nil
        edits.deleted += 1
      }
    }
    return edits
  }

  /// A node's parent's number by the generator's arithmetic (-1 for a
  /// root).
  static func generatedParent(of node: Int) -> Int {
    node < BigTreeGenerator.fanOut ? -1 : node / BigTreeGenerator.fanOut - 1
  }

  /// A node's parent's number now (-1 for a root): the generator's, unless
  /// the user moved it (shuffles keep parents).
  func parent(of node: Int) -> Int {
    parents[node] ?? Self.generatedParent(of: node)
  }

  /// The children (numbers) of a node now; -1: the roots.
  ///
  /// - Complexity: O(1) for a list that did not change, O(f) otherwise.
  func children(of node: Int) -> [Int] {
    lists[node] ?? Self.generatedChildren(of: node, count: count)
  }

  /// The children the generator gives a node (-1: the roots).
  static func generatedChildren(of node: Int, count: Int) -> [Int] {
    let first = node < 0 ? 0 : BigTreeGenerator.fanOut * (node + 1)
    guard first < count else { return [] }
    return Array(first ..< min(count, first + BigTreeGenerator.fanOut))
  }

  /// Makes the data hold the outline's tree (numbers, order, parents and
  /// names), keeping the random numbers, after edits the data did not see.
  ///
  /// - Precondition: The outline's values are the generator's (numbers
  ///   below ``count``, each once).
  /// - Complexity: O(n log n) for the outline's n nodes.
  package mutating func adopt(_ outline: Outline<Int>) {
    lists = [:]
    generations = [:]
    parents = [:]
    var present = [Bool](repeating: false, count: count)
    var pending: [(children: Outline<Int>.Children, parent: Int)] = [(outline.roots, -1)]
    while let (children, parent) = pending.popLast() {
      let numbers = children.map { BigTreeGenerator.number(of: outline[$0]) }
      if numbers != Self.generatedChildren(of: parent, count: count) { lists[parent] = numbers }
      for (id, number) in zip(children, numbers) {
        precondition(number < count && !present[number], "BigTreeData: the outline holds node \(number) twice, or one not generated")
        present[number] = true
        let generation = BigTreeGenerator.generation(of: outline[id])
        if generation > 0 { generations[number] = generation }
        if Self.generatedParent(of: number) != parent { parents[number] = parent }
        pending.append((outline.children(of: id), number))
      }
    }
    deleted = Set((0 ..< count).lazy.filter { !present[$0] })
  }

  /// A node's value: its number and generation.
  ///
  /// - Complexity: O(1).
  func value(of node: Int) -> Int {
    BigTreeGenerator.value(number: node, generation: generations[node] ?? 0)
  }

  /// The whole tree as node values with stored children arrays, made
  /// before an update so that the update reads arrays, as from a server's
  /// parsed response.
  package struct Snapshot: Sendable {
    /// The roots' values.
    package var roots: [Int]
    /// Each node's children's values, by number.
    package var children: [[Int]]

    /// A node's children, by its value.
    ///
    /// - Complexity: O(1).
    package func children(of node: Int) -> [Int] { children[BigTreeGenerator.number(of: node)] }
  }

  /// The tree as it is now.
  ///
  /// - Complexity: O(n).
  package func snapshot() -> Snapshot {
    var children = [[Int]](repeating: [], count: count)
    for node in 0 ..< count where !deleted.contains(node) {
      let list = self.children(of: node)
      if !list.isEmpty { children[node] = list.map(value(of:)) }
    }
    return Snapshot(roots: self.children(of: -1).map(value(of:)), children: children)
  }
}
