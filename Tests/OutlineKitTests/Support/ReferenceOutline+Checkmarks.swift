#if !OUTLINE_FUZZ
@testable import OutlineKit
#endif

/// Checkmarks, the naive way: every node's mark in a dictionary by value
/// (kept when a node leaves, as the engine keeps it for an undo), and
/// every node's leaves counted by adding up its children's, from the
/// bottom of the tree up.
extension ReferenceOutline {
  /// A node's leaves (itself, when it has no children) and how many are
  /// checked; the same among the leaves that pass the filter.
  struct Tally {
    var leaves = 0
    var checked = 0
    var passing = 0
    var passingChecked = 0

    var state: CheckState { ReferenceOutline.state(leaves: leaves, checked: checked) }
    var passingState: CheckState { passing == 0 ? state : ReferenceOutline.state(leaves: passing, checked: passingChecked) }
  }

  static func state(leaves: Int, checked: Int) -> CheckState {
    checked == 0 ? .unchecked : checked == leaves ? .checked : .mixed
  }

  /// Every node's tally, in one pass from the last node in preorder back.
  var tallies: [Int: Tally] {
    let included = answers == nil ? nil : self.included
    var result: [Int: Tally] = [:]
    for value in preorder.reversed() {
      let children = nodes[value]!.children
      var tally = Tally()
      if children.isEmpty {
        let checked = marks[value] == true ? 1 : 0
        let passes = included?.contains(value) ?? true ? 1 : 0
        tally = Tally(leaves: 1, checked: checked, passing: passes, passingChecked: passes * checked)
      }
      for child in children {
        let own = result[child]!
        tally.leaves += own.leaves
        tally.checked += own.checked
        tally.passing += own.passing
        tally.passingChecked += own.passingChecked
      }
      result[value] = tally
    }
    return result
  }

  func checkState(of id: Int) -> CheckState { tallies[id]!.state }

  func checkedLeafCount(in id: Int?) -> Int {
    id.map { tallies[$0]!.checked } ?? checkedLeaves.count
  }

  /// The checked leaves in preorder.
  var checkedLeaves: [Int] {
    preorder.filter { nodes[$0]!.children.isEmpty && marks[$0] == true }
  }

  mutating func setChecked(_ checked: Bool, _ id: Int) {
    for value in subtree(of: id) { marks[value] = checked }
  }

  /// Every node's state.
  var checkStates: [Int: CheckState] {
    // With no checked leaf every state is unchecked.
    guard marks.values.contains(true) else { return nodes.mapValues { _ in .unchecked } }
    return tallies.mapValues(\.state)
  }

  /// What a row draws besides its value, depth and flag: its disclosure
  /// and its checkbox.
  struct Decorations {
    var showing: Set<Int>
    var states: [Int: CheckState]
  }

  var decorations: Decorations { Decorations(showing: nodesShowingChildren, states: checkStates) }

  /// The nodes whose disclosure or check state differs from `before`.
  func decorationsTurned(since before: Decorations) -> Set<Int> {
    var turned = before.showing.symmetricDifference(nodesShowingChildren)
    for (value, state) in checkStates where before.states[value].map({ $0 != state }) == true { turned.insert(value) }
    return turned
  }
}
