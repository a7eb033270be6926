import OutlineKit

/// Random outlines and random mutations of every kind that returns an
/// `OutlineChange`: expansion, filtering (with revealing), edits, moves,
/// updates from new data, and batches of them, so the changes come with
/// one run or many, reloads and removals and insertions that meet.
struct RandomOutlineChanges {
  var random: SplitMix64
  var outline: Outline<Int>
  private var nextValue: Int

  init(seed: UInt64, nodeCount: Int) {
    random = SplitMix64(seed: seed)
    var preorder: [(node: Int, depth: Int)] = []
    var depth = 0
    for value in 0 ..< nodeCount {
      depth = value == 0 ? 0 : random.int(in: 0 ..< depth + 2)
      preorder.append((value, depth))
    }
    outline = Outline(preorder: preorder)
    nextValue = nodeCount
    for id in Array(outline.rows) where random.chance(0.5) { outline.expand(id, recursively: random.chance(0.5)) }
  }

  /// A random node, or nil in an empty outline.
  mutating func randomNode() -> Outline<Int>.NodeID? {
    var all: [Outline<Int>.NodeID] = []
    func collect(_ ids: some Collection<Outline<Int>.NodeID>) {
      for id in ids {
        all.append(id)
        collect(outline.children(of: id))
      }
    }
    collect(outline.roots)
    return all.isEmpty ? nil : all[random.int(in: 0 ..< all.count)]
  }

  /// One random mutation, applied; returns its change.
  mutating func step() -> OutlineChange {
    switch random.int(in: 0 ..< 10) {
    case 0: return batch()
    case 1: return random.chance(0.5) ? outline.expandAll() : outline.collapseAll()
    case 2:
      let modulus = random.int(in: 2 ..< 6)
      let reveal = random.chance(0.7)
      return outline.setFilter(revealingMatches: reveal) { $0 % modulus == 0 ? .visible : .recurse }
    case 3: return outline.removeFilter()
    default: return batchStep(count: 1)
    }
  }

  private mutating func batch() -> OutlineChange {
    batchStep(count: random.int(in: 2 ..< 6))
  }

  private mutating func batchStep(count: Int) -> OutlineChange {
    var plan: [(Int, Outline<Int>.NodeID?, Outline<Int>.NodeID?, Int)] = []
    for _ in 0 ..< count {
      plan.append((random.int(in: 0 ..< 6), randomNode(), randomNode(), random.int(in: 0 ..< 4)))
    }
    var values = nextValue
    defer { nextValue = values }
    return outline.batch { outline in
      for (kind, first, second, index) in plan {
        guard let first, outline.contains(first) else {
          outline.insert(values, under: nil, at: min(index, outline.roots.count))
          values += 1
          continue
        }
        switch kind {
        case 0: outline.toggle(first)
        case 1:
          outline.insert(values, under: first, at: min(index, outline.children(of: first).count))
          values += 1
        case 2: outline.remove(first)
        case 3:
          if let second, outline.contains(second) {
            let parent = outline.parent(of: second)
            // The index counts the siblings after the move, without the moved node.
            let siblings = (parent.map { outline.children(of: $0).count } ?? outline.roots.count)
              - (outline.parent(of: first) == parent ? 1 : 0)
            try? outline.move(first, under: parent, at: min(index, siblings))
          }
        case 4: outline[first] = outline[first]
        default: outline.expand(first, recursively: true)
        }
      }
    }
  }
}
