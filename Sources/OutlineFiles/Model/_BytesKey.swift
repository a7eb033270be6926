/// Name bytes as a dictionary key, without copying them: the bytes must
/// outlive the key (they are in a chunk that a reader holds).
struct _BytesKey: Hashable {
  let bytes: UnsafeRawBufferPointer

  init(_ bytes: UnsafeRawBufferPointer) { self.bytes = bytes }

  static func == (lhs: _BytesKey, rhs: _BytesKey) -> Bool {
    lhs.bytes.count == rhs.bytes.count && lhs.bytes.elementsEqual(rhs.bytes)
  }

  func hash(into hasher: inout Hasher) {
    hasher.combine(bytes: bytes)
  }
}
