/// What a node's checkbox shows: derived from the marks of the leaves
/// under it.
///
/// A leaf is ``checked`` or ``unchecked`` by its own mark. A node with
/// children is ``checked`` when every leaf under it is, ``unchecked`` when
/// none is, and ``mixed`` otherwise (a dash in the box).
///
/// ```swift
/// switch outline.checkState(of: folder) {
/// case .checked: box.state = .on
/// case .unchecked: box.state = .off
/// case .mixed: box.state = .mixed
/// }
/// ```
public enum CheckState: Hashable, Sendable, CustomStringConvertible {
  /// No leaf under the node is checked (or, for a leaf, its mark is off).
  case unchecked
  /// Some leaves under the node are checked and some are not.
  case mixed
  /// Every leaf under the node is checked (or, for a leaf, its mark is on).
  case checked

  /// "unchecked", "mixed" or "checked".
  ///
  /// - Complexity: O(1).
  public var description: String {
    switch self {
    case .unchecked: "unchecked"
    case .mixed: "mixed"
    case .checked: "checked"
    }
  }
}
