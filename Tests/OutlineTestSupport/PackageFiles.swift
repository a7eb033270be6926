import Foundation

/// Folders the tests read: the package's own files (corpora, resources) and
/// the shared fixtures beside it.
public enum PackageFolders {
  /// The package root: two levels above this file's folder.
  public static let root: URL = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent()  // OutlineTestSupport
    .deletingLastPathComponent()  // Tests
    .deletingLastPathComponent()  // the package root

  /// `../shared/fixtures/` beside the package root (third-party data that
  /// tests read and the package never copies).
  public static let sharedFixtures: URL = root.appendingPathComponent("../shared/fixtures").standardizedFileURL
}

/// A fresh empty directory under the temporary directory, removed by the
/// block it hands to `register` (a test's `addTeardownBlock`).
///
/// ```swift
/// let folder = try makeTemporaryDirectory { addTeardownBlock($0) }
/// ```
public func makeTemporaryDirectory(removingWith register: (@escaping @Sendable () -> Void) -> Void) throws -> URL {
  let url = FileManager.default.temporaryDirectory
    .appendingPathComponent("outline-tests-\(UUID().uuidString)", isDirectory: true)
  try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
  register { try? FileManager.default.removeItem(at: url) }
  return url
}

/// The inputs a fuzz target keeps: its seed corpus (`Fuzz/corpus/TARGET`)
/// and every input that once crashed it (`Fuzz/regressions/TARGET`), each
/// with its path from the package root, in order. Replaying them keeps a
/// fixed crash fixed.
public func fuzzInputs(of target: String) throws -> [(name: String, bytes: [UInt8])] {
  var result: [(name: String, bytes: [UInt8])] = []
  for folder in ["Fuzz/corpus/\(target)", "Fuzz/regressions/\(target)"] {
    let url = PackageFolders.root.appendingPathComponent(folder)
    guard let names = try? FileManager.default.contentsOfDirectory(atPath: url.path) else { continue }
    for name in names.sorted() where !name.hasPrefix(".") {
      result.append(("\(folder)/\(name)", Array(try Data(contentsOf: url.appendingPathComponent(name)))))
    }
  }
  return result
}
