/// A folder as a scan or a listing read it: every entry once, each
/// folder's entries as one block, in an order of their own.
///
/// Entry 0 is the folder read. A folder's entries are
/// `order[firstChild ..< firstChild + childCount]` (indices into
/// `entries`). Names and link targets are refs into `names`, chunk numbers
/// from 0.
struct _ScanTree: @unchecked Sendable {
  var entries: [FileEntry]
  var firstChild: [UInt32]
  var childCount: [UInt32]
  /// Each block's entries in the ordering's order.
  var order: [UInt32]
  var names: [_NameChunk]
  /// A symbolic link's name ref to its target's ref.
  var targets: [UInt64: UInt64]
  /// Each multi-link file counted, to the name ref of the link that
  /// counted it.
  var hardLinks: [_InodeKey: UInt64]
  /// Folders and entries that could not be read.
  var problems: Int
  /// The device of the tree's root (one-file-system scans stay on it).
  var device: UInt64

  /// Entries below the folder read.
  var count: Int { entries.count - 1 }

  /// A reader of this tree's names.
  var nameReader: _NameReader { _NameReader(chunks: names, store: nil) }

  /// Orders every block.
  mutating func sort(by ordering: FileOrdering) {
    let reader = nameReader
    var order = [UInt32](unsafeUninitializedCapacity: entries.count) { buffer, initialized in
      for index in 0 ..< buffer.count { buffer[index] = UInt32(truncatingIfNeeded: index) }
      initialized = buffer.count
    }
    entries.withUnsafeBufferPointer { entries in
      for folder in entries.indices where childCount[folder] > 1 {
        let start = Int(firstChild[folder])
        let sorted = ordering.sortedPositions(count: Int(childCount[folder]), names: reader) { entries[start + $0] }
        for (offset, position) in sorted.enumerated() { order[start + offset] = UInt32(truncatingIfNeeded: start + position) }
      }
    }
    self.order = order
  }

  /// The entries of folder `index`, in order.
  func children(of index: Int) -> ArraySlice<UInt32> {
    let start = Int(firstChild[index])
    return order[start ..< start + Int(childCount[index])]
  }

  /// Everything in depth-first preorder with depths: the folder read at
  /// depth 0. What `Outline(preorder:)` takes.
  var preorder: Preorder { Preorder(tree: self) }

  /// The entries in depth-first preorder, each folder's in order.
  struct Preorder: Sequence {
    let tree: _ScanTree

    var underestimatedCount: Int { tree.entries.count }

    func makeIterator() -> Iterator { Iterator(tree: tree) }

    struct Iterator: IteratorProtocol {
      let tree: _ScanTree
      /// The blocks being walked: next position in `order`, its end.
      var stack: [(next: Int, end: Int)] = []
      var started = false

      init(tree: _ScanTree) { self.tree = tree }

      mutating func next() -> (node: FileEntry, depth: Int)? {
        guard started else {
          started = true
          push(0)
          return tree.entries.isEmpty ? nil : (tree.entries[0], 0)
        }
        while let top = stack.indices.last {
          guard stack[top].next < stack[top].end else {
            stack.removeLast()
            continue
          }
          let index = Int(tree.order[stack[top].next])
          stack[top].next += 1
          let depth = stack.count
          push(index)
          return (tree.entries[index], depth)
        }
        return nil
      }

      private mutating func push(_ index: Int) {
        guard index < tree.childCount.count, tree.childCount[index] > 0 else { return }
        let start = Int(tree.firstChild[index])
        stack.append((start, start + Int(tree.childCount[index])))
      }
    }
  }
}
