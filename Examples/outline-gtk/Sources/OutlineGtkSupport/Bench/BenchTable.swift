/// The benchmark's results: for each operation, the samples of each list
/// model, printed as a Markdown table of medians.
///
/// ```swift
/// var table = BenchTable(title: "10⁶ nodes, balanced")
/// table.add(0.0012, operation: "expand all", model: .engine)
/// table.add(0.4100, operation: "expand all", model: .gtk)
/// print(table.markdown)
/// ```
public struct BenchTable: Sendable {
  /// The two models compared.
  public enum Model: Hashable, Sendable {
    case engine, gtk
  }

  /// What the table is about: the tree's size and shape.
  public var title: String
  /// The operations, in the order first added.
  public private(set) var operations: [String] = []
  private var samples: [String: [Model: [Double]]] = [:]

  /// An empty table.
  ///
  /// - Complexity: O(1).
  public init(title: String) {
    self.title = title
  }

  /// Adds one timing, in seconds.
  ///
  /// - Complexity: O(1) amortized.
  public mutating func add(_ seconds: Double, operation: String, model: Model) {
    if samples[operation] == nil { operations.append(operation) }
    samples[operation, default: [:]][model, default: []].append(seconds)
  }

  /// The timings of one operation and model.
  ///
  /// - Complexity: O(1).
  public func samples(of operation: String, model: Model) -> [Double] {
    samples[operation]?[model] ?? []
  }

  /// The median of one operation and model, or nil without samples.
  ///
  /// - Complexity: O(k log k) for k samples.
  public func median(of operation: String, model: Model) -> Double? {
    Self.median(samples(of: operation, model: model))
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

  /// The table: one row per operation, the medians of both models, and
  /// how many times longer GTK's model took.
  ///
  /// - Complexity: O(o · k log k) for o operations of k samples.
  public var markdown: String {
    var lines = [
      "| \(title) | engine | GtkTreeListModel | GtkTreeListModel ÷ engine |",
      "|---|---:|---:|---:|",
    ]
    for operation in operations {
      let engine = median(of: operation, model: .engine)
      let gtk = median(of: operation, model: .gtk)
      let ratio = engine.flatMap { engine in gtk.map { Self.ratio($0 / engine) } } ?? ""
      lines.append(
        "| \(operation) | \(engine.map(milliseconds) ?? "") | \(gtk.map(milliseconds) ?? "") | \(ratio) |")
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
