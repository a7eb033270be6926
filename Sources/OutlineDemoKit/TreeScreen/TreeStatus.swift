/// The status bar the tree screens share: the focused row of the rows, the
/// node count, the selection, and the search in force or the last
/// operation with its time, joined by ` · `.
///
/// ```text
/// row 4 of 111,120 · 1,000,000 nodes · 2 selected · expand: 4.08 ms
/// ```
enum TreeStatus {
  /// The status line: `leading` facts, the row, `nodes` (a counted noun),
  /// the selection, `trailing` facts, then the search or the last
  /// operation.
  ///
  /// - Complexity: O(length of the facts).
  static func line(
    leading: [String] = [], focusedRow: Int, rowCount: Int, nodes: String, selectedCount: Int, trailing: [String] = [],
    search: TreeSearch, lastOperation: (name: String, seconds: Double)?
  ) -> String {
    var facts = leading
    facts.append("row \(DemoFormat.count(rowCount == 0 ? 0 : focusedRow + 1)) of \(DemoFormat.count(rowCount))")
    facts.append(nodes)
    if selectedCount > 0 { facts.append("\(DemoFormat.count(selectedCount)) selected") }
    facts += trailing
    if let fact = search.statusFact {
      facts.append("search " + fact)
    } else if let lastOperation {
      facts.append("\(lastOperation.name): \(DemoFormat.duration(lastOperation.seconds))")
    }
    return facts.joined(separator: " · ")
  }
}
