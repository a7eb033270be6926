/// The error thrown when the new data given to an update holds the same
/// identity twice.
///
/// ``Outline/update(roots:children:id:)-56nyh`` and
/// ``Outline/update(childrenOf:to:children:id:)-5gspd`` match nodes by identity, so
/// every identity may occur once in the new data. When one occurs twice the
/// update throws this error before changing anything: the outline is left
/// exactly as it was.
///
/// Places are index paths into the new data: child indices from the nodes
/// given to the update (the new roots, or the parent's new children), so
/// `[2, 0]` is the first child of the third node given.
///
/// ```swift
/// do {
///   let change = try outline.update(roots: response.folders, children: \.items, id: \.path)
///   apply(change)
/// } catch let error as DuplicateIdentityError {
///   log("server sent \(error.identity) twice: \(error)")
/// }
/// ```
public struct DuplicateIdentityError: Error, Hashable, CustomStringConvertible {
  /// The identity that occurs twice, as `String(reflecting:)` writes it
  /// (strings in quotes).
  public let identity: String

  /// Where it occurs first, in preorder: child indices from the top of the
  /// new data.
  public let firstIndexPath: [Int]

  /// Where it occurs again: the earliest repeat in preorder.
  public let secondIndexPath: [Int]

  /// Creates an error naming an identity and the two places it occurs.
  ///
  /// - Complexity: O(1).
  public init(identity: String, firstIndexPath: [Int], secondIndexPath: [Int]) {
    self.identity = identity
    self.firstIndexPath = firstIndexPath
    self.secondIndexPath = secondIndexPath
  }

  /// Names the identity and both places, for example
  /// `identity "b" occurs twice in the new data: at [0, 1] and at [2]`.
  public var description: String {
    "identity \(identity) occurs twice in the new data: at \(firstIndexPath) and at \(secondIndexPath)"
  }
}
