import Foundation

#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Android)
import Android
#else
#error("OutlineSupport renames files through POSIX (rename): this platform has no C library Swift can import")
#endif

/// Writing a file by a temporary file and a rename, so that a failed write
/// never leaves half a file where the user's was (the descriptor form and
/// JSON documents save through it).
package enum AtomicFile {
  /// Writes `data` to a temporary file beside `url` with `writer`, then
  /// renames it over `url`. On failure, removes the temporary file and
  /// throws what `failure` makes of the system's message; `url` is
  /// untouched.
  ///
  /// `writer` is a seam for tests, which make it fail part-way.
  package static func write(
    _ data: Data, to url: URL,
    writer: (Data, URL) throws -> Void = { data, url in try data.write(to: url) },
    failure: (String) -> any Error
  ) throws {
    let directory = url.deletingLastPathComponent()
    let temporary = directory.appendingPathComponent(".\(url.lastPathComponent).\(UUID().uuidString).tmp")
    do {
      try writer(data, temporary)
    } catch {
      try? FileManager.default.removeItem(at: temporary)
      throw failure(foundationMessage(of: error))
    }
    guard rename(temporary.path, url.path) == 0 else {
      let message = String(cString: strerror(errno))
      try? FileManager.default.removeItem(at: temporary)
      throw failure("\(url.path): \(message)")
    }
  }
}

/// A short message for a Foundation error: its debug description when it
/// has one (a property list's parse error says where), else its localized
/// description.
package func foundationMessage(of error: any Error) -> String {
  let error = error as NSError
  if let debug = error.userInfo["NSDebugDescription"] as? String { return debug }
  return error.localizedDescription
}
