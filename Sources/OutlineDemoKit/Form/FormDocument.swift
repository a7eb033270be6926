import Foundation
import OutlineAdapters

/// The form's file: where it was loaded from, where `s` saves, and what
/// went wrong when loading.
///
/// - A missing file is not an error: the form starts as the package's
///   shipped form (`DescriptorForm.sampleURL`) and `s` creates the file.
/// - A file that fails to load is reported and **never written**: the form
///   starts as the shipped form and `s` saves to a new file beside it
///   (`CellDescriptor.recovered.plist`, or `…recovered-2.plist` when that
///   exists), so the user can inspect or repair the original.
///
/// ```swift
/// let (form, document) = FormDocument.open(path: "./CellDescriptor.plist", configuration: configuration)
/// document.loadProblem     // nil, or why the file could not be loaded
/// try document.save(form)  // to document.savePath
/// ```
package struct FormDocument: Hashable, Sendable {
  /// The path given with `--form`, as written.
  package let path: String
  /// Where `s` saves, as shown to the user: ``path``, or a new file beside
  /// it when ``path`` could not be loaded.
  package let savePath: String
  /// Why the file could not be loaded; nil when it loaded or did not
  /// exist.
  package let loadProblem: String?
  /// Whether the form came from the file (false: the shipped form).
  package let loadedFromFile: Bool

  /// Creates a document description.
  ///
  /// - Complexity: O(1).
  package init(path: String, savePath: String, loadProblem: String?, loadedFromFile: Bool) {
    self.path = path
    self.savePath = savePath
    self.loadProblem = loadProblem
    self.loadedFromFile = loadedFromFile
  }

  /// Loads the form at `path`, falling back to the shipped form.
  ///
  /// Never throws and never writes: a missing file gives the shipped form
  /// saved to `path`; a file that cannot be read or is not a valid
  /// descriptor file gives the shipped form, a ``loadProblem``, and a
  /// ``savePath`` that is not `path`.
  ///
  /// - Complexity: O(n log n) for the file's n descriptors, plus the
  ///   reading.
  package static func open(path: String, configuration: DescriptorForm.Configuration) -> (DescriptorForm, FormDocument) {
    let url = URL(fileURLWithPath: path)
    var isDirectory: ObjCBool = false
    if !FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory) {
      let document = FormDocument(path: path, savePath: path, loadProblem: nil, loadedFromFile: false)
      return (shippedForm(configuration: configuration), document)
    }
    do {
      guard !isDirectory.boolValue else {
        throw DescriptorFormError(reason: .unreadable("it is a directory"))
      }
      let form = try DescriptorForm(contentsOf: url, configuration: configuration)
      return (form, FormDocument(path: path, savePath: path, loadProblem: nil, loadedFromFile: true))
    } catch {
      let document = FormDocument(
        path: path, savePath: recoveryPath(for: path), loadProblem: "\(error)", loadedFromFile: false)
      return (shippedForm(configuration: configuration), document)
    }
  }

  /// Saves the form to ``savePath``, atomically.
  ///
  /// - Throws: `DescriptorFormError` when the file cannot be written (the
  ///   file that was there is intact).
  /// - Complexity: O(n log n) for n descriptors, plus the writing.
  package func save(_ form: DescriptorForm) throws {
    try form.save(to: URL(fileURLWithPath: savePath))
  }

  /// The shipped form, or an empty one when the package's resource is
  /// missing (a broken installation; the form screen then says so).
  ///
  /// - Complexity: O(n log n) for the shipped form's n descriptors.
  package static func shippedForm(configuration: DescriptorForm.Configuration) -> DescriptorForm {
    if let form = try? DescriptorForm.sample(configuration: configuration) { return form }
    // An empty list of sections is a valid form.
    return (try? DescriptorForm(propertyList: .array([]), configuration: configuration))!
  }

  /// A path beside `path` that does not exist yet:
  /// `CellDescriptor.recovered.plist`, then `CellDescriptor.recovered-2.plist`…
  ///
  /// - Complexity: O(k) file-system checks for k existing candidates.
  package static func recoveryPath(for path: String) -> String {
    let stem = path.hasSuffix(".plist") ? String(path.dropLast(6)) : path
    for attempt in 1 ... 1_000 {
      let candidate = stem + (attempt == 1 ? ".recovered.plist" : ".recovered-\(attempt).plist")
      if !FileManager.default.fileExists(atPath: candidate) { return candidate }
    }
    return FileManager.default.temporaryDirectory.appendingPathComponent("CellDescriptor-\(UUID().uuidString).plist").path
  }
}
