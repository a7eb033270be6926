import Foundation

/// The category data of the expandable-sections question: sections with a
/// name, a count and an image name; subcategories with a name and a count;
/// sub-subcategories to any depth.
///
/// It reads and writes JSON:
///
/// ```json
/// { "sections": [
///     { "name": "Books", "count": 120, "imageName": "book",
///       "subcategories": [
///         { "name": "Fiction", "count": 80,
///           "subcategories": [ { "name": "Mystery", "count": 30 } ] },
///         { "name": "Rare books", "count": 5, "lazy": true } ] } ] }
/// ```
///
/// `subcategories` may be left out (no subcategories). `"lazy": true` marks
/// an entry whose subcategories are not in the file: a ``CategoryTree``
/// fetches them when the entry is first expanded. `"id"` (optional, a
/// string, unique in the catalog) names an entry for good: when a newer
/// catalog is given to ``CategoryTree/update(catalog:)``, an entry with an
/// id is the same category wherever it moved and whatever it is called
/// (see ``CategoryIdentity``).
///
/// Decoding checks what it reads and throws ``CategoryCatalogError`` with
/// the JSON path of the bad value, such as
/// `sections[2].subcategories[0].count: must not be negative, found -4`, or
/// `sections[1].id: the id "42" is already the id of sections[0].subcategories[1]`.
public struct CategoryCatalog: Codable, Hashable, Sendable {
  /// The sections, in order.
  public var sections: [Section]

  /// Creates a catalog.
  ///
  /// - Complexity: O(1).
  public init(sections: [Section]) {
    self.sections = sections
  }

  /// Reads a catalog from JSON.
  ///
  /// ```swift
  /// let catalog = try CategoryCatalog(json: data)
  /// ```
  ///
  /// - Throws: ``CategoryCatalogError`` naming the JSON path of the first
  ///   bad value: not JSON, a missing key, a value of the wrong type or
  ///   null, a negative count, a lazy entry that lists subcategories, an
  ///   empty id, an id used twice.
  /// - Complexity: O(n) in the size of the data.
  public init(json data: Data) throws {
    do {
      self = try JSONDecoder().decode(CategoryCatalog.self, from: data)
    } catch let error as DecodingError {
      throw CategoryCatalogError(error)
    }
    try checkIDs()
  }

  /// Checks that no two entries have the same ``Section/id`` or
  /// ``Subcategory/id``: ids name categories across reloads, so each
  /// names one.
  ///
  /// ``init(json:)`` checks this; call it on a catalog made in code before
  /// relying on its ids (``CategoryTree/update(catalog:)`` does).
  ///
  /// - Throws: ``CategoryCatalogError`` at the second entry's id, naming
  ///   the first: `sections[1].id: the id "42" is already the id of sections[0]`.
  /// - Complexity: O(n) for n entries.
  public func checkIDs() throws {
    var seen: [String: String] = [:]
    func check(_ id: String?, at path: String) throws {
      guard let id else { return }
      if let first = seen[id] {
        throw CategoryCatalogError(
          path: path + ".id",
          reason: .invalidValue("the id \(Self.quoted(id)) is already the id of \(first)"))
      }
      seen[id] = path
    }
    // Depth-first, in file order, so the error names the later entry.
    var stack: [(Subcategory, String)] = []
    for (s, section) in sections.enumerated() {
      let path = "sections[\(s)]"
      try check(section.id, at: path)
      stack.append(contentsOf: section.subcategories.enumerated().reversed().map { ($1, path + ".subcategories[\($0)]") })
      while let (subcategory, path) = stack.popLast() {
        try check(subcategory.id, at: path)
        stack.append(
          contentsOf: subcategory.subcategories.enumerated().reversed().map { ($1, path + ".subcategories[\($0)]") })
      }
    }
  }

  /// A text in double quotes, as JSON writes it.
  static func quoted(_ text: String) -> String {
    let data = (try? JSONEncoder().encode(text)) ?? Data()
    return String(decoding: data, as: UTF8.self)
  }

  /// The catalog as JSON, with sorted keys; reading it back gives an equal
  /// catalog.
  ///
  /// - Complexity: O(n) in the size of the catalog.
  public func jsonData() throws -> Data {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .prettyPrinted]
    return try encoder.encode(self)
  }

  /// A top-level category: a section of the table, with an image.
  public struct Section: Codable, Hashable, Sendable {
    /// The section's name.
    public var name: String
    /// The number shown beside the name (items in the category).
    public var count: Int
    /// The name of the section's image.
    public var imageName: String
    /// The subcategories, in order; empty when ``isLazy``.
    public var subcategories: [Subcategory]
    /// Whether the section has subcategories that are not loaded yet (JSON
    /// `"lazy": true`).
    public var isLazy: Bool
    /// The section's lasting name, unique in the catalog (JSON `"id"`); nil
    /// when the file gives none, and the section is known by its name.
    public var id: String?

    /// Creates a section.
    ///
    /// - Precondition: `count >= 0`, a lazy section lists no
    ///   subcategories, and an id is not empty.
    /// - Complexity: O(1).
    public init(
      name: String, count: Int, imageName: String, subcategories: [Subcategory] = [], isLazy: Bool = false,
      id: String? = nil
    ) {
      precondition(count >= 0, "CategoryCatalog.Section: count \(count) is negative")
      precondition(!isLazy || subcategories.isEmpty, "CategoryCatalog.Section: a lazy section lists no subcategories")
      precondition(id?.isEmpty != true, "CategoryCatalog.Section: an empty id")
      self.name = name
      self.count = count
      self.imageName = imageName
      self.subcategories = subcategories
      self.isLazy = isLazy
      self.id = id
    }

    private enum CodingKeys: String, CodingKey {
      case id, name, count, imageName, subcategories, lazy
    }

    /// Decodes and checks a section.
    ///
    /// - Complexity: O(n) in the size of the section.
    public init(from decoder: any Decoder) throws {
      let container = try decoder.container(keyedBy: CodingKeys.self)
      id = try _decodeID(container, .id)
      name = try container.decode(String.self, forKey: .name)
      count = try _decodeCount(container, .count)
      imageName = try container.decode(String.self, forKey: .imageName)
      (subcategories, isLazy) = try _decodeChildren(container, .subcategories, .lazy)
    }

    /// Encodes a section; `id` only when there is one, `lazy` only when
    /// true.
    ///
    /// - Complexity: O(n) in the size of the section.
    public func encode(to encoder: any Encoder) throws {
      var container = encoder.container(keyedBy: CodingKeys.self)
      try container.encodeIfPresent(id, forKey: .id)
      try container.encode(name, forKey: .name)
      try container.encode(count, forKey: .count)
      try container.encode(imageName, forKey: .imageName)
      if !subcategories.isEmpty { try container.encode(subcategories, forKey: .subcategories) }
      if isLazy { try container.encode(true, forKey: .lazy) }
    }
  }

  /// A category under a section or under another subcategory.
  public struct Subcategory: Codable, Hashable, Sendable {
    /// The subcategory's name.
    public var name: String
    /// The number shown beside the name.
    public var count: Int
    /// Its own subcategories, in order; empty when ``isLazy``.
    public var subcategories: [Subcategory]
    /// Whether it has subcategories that are not loaded yet (JSON
    /// `"lazy": true`).
    public var isLazy: Bool
    /// The subcategory's lasting name, unique in the catalog (JSON
    /// `"id"`); nil when the file gives none, and it is known by its name
    /// under its parent.
    public var id: String?

    /// Creates a subcategory.
    ///
    /// - Precondition: `count >= 0`, a lazy subcategory lists no
    ///   subcategories, and an id is not empty.
    /// - Complexity: O(1).
    public init(
      name: String, count: Int, subcategories: [Subcategory] = [], isLazy: Bool = false, id: String? = nil
    ) {
      precondition(count >= 0, "CategoryCatalog.Subcategory: count \(count) is negative")
      precondition(!isLazy || subcategories.isEmpty, "CategoryCatalog.Subcategory: a lazy subcategory lists no subcategories")
      precondition(id?.isEmpty != true, "CategoryCatalog.Subcategory: an empty id")
      self.name = name
      self.count = count
      self.subcategories = subcategories
      self.isLazy = isLazy
      self.id = id
    }

    private enum CodingKeys: String, CodingKey {
      case id, name, count, subcategories, lazy
    }

    /// Decodes and checks a subcategory and everything under it.
    ///
    /// - Complexity: O(n) in the size of the subtree.
    public init(from decoder: any Decoder) throws {
      let container = try decoder.container(keyedBy: CodingKeys.self)
      id = try _decodeID(container, .id)
      name = try container.decode(String.self, forKey: .name)
      count = try _decodeCount(container, .count)
      (subcategories, isLazy) = try _decodeChildren(container, .subcategories, .lazy)
    }

    /// Encodes a subcategory; `id` only when there is one, `subcategories`
    /// only when not empty, `lazy` only when true.
    ///
    /// - Complexity: O(n) in the size of the subtree.
    public func encode(to encoder: any Encoder) throws {
      var container = encoder.container(keyedBy: CodingKeys.self)
      try container.encodeIfPresent(id, forKey: .id)
      try container.encode(name, forKey: .name)
      try container.encode(count, forKey: .count)
      if !subcategories.isEmpty { try container.encode(subcategories, forKey: .subcategories) }
      if isLazy { try container.encode(true, forKey: .lazy) }
    }
  }
}

/// An id (optional): a string, not empty.
private func _decodeID<Key: CodingKey>(_ container: KeyedDecodingContainer<Key>, _ key: Key) throws -> String? {
  guard let id = try container.decodeIfPresent(String.self, forKey: key) else { return nil }
  guard !id.isEmpty else {
    throw DecodingError.dataCorrupted(
      .init(codingPath: container.codingPath + [key], debugDescription: "an id must not be empty"))
  }
  return id
}

/// A count: an integer, not negative.
private func _decodeCount<Key: CodingKey>(_ container: KeyedDecodingContainer<Key>, _ key: Key) throws -> Int {
  let count = try container.decode(Int.self, forKey: key)
  guard count >= 0 else {
    throw DecodingError.dataCorrupted(
      .init(codingPath: container.codingPath + [key], debugDescription: "must not be negative, found \(count)"))
  }
  return count
}

/// Subcategories (optional) and the lazy flag (optional, false), which
/// exclude each other.
private func _decodeChildren<Key: CodingKey>(
  _ container: KeyedDecodingContainer<Key>, _ childrenKey: Key, _ lazyKey: Key
) throws -> ([CategoryCatalog.Subcategory], Bool) {
  let children = try container.decodeIfPresent([CategoryCatalog.Subcategory].self, forKey: childrenKey) ?? []
  let isLazy = try container.decodeIfPresent(Bool.self, forKey: lazyKey) ?? false
  guard !(isLazy && !children.isEmpty) else {
    throw DecodingError.dataCorrupted(
      .init(
        codingPath: container.codingPath + [childrenKey],
        debugDescription: "a lazy entry loads its subcategories later and must not list \(children.count) here"))
  }
  return (children, isLazy)
}
