import Foundation
import OutlineJSON
import OutlineKit

/// What reading bytes gave: the values, or the error's offset, reason,
/// line and column. The fast reader and the reference both give one.
enum JSONReadOutcome: Equatable, CustomStringConvertible {
  case values([ReferenceJSON.Value])
  case failure(offset: Int, reason: JSONSyntaxError.Reason, line: Int, column: Int)

  /// The fast reader's outcome.
  static func fast(_ bytes: [UInt8], jsonLines: Bool = false, maximumDepth: Int = 64) -> JSONReadOutcome {
    do {
      return .values(try JSONDocument(bytes: bytes, format: jsonLines ? .jsonLines : .json, maximumDepth: maximumDepth).referenceValues)
    } catch let error as JSONSyntaxError {
      return .failure(offset: error.offset, reason: error.reason, line: error.line, column: error.column)
    } catch {
      return .failure(offset: -1, reason: .expected("JSONSyntaxError", found: "\(error)"), line: 0, column: 0)
    }
  }

  /// The reference's outcome.
  static func reference(_ bytes: [UInt8], jsonLines: Bool = false, maximumDepth: Int = 64) -> JSONReadOutcome {
    switch ReferenceJSON.read(bytes, jsonLines: jsonLines, maximumDepth: maximumDepth) {
    case .success(let values):
      return .values(values)
    case .failure(let failure):
      let (line, column) = ReferenceJSON.lineAndColumn(of: failure.offset, in: bytes)
      return .failure(offset: failure.offset, reason: failure.reason, line: line, column: column)
    }
  }

  var isValid: Bool {
    if case .values = self { return true }
    return false
  }

  var description: String {
    switch self {
    case .values(let values): return "\(values.count) values:\n" + values.prefix(40).map(\.description).joined(separator: "\n")
    case .failure(let offset, let reason, let line, let column): return "error at \(offset) (\(line):\(column)): \(reason)"
    }
  }
}

/// Bytes as text for failure messages: printable ASCII as it is, the rest
/// as `\xNN`.
func escapedForMessage(_ bytes: [UInt8]) -> String {
  bytes.prefix(600).map { (0x20 ... 0x7E).contains($0) ? String(UnicodeScalar($0)) : "\\x" + String($0, radix: 16) }.joined()
}
