#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Android)
import Android
#else
#error("OutlineFiles reads directories through POSIX calls (openat, fstatat, readdir): this platform has no C library Swift can import")
#endif

/// Where a name's bytes are: chunk (24 bits), offset in the chunk (24
/// bits), length (16 bits), packed in 64 bits so that a `FileEntry` stays
/// 32 bytes. A ref is also the entry's identity in its tree: every entry
/// has bytes of its own, and an entry that a refresh finds again keeps its
/// ref (see `FileTree+Merging.swift`).
internal struct _NameRef: Hashable, Sendable {
  internal var raw: UInt64

  /// The largest chunk: offsets have 24 bits.
  static let chunkCapacity = 1 << 24
  /// The most chunks a store holds.
  static let maximumChunks = 1 << 24

  init(raw: UInt64) { self.raw = raw }

  init(chunk: Int, offset: Int, length: Int) {
    precondition(chunk < Self.maximumChunks && offset < Self.chunkCapacity && length <= Int(UInt16.max))
    raw = UInt64(chunk) << 40 | UInt64(offset) << 16 | UInt64(length)
  }

  var chunk: Int { Int(truncatingIfNeeded: raw >> 40) }
  var offset: Int { Int(truncatingIfNeeded: (raw >> 16) & 0xFF_FFFF) }
  var length: Int { Int(truncatingIfNeeded: raw & 0xFFFF) }

  /// The same bytes in a store where this chunk is `shift` further on.
  func shifted(by shift: Int) -> _NameRef {
    _NameRef(raw: raw &+ UInt64(shift) << 40)
  }
}

/// Name bytes that never change once written: a chunk is filled by one
/// `_NameWriter` and then only read, from any thread. Its memory is its
/// own (malloc'd), so pointers into it stay valid while it lives.
internal final class _NameChunk: @unchecked Sendable {
  let base: UnsafeMutableRawPointer?
  let count: Int

  /// Takes over `base`, which `malloc` gave.
  init(taking base: UnsafeMutableRawPointer?, count: Int) {
    self.base = base
    self.count = count
  }

  deinit { free(base) }

  /// The bytes of a name in this chunk.
  @inline(__always)
  func bytes(_ ref: _NameRef) -> UnsafeRawBufferPointer {
    UnsafeRawBufferPointer(start: base.map { UnsafeRawPointer($0) + ref.offset }, count: ref.length)
  }
}

/// Appends names to chunks of at most 16 MiB and hands out refs; the
/// chunks it made are `finish()`'s. Not thread-safe: one writer belongs to
/// one scan or listing (a class, so that its open buffer is freed once,
/// whatever way the scan ends).
internal final class _NameWriter {
  private(set) var chunks: [_NameChunk] = []
  private var buffer: UnsafeMutableRawPointer?
  private var capacity = 0
  private var count = 0
  /// The total number of name bytes written.
  private(set) var byteCount = 0

  init() {}

  /// Copies `bytes` in and returns their ref (chunk numbers from 0).
  func append(_ bytes: UnsafeRawBufferPointer) -> _NameRef {
    let length = min(bytes.count, Int(UInt16.max))
    if count + length > capacity { grow(toHold: length) }
    if length > 0, let source = bytes.baseAddress { (buffer! + count).copyMemory(from: source, byteCount: length) }
    let ref = _NameRef(chunk: chunks.count, offset: count, length: length)
    count += length
    byteCount += length
    return ref
  }

  /// Copies the bytes of an array in.
  func append(_ bytes: [UInt8]) -> _NameRef {
    bytes.withUnsafeBytes { append($0) }
  }

  /// Makes room: doubles the buffer, or starts a new chunk when the
  /// current one would pass 16 MiB.
  private func grow(toHold length: Int) {
    if count + length > _NameRef.chunkCapacity {
      seal()
    }
    var newCapacity = max(capacity * 2, 4_096)
    while newCapacity < count + length { newCapacity *= 2 }
    newCapacity = min(newCapacity, _NameRef.chunkCapacity)
    guard let grown = realloc(buffer, newCapacity) else { fatalError("_NameWriter: out of memory") }
    buffer = grown
    capacity = newCapacity
  }

  /// Ends the current chunk, shrunk to its bytes.
  private func seal() {
    guard buffer != nil else { return }
    let exact = count > 0 ? realloc(buffer, count) : { free(buffer); return nil }()
    chunks.append(_NameChunk(taking: exact, count: count))
    buffer = nil
    capacity = 0
    count = 0
  }

  /// Ends writing: every name is in `chunks`.
  func finish() -> [_NameChunk] {
    seal()
    return chunks
  }

  /// Reads back a name written earlier, sealed or not.
  func bytes(_ ref: _NameRef) -> UnsafeRawBufferPointer {
    if ref.chunk < chunks.count { return chunks[ref.chunk].bytes(ref) }
    return UnsafeRawBufferPointer(start: buffer.map { UnsafeRawPointer($0) + ref.offset }, count: ref.length)
  }

  deinit { free(buffer) }
}
