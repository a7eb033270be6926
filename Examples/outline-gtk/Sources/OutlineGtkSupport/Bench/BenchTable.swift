/// The benchmark's results: for each operation, the samples of each
/// column, printed as a Markdown table of medians.
///
/// ```swift
/// var table = BenchTable(title: "10⁶ nodes, balanced", columns: ["engine", "GtkTreeListModel"],
///                        ratio: (of: "GtkTreeListModel", to: "engine"))
/// table.add(0.0012, operation: "expand all", column: "engine")
/// table.add(0.4100, operation: "expand all", column: "GtkTreeListModel")
/// print(table.markdown)
/// ```
public struct BenchTable: Sendable {
  /// What the table is about: the tree's size and shape.
  public var title: String
  /// The columns, in order.
  public let columns: [String]
  /// A last column that divides one column's medians by another's.
  public let ratio: (of: String, to: String)?
  /// The operations, in the order first added.
  public private(set) var operations: [String] = []
  private var samples: [String: [String: [Double]]] = [:]

  /// An empty table.
  ///
  /// - Complexity: O(1).
  public init(title: String, columns: [String], ratio: (of: String, to: String)? = nil) {
    self.title = title
    self.columns = columns
    self.ratio = ratio
  }

  /// Adds one timing, in seconds.
  ///
  /// - Precondition: `column` is one of ``columns``.
  /// - Complexity: O(1) amortized.
  public mutating func add(_ seconds: Double, operation: String, column: String) {
    precondition(columns.contains(column), "BenchTable: no column '\(column)'")
    if samples[operation] == nil { operations.append(operation) }
    samples[operation, default: [:]][column, default: []].append(seconds)
  }

  /// The timings of one operation and column.
  ///
  /// - Complexity: O(1).
  public func samples(of operation: String, column: String) -> [Double] {
    samples[operation]?[column] ?? []
  }

  /// The median of one operation and column, or nil without samples.
  ///
  /// - Complexity: O(k log k) for k samples.
  public func median(of operation: String, column: String) -> Double? {
    Self.median(samples(of: operation, column: column))
  }

  /// The middle value (the mean of the two middle ones for an even count).
  ///
  /// - Complexity: O(k log k).
  public static func median(_ values: [Double]) -> Double? {
    guard !values.isEmpty else { return nil }
    let sorted = values.sorted()
    let middle = sorted.count / 2
    return sorted.count % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
  }

  /// The table: one row per operation, the medians of every column, and
  /// the ratio when there is one.
  ///
  /// - Complexity: O(o · c · k log k) for o operations, c columns of k samples.
  public var markdown: String {
    let ratioTitle = ratio.map { ["\($0.of) ÷ \($0.to)"] } ?? []
    var lines = [
      "| " + ([title] + columns + ratioTitle).joined(separator: " | ") + " |",
      "|---|" + String(repeating: "---:|", count: columns.count + ratioTitle.count),
    ]
    for operation in operations {
      var cells = [operation] + columns.map { median(of: operation, column: $0).map(milliseconds) ?? "" }
      if let ratio {
        let of = median(of: operation, column: ratio.of)
        let to = median(of: operation, column: ratio.to)
        cells.append(of.flatMap { of in to.map { Self.ratio(of / $0) } } ?? "")
      }
      lines.append("| " + cells.joined(separator: " | ") + " |")
    }
    return lines.joined(separator: "\n")
  }

  /// A ratio with two significant digits: "0.52×", "7.4×", "312×".
  static func ratio(_ value: Double) -> String {
    if value >= 100 { return "\(Int(value.rounded()).groupedDigits)×" }
    let scale = value >= 10 ? 1.0 : value >= 1 ? 10.0 : 100.0
    let rounded = (value * scale).rounded() / scale
    return value >= 10 ? "\(Int(rounded))×" : "\(rounded)×"
  }
}
