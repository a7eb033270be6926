import Foundation
import OutlineJSON

/// A JSON document the demo opened from its command line, before any
/// screen shows: `outline-demo FILE.json`, `FILE.jsonl`, or `-` for
/// standard input.
///
/// A file that is not valid JSON stops the demo with its error, in the
/// form compilers use, `FILE:LINE:COLUMN: message` (``DemoLaunch``'s
/// `documentFailure`).
package struct OpenedJSON: Sendable {
  /// The document.
  package var document: JSONDocument
  /// Its name in messages: the path as given, or `<stdin>`.
  package var name: String
  /// Where `s` saves it; nil for standard input.
  package var path: String?
  /// How long reading took.
  package var seconds: Double

  /// Why a document could not be opened: `FILE:LINE:COLUMN: message` for
  /// a document that is not JSON, `FILE: cannot read: …` for a file that
  /// cannot be read.
  package struct Failure: Error, Hashable, Sendable, CustomStringConvertible {
    /// The message, for standard error.
    package var message: String
    /// The message.
    ///
    /// - Complexity: O(1).
    package var description: String { message }
  }

  /// Reads `path` (`-`: the file descriptor `standardInput`) as JSON, or
  /// as JSON Lines for `.jsonl`, `.ndjson` and `.jsonlines` files. Standard
  /// input is JSON, or JSON Lines when it is not one JSON value but every
  /// line is one.
  ///
  /// - Complexity: O(n) for n bytes.
  package static func open(path: String, standardInput: Int32 = 0, clock: any DemoClock) -> Result<OpenedJSON, Failure> {
    let isStandardInput = path == "-"
    let name = isStandardInput ? "<stdin>" : path
    let start = clock.now()
    do {
      let document: JSONDocument
      if isStandardInput {
        document = try readGuessingFormat(JSONSource(readingFrom: standardInput, name: name).bytes)
      } else {
        document = try JSONDocument(contentsOf: URL(fileURLWithPath: path))
      }
      return .success(OpenedJSON(document: document, name: name, path: isStandardInput ? nil : path, seconds: clock.now() - start))
    } catch let error as JSONSyntaxError {
      return .failure(Failure(message: "\(name):\(error.line):\(error.column): \(error.message)"))
    } catch {
      return .failure(Failure(message: "\(error)"))
    }
  }

  /// JSON, or JSON Lines when the bytes are not one JSON value (more
  /// follows the first) but read as one value per line.
  static func readGuessingFormat(_ bytes: [UInt8]) throws -> JSONDocument {
    do {
      return try JSONDocument(bytes: bytes)
    } catch let error as JSONSyntaxError {
      guard case .trailingContent = error.reason, let lines = try? JSONDocument(bytes: bytes, format: .jsonLines) else { throw error }
      return lines
    }
  }
}
