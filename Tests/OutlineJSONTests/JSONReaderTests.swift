import Foundation
import OutlineJSON
import OutlineKit
import XCTest
import OutlineTestSupport

/// The reader against the naive reference: random valid documents node by
/// node, random broken ones error by error, deep nesting, JSON Lines.
final class JSONReaderTests: XCTestCase {
  /// Seeds: a fixed list, or `OUTLINE_SEED` alone.
  func seeds(_ count: Int) -> [UInt64] {
    if let text = ProcessInfo.processInfo.environment["OUTLINE_SEED"], let seed = UInt64(text) { return [seed] }
    return (0 ..< UInt64(count)).map { $0 &* 0x9E37_79B9 &+ 7 }
  }

  func testRandomDocumentsReadAsTheReferenceReadsThem() {
    for seed in seeds(150) {
      for jsonLines in [false, true] {
        var generator = RandomJSON(seed: seed)
        generator.jsonLines = jsonLines
        generator.maximumDepth = Int(seed % 16) + 1
        let bytes = generator.document(values: 20 + Int(seed % 200))
        let reference = JSONReadOutcome.reference(bytes, jsonLines: jsonLines)
        XCTAssertTrue(reference.isValid, "seed \(seed): the generator made invalid JSON: \(reference)\n\(escapedForMessage(bytes))")
        let fast = JSONReadOutcome.fast(bytes, jsonLines: jsonLines)
        XCTAssertEqual(fast, reference, "seed \(seed), jsonLines \(jsonLines): \(escapedForMessage(bytes))")
      }
    }
  }

  func testBrokenDocumentsFailAsTheReferenceFails() {
    var failures = 0
    var kinds = Set<String>()
    for seed in seeds(150) {
      for jsonLines in [false, true] {
        var generator = RandomJSON(seed: seed)
        generator.jsonLines = jsonLines
        generator.maximumDepth = 6
        var bytes = generator.document(values: 30)
        for step in 0 ..< 12 {
          bytes = generator.mutate(bytes)
          let reference = JSONReadOutcome.reference(bytes, jsonLines: jsonLines, maximumDepth: 5)
          let fast = JSONReadOutcome.fast(bytes, jsonLines: jsonLines, maximumDepth: 5)
          XCTAssertEqual(fast, reference, "seed \(seed), step \(step), jsonLines \(jsonLines): \(escapedForMessage(bytes))")
          if case .failure(_, let reason, _, _) = reference {
            failures += 1
            kinds.insert(String("\(reason)".prefix(while: { $0 != "(" })))
          }
        }
      }
    }
    // The mutations reach every class of error.
    XCTAssertGreaterThan(failures, 1_000)
    for kind in [
      "expected", "trailingComma", "singleQuotes", "leadingZero", "invalidEscape", "loneSurrogate", "controlCharacter",
      "invalidUTF8", "unterminatedString", "unclosed", "trailingContent", "tooDeep",
    ] {
      XCTAssertTrue(kinds.contains(kind), "no mutation gave \(kind): \(kinds.sorted())")
    }
  }

  func testDocumentsOfEveryValueKindReadNodeByNode() throws {
    let text = #"""
      {"s": "a\"b\\c\/d\b\f\n\r\t\u00e9\uD83D\uDE00", "n": [0, -0, 1.5, -2.50e+10, 1E-3, 12345678901234567890123],
       "t": true, "f": false, "z": null, "o": {}, "a": [], "dup": 1, "dup": 2, "": "empty key", "日本": "語"}
      """#
    let document = try JSONDocument(bytes: Array(text.utf8))
    let values = document.referenceValues
    XCTAssertEqual(values.map(\.kind), [.object, .string, .array, .number, .number, .number, .number, .number, .number, .bool, .bool, .null, .object, .array, .number, .number, .string, .string])
    XCTAssertEqual(values[1].value, "a\"b\\c/d\u{8}\u{C}\n\r\té😀")
    XCTAssertEqual(values.filter { $0.kind == .number }.map(\.value), ["0", "-0", "1.5", "-2.50e+10", "1E-3", "12345678901234567890123", "1", "2"])
    XCTAssertEqual(values.compactMap(\.key), ["s", "n", "t", "f", "z", "o", "a", "dup", "dup", "", "日本"])
    XCTAssertEqual(values.last?.value, "語")
    XCTAssertEqual(JSONReadOutcome.fast(Array(text.utf8)), JSONReadOutcome.reference(Array(text.utf8)))
  }

  func testScalarsAtTheTopLevel() throws {
    for (text, kind, value) in [("42", JSONNode.Kind.number, "42"), (#" "x" "#, .string, "x"), ("null", .null, "null"), ("\n\ttrue\r\n", .bool, "true")] {
      let document = try JSONDocument(bytes: Array(text.utf8))
      XCTAssertEqual(document.outline.nodeCount, 1)
      let root = document.outline.roots[0]
      XCTAssertEqual(document.kind(of: root), kind)
      XCTAssertEqual(document.value(of: root), value)
      XCTAssertNil(document.key(of: root))
      XCTAssertNil(document.index(of: root))
    }
  }

  func testWhereEachNodesTextIs() throws {
    let text = #"{"a" : 12.5, "b":[true, "x\ty"]}"#
    let document = try JSONDocument(bytes: Array(text.utf8))
    let bytes = Array(text.utf8)
    func slice(_ range: Range<Int>?) -> String? { range.map { String(decoding: bytes[$0], as: UTF8.self) } }
    let root = document.outline.roots[0]
    let (a, b) = (document.outline.children(of: root)[0], document.outline.children(of: root)[1])
    XCTAssertEqual(slice(document.byteRanges(of: a)?.key), #""a""#)
    XCTAssertEqual(slice(document.byteRanges(of: a)?.value), "12.5")
    XCTAssertEqual(document[a].offset, 1)
    XCTAssertEqual(slice(document.byteRanges(of: b)?.value), "[")
    let string = document.outline.children(of: b)[1]
    XCTAssertNil(document.byteRanges(of: string)?.key)
    XCTAssertEqual(slice(document.byteRanges(of: string)?.value), #""x\ty""#)
    XCTAssertEqual(document.valueText(of: string), #""x\ty""#)
    XCTAssertEqual(document.value(of: string), "x\ty")
    XCTAssertEqual(document.index(of: string), 1)
    XCTAssertEqual(document.count(of: b), 2)
  }

  // MARK: Depth

  func testDeepNestingReadsWithoutRecursion() throws {
    let depth = 50_000
    let arrays = Array(repeating: UInt8(ascii: "["), count: depth) + Array(repeating: UInt8(ascii: "]"), count: depth)
    let document = try JSONDocument(bytes: arrays)
    XCTAssertEqual(document.outline.nodeCount, depth)
    var objects = Array(repeating: Array(#"{"k":"#.utf8), count: depth).flatMap { $0 } + Array("1".utf8)
    objects += Array(repeating: UInt8(ascii: "}"), count: depth)
    let nested = try JSONDocument(bytes: objects)
    XCTAssertEqual(nested.outline.nodeCount, depth + 1)
    // The deepest value: follow first children down.
    var id = nested.outline.roots[0]
    while let child = nested.outline.children(of: id).first { id = child }
    XCTAssertEqual(nested.outline.depth(of: id), depth)
    XCTAssertEqual(nested.value(of: id), "1")
    XCTAssertEqual(nested.path(of: id).count, 2 * depth)
    // Saving and reading back walks without recursion too.
    XCTAssertEqual(try JSONDocument(bytes: nested.jsonBytes(style: .compact)).outline.nodeCount, depth + 1)
  }

  func testNestingPastTheLimitIsAnErrorAtTheValueTooDeep() {
    let bytes = Array("[[[[1]]]]".utf8)
    XCTAssertNoThrow(try JSONDocument(bytes: bytes, maximumDepth: 4))
    XCTAssertThrowsError(try JSONDocument(bytes: bytes, maximumDepth: 3)) { error in
      let error = error as? JSONSyntaxError
      XCTAssertEqual(error?.reason, .tooDeep(limit: 3))
      XCTAssertEqual(error?.column, 5)
      XCTAssertEqual(error?.message, "nested deeper than 3 levels")
    }
    XCTAssertThrowsError(try JSONDocument(bytes: Array("[[[[]]]]".utf8), maximumDepth: 2))
    XCTAssertNoThrow(try JSONDocument(bytes: Array("[[[]]]".utf8), maximumDepth: 2))
  }

  // MARK: JSON Lines

  func testJSONLinesHaveARootPerLine() throws {
    let text = "{\"a\": 1}\n\n  [1, 2]  \r\n\"x\"\n   \n42"
    let document = try JSONDocument(bytes: Array(text.utf8), format: .jsonLines)
    XCTAssertEqual(document.outline.roots.count, 4)
    XCTAssertEqual(document.outline.roots.map { document.kind(of: $0) }, [.object, .array, .string, .number])
    XCTAssertEqual(document.outline.roots.map { document.line(of: $0) }, [1, 3, 4, 6])
    XCTAssertEqual(document.rootIndex(of: document.outline.children(of: document.outline.roots[1])[1]), 1)
    XCTAssertEqual(try JSONDocument(bytes: [], format: .jsonLines).outline.nodeCount, 0)
    XCTAssertEqual(try JSONDocument(bytes: Array("\n \n".utf8), format: .jsonLines).outline.nodeCount, 0)
  }

  func testABadLineIsNamed() {
    let text = "{\"a\": 1}\n{\"b\": 2,}\n[3]"
    XCTAssertThrowsError(try JSONDocument(bytes: Array(text.utf8), format: .jsonLines)) { error in
      let error = error as? JSONSyntaxError
      XCTAssertEqual(error?.line, 2)
      XCTAssertEqual(error?.column, 9)
      XCTAssertEqual(error?.reason, .trailingComma(.object))
    }
    // A value split over lines is unclosed at the end of its first line.
    XCTAssertThrowsError(try JSONDocument(bytes: Array("[1,\n2]".utf8), format: .jsonLines)) { error in
      XCTAssertEqual((error as? JSONSyntaxError)?.reason, .unclosed(.array, line: 1, column: 1))
      XCTAssertEqual((error as? JSONSyntaxError)?.column, 4)
    }
    // Two values on a line.
    XCTAssertThrowsError(try JSONDocument(bytes: Array("1\n2 3\n".utf8), format: .jsonLines)) { error in
      XCTAssertEqual((error as? JSONSyntaxError)?.reason, .trailingContent(found: "'3'"))
      XCTAssertEqual((error as? JSONSyntaxError)?.line, 2)
    }
  }

  func testFormatByFileName() {
    XCTAssertEqual(JSONDocument.Format(fileName: "a.jsonl"), .jsonLines)
    XCTAssertEqual(JSONDocument.Format(fileName: "a.NDJSON"), .jsonLines)
    XCTAssertEqual(JSONDocument.Format(fileName: "x.jsonlines"), .jsonLines)
    XCTAssertEqual(JSONDocument.Format(fileName: "a.json"), .json)
    XCTAssertEqual(JSONDocument.Format(fileName: "-"), .json)
  }

  // MARK: Files

  func testReadingFilesAndPipes() throws {
    let folder = try makeTemporaryDirectory { addTeardownBlock($0) }
    let url = folder.appendingPathComponent("events.jsonl")
    try Data("{\"id\": 1}\n{\"id\": 2}\n".utf8).write(to: url)
    let document = try JSONDocument(contentsOf: url)
    XCTAssertEqual(document.format, .jsonLines)
    XCTAssertEqual(document.outline.roots.count, 2)
    XCTAssertThrowsError(try JSONDocument(contentsOf: folder.appendingPathComponent("missing.json"))) { error in
      guard case .unreadable(let message)? = (error as? JSONFileError)?.reason else { return XCTFail("\(error)") }
      XCTAssertTrue(message.contains("No such file"), message)
    }
    XCTAssertThrowsError(try JSONDocument(contentsOf: folder)) { error in
      XCTAssertTrue(error is JSONFileError, "\(error)")
    }
    // A pipe: more than one read's worth.
    var descriptors: [Int32] = [0, 0]
    XCTAssertEqual(pipe(&descriptors), 0)
    let big = Array(("[" + Array(repeating: "\"0123456789\"", count: 20_000).joined(separator: ",") + "]").utf8)
    let writeEnd = descriptors[1]
    let writer = Thread {
      big.withUnsafeBytes { buffer in
        var offset = 0
        while offset < buffer.count {
          let written = write(writeEnd, buffer.baseAddress! + offset, buffer.count - offset)
          if written <= 0 { break }
          offset += written
        }
      }
      close(writeEnd)
    }
    writer.start()
    let piped = try JSONDocument(readingFrom: descriptors[0], name: "<pipe>")
    close(descriptors[0])
    XCTAssertEqual(piped.outline.nodeCount, 20_001)
  }

  /// JSON files on this machine read as the reference reads them, and
  /// have as many values as JSONSerialization finds.
  func testRealFilesOnThisMachine() throws {
    var candidates = [
      "/usr/lib/google-cloud-sdk/lib/third_party/botocore/data/endpoints.json",
      "/usr/share/iso-codes/json/iso_3166-2.json",
      "/root/.pyenv/versions/3.11.7/lib/python3.11/site-packages/cfnlint/data/Serverless/ManagedPolicies.json",
      "/root/.pyenv/versions/3.12.1/lib/python3.12/test/levenshtein_examples.json",
    ]
    // And the toolchain's own, where it is.
    let toolchain = "/opt/swift/usr/lib/swift/FrameworkABIBaseline"
    for name in (FileManager.default.enumerator(atPath: toolchain)?.allObjects as? [String] ?? []).sorted().prefix(40)
    where name.hasSuffix(".json") {
      candidates.append(toolchain + "/" + name)
    }
    var found = 0
    for path in candidates {
      guard let data = FileManager.default.contents(atPath: path), data.count < 1_500_000 else { continue }
      found += 1
      let bytes = Array(data)
      let document = try JSONDocument(bytes: bytes)
      let reference = JSONReadOutcome.reference(bytes, maximumDepth: 256)
      XCTAssertEqual(JSONReadOutcome.values(document.referenceValues), reference, path)
      let foundation = try JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed])
      XCTAssertEqual(document.outline.nodeCount, Self.countValues(foundation), path)
      let saved = try JSONDocument(bytes: document.jsonBytes())
      XCTAssertEqual(saved.referenceValues, document.referenceValues, path)
    }
    if found == 0 { throw XCTSkip("none of the JSON files this test reads is on this machine") }
  }

  /// Values in a JSONSerialization tree (duplicate keys collapse there;
  /// the files read have none).
  static func countValues(_ value: Any) -> Int {
    if let object = value as? [String: Any] { return 1 + object.values.reduce(0) { $0 + countValues($1) } }
    if let array = value as? [Any] { return 1 + array.reduce(0) { $0 + countValues($1) } }
    return 1
  }
}
