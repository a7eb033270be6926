import OutlineKit

/// Applying what a listing or scan read to the tree: entries matched by
/// name, folder by folder, so that each keeps its node, and one
/// `update(childrenOf:...)` for the difference.
///
/// An entry found again takes its old name ref, which is its identity in
/// the update; a new entry's name (and link target) is copied into a
/// chunk of its own. So the tree's names grow only by what is new, and
/// equal entries compare equal (no row is redrawn for nothing).
extension FileTree {
  /// Applies a read of `folder` (its own entry, its entries, and below
  /// them what the read entered) inside a batch.
  mutating func _apply(_ read: _ScanTree, to folder: NodeID, in outline: inout Outline<FileEntry>) {
    // Folders checked before they had entries stay checked with them.
    let checkedFolders = _checkedUnlistedFolders(in: folder, of: outline)
    defer { _checkListed(checkedFolders, in: &outline) }
    if read.count == Int(read.childCount[0]) && outline.children(of: folder).isEmpty {
      _insertListing(read, into: folder, in: &outline)
      return
    }
    let tree = _names.snapshot()
    let incoming = read.nameReader
    // A folder listed for the first time takes the read's names as they
    // are; otherwise the names not found again are copied (never more
    // bytes than the read's).
    let fresh = outline.children(of: folder).isEmpty
    let readBytes = read.names.reduce(0) { $0 + $1.count }
    let base = _names.reserve(fresh ? read.names.count : readBytes / (_NameRef.chunkCapacity / 2) + 1)
    let writer = _NameWriter()
    func copy(_ ref: _NameRef) -> _NameRef {
      fresh ? ref.shifted(by: base) : writer.append(incoming.bytes(ref)).shifted(by: base)
    }
    /// The entries of each folder the read entered, by its name ref.
    var children: [UInt64: [FileEntry]] = [:]
    var top: [FileEntry] = []
    /// Entries the read did not find again: they go, with what is inside.
    var gone: [NodeID] = []
    /// The read's counting links, to their refs in the tree.
    var owners: [UInt64: UInt64] = [:]
    let oldHardLinkOwners = mode == .scanned ? _hardLinkOwners(inSubtreeOf: folder, of: outline) : []

    var work: [(old: NodeID?, index: Int, key: UInt64)] = [(folder, 0, 0)]
    while let (old, index, key) = work.popLast() {
      var known: [_BytesKey: NodeID] = [:]
      if let old {
        let ids = outline.children(of: old)
        known.reserveCapacity(ids.count)
        for id in ids { known[_BytesKey(tree.bytes(outline[id]._name))] = id }
      }
      // A name read twice (a folder changing while it is read) is taken
      // once when it matters: when entries are matched by name.
      let matches = !known.isEmpty
      var seen: Set<_BytesKey> = []
      var list: [FileEntry] = []
      list.reserveCapacity(Int(read.childCount[index]))
      for position in read.children(of: index) {
        let readIndex = Int(position)
        var entry = read.entries[readIndex]
        let localName = entry._name
        let nameBytes = incoming.bytes(localName)
        var match: NodeID?
        if matches {
          guard seen.insert(_BytesKey(nameBytes)).inserted else { continue }
          match = known.removeValue(forKey: _BytesKey(nameBytes))
        }
        let entered = entry.isFolder && (entry.loadState == .loaded || entry.problem != nil)
        if let match {
          let previous = outline[match]
          entry._name = previous._name
          if !entry.hasDetails && previous.hasDetails && previous.kind == entry.kind {
            // Listed by name again: the size and time read before stay.
            entry._size = previous._size
            entry._modified = previous._modified
            entry._flags.remove(.noDetails)
          }
          if entry.isFolder && previous.isFolder && !entered {
            // Not read again: what the tree knows of its inside stays.
            entry._flags.subtract([.loaded, .loading, .total])
            entry._flags.formUnion(previous._flags.intersection([.loaded, .total]))
            if previous.isTotal { entry._size = previous._size }
            entry.setProblem(previous.problem)
          }
        } else {
          entry._name = copy(localName)
        }
        if entry.kind == .symbolicLink, let target = read.targets[localName.raw] {
          let targetBytes = incoming.bytes(_NameRef(raw: target))
          let kept = match.flatMap { _ in _targets[entry._name.raw] }
          if kept == nil || _BytesKey(tree.bytes(_NameRef(raw: kept!))) != _BytesKey(targetBytes) {
            _targets[entry._name.raw] = copy(_NameRef(raw: target)).raw
          }
        } else if match != nil {
          _targets[entry._name.raw] = nil
        }
        if entry._flags.contains(.countsHardLink) { owners[localName.raw] = entry._name.raw }
        if entered {
          // Read again in the read's order.
          if let match { _staleFolders.remove(match) }
          children[entry._name.raw] = []
          work.append((match, readIndex, entry._name.raw))
        }
        list.append(entry)
      }
      gone += known.values
      if index == 0 { top = list } else { children[key] = list }
    }
    _names.fill(base, with: fresh ? read.names : writer.finish())
    for id in gone {
      _forEachNode(inSubtreeOf: id, of: outline) { entry in
        if entry.kind == .symbolicLink { _targets[entry._name.raw] = nil }
      }
    }
    if mode == .scanned {
      _hardLinks = _hardLinks.filter { !oldHardLinkOwners.contains($0.value) }
      for (inode, owner) in read.hardLinks { if let ref = owners[owner] { _hardLinks[inode] = ref } }
    }
    do {
      try outline.update(
        childrenOf: folder, to: top, children: { $0.isFolder ? children[$0._name.raw] : [] }, id: { $0._name.raw })
    } catch {
      preconditionFailure("FileTree: a listing matched two entries to one (\(error))")
    }
    _setReadEntry(read.entries[0], of: folder, in: &outline)
  }

  /// A folder's first listing, one level: its entries go in as they are,
  /// the read's names with them, without matching anything (a folder of
  /// millions lists in about a second).
  private mutating func _insertListing(_ read: _ScanTree, into folder: NodeID, in outline: inout Outline<FileEntry>) {
    let base = _names.reserve(read.names.count)
    _names.fill(base, with: read.names)
    for (name, target) in read.targets {
      _targets[_NameRef(raw: name).shifted(by: base).raw] = _NameRef(raw: target).shifted(by: base).raw
    }
    let entries = read.children(of: 0).lazy.map { position -> FileEntry in
      var entry = read.entries[Int(position)]
      entry._name = entry._name.shifted(by: base)
      return entry
    }
    do {
      try outline.update(childrenOf: folder, to: entries, children: { _ in [] }, id: { $0._name.raw })
    } catch {
      preconditionFailure("FileTree: a listing matched two entries to one (\(error))")
    }
    _setReadEntry(read.entries[0], of: folder, in: &outline)
  }

  /// Sets a folder's own entry from its read: its name and what the read
  /// cannot know (a dot name, another file system) stay; its entries are
  /// in order.
  private mutating func _setReadEntry(_ read: FileEntry, of folder: NodeID, in outline: inout Outline<FileEntry>) {
    var own = read
    let previous = outline[folder]
    own._name = previous._name
    own._flags.formUnion(previous._flags.intersection([.hidden, .otherFileSystem]))
    _setEntry(own, of: folder, in: &outline)
    _staleFolders.remove(folder)
  }

  /// Records that folder `id` could not be read: its problem, no entries,
  /// collapsed.
  mutating func _fail(_ id: NodeID, with problem: FileProblem, in outline: inout Outline<FileEntry>) {
    var own = outline[id]
    if own.isTotal {
      // Its own entry's size, without what was inside.
      for child in outline.children(of: id) { own._size &-= outline[child].countedSize }
    }
    let gone = Array(outline.children(of: id))
    for child in gone {
      _forEachNode(inSubtreeOf: child, of: outline) { entry in
        if entry.kind == .symbolicLink { _targets[entry._name.raw] = nil }
      }
    }
    if mode == .scanned {
      let inside = _hardLinkOwners(inSubtreeOf: id, of: outline)
      _hardLinks = _hardLinks.filter { !inside.contains($0.value) }
    }
    for child in gone { outline.remove(child) }
    own.setProblem(problem)
    own.setLoadState(.notLoaded)
    _setEntry(own, of: id, in: &outline)
    outline.collapse(id)
  }

  /// Sets an entry's value; in a scanned tree, the totals of the folders
  /// above it change by the difference in what it counts.
  mutating func _setEntry(_ entry: FileEntry, of id: NodeID, in outline: inout Outline<FileEntry>) {
    // Setting a value redraws its row: only when it changed.
    guard outline[id] != entry else { return }
    let before = outline[id].countedSize
    outline[id] = entry
    let after = entry.countedSize
    guard mode == .scanned, before != after else { return }
    var ancestor = outline.parent(of: id)
    while let folder = ancestor {
      outline[folder]._size = outline[folder]._size &- before &+ after
      ancestor = outline.parent(of: folder)
    }
  }
}
