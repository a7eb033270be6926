#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Android)
import Android
#else
#error("OutlineFiles reads directories through POSIX calls (openat, fstatat, readdir): this platform has no C library Swift can import")
#endif
import OutlineKit

extension FileTree {
  /// Reads the size and time of entries listed by name only (a lazy
  /// tree's, see ``FileEntry/hasDetails``): one `fstatat` each, in their
  /// folders. A view calls it for the rows it is about to show.
  ///
  /// ```swift
  /// let shown = tree.outline.rows[first ..< last]
  /// apply(tree.readDetails(of: shown))          // their rows redraw with sizes
  /// ```
  ///
  /// Entries that have their details already are skipped; an entry gone
  /// from the disk shows a `vanished` problem until the next refresh.
  ///
  /// - Complexity: O(k (d + log n)) for k entries at depth d, plus their
  ///   system calls.
  @discardableResult
  public mutating func readDetails(of ids: some Sequence<NodeID>) -> OutlineChange {
    let wanted = ids.filter { !self.outline[$0].hasDetails }
    guard !wanted.isEmpty else { return OutlineChange() }
    var outline = self.outline
    self.outline = Outline()  // so that the outline is not shared while it changes
    defer { self.outline = outline }
    return outline.batch { outline in _readDetails(of: wanted, in: &outline) }
  }

  /// Reads the size and time of every entry of a folder that lacks them.
  ///
  /// - Precondition: `folder` names an entry of this tree.
  /// - Complexity: As ``readDetails(of:)`` for the folder's entries.
  @discardableResult
  public mutating func readDetails(inside folder: NodeID) -> OutlineChange {
    readDetails(of: Array(outline.children(of: folder)))
  }

  /// Reads the status of entries, grouped by folder, and sets their
  /// details (kind, size, time) inside a batch.
  mutating func _readDetails(of ids: [NodeID], in outline: inout Outline<FileEntry>) {
    var byFolder: [NodeID: [NodeID]] = [:]
    for id in ids {
      guard let parent = outline.parent(of: id) else { continue }
      byFolder[parent, default: []].append(id)
    }
    let names = _names.snapshot()
    for (folder, entries) in byFolder {
      let components = _components(of: folder, in: outline).map { Array(names.bytes($0)) }
      guard case .success(let fd) = _openFolder(root: _rootBytes, relativePath: components, system: options._system)
      else { continue }
      defer { close(fd) }
      for id in entries {
        var entry = outline[id]
        let name = names.bytes(entry._name)
        var status = stat()
        let result = withUnsafeTemporaryAllocation(of: CChar.self, capacity: name.count + 1) { buffer -> Int32 in
          UnsafeMutableRawPointer(buffer.baseAddress!).copyMemory(from: name.baseAddress!, byteCount: name.count)
          buffer[name.count] = 0
          return fstatat(fd, buffer.baseAddress!, &status, AT_SYMLINK_NOFOLLOW)
        }
        if result == 0 {
          let facts = _Status(status)
          entry._size = facts.size
          entry._modified = facts.modified
          entry.kind = facts.kind
          entry._flags.remove(.noDetails)
          if entry.problem?.operation == .status { entry.setProblem(nil) }
        } else {
          entry.setProblem(FileProblem(.status, code: _errno))
        }
        _setEntry(entry, of: id, in: &outline)
      }
    }
  }

  /// The name refs from below the root down to `id`.
  func _components(of id: NodeID, in outline: Outline<FileEntry>) -> [_NameRef] {
    var refs: [_NameRef] = []
    var current = id
    while let parent = outline.parent(of: current) {
      refs.append(outline[current]._name)
      current = parent
    }
    return refs.reversed()
  }
}
