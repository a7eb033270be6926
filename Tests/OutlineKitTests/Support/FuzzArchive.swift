import Foundation

#if !OUTLINE_FUZZ
@testable import OutlineKit
#endif

/// Feeds bytes to every decoder of archived outline data: an outline of
/// strings and an expansion state, as JSON and as a property list. None may
/// trap; a decoded outline must pass the invariant check, a JSON outline
/// must round-trip, and a JSON expansion state must restore onto an outline.
/// Returns how many of the four decoded.
@discardableResult
func runArchiveFuzzInput(_ data: [UInt8]) -> Int {
  let bytes = Data(data)
  var decoded = 0
  if let outline = try? JSONDecoder().decode(Outline<String>.self, from: bytes) {
    outline._checkInvariants()
    let again = try! JSONDecoder().decode(Outline<String>.self, from: try! JSONEncoder().encode(outline))
    expectEqual(again.debugDescription, outline.debugDescription, "JSON round trip")
    decoded += 1
  }
  if let outline = try? PropertyListDecoder().decode(Outline<String>.self, from: bytes) {
    outline._checkInvariants()
    decoded += 1
  }
  if let state = try? JSONDecoder().decode(ExpansionState<String>.self, from: bytes) {
    var outline = Outline(preorder: state.expandedKeys.sorted().map { (node: $0, depth: 0) })
    outline.restoreExpansionState(state, by: { $0 })
    expectEqual(outline.rowCount, state.expandedKeys.count, "restored roots")
    decoded += 1
  }
  if (try? PropertyListDecoder().decode(ExpansionState<String>.self, from: bytes)) != nil { decoded += 1 }
  return decoded
}
