import Foundation

/// The name bytes of one file tree and of its copies: a list of chunks
/// that only grows. Entries hold refs into it.
///
/// It is shared, not copied, between copies of a tree and with the
/// tree's filter (which reads names when nodes are judged): chunks are
/// immutable and a ref is never reused, so a copy that adds names does
/// not change what another copy's refs read. Adding a chunk takes a lock;
/// so does reading one chunk; bulk readers take a ``snapshot()`` once and
/// then read without locking.
final class _FileNameStore: @unchecked Sendable {
  private let lock = NSLock()
  private var chunks: [_NameChunk]

  init(chunks: [_NameChunk] = []) {
    self.chunks = chunks
  }

  /// Adds chunks and returns the number of the first one: refs made with
  /// chunk numbers from 0 are shifted by it.
  func append(_ newChunks: [_NameChunk]) -> Int {
    lock.lock()
    defer { lock.unlock() }
    let first = chunks.count
    precondition(first + newChunks.count <= _NameRef.maximumChunks, "FileTree: too many name chunks")
    chunks += newChunks
    return first
  }

  /// Sets aside `count` chunk numbers for chunks a merge is about to
  /// write (`fill(_:with:)`), so that the refs it hands out are final
  /// before the chunks exist.
  func reserve(_ count: Int) -> Int {
    lock.lock()
    defer { lock.unlock() }
    let first = chunks.count
    precondition(first + count <= _NameRef.maximumChunks, "FileTree: too many name chunks")
    chunks += repeatElement(_FileNameStore.placeholder, count: count)
    return first
  }

  /// Puts the chunks written for a reservation in place; numbers reserved
  /// and not filled stay empty.
  func fill(_ first: Int, with newChunks: [_NameChunk]) {
    lock.lock()
    defer { lock.unlock() }
    for (offset, chunk) in newChunks.enumerated() {
      precondition(chunks[first + offset] === _FileNameStore.placeholder, "FileTree: chunk \(first + offset) filled twice")
      chunks[first + offset] = chunk
    }
  }

  /// What a reserved chunk number holds until it is filled.
  private static let placeholder = _NameChunk(taking: nil, count: 0)

  /// The chunks so far, to read many names without the lock.
  func snapshot() -> _NameReader {
    lock.lock()
    defer { lock.unlock() }
    return _NameReader(chunks: chunks, store: self)
  }

  /// One chunk.
  func chunk(_ index: Int) -> _NameChunk {
    lock.lock()
    defer { lock.unlock() }
    return chunks[index]
  }

  /// Bytes held, for memory figures.
  var byteCount: Int {
    lock.lock()
    defer { lock.unlock() }
    return chunks.reduce(0) { $0 + $1.count }
  }
}

/// Reads names through a snapshot of a store's chunks, falling back to the
/// store (and its lock) for chunks added after the snapshot.
struct _NameReader: @unchecked Sendable {
  let chunks: [_NameChunk]
  let store: _FileNameStore?

  /// The bytes of a name; valid while this reader lives.
  @inline(__always)
  func bytes(_ ref: _NameRef) -> UnsafeRawBufferPointer {
    let index = ref.chunk
    if index < chunks.count { return chunks[index].bytes(ref) }
    // A chunk added after the snapshot stays alive as long as the store.
    return store!.chunk(index).bytes(ref)
  }

  /// A name as an array of bytes.
  func array(_ ref: _NameRef) -> [UInt8] {
    Array(bytes(ref))
  }
}
