import OutlineKit

extension FileTree {
  /// Orders every folder's entries anew: by name, size or date, folders
  /// first or mixed.
  ///
  /// The change is minimal: in each folder, the entries of one longest
  /// run already in the new order keep their rows, and only the others
  /// move. Expanded folders stay expanded.
  ///
  /// ```swift
  /// tableView.apply(tree.setOrdering(FileOrdering(.size)))   // largest first
  /// ```
  ///
  /// - Complexity: O(n log k) for n entries in folders of k, plus
  ///   O(log n) per moved run.
  @discardableResult
  public mutating func setOrdering(_ ordering: FileOrdering) -> OutlineChange {
    guard ordering != options.ordering else { return OutlineChange() }
    options.ordering = ordering
    let root = self.root
    var outline = self.outline
    self.outline = Outline()  // so that the outline is not shared while it changes
    defer { self.outline = outline }
    return outline.batch { outline in _reorder(subtreeOf: root, in: &outline) }
  }
}
