#if !OUTLINE_FUZZ
@testable import OutlineKit
#endif

/// Fuzz input read as small numbers; reads past the end give 0.
struct FuzzBytes {
  let bytes: [UInt8]
  var position = 0

  init(_ bytes: [UInt8]) { self.bytes = bytes }

  var isAtEnd: Bool { position >= bytes.count }

  mutating func next() -> Int {
    defer { position += 1 }
    return position < bytes.count ? Int(bytes[position]) : 0
  }

  mutating func next(below n: Int) -> Int { n <= 0 ? 0 : next() % n }
}

/// Interprets bytes as a small outline and a sequence of operations (every
/// expansion call, policy changes, every edit, batches), applies each to the
/// engine and the reference model side by side, and checks rows, lookups and
/// every change (flat and per section) after each step. Returns the number of
/// operations performed. Used by the `operations` fuzz target and by the
/// corpus replay test.
@discardableResult
func runOperationsFuzzInput(_ data: [UInt8]) -> Int {
  var input = FuzzBytes(data)
  // The first bytes describe the initial tree as a preorder depth list.
  let size = input.next(below: 24)
  var depths: [Int] = []
  for k in 0 ..< size { depths.append(k == 0 ? 0 : input.next(below: depths[k - 1] + 2)) }
  var pair = OutlinePair(depths: depths)
  pair.quickCheck("initial \(depths)")
  var performed = 0
  while !input.isAtEnd && performed < 200 {
    let operation = fuzzOperation(&input, pair: &pair, allowBatch: true)
    switch operation {
    case .expansion(let expansion):
      pair.perform(expansion, context: "fuzz step \(performed)")
    default:
      pair.performInBatch(operation, context: "fuzz step \(performed)")
    }
    pair.quickCheck("fuzz step \(performed): \(operation)")
    performed += 1
  }
  return performed
}

/// The next operation the bytes describe, valid for the pair's current state.
func fuzzOperation(_ input: inout FuzzBytes, pair: inout OutlinePair, allowBatch: Bool) -> OutlineOperation {
  let values = pair.reference.nodes.keys.sorted()
  func node() -> Int { values[input.next(below: values.count)] }
  func parent() -> Int? {
    let k = input.next(below: values.count + 1)
    return k == values.count ? nil : values[k]
  }
  let opcode = input.next(below: allowBatch ? 13 : 12)
  if values.isEmpty || opcode == 6 {
    let parent = values.isEmpty ? nil : parent()
    let count = parent.map { pair.reference.nodes[$0]!.children.count } ?? pair.reference.roots.count
    let subtreeSize = input.next(below: 4) + 1
    var subtree: [(value: Int, depth: Int)] = []
    for k in 0 ..< subtreeSize {
      subtree.append((pair.nextValue, k == 0 ? 0 : input.next(below: subtree[k - 1].depth + 1) + 1))
      pair.nextValue += 1
    }
    return .insert(subtree: subtree, parent: parent, index: input.next(below: count + 1))
  }
  switch opcode {
  case 0: return .expansion(.expand(node(), recursively: input.next() & 1 == 1))
  case 1: return .expansion(.collapse(node(), recursively: input.next() & 1 == 1))
  case 2: return .expansion(.toggle(node()))
  case 3: return .expansion(.reveal(node()))
  case 4: return .expansion(input.next() & 1 == 1 ? .expandAll : .collapseAll)
  case 5: return .expansion(.policy(ExpansionPolicy.allCases[input.next(below: 3)]))
  case 7: return .remove(node())
  case 8:
    let v = node()
    let target = parent()
    let count = target.map { pair.reference.nodes[$0]!.children.count } ?? pair.reference.roots.count
    let sameParent = pair.reference.nodes[v]!.parent == target
    return .move(v, parent: target, index: input.next(below: (sameParent ? count - 1 : count) + 1))
  case 9: return .setValue(node(), answer: [FilterVisibility.visible, .recurse, .hidden, nil][input.next(below: 4)])
  case 10: return .filter(fuzzFilterOperation(&input, pair: pair))
  case 11 where !allowBatch, 12: return .setChecked(node(), input.next() & 1 == 1)
  default:
    return pair.planBatch(count: input.next(below: 6) + 1) { fuzzOperation(&input, pair: &$0, allowBatch: false) }
  }
}

/// A filter operation from the bytes; a narrowing narrows the pair's
/// filter in force.
func fuzzFilterOperation(_ input: inout FuzzBytes, pair: OutlinePair) -> FilterOperation {
  switch input.next(below: 6) {
  case 0, 1: .set(seed: UInt64(input.next()), revealing: input.next() & 1 == 1)
  case 2: .refilter(seed: UInt64(input.next()))
  case 3:
    .narrow(
      layers: (pair.reference.answers == nil ? [] : pair.book.layers) + [.seeded(UInt64(input.next()))],
      revealing: input.next() & 1 == 1)
  case 4: .widen
  default: .remove
  }
}
