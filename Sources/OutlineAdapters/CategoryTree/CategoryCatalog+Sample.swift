import Foundation

/// The category file this package ships, written for the demo and the
/// tests.
extension CategoryCatalog {
  /// The URL of the sample catalog, `Categories.json`.
  ///
  /// Three sections: Books (Fiction and Non-fiction with sub-subcategories
  /// to depth 3, and a lazy "Rare editions"), Music, and a lazy Garden.
  ///
  /// - Complexity: O(1).
  public static var sampleURL: URL {
    guard let url = Bundle.module.url(forResource: "Categories", withExtension: "json") else {
      preconditionFailure("OutlineAdapters: the Categories.json resource is missing from the bundle")
    }
    return url
  }

  /// Loads the sample catalog.
  ///
  /// ```swift
  /// let tree = CategoryTree(catalog: try CategoryCatalog.sample())
  /// ```
  ///
  /// - Throws: ``CategoryCatalogError``, or the file system's error if the
  ///   file cannot be read (only a broken installation throws).
  /// - Complexity: O(n) in the size of the file.
  public static func sample() throws -> CategoryCatalog {
    try CategoryCatalog(json: Data(contentsOf: sampleURL))
  }
}
