#if canImport(Glibc)
import Glibc
#endif

/// Big arrays on transparent huge pages, where Linux offers them for
/// memory that asks (`madvise(MADV_HUGEPAGE)`): an index of a million nodes
/// spans tens of megabytes, and with 4 KiB pages every first touch is a
/// page fault and most random reads a TLB miss. Measured in
/// Docs/Benchmarks.md. Elsewhere (or when the system says no) it does
/// nothing.
extension _HugePageStorage {
  /// Reserves room for at least `minimumCapacity` elements, on huge pages
  /// for whatever part of the buffer is not written yet.
  ///
  /// An array that grows past 2 MiB of plain values is moved into a fresh
  /// buffer that asks for huge pages as a whole before its elements are
  /// copied in: `reserveCapacity` would copy first, and the copied half of
  /// every doubling would be faulted in 4 KiB pages (in a nested build,
  /// those faults took a quarter of the time).
  @inlinable
  mutating func _reserveCapacityOnHugePages(_ minimumCapacity: Int) {
    let stride = MemoryLayout<Element>.stride
    if minimumCapacity > capacity && !isEmpty && _isPOD(Element.self) && minimumCapacity &* stride >= _hugePageSize {
      let old = self
      self = Self(unsafeUninitializedCapacity: minimumCapacity) { buffer, initialized in
        let base = buffer.baseAddress!
        _adviseHugePages(UnsafeMutableRawPointer(base), bytes: buffer.count &* stride)
        old.withUnsafeBufferPointer { elements in
          base.initialize(from: elements.baseAddress!, count: elements.count)
        }
        initialized = old.count
      }
      return
    }
    reserveCapacity(minimumCapacity)
    guard (capacity &- count) &* stride >= _hugePageSize else { return }
    let start = count
    let room = (capacity &- start) &* stride
    withUnsafeMutableBufferPointer { buffer in
      guard let base = buffer.baseAddress else { return }
      _adviseHugePages(UnsafeMutableRawPointer(base + start), bytes: room)
    }
  }

  /// Makes room for `extra` more elements by doubling, as `append` would,
  /// with the new room on huge pages.
  @inlinable
  mutating func _growOnHugePages(toHold extra: Int) {
    guard count &+ extra > capacity else { return }
    _reserveCapacityOnHugePages(Swift.max(capacity &* 2, count &+ extra))
  }
}

/// The arrays that can ask for huge pages: `Array` and `ContiguousArray`.
@usableFromInline
internal protocol _HugePageStorage: RangeReplaceableCollection {
  var capacity: Int { get }
  init(unsafeUninitializedCapacity: Int, initializingWith: (inout UnsafeMutableBufferPointer<Element>, inout Int) throws -> Void) rethrows
  func withUnsafeBufferPointer<R>(_ body: (UnsafeBufferPointer<Element>) throws -> R) rethrows -> R
  mutating func withUnsafeMutableBufferPointer<R>(_ body: (inout UnsafeMutableBufferPointer<Element>) throws -> R) rethrows -> R
}

extension Array: _HugePageStorage {}
extension ContiguousArray: _HugePageStorage {}

/// 2 MiB: the huge pages of x86-64 and arm64 Linux.
@usableFromInline let _hugePageSize = 2 << 20

/// Asks for huge pages for the whole 2 MiB pages inside `bytes` bytes at
/// `pointer`.
@usableFromInline
func _adviseHugePages(_ pointer: UnsafeMutableRawPointer, bytes: Int) {
  #if os(Linux)
  let start = (UInt(bitPattern: pointer) &+ UInt(_hugePageSize) &- 1) & ~UInt(_hugePageSize &- 1)
  let end = (UInt(bitPattern: pointer) &+ UInt(bytes)) & ~UInt(_hugePageSize &- 1)
  guard end > start, let aligned = UnsafeMutableRawPointer(bitPattern: start) else { return }
  _ = madvise(aligned, Int(end &- start), 14)  // MADV_HUGEPAGE
  #endif
}
