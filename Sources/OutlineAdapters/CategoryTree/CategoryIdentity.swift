/// Who a category is across reloads of its catalog: what
/// ``CategoryTree/update(catalog:)`` matches a newer catalog's entries by.
///
/// The rule:
///
/// - An entry with an `id` is known by its id alone: it is the same
///   category wherever it moves in a newer catalog and whatever it is
///   renamed to.
/// - An entry without one is known by its name under its parent's
///   identity: its **name path** from the section down (`Books / Fiction /
///   Mystery`), or from the nearest ancestor that has an id (`#42 /
///   Mystery`). Renaming it, or moving it under another parent, makes it a
///   new category (the old one goes, with its open state and loaded
///   subcategories); moving its parent, when the parent has an id, takes
///   it along.
/// - Siblings with the same name (and no ids) are told apart by their order
///   among themselves: the second "Misc" is `Misc[2]`. Give them ids when
///   their order changes.
///
/// ```swift
/// tree[id].identity.description      // "Books / Fiction / Mystery", or "#42 / Mystery"
/// ```
///
/// Identities are also stable keys for saving what the user opened
/// (`outline.expansionState(by: \.identity)`) or selected.
public struct CategoryIdentity: Hashable, Sendable, CustomStringConvertible {
  /// One name along the path: a name and how many siblings before it have
  /// the same name (0 for the first).
  public struct Step: Hashable, Sendable {
    /// The category's name.
    public var name: String
    /// The number of earlier siblings with the same name.
    public var occurrence: Int

    /// Creates a step.
    ///
    /// - Complexity: O(1).
    public init(name: String, occurrence: Int = 0) {
      self.name = name
      self.occurrence = occurrence
    }
  }

  /// The id the path starts from: the category's own, or its nearest
  /// ancestor's that has one; nil when none has, and the path starts at
  /// the section.
  public var id: String?
  /// The names below ``id`` (or from the section) down to the category;
  /// empty when the category has an id of its own.
  public var path: [Step]

  /// Creates an identity.
  ///
  /// - Complexity: O(1).
  public init(id: String? = nil, path: [Step] = []) {
    self.id = id
    self.path = path
  }

  /// The identity of an entry under a parent (nil: a section) with this
  /// `id` (nil: none), name, and occurrence among same-named siblings.
  ///
  /// - Complexity: O(d) for a path d names long.
  public init(under parent: CategoryIdentity?, id: String?, name: String, occurrence: Int) {
    if let id {
      self.init(id: id)
    } else {
      self.init(id: parent?.id, path: (parent?.path ?? []) + [Step(name: name, occurrence: occurrence)])
    }
  }

  /// `#id / name / name[2]`: the id with a `#`, the names joined by ` / `,
  /// an occurrence after the first as a 1-based number in brackets.
  ///
  /// - Complexity: O(d) for a path d names long.
  public var description: String {
    var parts = id.map { ["#" + $0] } ?? []
    parts += path.map { $0.occurrence == 0 ? $0.name : "\($0.name)[\($0.occurrence + 1)]" }
    return parts.joined(separator: " / ")
  }
}

extension CategoryIdentity {
  /// Counts the names of one sibling list as it is walked, for each
  /// entry's occurrence. Siblings with ids are known by them and do not
  /// count.
  struct SiblingNames {
    private var seen: [String: Int] = [:]

    /// The identity of the next sibling, under `parent`.
    mutating func identity(under parent: CategoryIdentity?, id: String?, name: String) -> CategoryIdentity {
      guard id == nil else { return CategoryIdentity(id: id) }
      let occurrence = seen[name, default: 0]
      seen[name] = occurrence + 1
      return CategoryIdentity(under: parent, id: nil, name: name, occurrence: occurrence)
    }
  }
}
