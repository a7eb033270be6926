/// What a row lookup or a walk over visible rows reads of the index: its
/// tree nodes, its keys and its hidden counts, and the root.
///
/// The row queries are written once, here, for both the index and
/// `_RowTree`, the three arrays alone that `Outline.Rows` keeps. Copying
/// the whole index into a `Rows` and its iterator retained and released
/// its eight arrays each time, a fifth of a 50-row window.
@usableFromInline
internal protocol _RowTreeStorage {
  var treeNodes: [_PreorderIndex.TreeNode] { get }
  var entryKeys: [UInt64] { get }
  var entryHidden: [Int32] { get }
  var root: Int32 { get }
}

extension _PreorderIndex: _RowTreeStorage {}

/// The part of an index that row lookups and walks read (see
/// `_RowTreeStorage`): a snapshot, sharing the index's storage until
/// either is mutated.
@usableFromInline
internal struct _RowTree: _RowTreeStorage, Sendable {
  @usableFromInline let treeNodes: [_PreorderIndex.TreeNode]
  @usableFromInline let entryKeys: [UInt64]
  @usableFromInline let entryHidden: [Int32]
  @usableFromInline let root: Int32

  @inlinable
  init(_ index: _PreorderIndex) {
    treeNodes = index.treeNodes
    entryKeys = index.entryKeys
    entryHidden = index.entryHidden
    root = index.root
  }
}

// MARK: - Tree links and row descents

/// O(1) links and O(log n) descents by visible row. Every function is
/// inlinable, so the index and a `_RowTree` each get their own fully
/// specialized copy, in this module and in an app's.
extension _RowTreeStorage {
  /// The `k`-th child of inner node `t`.
  @inlinable @inline(__always)
  func child(_ k: Int, of t: Int) -> Int {
    Int(entryHidden[_PreorderIndex.linkSlot(t, k)])
  }

  /// The entry indices of leaf `leaf`.
  @inlinable @inline(__always)
  func entries(of leaf: Int) -> Range<Int> {
    let base = leaf &<< _PreorderIndex.leafShift
    return base ..< base &+ Int(treeNodes[leaf].count)
  }

  /// Visible entries below `t`'s `k`-th child, given the lazies above it.
  @inlinable @inline(__always)
  func childVisibleCount(_ t: Int, _ k: Int, above: Int) -> Int {
    return Int(entryHidden[_PreorderIndex.hiddenCopy(t, k)]) == -above
      ? Int(entryKeys[_PreorderIndex.childCopy(t, k)] &>> 32) : 0
  }

  /// Index of tree node `t` among its parent's children.
  @inlinable
  func indexInParent(_ t: Int) -> Int {
    let parent = Int(treeNodes[t].parent)
    var k = 0
    let target = Int32(t)
    while entryHidden[_PreorderIndex.linkSlot(parent, k)] != target { k &+= 1 }
    return k
  }

  /// Position of the entry on visible row `row` (`0 ..< visibleCount`).
  @inlinable
  func position(atRow row: Int) -> UInt32 {
    positionAndLazies(atRow: row).position
  }

  /// Position of the entry on visible row `row`, and the sum of the lazy
  /// deltas of its leaf's strict ancestors (what a walk from there needs).
  @inlinable
  func positionAndLazies(atRow row: Int) -> (position: UInt32, above: Int) {
    let (leaf, remaining, above) = leafAndLazies(atRow: row)
    return (entry(visible: remaining, inLeaf: leaf, above: above), above)
  }

  /// Key and position of the node on visible row `row` (`0 ..< visibleCount`).
  ///
  /// The same descent as `position(atRow:)`, but the key is loaded before
  /// the leaf's scan finishes: on a leaf with no hidden entry before the
  /// row's, the entry is the leaf's `remaining`-th, so that key's cache
  /// line is asked for while the scan runs. A random lookup would otherwise
  /// wait for two memory reads in a row at the leaf (its hidden counts,
  /// then the key they lead to).
  @inlinable
  func keyAndPosition(atRow row: Int) -> (key: UInt64, position: UInt32) {
    let (leaf, remaining, above) = leafAndLazies(atRow: row)
    let guess = (leaf &<< _PreorderIndex.leafShift) &+ remaining
    let guessedKey = entryKeys[guess]
    let e = entry(visible: remaining, inLeaf: leaf, above: above)
    return (Int(e) == guess ? guessedKey : entryKeys[Int(e)], e)
  }

  /// Position of the `k`-th (from 0) visible entry of `leaf`, given the sum
  /// `above` of its strict ancestors' lazy deltas.
  @inlinable @inline(__always)
  func entry(visible k: Int, inLeaf leaf: Int, above: Int) -> UInt32 {
    let visibleStored = Int32(truncatingIfNeeded: -(above &+ Int(treeNodes[leaf].lazy)))
    return entry(visible: k, in: entries(of: leaf), visibleStored: visibleStored)
  }

  /// The leaf that holds visible row `row`, which of its visible entries
  /// the row is (from 0), and the sum of the lazy deltas of its strict
  /// ancestors: the descent without the leaf's scan.
  @inlinable @inline(__always)
  func leafAndLazies(atRow row: Int) -> (leaf: Int, visibleIndex: Int, above: Int) {
    var t = Int(root)
    var remaining = row
    var above = 0
    while treeNodes[t].height > 0 {
      above &+= Int(treeNodes[t].lazy)
      t = child(child(withVisible: &remaining, in: t, above: above), of: t)
    }
    return (t, remaining, above)
  }

  /// Index of the child of inner node `t` that holds the visible entry
  /// `remaining` entries into `t`; on return `remaining` counts from that
  /// child's first entry. `above` is the sum of the lazies of `t` and its
  /// ancestors. Reads the compact copies through unsafe buffers: this is
  /// the inner loop of every row lookup, and the bounds are those of `t`.
  @inlinable @inline(__always)
  func child(withVisible remaining: inout Int, in t: Int, above: Int) -> Int {
    let first = _PreorderIndex.childCopy(t, 0)
    let count = Int(treeNodes[t].count)
    return entryHidden.withUnsafeBufferPointer { hidden in
      entryKeys.withUnsafeBufferPointer { keys in
        var k = 0
        while k < count {
          let n = Int(hidden[first &+ 2 &* k]) == -above ? Int(keys[first &+ k] &>> 32) : 0
          if remaining < n { return k }
          remaining &-= n
          k &+= 1
        }
        _failRequirement("Outline index: row descent ran past the last child (corrupt summaries)")
      }
    }
  }

  /// Position of the `k`-th (from 0) entry of `leafEntries` whose stored
  /// hidden count is `visibleStored`.
  ///
  /// Visibility changes from entry to entry, so a branch per entry
  /// mispredicts; this counts four entries at a time with one vector
  /// compare, and only the last group entry by entry.
  @inlinable
  func entry(visible k: Int, in leafEntries: Range<Int>, visibleStored: Int32) -> UInt32 {
    entryHidden.withUnsafeBufferPointer { hidden in
      let raw = UnsafeRawPointer(hidden.baseAddress!)
      let pattern = SIMD4<Int32>(repeating: visibleStored)
      var remaining = k
      var e = leafEntries.lowerBound
      while e &+ 4 <= leafEntries.upperBound {
        let group = raw.loadUnaligned(fromByteOffset: e &* 4, as: SIMD4<Int32>.self)
        let visible = Int(SIMD4<Int32>(repeating: 0).replacing(with: 1, where: group .== pattern).wrappedSum())
        if remaining < visible { break }
        remaining &-= visible
        e &+= 4
      }
      while e < leafEntries.upperBound {
        if hidden[e] == visibleStored {
          if remaining == 0 { return UInt32(truncatingIfNeeded: e) }
          remaining &-= 1
        }
        e &+= 1
      }
      _failRequirement("Outline index: row descent found no entry (corrupt summaries)")
    }
  }

  /// The visible entries of leaf `leaf` at entry indices `start...`, one bit
  /// per entry index, given the sum `above` of its ancestors' lazy deltas.
  ///
  /// A walk calls this once per leaf it enters. It compares sixteen hidden
  /// counts at a time: a leaf has a multiple of sixteen slots, and those
  /// past its count exist, so whole groups can be read; their bits are
  /// masked off. Checked builds' leaves have eight slots, read as the low
  /// half of a group. (Groups of four took a fifth of a 50-row window;
  /// sixteen cut the window by 15%.)
  @inlinable
  func visibleMask(ofLeaf leaf: Int, above: Int, from start: Int = 0) -> UInt64 {
    let visibleStored = Int32(truncatingIfNeeded: -(above &+ Int(treeNodes[leaf].lazy)))
    let count = Int(treeNodes[leaf].count)
    let first = leaf &<< _PreorderIndex.leafShift
    let width = Swift.min(16, _PreorderIndex.leafCapacity)
    var mask: UInt64 = 0
    entryHidden.withUnsafeBufferPointer { hidden in
      let raw = UnsafeRawPointer(hidden.baseAddress!)
      let pattern = SIMD16<Int32>(repeating: visibleStored)
      let weights = SIMD16<UInt32>(1, 2, 4, 8, 16, 32, 64, 128, 256, 512, 1024, 2048, 4096, 8192, 16384, 32768)
      var group = start & ~(width &- 1)
      while group < count {
        let offset = (first &+ group) &* 4
        let hiddenCounts =
          width == 16
          ? raw.loadUnaligned(fromByteOffset: offset, as: SIMD16<Int32>.self)
          : SIMD16(lowHalf: raw.loadUnaligned(fromByteOffset: offset, as: SIMD8<Int32>.self), highHalf: .zero)
        let bits = SIMD16<UInt32>(repeating: 0).replacing(with: weights, where: hiddenCounts .== pattern).wrappedSum()
        mask |= UInt64(bits) &<< UInt64(group)
        group &+= width
      }
    }
    let inRange = (count == 64 ? ~0 : (1 &<< UInt64(count)) &- 1) & (~0 &<< UInt64(start))
    return mask & inRange
  }
}
