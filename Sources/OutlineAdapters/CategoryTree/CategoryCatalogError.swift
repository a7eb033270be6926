/// The error thrown when category JSON cannot be read: the JSON path of the
/// bad value and what is wrong with it.
///
/// ```swift
/// do {
///   catalog = try CategoryCatalog(json: data)
/// } catch let error as CategoryCatalogError {
///   error.path          // "sections[2].subcategories[0].count"
///   print(error)        // sections[2].subcategories[0].count: expected Int, found something else
/// }
/// ```
///
/// It wraps the `DecodingError` that `JSONDecoder` throws, whose coding path
/// it writes the way one would in JavaScript: keys joined by dots, array
/// indices in brackets.
public struct CategoryCatalogError: Error, Hashable, Sendable, CustomStringConvertible {
  /// What is wrong.
  public enum Reason: Hashable, Sendable {
    /// The data is not JSON; the parser's message.
    case notJSON(String)
    /// A required key is missing (the path ends with it).
    case missingKey(String)
    /// A value has the wrong type; `expected` is the Swift type name.
    case typeMismatch(expected: String)
    /// A value is null where a value is required.
    case nullValue(expected: String)
    /// A value has the right type but is not allowed (a negative count, a
    /// lazy entry that lists subcategories); the message says why.
    case invalidValue(String)
  }

  /// The JSON path of the bad value: `sections[2].subcategories[0].count`;
  /// empty for the document itself.
  public var path: String
  /// What is wrong.
  public var reason: Reason

  /// Creates an error.
  ///
  /// - Complexity: O(1).
  public init(path: String, reason: Reason) {
    self.path = path
    self.reason = reason
  }

  /// Wraps a decoding error, turning its coding path into a JSON path.
  ///
  /// - Complexity: O(d) for a path d keys long.
  public init(_ error: DecodingError) {
    switch error {
    case .keyNotFound(let key, let context):
      self.init(path: Self.path(context.codingPath + [key]), reason: .missingKey(key.stringValue))
    case .typeMismatch(let type, let context):
      self.init(path: Self.path(context.codingPath), reason: .typeMismatch(expected: "\(type)"))
    case .valueNotFound(let type, let context):
      self.init(path: Self.path(context.codingPath), reason: .nullValue(expected: "\(type)"))
    case .dataCorrupted(let context):
      if context.codingPath.isEmpty {
        let detail = context.underlyingError.map { "\($0)" } ?? context.debugDescription
        self.init(path: "", reason: .notJSON(detail))
      } else {
        self.init(path: Self.path(context.codingPath), reason: .invalidValue(context.debugDescription))
      }
    @unknown default:
      self.init(path: "", reason: .invalidValue("\(error)"))
    }
  }

  /// Writes a coding path as a JSON path: `sections[2].subcategories[0].count`.
  ///
  /// - Complexity: O(d) for a path d keys long.
  public static func path(_ codingPath: [any CodingKey]) -> String {
    var text = ""
    for key in codingPath {
      if let index = key.intValue {
        text += "[\(index)]"
      } else {
        text += text.isEmpty ? key.stringValue : "." + key.stringValue
      }
    }
    return text
  }

  /// `path: what is wrong`, or just what is wrong for the whole document.
  ///
  /// - Complexity: O(1) plus the length of the text.
  public var description: String {
    let message: String
    switch reason {
    case .notJSON(let detail): message = "not valid JSON: \(detail)"
    case .missingKey(let key): message = "missing key \"\(key)\""
    case .typeMismatch(let expected): message = "expected \(expected), found something else"
    case .nullValue(let expected): message = "expected \(expected), found null"
    case .invalidValue(let detail): message = detail
    }
    return path.isEmpty ? message : "\(path): \(message)"
  }
}
