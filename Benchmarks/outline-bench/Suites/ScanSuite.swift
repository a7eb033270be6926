import AllocationCounter
import Foundation
import OutlineFiles
import OutlineKit

/// `--scan DIR`: a real directory read into a `FileTree` against `du -sb`
/// of the same directory in the same run (caches warm, runs interleaved)
/// and against the `FileManager.enumerator` way; the tree's memory per
/// entry; and a folder of millions of empty files, listed, expanded,
/// reordered and scanned.
struct ScanSuite {
  let directory: String
  let samples: Int
  let bigFolderCount: Int

  /// The targets of issue 29.
  static let duRatioTarget = 1.3
  static let fileManagerSpeedupTarget = 3.0
  static let bytesPerEntryTarget = 64.0
  static let bigFolderSecondsTarget = 1.0

  func run() {
    say("== scan \(directory): FileTree against du -sb and FileManager, \(samples) runs each, interleaved, caches warm")
    guard let first = try? FileTree.scan(directory) else {
      say("cannot open \(directory)")
      return
    }
    let entries = first.entryCount(inside: first.root)
    let total = first[first.root].size
    let duOutput = processOutput("/usr/bin/du", ["-sb", directory]) ?? ""
    let duTotal = UInt64(duOutput.prefix(while: { $0.isNumber }))
    say("entries below the root: \(grouped(entries)); total \(grouped(Int(total))) bytes; du -sb says \(duTotal.map { grouped(Int($0)) } ?? "nothing")"
      + (duTotal == total ? " (equal)" : " (differs: the directory changed meanwhile, or see Docs/Files.md)"))
    _ = timeProcess("/usr/bin/du", ["-sb", directory])  // one more warm-up

    var du: [Double] = []
    var scan: [Double] = []
    var reading: [Double] = []
    var fileManager: [Double] = []
    var enumerating: [Double] = []
    for sample in 0 ..< samples {
      if let seconds = timeProcess("/usr/bin/du", ["-sb", directory]) { du.append(seconds) }
      let finished = LockedValue<Double>()
      let start = now()
      let tree = try? FileTree.scan(directory) { if $0.isFinished { finished.set($0.seconds) } }
      scan.append(Double(now() &- start) / 1e9)
      reading.append(finished.get() ?? 0)
      blackHole(tree)
      // The FileManager way is slow on big directories: three runs.
      if sample < 3 {
        let start = now()
        let built = FileManagerScanBaseline.scan(directory)
        fileManager.append(Double(now() &- start) / 1e9)
        enumerating.append(built.enumerating)
        blackHole(built)
      }
    }
    let duMedian = median(du)
    let scanMedian = median(scan)
    let fileManagerMedian = median(fileManager)
    say(line("du -sb (a process, start to exit)", du))
    say(line("FileTree.scan (read, order, build the outline)", scan))
    say(line("  of which reading the directory", reading))
    say(line("FileManager.enumerator + Outline(roots:children:)", fileManager))
    say(line("  of which the enumerator and resource values", enumerating))
    let duRatio = scanMedian / duMedian
    let speedup = fileManagerMedian / scanMedian
    say("FileTree / du = \(format2(duRatio))×; FileManager / FileTree = \(format2(speedup))×; "
      + "\(grouped(Int(Double(entries) / scanMedian))) entries/s")

    // Memory: the heap the tree holds, after the scan's own arrays are freed.
    let before = outline_bench_heap_bytes()
    let kept = try? FileTree.scan(directory)
    let after = outline_bench_heap_bytes()
    var bytesPerEntry = Double.nan
    if let kept, before != UInt64.max {
      let held = Double(after &- before)
      let nodes = Double(kept.outline.nodeCount)
      let names = Double(kept._nameBytes)
      bytesPerEntry = (held - names) / nodes
      say("memory: \(format2(held / nodes)) bytes per entry on the heap, of which names and link targets "
        + "\(format2(names / nodes)); \(format2(bytesPerEntry)) bytes per entry besides its name "
        + "(the tree's own count by capacity: \(format2((Double(kept._memoryBytes) - names) / nodes)))")
    }
    blackHole(kept)

    say("targets:")
    say("  FileTree.scan <= \(format2(Self.duRatioTarget))× du -sb: \(format2(duRatio))× — " + verdict(duRatio <= Self.duRatioTarget))
    say("  >= \(format2(Self.fileManagerSpeedupTarget))× faster than FileManager: \(format2(speedup))× — "
      + verdict(speedup >= Self.fileManagerSpeedupTarget))
    say("  <= \(Int(Self.bytesPerEntryTarget)) bytes per entry plus its name: \(format2(bytesPerEntry)) — "
      + verdict(bytesPerEntry <= Self.bytesPerEntryTarget))
    if bigFolderCount > 0 { runBigFolder() }
  }

  /// A folder of `bigFolderCount` empty files in a temporary directory.
  private func runBigFolder() {
    say("\n== a folder of \(grouped(bigFolderCount)) empty files")
    let start = now()
    guard let big = BigFolder(count: bigFolderCount) else {
      say("cannot make the folder under /tmp")
      return
    }
    defer { big.remove() }
    say("made in \(format2(Double(now() &- start) / 1e9)) s at \(big.root)")
    _ = timeProcess("/usr/bin/du", ["-sb", big.root])  // warm the caches

    var expand: [Double] = []
    var screen: [Double] = []
    var reorder: [Double] = []
    var scan: [Double] = []
    var du: [Double] = []
    for _ in 0 ..< min(samples, 3) {
      guard var tree = try? FileTree(lazy: big.root), let folder = tree.outline.children(of: tree.root).first else { return }
      var start = now()
      tree.expandNow(folder)
      expand.append(Double(now() &- start) / 1e9)
      // What a view shows next: the first screen of rows, named.
      start = now()
      var shown = 0
      for (id, info) in tree.outline.rowInfos(in: 0 ..< min(50, tree.outline.rowCount)) {
        shown &+= tree.name(of: id).description.count &+ info.depth
      }
      screen.append(Double(now() &- start) / 1e9)
      blackHole(shown)
      start = now()
      tree.setOrdering(FileOrdering(.size, foldersFirst: true))
      reorder.append(Double(now() &- start) / 1e9)
      blackHole(tree)
      if let seconds = timeProcess("/usr/bin/du", ["-sb", big.root]) { du.append(seconds) }
      start = now()
      let scanned = try? FileTree.scan(big.root)
      scan.append(Double(now() &- start) / 1e9)
      blackHole(scanned)
    }
    say(line("list the folder and expand it (expandNow)", expand))
    say(line("then draw the first screen (50 rows named)", screen))
    say(line("then order it by size (a minimal change)", reorder))
    say(line("FileTree.scan of the directory", scan))
    say(line("du -sb of the directory", du))
    let listed = median(expand) + median(screen)
    say("targets:")
    say("  lists and expands in < \(format2(Self.bigFolderSecondsTarget)) s: \(format2(listed)) s — "
      + verdict(listed < Self.bigFolderSecondsTarget))
  }

  private func median(_ values: [Double]) -> Double {
    values.isEmpty ? .nan : values.sorted()[values.count / 2]
  }

  private func line(_ name: String, _ values: [Double]) -> String {
    let sorted = values.sorted()
    guard let low = sorted.first, let high = sorted.last else { return name + ": not measured" }
    return name.padding(toLength: 52, withPad: " ", startingAt: 0)
      + "median \(format2(median(values), digits: 3)) s  (\(format2(low, digits: 3)) ... \(format2(high, digits: 3)), \(values.count) runs)"
  }

  private func verdict(_ met: Bool) -> String { met ? "met" : "MISSED" }

  /// `--scan-once DIR`: one scan, its total and count printed, for timing
  /// the whole process from outside.
  static func scanOnce(_ directory: String) -> Int32 {
    do {
      let tree = try FileTree.scan(directory)
      say("\(tree[tree.root].size)\t\(tree.entryCount(inside: tree.root))\t\(directory)")
      return 0
    } catch {
      say("outline-bench: \(error)")
      return 1
    }
  }
}

extension ScanSuite {
  /// `--list-once DIR`: DIR opened lazily and each of its folders listed
  /// (expanded) once; the rows printed.
  static func listOnce(_ directory: String) -> Int32 {
    do {
      var tree = try FileTree(lazy: directory)
      for child in Array(tree.outline.children(of: tree.root)) where tree[child].isFolder { tree.expandNow(child) }
      say("\(tree.outline.rowCount) rows\t\(directory)")
      return 0
    } catch {
      say("outline-bench: \(error)")
      return 1
    }
  }
}

/// Prints a line at once, into a file too (the suite's steps take
/// minutes).
func say(_ line: String) {
  print(line)
  fflush(nil)
}

/// A value one thread sets and another reads.
final class LockedValue<Value>: @unchecked Sendable {
  private let lock = NSLock()
  private var value: Value?

  func set(_ newValue: Value) {
    lock.lock()
    value = newValue
    lock.unlock()
  }

  func get() -> Value? {
    lock.lock()
    defer { lock.unlock() }
    return value
  }
}
