import Foundation
import OutlineKit

/// The way a Swift developer would read a directory into an outline:
/// `FileManager.enumerator` with the resource keys asked for up front, a
/// node per URL placed by the enumerator's `level`, folder totals summed
/// afterwards, then `Outline(roots:children:)`. Written plainly, as an
/// app would, not tuned. (It counts a hard-linked file at every link,
/// and follows no links, as the keys ask.)
enum FileManagerScanBaseline {
  final class Node {
    var name: String
    var size: Int
    var isFolder: Bool
    var modified: Date?
    var children: [Node] = []

    init(name: String, size: Int, isFolder: Bool, modified: Date?) {
      self.name = name
      self.size = size
      self.isFolder = isFolder
      self.modified = modified
    }
  }

  /// Reads `path` and builds an outline of it; returns the outline, the
  /// root's total, the entries, and the seconds the enumeration alone took.
  static func scan(_ path: String) -> (outline: Outline<Node>, total: Int, count: Int, enumerating: Double) {
    let start = now()
    let keys: [URLResourceKey] = [.isDirectoryKey, .fileSizeKey, .contentModificationDateKey, .nameKey]
    let rootURL = URL(fileURLWithPath: path)
    let root = Node(name: path, size: 0, isFolder: true, modified: nil)
    var stack = [root]
    var count = 0
    let enumerator = FileManager.default.enumerator(
      at: rootURL, includingPropertiesForKeys: keys, options: [], errorHandler: { _, _ in true })
    while let url = enumerator?.nextObject() as? URL {
      let values = try? url.resourceValues(forKeys: Set(keys))
      let level = enumerator!.level
      let node = Node(
        name: values?.name ?? url.lastPathComponent, size: values?.fileSize ?? 0,
        isFolder: values?.isDirectory ?? false, modified: values?.contentModificationDate)
      while stack.count > level { stack.removeLast() }
      stack[stack.count - 1].children.append(node)
      if node.isFolder { stack.append(node) }
      count += 1
    }
    let enumerating = Double(now() &- start) / 1e9
    func total(_ node: Node) -> Int {
      if node.isFolder { node.size = node.children.reduce(0) { $0 + total($1) } }
      return node.size
    }
    let sum = total(root)
    for node in [root] { sortChildren(node) }
    return (Outline(roots: [root], children: \.children), sum, count, enumerating)
  }

  /// Name order, as the file tree shows (Finder's `localizedStandardCompare`).
  private static func sortChildren(_ node: Node) {
    node.children.sort { $0.name.localizedStandardCompare($1.name) == .orderedAscending }
    for child in node.children where child.isFolder { sortChildren(child) }
  }
}
