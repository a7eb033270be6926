import Foundation

/// The descriptor file this package ships: a form of our own, in the
/// tutorial's format, for the demo and the tests.
extension DescriptorForm {
  /// The URL of the sample descriptor file, `DefaultForm.plist`.
  ///
  /// Three sections (Personal, Preferences, Work Experience) of 7, 10 and 2
  /// descriptors; every kind of cell the form behaviours know; the last
  /// section's row starts expanded.
  ///
  /// - Complexity: O(1).
  public static var sampleURL: URL {
    guard let url = Bundle.module.url(forResource: "DefaultForm", withExtension: "plist") else {
      preconditionFailure("OutlineAdapters: the DefaultForm.plist resource is missing from the bundle")
    }
    return url
  }

  /// Loads the sample descriptor file.
  ///
  /// ```swift
  /// var form = try DescriptorForm.sample()
  /// form.numberOfRows(inSection: 2)   // 2: "Years of experience" starts expanded
  /// ```
  ///
  /// - Parameter configuration: Row heights, control titles and date
  ///   formatting.
  /// - Throws: ``DescriptorFormError`` if the file cannot be read (it is
  ///   part of the package, so only a broken installation throws).
  /// - Complexity: O(n log n) for the file's n descriptors.
  public static func sample(configuration: Configuration = Configuration()) throws -> DescriptorForm {
    try DescriptorForm(contentsOf: sampleURL, configuration: configuration)
  }
}
