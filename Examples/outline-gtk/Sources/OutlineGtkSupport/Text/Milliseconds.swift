/// A duration in seconds as the status line and the benchmark table show
/// it: "0.31 ms", "12.4 ms", "1,204 ms".
///
/// - Complexity: O(1).
public func milliseconds(_ seconds: Double) -> String {
  let ms = seconds * 1000
  if ms >= 1000 { return "\(Int(ms.rounded()).groupedDigits) ms" }
  let digits = ms < 1 ? 2 : ms < 10 ? 2 : ms < 100 ? 1 : 0
  var scale = 1.0
  for _ in 0 ..< digits { scale *= 10 }
  let rounded = (ms * scale).rounded() / scale
  return digits == 0 ? "\(Int(rounded)) ms" : "\(rounded) ms"
}
