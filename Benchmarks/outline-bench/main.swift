import OutlineKit
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

// outline-bench: measures the engine on trees up to ten million nodes.
// Run with `swift run -c release outline-bench [--quick] [--max-nodes N] [--out DIR]`.

#if DEBUG
print("outline-bench: refusing to report timings from a debug build; run `swift run -c release outline-bench`.")
exit(1)
#endif
if Outline<Int>._internalChecksEnabled {
  print("outline-bench: refusing to report timings with OUTLINE_INTERNAL_CHECKS on.")
  exit(1)
}

let options = BenchOptions(arguments: Array(CommandLine.arguments.dropFirst()))
var report = Report(options: options)
for n in options.sizes {
  for shape in TreeSpec.Shape.allCases where options.shapes.isEmpty || options.shapes.contains(shape.rawValue) {
    let spec = TreeSpec(shape: shape, count: n, seed: 0xB0A7 &+ UInt64(n))
    EngineSuite(spec: spec, options: options).run(into: &report)
  }
}
report.finish()
