import XCTest

@testable import OutlineFiles
import OutlineTestSupport

/// Names kept byte for byte, shown escaped, compared in natural order.
final class FileNameTests: XCTestCase {
  func testNamesThatAreNotUTF8AreKeptAndShownEscaped() {
    XCTAssertEqual(FileName("report.txt").description, "report.txt")
    XCTAssertEqual(FileName("report.txt").string, "report.txt")
    let latin1 = FileName(bytes: [0x66, 0xE9, 0x74, 0x65])
    XCTAssertNil(latin1.string)
    XCTAssertEqual(latin1.description, "f\\xE9te")
    XCTAssertEqual(FileName("caf\u{E9}").description, "caf\u{E9}")
    XCTAssertEqual(FileName("two\nlines\tand\\").description, "two\\nlines\\tand\\\\")
    XCTAssertEqual(FileName(bytes: [0x1B, 0x5B, 0x32, 0x4A]).description, "\\x1B[2J")
    XCTAssertEqual(FileName(bytes: [0xC2, 0x9B]).description, "\\xC2\\x9B")  // U+009B, a C1 control
    XCTAssertEqual(FileName(bytes: [0xED, 0xA0, 0x80]).description, "\\xED\\xA0\\x80")  // a surrogate
    XCTAssertEqual(FileName(bytes: [0xF0, 0x9F, 0x8C, 0xB3]).description, "\u{1F333}")
    XCTAssertTrue(FileName(".profile").isHidden)
    XCTAssertFalse(FileName("profile").isHidden)
  }

  func testEscapingIsReversible() {
    var random = SplitMix64(seed: 7)
    var shown: [String: [UInt8]] = [:]
    for _ in 0 ..< 5_000 {
      let count = random.int(in: 0 ... 6)
      let bytes = (0 ..< count).map { _ in
        random.chance(0.5) ? UInt8(random.int(in: 0 ... 255)) : UInt8(ascii: random.pick(["a", "\\", "x", "\n", "9"]))
      }
      let name = FileName(bytes: bytes)
      XCTAssertEqual(unescape(name.description), bytes, "\(bytes)")
      if let other = shown[name.description] { XCTAssertEqual(other, bytes, "two names show as \(name)") }
      shown[name.description] = bytes
    }
  }

  func testNaturalOrderPutsNumbersInTheirOrder() {
    // Fewer leading zeros first between equal numbers; then by bytes ("A" < "a").
    let sorted: [FileName] = ["a", "A1", "a1", "a01", "a2", "a9", "a10", "a010", "b", "file9.txt", "file10.txt", "Z"]
    XCTAssertEqual(sorted.shuffled().sorted(), sorted)
    XCTAssertLessThan(FileName.naturalOrder("IMG_9.jpg", "img_10.jpg"), 0)
    XCTAssertEqual(FileName.naturalOrder("same", "same"), 0)
    XCTAssertGreaterThan(FileName.naturalOrder("x100", "x99"), 0)
  }

  func testNaturalOrderAgreesWithThePlainTokenizerAndIsATotalOrder() {
    for seed in fileTreeSeeds(count: 4) {
      var random = SplitMix64(seed: seed)
      let alphabet: [UInt8] = Array("0019aAbB.-_ ".utf8) + [0xC3, 0xA9, 0xFF]
      let names = (0 ..< 300).map { _ in FileName(bytes: (0 ..< random.int(in: 0 ... 6)).map { _ in random.pick(alphabet) }) }
      for a in names {
        for b in names.prefix(60) {
          let order = FileName.naturalOrder(a, b)
          XCTAssertEqual(order.signum(), referenceNaturalOrder(a.bytes, b.bytes), "seed \(seed): \(a) vs \(b)")
          XCTAssertEqual(order.signum(), -FileName.naturalOrder(b, a).signum())
          XCTAssertEqual(order == 0, a == b)
        }
      }
      // Sorting agrees with the plain comparison, whatever the start.
      let sorted = names.sorted()
      for (a, b) in zip(sorted, sorted.dropFirst()) { XCTAssertLessThanOrEqual(referenceNaturalOrder(a.bytes, b.bytes), 0) }
    }
  }

  func testSortKeysOrderNamesAsNaturalOrderDoesWhereverTheyDiffer() {
    for seed in fileTreeSeeds(count: 4) {
      var random = SplitMix64(seed: seed)
      let alphabet: [UInt8] = Array("000123456789aAzZ.-_".utf8) + [0x01, 0xC3, 0xA9, 0xFF]
      let names = (0 ..< 400).map { _ in (0 ..< random.int(in: 0 ... 12)).map { _ in random.pick(alphabet) } }
      for a in names {
        for b in names.prefix(80) {
          let keys = a.withUnsafeBytes { x in b.withUnsafeBytes { y in (_naturalKey(x), _naturalKey(y)) } }
          let order = referenceNaturalOrder(a, b)
          if keys.0 < keys.1 { XCTAssertLessThan(order, 0, "seed \(seed): \(FileName(bytes: a)) vs \(FileName(bytes: b))") }
          if keys.0 > keys.1 { XCTAssertGreaterThan(order, 0, "seed \(seed): \(FileName(bytes: a)) vs \(FileName(bytes: b))") }
        }
      }
      // Keys tell most names apart: they are worth having.
      let distinct = Set(names.map { $0.withUnsafeBytes { _naturalKey($0) } }).count
      XCTAssertGreaterThan(distinct, Set(names).count * 3 / 4, "seed \(seed)")
    }
  }

  /// Reads back what `description` shows.
  private func unescape(_ text: String) -> [UInt8] {
    var bytes: [UInt8] = []
    var utf8 = Array(text.utf8)[...]
    while let byte = utf8.popFirst() {
      guard byte == UInt8(ascii: "\\") else {
        bytes.append(byte)
        continue
      }
      switch utf8.popFirst() {
      case UInt8(ascii: "n"): bytes.append(0x0A)
      case UInt8(ascii: "t"): bytes.append(0x09)
      case UInt8(ascii: "r"): bytes.append(0x0D)
      case UInt8(ascii: "\\"): bytes.append(0x5C)
      case UInt8(ascii: "x"):
        let hex = String(decoding: utf8.prefix(2), as: UTF8.self)
        utf8 = utf8.dropFirst(2)
        bytes.append(UInt8(hex, radix: 16)!)
      default: XCTFail("bad escape in \(text)")
      }
    }
    return bytes
  }
}
