#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// `chart.svg`: median time per operation against n, log-log, one panel per
/// operation; color is the subject, line style and marker the shape.
/// Hand-written SVG, no dependencies.
struct Chart {
  let report: Report
  let caption: String

  static let columns = 4
  static let panelWidth = 330.0
  static let panelHeight = 250.0
  /// Plot area inside a panel.
  static let plotLeft = 62.0, plotRight = 12.0, plotTop = 28.0, plotBottom = 34.0
  static let legendHeight = 74.0

  static func color(_ subject: Subject) -> String {
    switch subject {
    case .engine: "#d62728"
    case .tutorial: "#8c8c8c"
    case .flat: "#1f77b4"
    case .counts: "#2ca02c"
    case .byHand: "#9467bd"
    }
  }

  static func dash(_ shape: TreeSpec.Shape) -> String {
    switch shape {
    case .balanced: ""
    case .wide: "7 4"
    case .chain: "2 3"
    case .realistic: "9 3 2 3"
    }
  }

  /// A marker centred on (x, y).
  static func marker(_ shape: TreeSpec.Shape, x: Double, y: Double, color: String) -> String {
    switch shape {
    case .balanced:
      return "<circle cx=\"\(f(x))\" cy=\"\(f(y))\" r=\"2.6\" fill=\"\(color)\"/>"
    case .wide:
      return "<rect x=\"\(f(x - 2.5))\" y=\"\(f(y - 2.5))\" width=\"5\" height=\"5\" fill=\"\(color)\"/>"
    case .chain:
      return "<path d=\"M\(f(x)) \(f(y - 3.2))L\(f(x + 3)) \(f(y + 2.4))L\(f(x - 3)) \(f(y + 2.4))Z\" fill=\"\(color)\"/>"
    case .realistic:
      return "<path d=\"M\(f(x)) \(f(y - 3.4))L\(f(x + 3.4)) \(f(y))L\(f(x)) \(f(y + 3.4))L\(f(x - 3.4)) \(f(y))Z\" fill=\"none\" stroke=\"\(color)\" stroke-width=\"1.2\"/>"
    }
  }

  var svg: String {
    let operations = Operation.allCases.filter { op in op.isTimed && report.results.contains { $0.operation == op && $0.outcome.timing != nil } }
    let rows = (operations.count + Chart.columns - 1) / Chart.columns
    let width = Double(Chart.columns) * Chart.panelWidth
    let height = Chart.legendHeight + Double(rows) * Chart.panelHeight + 24
    var out = """
      <svg xmlns="http://www.w3.org/2000/svg" width="\(f(width))" height="\(f(height))" viewBox="0 0 \(f(width)) \(f(height))" font-family="Helvetica, Arial, sans-serif" font-size="11">
      <rect width="100%" height="100%" fill="white"/>
      <text x="12" y="20" font-size="15" font-weight="bold">outline-bench: median time per operation vs. number of nodes (log-log; lower is better)</text>

      """
    out += legend()
    for (k, operation) in operations.enumerated() {
      let x = Double(k % Chart.columns) * Chart.panelWidth
      let y = Chart.legendHeight + Double(k / Chart.columns) * Chart.panelHeight
      out += panel(operation, x: x, y: y)
    }
    out += "<text x=\"12\" y=\"\(f(height - 8))\" font-size=\"10\" fill=\"#555\">\(escape(caption))</text>\n"
    out += "</svg>\n"
    return out
  }

  private func legend() -> String {
    var out = ""
    var x = 12.0
    for subject in Subject.allCases where report.results.contains(where: { $0.subject == subject }) {
      out += "<line x1=\"\(f(x))\" y1=\"40\" x2=\"\(f(x + 26))\" y2=\"40\" stroke=\"\(Chart.color(subject))\" stroke-width=\"3\"/>"
      out += "<text x=\"\(f(x + 32))\" y=\"44\">\(escape(subject.label))</text>\n"
      x += 170
    }
    x = 12
    for shape in TreeSpec.Shape.allCases where report.results.contains(where: { $0.shape == shape }) {
      out += "<line x1=\"\(f(x))\" y1=\"60\" x2=\"\(f(x + 26))\" y2=\"60\" stroke=\"#333\" stroke-width=\"1.5\" stroke-dasharray=\"\(Chart.dash(shape))\"/>"
      out += Chart.marker(shape, x: x + 13, y: 60, color: "#333")
      out += "<text x=\"\(f(x + 32))\" y=\"64\">\(shape.rawValue)</text>\n"
      x += 170
    }
    return out
  }

  private func panel(_ operation: Operation, x: Double, y: Double) -> String {
    let points = report.results.filter { $0.operation == operation }
    let values = points.compactMap { $0.outcome.timing?.median }.filter { $0 > 0 }
    let counts = points.map(\.count)
    guard let lowValue = values.min(), let highValue = values.max(), let lowN = counts.min(), let highN = counts.max() else { return "" }
    let xLow = floorLog10(Double(lowN)), xHigh = Swift.max(ceilLog10(Double(highN)), xLow + 1)
    let yLow = floorLog10(lowValue), yHigh = Swift.max(ceilLog10(highValue), yLow + 1)
    let left = x + Chart.plotLeft, right = x + Chart.panelWidth - Chart.plotRight
    let top = y + Chart.plotTop, bottom = y + Chart.panelHeight - Chart.plotBottom
    func px(_ n: Double) -> Double { left + (log10(n) - Double(xLow)) / Double(xHigh - xLow) * (right - left) }
    func py(_ v: Double) -> Double { bottom - (log10(v) - Double(yLow)) / Double(yHigh - yLow) * (bottom - top) }

    var out = "<g>\n"
    out += "<text x=\"\(f(left))\" y=\"\(f(y + 17))\" font-size=\"12\" font-weight=\"bold\">\(escape(operation.rawValue)) <tspan font-weight=\"normal\" fill=\"#555\">(\(operation.unit))</tspan></text>\n"
    out += "<rect x=\"\(f(left))\" y=\"\(f(top))\" width=\"\(f(right - left))\" height=\"\(f(bottom - top))\" fill=\"none\" stroke=\"#999\"/>\n"
    // Decade grid and labels.
    for e in xLow ... xHigh {
      let gx = px(pow10(e))
      out += "<line x1=\"\(f(gx))\" y1=\"\(f(top))\" x2=\"\(f(gx))\" y2=\"\(f(bottom))\" stroke=\"#e5e5e5\"/>"
      out += "<text x=\"\(f(gx))\" y=\"\(f(bottom + 14))\" text-anchor=\"middle\">10\(superscript(e))</text>\n"
    }
    for e in yLow ... yHigh {
      let gy = py(pow10(e))
      out += "<line x1=\"\(f(left))\" y1=\"\(f(gy))\" x2=\"\(f(right))\" y2=\"\(f(gy))\" stroke=\"#e5e5e5\"/>"
      out += "<text x=\"\(f(left - 5))\" y=\"\(f(gy + 4))\" text-anchor=\"end\">\(decadeLabel(e))</text>\n"
    }
    out += "<text x=\"\(f((left + right) / 2))\" y=\"\(f(bottom + 28))\" text-anchor=\"middle\" fill=\"#555\">nodes</text>\n"
    // One line per subject and shape.
    for subject in Subject.allCases {
      for shape in TreeSpec.Shape.allCases {
        let series = points.filter { $0.subject == subject && $0.shape == shape }
          .compactMap { r in r.outcome.timing.map { (Double(r.count), $0.median) } }
          .filter { $0.1 > 0 }
          .sorted { $0.0 < $1.0 }
        guard !series.isEmpty else { continue }
        let color = Chart.color(subject)
        let path = series.enumerated().map { k, p in (k == 0 ? "M" : "L") + "\(f(px(p.0))) \(f(py(p.1)))" }.joined()
        out += "<path d=\"\(path)\" fill=\"none\" stroke=\"\(color)\" stroke-width=\"1.5\" stroke-dasharray=\"\(Chart.dash(shape))\"/>"
        for p in series { out += Chart.marker(shape, x: px(p.0), y: py(p.1), color: color) }
        out += "\n"
      }
    }
    out += "</g>\n"
    return out
  }
}

// MARK: - Helpers

private func f(_ x: Double) -> String { format2(x, digits: 1) }

private func pow10(_ e: Int) -> Double {
  var v = 1.0
  if e >= 0 { for _ in 0 ..< e { v *= 10 } } else { for _ in 0 ..< -e { v /= 10 } }
  return v
}

private func floorLog10(_ x: Double) -> Int {
  var e = 0
  while pow10(e + 1) <= x { e += 1 }
  while pow10(e) > x { e -= 1 }
  return e
}

private func ceilLog10(_ x: Double) -> Int {
  let e = floorLog10(x)
  return pow10(e) >= x ? e : e + 1
}

private func superscript(_ e: Int) -> String {
  let digits: [Character] = ["⁰", "¹", "²", "³", "⁴", "⁵", "⁶", "⁷", "⁸", "⁹"]
  return (e < 0 ? "⁻" : "") + String(String(abs(e)).map { digits[Int(String($0))!] })
}

/// A decade of nanoseconds (or bytes-free units) as "1 ns", "10 us", "1 s".
private func decadeLabel(_ e: Int) -> String {
  switch e {
  case ..<0: "10\(superscript(e)) ns"
  case 0 ..< 3: "\(Int(pow10(e))) ns"
  case 3 ..< 6: "\(Int(pow10(e - 3))) µs"
  case 6 ..< 9: "\(Int(pow10(e - 6))) ms"
  default: "\(Int(pow10(e - 9))) s"
  }
}

private func escape(_ text: String) -> String {
  var out = ""
  for c in text {
    switch c {
    case "&": out += "&amp;"
    case "<": out += "&lt;"
    case ">": out += "&gt;"
    default: out.append(c)
    }
  }
  return out
}
