import OutlineGtkSupport
import OutlineKit

/// A tree as GTK's own model reads it: nodes by number, each node's
/// children listed when GTK expands it.
protocol TreeListSource: AnyObject {
  var title: String { get }
  var nodeCount: Int { get }
  var roots: [Int] { get }
  func children(of node: Int) -> [Int]
  func label(of node: Int) -> String
  func detail(of node: Int) -> String?
}

/// A generated tree, by its arithmetic.
final class GeneratedTreeSource: TreeListSource {
  let tree: GeneratedTree

  init(_ tree: GeneratedTree) {
    self.tree = tree
  }

  var title: String { tree.title }

  var nodeCount: Int { tree.count }
  var roots: [Int] { Array(tree.roots) }
  func children(of node: Int) -> [Int] { Array(tree.children(of: node)) }
  func label(of node: Int) -> String { GeneratedTree.name(of: node) }
  func detail(of node: Int) -> String? { nil }
}

/// Any document, by its outline's structure: nodes numbered in preorder.
final class DocumentTreeSource<Document: WindowDocument>: TreeListSource {
  let title: String
  private var labels: [String] = []
  private var details: [String?] = []
  private var childLists: [[Int]] = []
  private(set) var roots: [Int] = []

  init(_ document: Document) {
    title = document.title
    let outline = document.outline
    func add(_ id: Outline<Document.Node>.NodeID) -> Int {
      let number = labels.count
      labels.append(document.label(of: id))
      details.append(document.detail(of: id))
      childLists.append([])
      let children = outline.children(of: id).map(add)
      childLists[number] = children
      return number
    }
    roots = outline.roots.map(add)
  }

  var nodeCount: Int { labels.count }
  func children(of node: Int) -> [Int] { childLists[node] }
  func label(of node: Int) -> String { labels[node] }
  func detail(of node: Int) -> String? { details[node] }
}
