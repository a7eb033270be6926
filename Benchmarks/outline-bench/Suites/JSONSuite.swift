import Foundation
import OutlineJSON
import OutlineKit

/// `outline-bench --json`: opening JSON documents as outlines, against
/// `JSONSerialization`, `JSONDecoder` and Python's `json.loads` on the same
/// bytes, in MB/s (10^6 bytes a second), with the memory the outline takes.
///
/// The documents: seeded API responses of 1, 10 and 100 MB
/// (``JSONCorpus``), written to a temporary folder for Python, and any
/// files given on the command line. `--json-gigabyte` adds one open of a
/// 1 GB document, timed once, with the process's memory before and after.
struct JSONSuite {
  let options: BenchOptions

  struct Document {
    var name: String
    var path: String
    var bytes: [UInt8]
    var format: JSONDocument.Format
  }

  func run() {
    let folder = NSTemporaryDirectory() + "outline-bench-json-\(getpid())"
    makeDirectory(folder)
    defer { try? FileManager.default.removeItem(atPath: folder) }
    var documents: [Document] = []
    for megabytes in options.jsonSizes {
      let bytes = JSONCorpus.apiResponse(bytes: megabytes * 1_000_000, seed: 0x4A50_4E00 &+ UInt64(megabytes))
      let path = folder + "/api-\(megabytes)MB.json"
      guard FileManager.default.createFile(atPath: path, contents: Data(bytes)) else { fail("cannot write \(path)") }
      documents.append(Document(name: "api \(megabytes) MB", path: path, bytes: bytes, format: .json))
    }
    for path in options.jsonFiles {
      guard let data = FileManager.default.contents(atPath: path) else { fail("cannot read \(path)") }
      let name = (path as NSString).lastPathComponent
      documents.append(Document(name: name, path: path, bytes: Array(data), format: JSONDocument.Format(fileName: path)))
    }
    print("JSON: MB/s = 10^6 bytes per second, median of the samples; (x) = JSONDocument's speed / the reader's")
    print("memory: the outline's resident memory after the open (the bytes read are held besides)\n")
    let python = options.includes(reader: .python)
      ? pythonJSONSeconds(files: documents.map(\.path), samples: options.jsonSamples(forBytes: 100_000_000)) : [:]
    if python == nil { print("(python3 or Scripts/json-python-bench.py not found: Python's column is empty)\n") }
    print("document".padding(22) + "bytes".padding(14) + "values".padding(13) + "B/value".padding(9)
      + JSONReader.allCases.map { $0.rawValue.padding(20) }.joined())
    for document in documents {
      measure(document, pythonSeconds: python?[document.path])
      fflush(nil)
    }
    if options.jsonGigabyte { openGigabyte() }
  }

  /// One document: every reader, then the outline's memory.
  func measure(_ document: Document, pythonSeconds: Double?) {
    let data = Data(document.bytes)
    let samples = options.jsonSamples(forBytes: document.bytes.count)
    var seconds: [JSONReader: Double] = [:]
    var values = 0
    for reader in JSONReader.allCases where reader != .python && options.includes(reader: reader) {
      var times: [Double] = []
      for _ in 0 ..< samples + 1 {
        var result: Any?
        let start = now()
        do {
          result = try read(document, with: reader, data: data)
        } catch {
          print("\(document.name): \(reader.rawValue) failed: \(error)")
          break
        }
        times.append(Double(now() &- start) / 1e9)
        if let read = result as? JSONDocument { values = read.outline.nodeCount }
        result = nil
      }
      // The first run is a warm-up.
      if times.count > 1 { seconds[reader] = times.dropFirst().sorted()[(times.count - 1) / 2] }
    }
    if let pythonSeconds { seconds[.python] = pythonSeconds }
    let megabytes = Double(document.bytes.count) / 1e6
    let ours = seconds[.outline]
    var line = document.name.padding(22) + grouped(document.bytes.count).padding(14) + grouped(values).padding(13)
      + format2(Double(document.bytes.count) / Double(max(1, values)), digits: 1).padding(9)
    for reader in JSONReader.allCases {
      guard let time = seconds[reader] else {
        line += "-".padding(20)
        continue
      }
      var cell = format2(megabytes / time, digits: 0) + " MB/s"
      if reader != .outline, let ours { cell += " (\(format2(time / ours, digits: 1))x)" }
      line += cell.padding(20)
    }
    print(line)
    reportMemory(document, values: values)
    if options.includes(reader: .outline) { measureSearch(document) }
  }

  /// A search over every key and value (`JSONDocument.search(for:)`, the
  /// outline's filter with revealing), for a word that is rare, and the
  /// save (`jsonBytes()`, pretty), per value.
  func measureSearch(_ document: Document) {
    guard var opened = try? JSONDocument(bytes: document.bytes, format: document.format) else { return }
    let values = opened.outline.nodeCount
    var searches: [Double] = []
    var saves: [Double] = []
    var matches = 0
    for _ in 0 ..< 3 {
      let start = now()
      opened.search(for: "User999")
      searches.append(Double(now() &- start))
      matches = opened.outline.matchCount
      opened.search(for: "")
      let saveStart = now()
      let bytes = opened.jsonBytes()
      saves.append(Double(now() &- saveStart))
      withExtendedLifetime(bytes) {}
    }
    let search = searches.sorted()[1]
    let save = saves.sorted()[1]
    print(
      "  search \"User999\" (\(grouped(matches)) matches): \(formatNanoseconds(search)) = \(format2(search / Double(values), digits: 1)) ns/value;"
        + " save (pretty): \(formatNanoseconds(save)) = \(format2(Double(document.bytes.count) / 1e6 / (save / 1e9), digits: 0)) MB/s of input")
  }

  /// Reads a document once with a reader (JSON Lines: line by line for
  /// the readers that take one value).
  func read(_ document: Document, with reader: JSONReader, data: Data) throws -> Any {
    if reader == .outline { return try JSONDocument(bytes: document.bytes, format: document.format) }
    guard document.format == .jsonLines else { return try reader.read(document.bytes, data) }
    var results: [Any] = []
    for line in data.split(separator: UInt8(ascii: "\n")) where line.contains(where: { $0 > 0x20 }) {
      results.append(try reader.read([], Data(line)))
    }
    return results
  }

  /// The resident memory an open of the document adds, per value, against
  /// the target (the bytes plus 40 bytes a value).
  func reportMemory(_ document: Document, values: Int) {
    // Give back what the readers freed, so that the outline's pages are new.
    _ = releaseFreeMemory(0)
    guard values > 0, let before = residentAndHugePageBytes()?.resident else { return }
    let opened = try? JSONDocument(bytes: document.bytes, format: document.format)
    _ = releaseFreeMemory(0)
    guard let after = residentAndHugePageBytes()?.resident, let opened else { return }
    let added = after - before
    let index = opened.outline._indexMemoryBytes
    print(
      "  memory: +\(formatBytes(added)) resident = \(format2(Double(added) / Double(values), digits: 1)) bytes/value"
        + " (index \(format2(Double(index) / Double(values), digits: 1)) by capacity, payloads \(MemoryLayout<JSONNode?>.stride));"
        + " file + outline = \(format2(Double(document.bytes.count + added) / 1e6, digits: 1)) MB,"
        + " target file + 40 B/value = \(format2(Double(document.bytes.count + 40 * values) / 1e6, digits: 1)) MB")
    withExtendedLifetime(opened) {}
  }

  /// `--json-gigabyte`: generates a 1 GB API response and opens it twice.
  ///
  /// The first open's outline lands on memory the process never had; on
  /// a virtual machine whose host backs memory only when it is first
  /// touched, that costs more than reading the document (on this 2-core
  /// VM, touching 1.5 GB of fresh memory takes about 6 s, and 1.7 s when
  /// the memory was freed by the process before). The second open reuses
  /// the pages the first one freed, as a viewer that opens one big file
  /// after another does.
  func openGigabyte() {
    print("\n1 GB: generating…")
    fflush(nil)
    let bytes = JSONCorpus.apiResponse(bytes: 1_000_000_000, seed: 0x4A50_4E47)
    for run in ["first open (fresh memory)", "second open (memory the first freed)"] {
      _ = releaseFreeMemory(0)
      let before = residentAndHugePageBytes()?.resident ?? 0
      let start = now()
      guard let document = try? JSONDocument(bytes: bytes) else { fail("the 1 GB document did not read") }
      let seconds = Double(now() &- start) / 1e9
      let after = residentAndHugePageBytes()?.resident ?? 0
      let values = document.outline.nodeCount
      print(
        "1 GB (\(grouped(bytes.count)) bytes, \(grouped(values)) values), \(run): \(format2(seconds, digits: 2)) s"
          + " (\(format2(Double(bytes.count) / 1e6 / seconds, digits: 0)) MB/s; target 4 s);"
          + " outline +\(formatBytes(after - before)) resident = \(format2(Double(after - before) / Double(values), digits: 1)) bytes/value")
      fflush(nil)
      withExtendedLifetime(document) {}
    }
  }
}

/// glibc's `malloc_trim`: gives the memory that was freed back to the
/// system, so that resident memory measures what is alive.
@_silgen_name("malloc_trim")
func releaseFreeMemory(_ pad: Int) -> Int32
