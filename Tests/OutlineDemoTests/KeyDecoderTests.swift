import OutlineDemoKit
import XCTest

/// Terminal bytes and escape sequences to keys.
final class KeyDecoderTests: XCTestCase {
  func decode(_ text: String) -> [Key] { KeyDecoder.decode(Array(text.utf8)) }

  func testArrowsInNormalAndApplicationModeAndWithModifiers() {
    XCTAssertEqual(decode("\u{1B}[A\u{1B}[B\u{1B}[C\u{1B}[D"), [.up, .down, .right, .left])
    XCTAssertEqual(decode("\u{1B}OA\u{1B}OB\u{1B}OC\u{1B}OD"), [.up, .down, .right, .left])
    XCTAssertEqual(decode("\u{1B}[1;5A\u{1B}[1;3B"), [.up, .down])  // Ctrl, Alt: the plain key
  }

  func testShiftWithArrowsPagesHomeAndEnd() {
    // xterm: the modifier parameter 2 (or any with the Shift bit: 6 is Ctrl-Shift).
    XCTAssertEqual(decode("\u{1B}[1;2A\u{1B}[1;2B\u{1B}[1;6B"), [.shiftUp, .shiftDown, .shiftDown])
    XCTAssertEqual(decode("\u{1B}[5;2~\u{1B}[6;2~\u{1B}[1;2H\u{1B}[1;2F"), [.shiftPageUp, .shiftPageDown, .shiftHome, .shiftEnd])
    XCTAssertEqual(decode("\u{1B}[a\u{1B}[b"), [.shiftUp, .shiftDown])  // rxvt
    XCTAssertEqual(decode("\u{1B}[1;2C\u{1B}[3;2~"), [.right, .delete], "no Shift form: the plain key")
  }

  func testHomeEndPagesDeleteAndShiftTab() {
    XCTAssertEqual(decode("\u{1B}[H\u{1B}[F\u{1B}OH\u{1B}OF"), [.home, .end, .home, .end])
    XCTAssertEqual(decode("\u{1B}[1~\u{1B}[7~\u{1B}[4~\u{1B}[8~"), [.home, .home, .end, .end])
    XCTAssertEqual(decode("\u{1B}[5~\u{1B}[6~\u{1B}[3~\u{1B}[Z"), [.pageUp, .pageDown, .delete, .backTab])
    XCTAssertEqual(decode("\u{1B}[5;5~"), [.pageUp])
  }

  func testControlBytes() {
    XCTAssertEqual(KeyDecoder.decode([0x0D, 0x0A, 0x09, 0x7F, 0x08, 0x03, 0x20]), [.enter, .tab, .backspace, .backspace, .interrupt, .space])
    XCTAssertEqual(KeyDecoder.decode([0x0D, 0x0D]), [.enter, .enter])
    XCTAssertEqual(KeyDecoder.decode([0x0A]), [.enter])
    XCTAssertEqual(KeyDecoder.decode([0x01, 0x1A]), [.control("a"), .control("z")])
    XCTAssertEqual(KeyDecoder.decode([0x00, 0x1C, 0x1F]), [])  // other control bytes are dropped
  }

  func testPrintableAndUnicodeCharacters() {
    XCTAssertEqual(decode("qS*-?1"), "qS*-?1".map { .character($0) })
    XCTAssertEqual(decode("é日🙂"), [.character("é"), .character("日"), .character("🙂")])
  }

  func testSequencesSplitAcrossReadsWaitForTheirEnd() {
    var decoder = KeyDecoder()
    XCTAssertEqual(decoder.feed([0x1B]), [])
    XCTAssertTrue(decoder.hasPendingInput)
    XCTAssertEqual(decoder.feed([0x5B]), [])
    XCTAssertEqual(decoder.feed([0x36]), [])
    XCTAssertEqual(decoder.feed([0x7E, 0x71]), [.pageDown, .character("q")])
    XCTAssertFalse(decoder.hasPendingInput)
    let smile = Array("🙂".utf8)
    XCTAssertEqual(decoder.feed(smile.prefix(2)), [])
    XCTAssertEqual(decoder.feed(smile.dropFirst(2)), [.character("🙂")])
  }

  func testALoneEscapeIsTheEscapeKeyWhenNothingFollows() {
    var decoder = KeyDecoder()
    XCTAssertEqual(decoder.feed([0x1B]), [])
    XCTAssertEqual(decoder.flush(), [.escape])
    XCTAssertEqual(decode("\u{1B}\u{1B}[A"), [.escape, .up])
    XCTAssertEqual(decode("\u{1B}x"), [.escape, .character("x")])  // Alt-x
    XCTAssertEqual(decode("\u{1B}O"), [.escape, .character("O")])
  }

  func testUnknownAndBrokenInputIsDroppedWithoutTrapping() {
    XCTAssertEqual(decode("\u{1B}[200~a"), [.character("a")])  // a paste marker
    XCTAssertEqual(decode("\u{1B}[99X\u{1B}OZ"), [])
    // An overlong sequence is dropped as far as the limit; the rest is text.
    XCTAssertEqual(decode("\u{1B}[" + String(repeating: "1", count: 40) + "A").last, .character("A"))
    XCTAssertEqual(KeyDecoder.decode([0xFF, 0xC3, 0x41, 0x80, 0xE2, 0x82]), [.character("A")])
    var decoder = KeyDecoder()
    XCTAssertEqual(decoder.feed([0x1B, 0x5B, 0x31]), [])
    XCTAssertEqual(decoder.flush(), [])  // an unfinished sequence is dropped
    // Random bytes never trap and never leave a key half-decoded after a flush.
    var generator = SystemRandomNumberGenerator()
    for _ in 0 ..< 500 {
      let bytes = (0 ..< Int.random(in: 0 ... 24, using: &generator)).map { _ in UInt8.random(in: 0 ... 255, using: &generator) }
      var decoder = KeyDecoder()
      _ = decoder.feed(bytes)
      _ = decoder.flush()
      XCTAssertFalse(decoder.hasPendingInput)
    }
  }

  // MARK: The mouse

  func mouse(_ action: MouseEvent.Action, _ column: Int, _ line: Int) -> Key {
    .mouse(MouseEvent(action, column: column, line: line))
  }

  func testSGRMouseReportsPressesDragsReleasesAndTheWheel() {
    XCTAssertEqual(decode("\u{1B}[<0;5;3M"), [mouse(.press, 5, 3)])
    XCTAssertEqual(decode("\u{1B}[<32;6;4M"), [mouse(.drag, 6, 4)])
    XCTAssertEqual(decode("\u{1B}[<0;6;4m"), [mouse(.release, 6, 4)])
    XCTAssertEqual(decode("\u{1B}[<64;1;10M\u{1B}[<65;1;11M"), [mouse(.wheelUp, 1, 10), mouse(.wheelDown, 1, 11)])
    // Columns and lines past 223 (the old form's limit) and modifiers (Shift 4, Alt 8, Ctrl 16).
    XCTAssertEqual(decode("\u{1B}[<4;300;250M\u{1B}[<48;2;2M\u{1B}[<16;7;8m"), [mouse(.press, 300, 250), mouse(.drag, 2, 2), mouse(.release, 7, 8)])
    // Other buttons, and motion with no button, are not the demo's.
    XCTAssertEqual(decode("\u{1B}[<1;5;3M\u{1B}[<2;5;3M\u{1B}[<2;5;3m\u{1B}[<35;5;3M\u{1B}[<34;5;3M"), [])
    // Reports that do not read are dropped whole; what follows is read.
    XCTAssertEqual(decode("\u{1B}[<0;0;3M\u{1B}[<0;5M\u{1B}[<0;5;99999999999999999999999M\u{1B}[<0;5;3;9Mq"), [.character("q")])
  }

  func testAMouseReportSplitAcrossReadsWaitsForItsEnd() {
    var decoder = KeyDecoder()
    XCTAssertEqual(decoder.feed(Array("\u{1B}[<32;1".utf8)), [])
    XCTAssertTrue(decoder.hasPendingInput)
    XCTAssertEqual(decoder.feed(Array("2;9".utf8)), [])
    XCTAssertEqual(decoder.feed(Array("Mx".utf8)), [mouse(.drag, 12, 9), .character("x")])
    XCTAssertFalse(decoder.hasPendingInput)
  }

  /// Terminals without SGR mode send `ESC [ M` and three bytes of 32 +
  /// the value: read as mouse events, never as typed characters.
  func testTheOldX10FormIsReadToo() {
    func x10(_ code: Int, _ column: Int, _ line: Int) -> [UInt8] { [0x1B, 0x5B, 0x4D, UInt8(32 + code), UInt8(32 + column), UInt8(32 + line)] }
    XCTAssertEqual(KeyDecoder.decode(x10(0, 5, 3) + x10(32, 6, 3) + x10(3, 6, 3)), [mouse(.press, 5, 3), mouse(.drag, 6, 3), mouse(.release, 6, 3)])
    XCTAssertEqual(KeyDecoder.decode(x10(64, 1, 1) + x10(65, 1, 1)), [mouse(.wheelUp, 1, 1), mouse(.wheelDown, 1, 1)])
    XCTAssertEqual(KeyDecoder.decode(x10(2, 5, 3) + x10(35, 5, 3) + Array("q".utf8)), [.character("q")], "right button, motion without one")
    var decoder = KeyDecoder()
    XCTAssertEqual(decoder.feed([0x1B, 0x5B, 0x4D, 32]), [])
    XCTAssertEqual(decoder.feed([37, 35, 0x71]), [mouse(.press, 5, 3), .character("q")])
    XCTAssertEqual(KeyDecoder.decode([0x1B, 0x5B, 0x4D, 32, 33]), [], "cut short: dropped")
  }
}
