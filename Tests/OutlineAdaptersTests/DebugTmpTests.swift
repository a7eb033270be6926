import XCTest
@testable import OutlineAdapters
final class DebugTmpTests: XCTestCase {
  func testDebug() throws {
    let root = try makeScratchDirectory(for: self)
    var maker = RandomDiskTree(seed: 29)
    maker.fill(root)
    var tree = try FileTree.scan(String(decoding: root, as: UTF8.self))
    let before = tree.entriesByPath().mapValues { tree[$0] }
    let rootBefore = tree[tree.root]
    let change = tree.refresh(tree.root)
    print("CHANGE", change)
    print("ROOT", rootBefore, tree[tree.root])
    for (path, id) in tree.entriesByPath() where before[path] != tree[id] { print("DIFF", FileName(bytes: path), before[path]!, tree[id]) }
  }
}
