/// The error thrown when an edit of a JSON outline cannot be made; the
/// outline is left as it was.
///
/// ```swift
/// do {
///   try document.outline.setValue(of: id, toJSON: "tru", in: document.source)
/// } catch let error as JSONEditError {
///   print(error)   // not a JSON value: line 1, column 1: expected a value, found 'tru'
/// }
/// ```
public struct JSONEditError: Error, Hashable, Sendable, CustomStringConvertible {
  /// Why the edit cannot be made.
  public enum Reason: Hashable, Sendable {
    /// The text given is not a JSON value of the kind asked for; where and
    /// why, in the text.
    case invalidJSON(JSONSyntaxError)
    /// Only object members have keys to rename.
    case notAMember
    /// Only scalars, `{}` and `[]` are set in place; this is an object or
    /// array with members or elements (insert and remove those instead),
    /// or the text given was one.
    case notAScalar
    /// Values are inserted and moved into objects and arrays (and, with
    /// JSON Lines, at the top level); this node is a scalar of this kind.
    case notAContainer(JSONNode.Kind)
    /// A value inserted into an object needs a key.
    case keyRequired
    /// A value inserted into an array or at the top level has no key.
    case keyNotAllowed
    /// A value cannot move into itself or its own members.
    case intoOwnSubtree
    /// The value would be nested deeper than an outline holds.
    case tooDeep
  }

  /// Why.
  public var reason: Reason

  /// Creates an error.
  ///
  /// - Complexity: O(1).
  public init(_ reason: Reason) {
    self.reason = reason
  }

  /// Says why, for the user.
  ///
  /// - Complexity: O(1).
  public var description: String {
    switch reason {
    case .invalidJSON(let error): return "not a JSON value: \(error)"
    case .notAMember: return "only object members have keys"
    case .notAScalar: return "only a scalar, {} or [] can be set in place; edit the members or elements of an object or array"
    case .notAContainer(let kind): return "a \(kind) holds no members or elements"
    case .keyRequired: return "a member of an object needs a key"
    case .keyNotAllowed: return "an array element (or a top-level value) has no key"
    case .intoOwnSubtree: return "a value cannot move into itself or its own members"
    case .tooDeep: return "the value would be nested deeper than an outline holds"
    }
  }
}
