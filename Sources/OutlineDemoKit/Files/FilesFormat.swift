/// Sizes and shares as the file screen shows them.
package enum FilesFormat {
  /// A size in binary units, three significant digits at most, as ncdu
  /// and `du -h` show them: "512 B", "4.0 KiB", "12.4 MiB", "4.6 GiB".
  ///
  /// - Complexity: O(1).
  package static func size(_ bytes: UInt64) -> String {
    let units = ["B", "KiB", "MiB", "GiB", "TiB", "PiB", "EiB"]
    guard bytes >= 1024 else { return "\(bytes) B" }
    var value = Double(bytes)
    var unit = 0
    while value >= 1024 && unit < units.count - 1 {
      value /= 1024
      unit += 1
    }
    let rounded = value >= 100 ? value.rounded() : (value * 10).rounded() / 10
    let text = value >= 100 ? "\(Int(rounded))" : oneDecimal(rounded)
    return text + " " + units[unit]
  }

  /// A bar of `cells` cells for a share 0 ... 1, in eighths of a cell:
  /// `███▍      ` for 0.34 of 10 cells.
  ///
  /// - Complexity: O(cells).
  package static func bar(_ share: Double, cells: Int) -> String {
    let eighths = Int((max(0, min(1, share)) * Double(cells * 8)).rounded())
    let partial = ["", "▏", "▎", "▍", "▌", "▋", "▊", "▉"]
    var text = String(repeating: "█", count: eighths / 8) + partial[eighths % 8]
    text += String(repeating: " ", count: cells - eighths / 8 - (eighths % 8 > 0 ? 1 : 0))
    return text
  }

  /// One decimal, always shown: "4.0", "12.4".
  private static func oneDecimal(_ value: Double) -> String {
    let tenths = Int((value * 10).rounded())
    return "\(tenths / 10).\(tenths % 10)"
  }
}
