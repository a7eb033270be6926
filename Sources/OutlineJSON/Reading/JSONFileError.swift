/// The error thrown when a JSON file cannot be read or saved: which file,
/// and what the system or the document said.
///
/// ```swift
/// do {
///   try document.save(to: url)
/// } catch let error as JSONFileError {
///   print(error)   // /etc/app.json: cannot write: Permission denied (the file is as it was)
/// }
/// ```
public struct JSONFileError: Error, Hashable, Sendable, CustomStringConvertible {
  /// What went wrong.
  public enum Reason: Hashable, Sendable {
    /// The file could not be read; the system's message.
    case unreadable(String)
    /// The file could not be written; the system's message. The file that
    /// was there is as it was.
    case cannotWrite(String)
    /// A JSON document holds exactly one value, and the outline has this
    /// many roots; nothing was written.
    case notOneRoot(Int)
  }

  /// The file's path.
  public var path: String
  /// What went wrong.
  public var reason: Reason

  /// Creates an error.
  ///
  /// - Complexity: O(1).
  public init(path: String, reason: Reason) {
    self.path = path
    self.reason = reason
  }

  /// `path: what went wrong`.
  ///
  /// - Complexity: O(1).
  public var description: String {
    switch reason {
    case .unreadable(let message): return "\(path): cannot read: \(message)"
    case .cannotWrite(let message): return "\(path): cannot write: \(message) (the file is as it was)"
    case .notOneRoot(let count):
      return "\(path): a JSON document holds one value, and this one has \(count) at the top level; nothing was written"
    }
  }
}
