import OutlineGtkSupport
import XCTest

final class ListMirrorTests: XCTestCase {
  func testReplaysCallsInOrder() throws {
    var mirror = ListMirror<String>()
    try mirror.apply(position: 0, removed: 0, added: 3) { ["a", "b", "c"][$0] }
    try mirror.apply(position: 1, removed: 1, added: 2) { "x\($0)" }
    XCTAssertEqual(mirror.elements, ["a", "x1", "x2", "c"])
    XCTAssertEqual(mirror.callCount, 2)
  }

  func testACallPastTheEndThrowsAndChangesNothing() throws {
    var mirror = ListMirror<Int>()
    try mirror.apply(position: 0, removed: 0, added: 2) { $0 }
    XCTAssertThrowsError(try mirror.apply(position: 1, removed: 2, added: 0) { $0 }) { error in
      XCTAssertEqual("\(error)", "items-changed(1, 2, 0) does not fit a list of 2 items")
    }
    XCTAssertEqual(mirror.elements, [0, 1])
    XCTAssertEqual(mirror.callCount, 1)
  }
}
