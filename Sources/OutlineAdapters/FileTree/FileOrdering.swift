/// How a file tree orders each folder's entries: by name, size or date,
/// with folders first or mixed in.
///
/// ```swift
/// let change = tree.setOrdering(FileOrdering(.size))   // largest first, folders first
/// ```
///
/// Names compare in natural order (``FileName/naturalOrder(_:_:)``:
/// `file9` before `file10`); sizes largest first (a scanned folder by its
/// total, as a disk-usage view shows it); dates newest first. Entries
/// equal by size or date are ordered by name, so the order is total.
public struct FileOrdering: Hashable, Sendable, CustomStringConvertible {
  /// What entries are ordered by.
  public enum Key: String, Hashable, Sendable, CaseIterable {
    /// Natural name order, A to Z.
    case name
    /// Size, largest first (a scanned folder's total).
    case size
    /// Modification time, newest first.
    case modified
  }

  /// What entries are ordered by.
  public var key: Key
  /// Whether folders come before the other entries.
  public var foldersFirst: Bool

  /// An ordering.
  ///
  /// - Complexity: O(1).
  public init(_ key: Key = .name, foldersFirst: Bool = true) {
    self.key = key
    self.foldersFirst = foldersFirst
  }

  /// The ordering in words: "name, folders first", "size, mixed".
  ///
  /// - Complexity: O(1).
  public var description: String {
    key.rawValue + (foldersFirst ? ", folders first" : ", mixed")
  }

  /// Whether `a` goes before `b`, reading names through `names`.
  @inline(__always)
  func areInIncreasingOrder(_ a: FileEntry, _ b: FileEntry, names: _NameReader) -> Bool {
    if foldersFirst && a.isFolder != b.isFolder { return a.isFolder }
    switch key {
    case .name: break
    case .size: if a._size != b._size { return a._size > b._size }
    case .modified: if a._modified != b._modified { return a._modified > b._modified }
    }
    if a._name == b._name { return false }
    return _naturalOrder(names.bytes(a._name), names.bytes(b._name)) < 0
  }
}
