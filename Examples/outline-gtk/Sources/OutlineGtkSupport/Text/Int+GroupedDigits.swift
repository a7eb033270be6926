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
