#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Command-line options.
struct BenchOptions {
  var sizes: [Int] = [1_000, 10_000, 100_000, 1_000_000]
  var quick = false
  var outputDirectory: String?
  /// Samples of each cheap operation (lookups, iteration); operations timed
  /// one per sample (expand, insert, ...) take `singleSamples`.
  var samples = 21
  var singleSamples: Int { samples * 5 }
  /// Samples of O(n) operations (build, expandAll).
  var bulkSamples: Int { Swift.max(3, samples / 3) }
  /// Only these shapes / subjects / operations (all when empty).
  var shapes: [String] = []
  var subjects: [String] = []
  var operations: [String] = []
  /// `--scan [DIR]`: the file-tree suite on DIR instead of the engine's.
  var scanDirectory: String?
  /// `--scan-once DIR`: one scan, for timing the whole process.
  var scanOnce: String?
  /// `--list-once DIR`: DIR opened lazily, its folders listed, once.
  var listOnce: String?
  /// `--big-folder N`: the file-tree suite's folder of N empty files (0: none).
  var bigFolderCount = 2_000_000
  /// `--json`: the JSON suite instead of the trees (see JSONSuite), on
  /// generated documents of these sizes in MB and on these files.
  var json = false
  var jsonSizes = [1, 10, 100]
  var jsonFiles: [String] = []
  /// `--json-gigabyte`: also open a 1 GB document once.
  var jsonGigabyte = false
  /// `--json-reader R`: only these readers (all when empty).
  var jsonReaders: [String] = []

  init(arguments: [String]) {
    var k = 0
    func value() -> String {
      k += 1
      guard k < arguments.count else { fail("\(arguments[k - 1]) needs a value") }
      return arguments[k]
    }
    var maxNodes = 1_000_000
    var minNodes = 1_000
    var samplesGiven = false
    var hundredMillion = false
    while k < arguments.count {
      switch arguments[k] {
      case "--quick":
        quick = true
      case "--hundred-million":
        hundredMillion = true
      case "--max-nodes":
        guard let n = Int(value()), n >= 1_000 else { fail("--max-nodes takes a number >= 1000") }
        maxNodes = n
      case "--min-nodes":
        guard let n = Int(value()), n >= 1_000 else { fail("--min-nodes takes a number >= 1000") }
        minNodes = n
      case "--out":
        outputDirectory = value()
      case "--samples":
        guard let n = Int(value()), n >= 3 else { fail("--samples takes a number >= 3") }
        samples = n
        samplesGiven = true
      case "--shape":
        let shape = value()
        guard TreeSpec.Shape(rawValue: shape) != nil else { fail("unknown shape \(shape)") }
        shapes.append(shape)
      case "--subject":
        let subject = value()
        guard Subject(rawValue: subject) != nil else { fail("unknown subject \(subject)") }
        subjects.append(subject)
      case "--operation":
        operations.append(value())
      case "--scan":
        // The directory is optional: the system's /usr by default.
        if k + 1 < arguments.count && !arguments[k + 1].hasPrefix("--") {
          scanDirectory = value()
        } else {
          scanDirectory = "/usr"
        }
      case "--scan-once":
        scanOnce = value()
      case "--list-once":
        listOnce = value()
      case "--big-folder":
        guard let n = Int(value()), n >= 0 else { fail("--big-folder takes a number >= 0") }
        bigFolderCount = n
      case "--json":
        json = true
      case "--json-sizes":
        let sizes = value().split(separator: ",").map { Int($0) }
        guard !sizes.isEmpty, sizes.allSatisfy({ ($0 ?? 0) >= 1 }) else { fail("--json-sizes takes megabytes, e.g. 1,10,100") }
        jsonSizes = sizes.map { $0! }
      case "--json-reader":
        let reader = value()
        guard JSONReader(rawValue: reader) != nil || JSONReader.allCases.contains(where: { $0.shortName == reader }) else {
          fail("unknown reader \(reader) (outline, serialization, decoder, python)")
        }
        json = true
        jsonReaders.append(reader)
      case "--json-gigabyte":
        json = true
        jsonGigabyte = true
      case let file where json && !file.hasPrefix("-"):
        jsonFiles.append(file)
      case "--help", "-h":
        print("""
          usage: outline-bench [--quick] [--min-nodes N] [--max-nodes N] [--samples K] [--out DIR]
                               [--shape S] [--subject S] [--operation O]
            --quick        sizes 10^3 and 10^4 only, few samples (CI: checks that everything runs)
            --min-nodes N  smallest tree (default 1000)
            --max-nodes N  largest tree (default 1000000; 10000000 for the full run)
            --hundred-million  also 10^8 nodes (about 8 GB; with --subject engine and the
                           --operation rows to time, as Docs/Benchmarks.md's 10^8 table)
            --samples K    samples per measurement (default 21; x5 for one-operation samples)
            --out DIR      write results.csv and chart.svg there (after each size)
            --shape S      only shape S (balanced, wide, chain, realistic); repeatable
            --subject S    only subject S (engine, tutorial, flat, counts, by-hand); repeatable
            --operation O  only operations whose name starts with O; repeatable
          outline-bench --scan [DIR] [--samples K] [--big-folder N]
            --scan DIR     file trees instead: FileTree against du -sb and FileManager on DIR
                           (default /usr), bytes per entry, and a folder of N empty files
                           made under /tmp and removed after (default 2000000; 0: none);
                           K runs each (default 5)
            --scan-once DIR  scan DIR once and print its total and entry count (for timing
                           the whole process from outside)
            --list-once DIR  open DIR lazily and list (expand) each of its folders once

          usage: outline-bench --json [--json-sizes MB,MB,...] [--json-gigabyte] [--quick] [FILE...]
            --json            JSON documents opened as outlines against JSONSerialization,
                              JSONDecoder and python3's json.loads: generated API responses
                              of 1, 10 and 100 MB, and the FILEs (.jsonl: JSON Lines)
            --json-sizes S    the generated documents' sizes in MB (default 1,10,100)
            --json-gigabyte   also open a generated 1 GB document once (about 3 GB of memory)
            --json-reader R   only reader R (outline, serialization, decoder, python); repeatable
          """)
        exit(0)
      default:
        fail("unknown option \(arguments[k]) (try --help)")
      }
      k += 1
    }
    if quick {
      if json { jsonSizes = [1] }
      sizes = [1_000, 10_000]
      if !samplesGiven { samples = 5 }
    } else {
      sizes = [1_000, 10_000, 100_000, 1_000_000, 10_000_000].filter { minNodes <= $0 && $0 <= maxNodes }
      // 10^8 takes about 8 GB with a tree spec and a baseline beside the
      // engine: only when asked, whatever --max-nodes says.
      if hundredMillion { sizes.append(100_000_000) }
    }
  }
}

func fail(_ message: String) -> Never {
  print("outline-bench: \(message)")
  exit(2)
}

extension BenchOptions {
  func includes(operation: String) -> Bool {
    operations.isEmpty || operations.contains { operation.hasPrefix($0) }
  }

  func includes(subject: Subject) -> Bool {
    subjects.isEmpty || subjects.contains(subject.rawValue)
  }

  /// Samples of a JSON reader on a document of `bytes` bytes: fewer for
  /// bigger documents (JSONSerialization takes seconds at 100 MB).
  func jsonSamples(forBytes bytes: Int) -> Int {
    if quick { return 3 }
    return bytes >= 50_000_000 ? 3 : bytes >= 5_000_000 ? 7 : 15
  }

  func includes(reader: JSONReader) -> Bool {
    jsonReaders.isEmpty || jsonReaders.contains(reader.shortName) || jsonReaders.contains(reader.rawValue)
  }

  func includes(shape: TreeSpec.Shape) -> Bool {
    shapes.isEmpty || shapes.contains(shape.rawValue)
  }
}
