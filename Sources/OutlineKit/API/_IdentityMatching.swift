/// Matching nodes by identity for `Outline.update`, generic over the
/// identity type so it is specialized in the app's module.
///
/// Both steps are built to touch memory in order. A hash table of a million
/// identities does not fit in any cache, and each random probe into it
/// costs a trip to memory (about 100 ns); the update would spend most of
/// its time there.
///
/// - Duplicates in the new data are found by partitioning the identities'
///   hashes by their top bits into buckets of about a thousand, then
///   checking each bucket with a table small enough for the first-level
///   cache.
/// - Old and new nodes are matched by walking both preorders side by side:
///   nodes at the same place with equal identities match at once (an update
///   that changed nothing, or little, is almost all such steps). Where the
///   walks disagree, the unmatched nodes wait in two dictionaries, which
///   stay as small as the region that changed, and match when their
///   counterpart turns up.
@usableFromInline
internal enum _IdentityMatching {
  /// The first identity that occurs twice in `ids`: the places of its
  /// first occurrence and of the earliest repeat. O(m) expected.
  @inlinable
  static func firstDuplicate<ID: Hashable>(in ids: [ID]) -> (first: Int, second: Int)? {
    let m = ids.count
    guard m > 1 else { return nil }
    var bits = 0
    while m >> bits > 1024 { bits &+= 1 }
    let partitions = 1 &<< bits
    let shift = UInt(64 &- bits)
    func partition(_ hash: UInt) -> Int { bits == 0 ? 0 : Int(truncatingIfNeeded: hash &>> shift) }
    // Hashes, and where each partition starts.
    var hashes = [UInt](repeating: 0, count: m)
    var starts = [Int](repeating: 0, count: partitions &+ 1)
    for v in 0 ..< m {
      let hash = UInt(bitPattern: ids[v].hashValue)
      hashes[v] = hash
      starts[partition(hash) &+ 1] &+= 1
    }
    for p in 0 ..< partitions { starts[p &+ 1] &+= starts[p] }
    // Hashes and places grouped by partition, in order within each.
    var groupedHashes = [UInt](repeating: 0, count: m)
    var groupedPlaces = [Int32](repeating: 0, count: m)
    var next = starts
    for v in 0 ..< m {
      let hash = hashes[v]
      let p = partition(hash)
      let k = next[p]
      next[p] = k &+ 1
      groupedHashes[k] = hash
      groupedPlaces[k] = Int32(truncatingIfNeeded: v)
    }
    hashes = []
    // Each partition through a small open-addressing table.
    var best: (first: Int, second: Int)?
    var table = [Int32](repeating: -1, count: 64)
    for p in 0 ..< partitions {
      let range = starts[p] ..< starts[p &+ 1]
      var size = 64
      while size < range.count &* 2 { size &<<= 1 }
      if table.count < size {
        table = [Int32](repeating: -1, count: size)
      } else {
        for t in 0 ..< size { table[t] = -1 }
      }
      let mask = UInt(size &- 1)
      for k in range {
        let hash = groupedHashes[k]
        var bucket = Int(truncatingIfNeeded: hash & mask)
        while true {
          let entry = Int(table[bucket])
          if entry < 0 {
            table[bucket] = Int32(truncatingIfNeeded: k)
            break
          }
          if groupedHashes[entry] == hash {
            let first = Int(groupedPlaces[entry])
            let second = Int(groupedPlaces[k])
            if ids[first] == ids[second] {
              if best.map({ second < $0.second }) ?? true { best = (first, second) }
              break
            }
          }
          bucket = Int(truncatingIfNeeded: UInt(bucket &+ 1) & mask)
        }
      }
    }
    return best
  }

  /// Matches old nodes to new ones by identity (new identities distinct):
  /// for each old node the new node it matched, or -1, and the other way
  /// round. When old identities repeat, one of the old nodes matches.
  /// O(n + m) expected; the dictionaries hold only the nodes of regions
  /// where the two preorders disagree.
  @inlinable
  static func match<ID: Hashable>(old: [ID], new: [ID]) -> (oldMatches: [Int32], newMatches: [Int32]) {
    let n = old.count
    let m = new.count
    var oldMatches = [Int32](repeating: -1, count: n)
    var newMatches = [Int32](repeating: -1, count: m)
    var waitingNew: [ID: Int32] = [:]
    var waitingOld: [ID: Int32] = [:]
    var i = 0
    var v = 0
    while i < n && v < m {
      if old[i] == new[v] {
        oldMatches[i] = Int32(truncatingIfNeeded: v)
        newMatches[v] = Int32(truncatingIfNeeded: i)
        i &+= 1
        v &+= 1
        continue
      }
      // Out of step: the old node may be further on in the new data (or
      // gone), the new node further on in the old data (or new).
      if let w = waitingNew.removeValue(forKey: old[i]) {
        oldMatches[i] = w
        newMatches[Int(w)] = Int32(truncatingIfNeeded: i)
        i &+= 1
        continue
      }
      if let j = waitingOld.removeValue(forKey: new[v]) {
        oldMatches[Int(j)] = Int32(truncatingIfNeeded: v)
        newMatches[v] = j
        v &+= 1
        continue
      }
      if waitingOld[old[i]] == nil { waitingOld[old[i]] = Int32(truncatingIfNeeded: i) }
      waitingNew[new[v]] = Int32(truncatingIfNeeded: v)
      i &+= 1
      v &+= 1
    }
    while i < n {
      if let w = waitingNew.removeValue(forKey: old[i]) {
        oldMatches[i] = w
        newMatches[Int(w)] = Int32(truncatingIfNeeded: i)
      }
      i &+= 1
    }
    while v < m {
      if let j = waitingOld.removeValue(forKey: new[v]) {
        oldMatches[Int(j)] = Int32(truncatingIfNeeded: v)
        newMatches[v] = j
      }
      v &+= 1
    }
    return (oldMatches, newMatches)
  }
}
