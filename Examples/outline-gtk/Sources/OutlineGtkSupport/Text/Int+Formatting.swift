extension Int {
  /// The number with thousands separators, as the window's status line
  /// and the benchmark's table show counts: "1,000,000".
  ///
  /// - Complexity: O(d) for d digits.
  public var groupedDigits: String {
    let digits = String(magnitude)
    var result = self < 0 ? "-" : ""
    for (index, digit) in digits.enumerated() {
      if index > 0 && (digits.count - index) % 3 == 0 { result.append(",") }
      result.append(digit)
    }
    return result
  }
}

extension Int {
  /// The count with its noun: "1 match", "1,204 matches".
  ///
  /// - Complexity: O(d) for d digits.
  public func counted(_ singular: String, _ plural: String) -> String {
    "\(groupedDigits) \(self == 1 ? singular : plural)"
  }
}

extension Int {
  /// A size in bytes as a file browser shows it: "512 bytes", "1.5 KB",
  /// "23 MB" (powers of 1,000, three significant digits at most).
  ///
  /// - Complexity: O(1).
  public var byteCount: String {
    if self < 1000 { return counted("byte", "bytes") }
    var value = Double(self)
    var unit = 0
    let units = ["KB", "MB", "GB", "TB", "PB", "EB"]
    repeat {
      value /= 1000
      unit += 1
    } while value >= 999.5 && unit < units.count
    let decimals = value >= 99.5 ? 0 : value >= 9.95 ? 1 : 2
    var scale = 1.0
    for _ in 0 ..< decimals { scale *= 10 }
    let rounded = (value * scale).rounded() / scale
    let text = rounded == rounded.rounded() ? "\(Int(rounded))" : "\(rounded)"
    return "\(text) \(units[unit - 1])"
  }
}
