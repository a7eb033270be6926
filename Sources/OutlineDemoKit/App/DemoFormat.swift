/// Numbers and durations as the demo's status lines write them, the same
/// in every locale (tests compare them).
package enum DemoFormat {
  /// A whole number with thousands separators: `1,000,000`.
  ///
  /// - Complexity: O(digits).
  package static func count(_ value: Int) -> String {
    let digits = String(value.magnitude)
    var result = ""
    for (offset, digit) in digits.enumerated() {
      if offset > 0 && (digits.count - offset) % 3 == 0 { result.append(",") }
      result.append(digit)
    }
    return value < 0 ? "-" + result : result
  }

  /// A count and a noun, singular or plural: `1 row`, `12 rows`.
  ///
  /// - Complexity: O(digits).
  package static func count(_ value: Int, _ singular: String, _ plural: String? = nil) -> String {
    "\(count(value)) \(value == 1 ? singular : plural ?? singular + "s")"
  }

  /// A duration in seconds, to three significant figures: `850 µs`,
  /// `0.42 ms`… `12.3 ms`, `1.25 s`.
  ///
  /// - Complexity: O(1).
  package static func duration(_ seconds: Double) -> String {
    guard seconds.isFinite, seconds >= 0 else { return "-" }
    if seconds < 0.000_1 { return "\(Int((seconds * 1e6).rounded())) µs" }
    if seconds < 1 { return decimal(seconds * 1000, figures: 3) + " ms" }
    return decimal(seconds, figures: 3) + " s"
  }

  /// A positive number with about `figures` significant digits and no
  /// trailing zeros after the point: 0.4213 → "0.421", 12.34 → "12.3".
  private static func decimal(_ value: Double, figures: Int) -> String {
    var decimals = figures - 1
    var magnitude = 1.0
    while value >= magnitude * 10 && decimals > 0 {
      magnitude *= 10
      decimals -= 1
    }
    var scale = 1.0
    for _ in 0 ..< decimals { scale *= 10 }
    let scaled = Int((value * scale).rounded())
    var text = String(scaled / Int(scale))
    let fraction = scaled % Int(scale)
    if decimals > 0 && fraction > 0 {
      var digits = String(fraction)
      digits = String(repeating: "0", count: decimals - digits.count) + digits
      while digits.last == "0" { digits.removeLast() }
      text += "." + digits
    }
    return text
  }
}
