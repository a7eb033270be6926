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
}
