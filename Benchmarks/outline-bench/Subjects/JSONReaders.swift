import Foundation
import OutlineJSON
import OutlineKit

/// The JSON readers `--json` compares, on the same bytes in the same run.
enum JSONReader: String, CaseIterable {
  /// `JSONDocument(bytes:)`: one pass, the outline built as it goes.
  case outline = "JSONDocument"
  /// Foundation's `JSONSerialization.jsonObject(with:)`, into `Any`.
  case serialization = "JSONSerialization"
  /// Foundation's `JSONDecoder`, into a generic tree enum (``GenericJSON``).
  case decoder = "JSONDecoder"
  /// CPython's `json.loads` (its C reader), run by Scripts/json-python-bench.py.
  case python = "python json.loads"

  /// Its name for `--json-reader`.
  var shortName: String {
    switch self {
    case .outline: "outline"
    case .serialization: "serialization"
    case .decoder: "decoder"
    case .python: "python"
    }
  }

  /// Reads `data` once (`bytes` are the same bytes, for the outline);
  /// returns what was read, which the caller drops outside the timing.
  func read(_ bytes: [UInt8], _ data: Data) throws -> Any {
    switch self {
    case .outline: return try JSONDocument(bytes: bytes)
    case .serialization: return try JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed])
    case .decoder: return try JSONDecoder().decode(GenericJSON.self, from: data)
    case .python: fatalError("Python runs in its own process")
    }
  }
}

/// What an app decodes unknown JSON into with `Codable`: a tree of enums.
enum GenericJSON: Decodable {
  case object([String: GenericJSON])
  case array([GenericJSON])
  case string(String)
  case number(Double)
  case bool(Bool)
  case null

  init(from decoder: any Decoder) throws {
    if let keyed = try? decoder.container(keyedBy: AnyKey.self) {
      var members: [String: GenericJSON] = [:]
      members.reserveCapacity(keyed.allKeys.count)
      for key in keyed.allKeys { members[key.stringValue] = try keyed.decode(GenericJSON.self, forKey: key) }
      self = .object(members)
    } else if var unkeyed = try? decoder.unkeyedContainer() {
      var elements: [GenericJSON] = []
      while !unkeyed.isAtEnd { elements.append(try unkeyed.decode(GenericJSON.self)) }
      self = .array(elements)
    } else {
      let single = try decoder.singleValueContainer()
      if single.decodeNil() {
        self = .null
      } else if let bool = try? single.decode(Bool.self) {
        self = .bool(bool)
      } else if let number = try? single.decode(Double.self) {
        self = .number(number)
      } else {
        self = .string(try single.decode(String.self))
      }
    }
  }

  struct AnyKey: CodingKey {
    var stringValue: String
    var intValue: Int? { nil }
    init(stringValue: String) { self.stringValue = stringValue }
    init?(intValue: Int) { nil }
  }
}

/// Runs Scripts/json-python-bench.py on files: the median seconds of
/// `json.loads` per file, or nil when Python or the script is missing.
func pythonJSONSeconds(files: [String], samples: Int) -> [String: Double]? {
  let script = "Scripts/json-python-bench.py"
  guard FileManager.default.fileExists(atPath: script) else { return nil }
  let process = Process()
  process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
  process.arguments = ["python3", script, "--samples", String(samples)] + files
  let pipe = Pipe()
  process.standardOutput = pipe
  do {
    try process.run()
  } catch {
    return nil
  }
  let output = pipe.fileHandleForReading.readDataToEndOfFile()
  process.waitUntilExit()
  guard process.terminationStatus == 0 else { return nil }
  var seconds: [String: Double] = [:]
  for line in String(decoding: output, as: UTF8.self).split(separator: "\n") {
    let fields = line.split(separator: "\t")
    if fields.count == 2, let value = Double(fields[1]) { seconds[String(fields[0])] = value }
  }
  return seconds
}
