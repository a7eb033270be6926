import Foundation

/// A document given on the command line: a directory, or any other file,
/// read as JSON.
public enum DocumentFile {
  case directory(FileTreeDocument)
  case json(JSONFileDocument)

  /// Opens `path`.
  ///
  /// - Throws: What the directory's or the file's reader throws, naming
  ///   the path (and, for JSON, the line and column).
  /// - Complexity: A directory's first listing, or a JSON file's bytes.
  public static func open(_ path: String) throws -> DocumentFile {
    var isDirectory: ObjCBool = false
    if FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), isDirectory.boolValue {
      return .directory(try FileTreeDocument(path: path))
    }
    return .json(try JSONFileDocument(path: path))
  }
}
