import OutlineKit
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

// outline-bench: the engine against the approaches it replaces, on trees up
// to ten million nodes. `swift run -c release outline-bench --help`.

/// Whether this is a debug build, which the benchmark refuses to time. (A
/// function rather than an `#if` around `exit`, so a debug build does not
/// warn that the rest of the file is never executed.)
func isDebugBuild() -> Bool {
  #if DEBUG
  return true
  #else
  return false
  #endif
}
if isDebugBuild() {
  print("outline-bench: refusing to report timings from a debug build; run `swift run -c release outline-bench`.")
  exit(1)
}
if Outline<Int>._internalChecksEnabled {
  print("outline-bench: refusing to report timings with OUTLINE_INTERNAL_CHECKS on.")
  exit(1)
}

let options = BenchOptions(arguments: Array(CommandLine.arguments.dropFirst()))
if let directory = options.scanOnce { exit(ScanSuite.scanOnce(directory)) }
if let directory = options.listOnce { exit(ScanSuite.listOnce(directory)) }
let machine = MachineInfo.current()
for (key, value) in machine.lines { print("\(key): \(value)") }
if let directory = options.scanDirectory {
  let samples = CommandLine.arguments.contains("--samples") ? options.samples : 5
  ScanSuite(directory: directory, samples: samples, bigFolderCount: options.bigFolderCount).run()
  exit(0)
}
if options.json {
  JSONSuite(options: options).run()
  exit(0)
}
print("speedups in parentheses: baseline median / engine median (engine : baseline = 1 : x)\n")

let started = now()
var report = Report(options: options)

/// Writes the results so far; called after each size too, so a long run that
/// is interrupted keeps the sizes it finished.
func writeResults(_ report: Report, machine: MachineInfo, to directory: String) {
  makeDirectory(directory)
  writeTextFile(directory + "/results.csv", resultsCSV(report, machine: machine))
  let caption = "\(machine.cpu), \(machine.cores) cores; \(machine.compiler), \(machine.configuration); load average at start \(machine.loadAverage)"
  writeTextFile(directory + "/chart.svg", Chart(report: report, caption: caption).svg)
}

for n in options.sizes {
  if n >= 100_000_000 {
    // The floor under the cold figures at this size: the index spans
    // gigabytes, past the caches and the reach of the TLB.
    print("dependent read, 2 GiB (the index's size at 10^8): \(format2(dependentReadNanoseconds(megabytes: 2048))) ns")
  }
  for shape in TreeSpec.Shape.allCases where options.includes(shape: shape) {
    if shape == .chain && n - 1 > Outline<Int>.maximumDepth {
      print("\n== chain, n = \(n): skipped: a chain this long is deeper than an outline holds (\(Outline<Int>.maximumDepth) levels)")
      continue
    }
    let workload = Workload(spec: TreeSpec(shape: shape, count: n, seed: 0xB0A7 &+ UInt64(n)))
    // The versions a tree is updated between, for the engine and (d).
    let versions = UpdateSuite.isIncluded(options) ? UpdateVersions(spec: workload.spec) : nil
    // The engine first: its model is the reference the baselines are
    // cross-checked against.
    var reference: EngineModel?
    if options.includes(subject: .engine) {
      var engine = CommonSuite<EngineModel>(workload: workload, options: options).run(into: &report)
      report.noteMemory(workload, indexBytes: engine.outline._indexMemoryBytes)
      EngineSuite(workload: workload, options: options).run(&engine, into: &report)
      FilterSuite(workload: workload, options: options).run(&engine, into: &report)
      DragAndDropSuite(workload: workload, options: options).run(&engine, into: &report)
      HistorySuite(workload: workload, options: options).run(&engine, versions: versions, into: &report)
      if n <= CrossCheck.limit { reference = engine }
      GeometrySuite(workload: workload, options: options).run(into: &report)
      StickyRowsSuite(workload: workload, options: options).run(into: &report)
      CheckmarkSuite(workload: workload, options: options).run(engine, into: &report)
      SearchSuite(workload: workload, options: options).run(engine, into: &report)
      if let versions { UpdateSuite(workload: workload, options: options).run(versions, into: &report) }
    } else if n <= CrossCheck.limit {
      var engine = EngineModel.build(preorder: workload.preorder)
      engine.prepare(expanded: workload.expanded)
      reference = engine
    }
    if options.includes(subject: .tutorial) {
      _ = CommonSuite<TutorialBaseline>(workload: workload, options: options).run(into: &report, reference: reference)
    }
    if options.includes(subject: .flat) {
      _ = CommonSuite<FlatVisibleBaseline>(workload: workload, options: options).run(into: &report, reference: reference)
    }
    if options.includes(subject: .counts) {
      _ = CommonSuite<VisibleCountsBaseline>(workload: workload, options: options).run(into: &report, reference: reference)
    }
    if options.includes(subject: .byHand) {
      FilterSuite(workload: workload, options: options).runByHand(into: &report, reference: reference)
      GeometrySuite(workload: workload, options: options).runByHand(into: &report, reference: reference)
      DragAndDropSuite(workload: workload, options: options).runByHand(into: &report, reference: reference)
      HistorySuite(workload: workload, options: options).runByHand(reference, into: &report)
      StickyRowsSuite(workload: workload, options: options).runByHand(into: &report, reference: reference)
      CheckmarkSuite(workload: workload, options: options).runByHand(into: &report, reference: reference)
      if let versions { UpdateSuite(workload: workload, options: options).runByHand(versions, into: &report) }
    }
    report.printTable(for: workload)
    fflush(nil)  // show progress when the output is a file
  }
  report.notePeakResident(after: n)
  if let directory = options.outputDirectory { writeResults(report, machine: machine, to: directory) }
}
Targets(report: report, memoryRead: machine.memoryReadNanoseconds).print()
let seconds = Double(now() - started) / 1e9
print("finished in \(format2(seconds, digits: 1)) s; load average at end \(currentLoadAverage())")

if let directory = options.outputDirectory {
  writeResults(report, machine: machine, to: directory)
  print("wrote \(directory)/results.csv and \(directory)/chart.svg")
}
