import Foundation
import OutlineKit

#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Android)
import Android
#else
#error("OutlineJSON reads files through POSIX calls (open, fstat, read): this platform has no C library Swift can import")
#endif

/// Reading documents from files and pipes.
extension JSONDocument {
  /// Reads a document from a file.
  ///
  /// ```swift
  /// let document = try JSONDocument(contentsOf: URL(fileURLWithPath: "events.jsonl"))   // JSON Lines
  /// ```
  ///
  /// - Parameters:
  ///   - url: A file URL.
  ///   - format: `.json` or `.jsonLines`; by default the file name's
  ///     (``Format/init(fileName:)``: `.jsonl`, `.ndjson` and `.jsonlines`
  ///     are JSON Lines).
  ///   - maximumDepth: The deepest a value may be nested.
  /// - Throws: ``JSONFileError`` when the file cannot be read,
  ///   ``JSONSyntaxError`` when it is not valid.
  /// - Complexity: O(n) for a file of n bytes, which are read into memory
  ///   once and kept.
  public init(contentsOf url: URL, format: Format? = nil, maximumDepth: Int = Outline<JSONNode>.maximumDepth) throws {
    let descriptor = open(url.path, O_RDONLY)
    guard descriptor >= 0 else {
      throw JSONFileError(path: url.path, reason: .unreadable(String(cString: strerror(errno))))
    }
    defer { close(descriptor) }
    try self.init(
      readingFrom: descriptor, name: url.path, format: format ?? Format(fileName: url.lastPathComponent),
      maximumDepth: maximumDepth)
  }

  /// Reads a document from an open file or a pipe (standard input is 0),
  /// to its end.
  ///
  /// - Parameters:
  ///   - fileDescriptor: Where to read; it is not closed.
  ///   - name: The name errors give (`<stdin>`).
  ///   - format: `.json` or `.jsonLines`.
  ///   - maximumDepth: The deepest a value may be nested.
  /// - Throws: ``JSONFileError`` when reading fails, ``JSONSyntaxError``
  ///   when the bytes are not valid.
  /// - Complexity: O(n) for n bytes.
  public init(
    readingFrom fileDescriptor: Int32, name: String, format: Format = .json,
    maximumDepth: Int = Outline<JSONNode>.maximumDepth
  ) throws {
    try self.init(bytes: JSONSource(readingFrom: fileDescriptor, name: name).bytes, format: format, maximumDepth: maximumDepth)
  }
}

/// Reading bytes from files and pipes.
extension JSONSource {
  /// Reads every byte from an open file or a pipe (standard input is 0),
  /// to its end: a regular file straight into a buffer of its size,
  /// anything else in 64 KiB reads.
  ///
  /// - Parameters:
  ///   - fileDescriptor: Where to read; it is not closed.
  ///   - name: The name errors give (`<stdin>`).
  /// - Throws: ``JSONFileError`` `.unreadable` when a read fails.
  /// - Complexity: O(n) for n bytes.
  public convenience init(readingFrom fileDescriptor: Int32, name: String) throws {
    self.init(bytes: try JSONSource._readAll(fileDescriptor, name: name))
  }

  /// Every byte from `descriptor` to its end.
  static func _readAll(_ descriptor: Int32, name: String) throws -> [UInt8] {
    func failure(_ code: Int32) -> JSONFileError {
      JSONFileError(path: name, reason: .unreadable(String(cString: strerror(code))))
    }
    var bytes: [UInt8] = []
    var status = stat()
    if fstat(descriptor, &status) == 0 && (status.st_mode & S_IFMT) == S_IFREG && status.st_size > 0 {
      let size = Int(status.st_size)
      var error: Int32 = 0
      bytes = [UInt8](unsafeUninitializedCapacity: size) { buffer, initialized in
        while initialized < size {
          let count = read(descriptor, buffer.baseAddress! + initialized, size - initialized)
          if count > 0 {
            initialized += count
          } else if count < 0 && errno == EINTR {
            continue
          } else {
            if count < 0 { error = errno }
            break
          }
        }
      }
      if error != 0 { throw failure(error) }
    }
    // A pipe, or what a file gained since its size was read.
    var chunk = [UInt8](repeating: 0, count: 1 << 16)
    while true {
      let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
      if count > 0 {
        bytes.append(contentsOf: chunk[..<count])
      } else if count < 0 && errno == EINTR {
        continue
      } else if count < 0 {
        throw failure(errno)
      } else {
        return bytes
      }
    }
  }
}
