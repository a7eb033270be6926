/// Turns the bytes a terminal in raw mode sends into ``Key``s.
///
/// Terminals send printable characters as UTF-8, a few control bytes
/// (Return, Tab, Backspace, Ctrl-C) and escape sequences for the other keys:
/// `ESC [ A` for the up arrow, `ESC [ 5 ~` for Page Up, `ESC O H` for Home in
/// application mode, `ESC [ 1 ; 2 A` for Shift-Up (xterm's modifier
/// parameter: 2 is Shift; Shift-Page Down is `ESC [ 6 ; 2 ~`; rxvt sends
/// `ESC [ a` and `ESC [ b` for Shift-Up and Shift-Down). Other modifiers
/// (`ESC [ 1 ; 5 A`, Ctrl-Up) give the plain key. A read may end in the
/// middle of a sequence, so the decoder keeps the unfinished tail for the
/// next ``feed(_:)``; when no more bytes come (the terminal layer waits a
/// few milliseconds), ``flush()`` decides: a lone `ESC` is the Escape key.
///
/// Mouse reports (the terminal layer turns on SGR mouse mode) arrive as
/// `ESC [ < b ; x ; y M` (a press or a motion) and `ESC [ < b ; x ; y m` (a
/// release): ``Key/mouse(_:)`` with a ``MouseEvent``. In `b`, the low two
/// bits are the button (0 the left one), 32 marks a motion and 64 the
/// wheel; Shift, Alt and Ctrl (4, 8, 16) are ignored. Only the left
/// button's presses, drags and releases and the wheel are kept. The old
/// X10 form (`ESC [ M` and three bytes, of terminals without SGR mode) is
/// read too, so its bytes never arrive as typed keys.
///
/// ```swift
/// var decoder = KeyDecoder()
/// decoder.feed([0x1B, 0x5B])        // []: the sequence is not finished
/// decoder.feed([0x41])              // [.up]
/// decoder.feed([0x1B])              // []
/// decoder.flush()                   // [.escape]
/// ```
///
/// Unknown sequences and control bytes are dropped; bytes that are not
/// UTF-8 are skipped. No input makes it trap.
package struct KeyDecoder: Sendable {
  /// Bytes of a key that has not finished arriving.
  private var pending: [UInt8] = []

  /// The longest escape sequence kept waiting for its end; a longer one is
  /// garbage and is dropped.
  private static let maximumSequenceLength = 32

  /// Creates a decoder with nothing pending.
  ///
  /// - Complexity: O(1).
  package init() {}

  /// Whether an unfinished key is waiting for more bytes (the terminal
  /// layer calls ``flush()`` when none come).
  ///
  /// - Complexity: O(1).
  package var hasPendingInput: Bool { !pending.isEmpty }

  /// Decodes bytes, keeping an unfinished key for the next call.
  ///
  /// - Returns: The keys completed by these bytes, in order.
  /// - Complexity: O(n) in the number of bytes.
  package mutating func feed(_ bytes: some Sequence<UInt8>) -> [Key] {
    pending.append(contentsOf: bytes)
    return decode(final: false)
  }

  /// Decides what the unfinished bytes were, when no more are coming: a
  /// lone `ESC` is ``Key/escape``; an unfinished sequence or character is
  /// dropped.
  ///
  /// - Complexity: O(n) in the number of pending bytes.
  package mutating func flush() -> [Key] {
    decode(final: true)
  }

  /// Decodes a complete run of bytes: ``feed(_:)`` then ``flush()``.
  ///
  /// ```swift
  /// KeyDecoder.decode(Array("\u{1B}[6~q".utf8))   // [.pageDown, .character("q")]
  /// ```
  ///
  /// - Complexity: O(n) in the number of bytes.
  package static func decode(_ bytes: some Sequence<UInt8>) -> [Key] {
    var decoder = KeyDecoder()
    return decoder.feed(bytes) + decoder.flush()
  }

  // MARK: Decoding

  /// What one step of decoding found at the front of the pending bytes.
  private enum Step {
    /// A key (or nothing, for an ignored sequence) and the bytes it used.
    case key(Key?, length: Int)
    /// The key is not complete yet.
    case incomplete
  }

  private mutating func decode(final: Bool) -> [Key] {
    var keys: [Key] = []
    var start = 0
    while start < pending.count {
      switch step(at: start, final: final) {
      case .key(let key, let length):
        if let key { keys.append(key) }
        start += length
      case .incomplete:
        if final {
          // Nothing more is coming: a lone ESC is the Escape key; any other
          // unfinished key is dropped.
          if pending[start] == 0x1B && start + 1 == pending.count { keys.append(.escape) }
          start = pending.count
        } else {
          pending.removeFirst(start)
          return keys
        }
      }
    }
    pending.removeAll(keepingCapacity: true)
    return keys
  }

  private func step(at start: Int, final: Bool) -> Step {
    let byte = pending[start]
    switch byte {
    case 0x1B:
      return escape(at: start, final: final)
    case 0x0D:
      // CR LF (a pasted line end) is one Return.
      let length = start + 1 < pending.count && pending[start + 1] == 0x0A ? 2 : 1
      return .key(.enter, length: length)
    case 0x0A: return .key(.enter, length: 1)
    case 0x09: return .key(.tab, length: 1)
    case 0x7F, 0x08: return .key(.backspace, length: 1)
    case 0x03: return .key(.interrupt, length: 1)
    case 0x20: return .key(.space, length: 1)
    case 0x01 ... 0x1A:
      // Ctrl-A ... Ctrl-Z: the letter's code minus 0x60.
      return .key(.control(Character(Unicode.Scalar(byte + 0x60))), length: 1)
    case 0x00 ..< 0x20: return .key(nil, length: 1)
    case 0x20 ..< 0x7F: return .key(.character(Character(Unicode.Scalar(byte))), length: 1)
    default: return utf8(at: start)
    }
  }

  /// An escape sequence: CSI (`ESC [`), SS3 (`ESC O`), or Escape itself.
  private func escape(at start: Int, final: Bool) -> Step {
    guard start + 1 < pending.count else { return .incomplete }
    let next = pending[start + 1]
    switch next {
    case UInt8(ascii: "["):
      return csi(at: start)
    case UInt8(ascii: "O"):
      guard start + 2 < pending.count else { return final ? .key(.escape, length: 1) : .incomplete }
      let final = pending[start + 2]
      return .key(final == UInt8(ascii: "M") ? .enter : cursorKey(final), length: 3)
    default:
      // ESC ESC, or Alt with a key: the Escape key, then decode the rest.
      return .key(.escape, length: 1)
    }
  }

  /// `ESC [ parameters final`: arrows, Home/End, Page Up/Down, Delete,
  /// Shift-Tab, with or without modifiers.
  private func csi(at start: Int) -> Step {
    var index = start + 2
    while index < pending.count {
      let byte = pending[index]
      if (0x40 ... 0x7E).contains(byte) { break }
      guard (0x20 ... 0x3F).contains(byte) else {
        // Not a CSI byte: the sequence is broken; drop what came so far.
        return .key(nil, length: index - start)
      }
      index += 1
      if index - start > Self.maximumSequenceLength { return .key(nil, length: index - start) }
    }
    guard index < pending.count else { return .incomplete }
    let length = index - start + 1
    if pending[index] == UInt8(ascii: "M") && index == start + 2 { return x10Mouse(at: start) }
    let parameters = String(decoding: pending[(start + 2) ..< index], as: UTF8.self)
    if parameters.hasPrefix("<") {
      return .key(Self.sgrMouse(parameters.dropFirst(), final: pending[index]), length: length)
    }
    let fields = parameters.split(separator: ";", omittingEmptySubsequences: false).map(String.init)
    let first = fields.first ?? ""
    // xterm's modifier parameter is 1 + a bit mask whose bit 0 is Shift.
    let shifted = fields.count > 1 && Int(fields[1]).map { ($0 - 1) & 1 == 1 } ?? false
    var key: Key?
    switch pending[index] {
    case UInt8(ascii: "Z"): key = .backTab
    case UInt8(ascii: "~"):
      switch first {
      case "1", "7": key = .home
      case "4", "8": key = .end
      case "5": key = .pageUp
      case "6": key = .pageDown
      case "3": key = .delete
      default: key = nil
      }
    case UInt8(ascii: "a"): key = .shiftUp  // rxvt
    case UInt8(ascii: "b"): key = .shiftDown  // rxvt
    default: key = cursorKey(pending[index])
    }
    if shifted, let plain = key { key = Self.shifted(plain) }
    return .key(key, length: length)
  }

  /// An SGR mouse report's key from its parameters after `<` (`b;x;y`) and
  /// its final byte (`M` press or motion, `m` release); nil for what the
  /// demo does not use (other buttons, motion without a button, a report
  /// that does not read).
  private static func sgrMouse(_ parameters: Substring, final: UInt8) -> Key? {
    let fields = parameters.split(separator: ";", omittingEmptySubsequences: false).map { Int($0) }
    guard fields.count == 3, let code = fields[0], let column = fields[1], let line = fields[2],
      code >= 0, column >= 1, line >= 1
    else { return nil }
    return mouse(code: code, column: column, line: line, isRelease: final == UInt8(ascii: "m"))
  }

  /// The key of a mouse report's button code (modifiers ignored).
  private static func mouse(code: Int, column: Int, line: Int, isRelease: Bool) -> Key? {
    let button = code & 3
    let action: MouseEvent.Action
    if code & 64 != 0 {
      guard !isRelease, button < 2 else { return nil }
      action = button == 0 ? .wheelUp : .wheelDown
    } else if isRelease {
      guard button == 0 else { return nil }
      action = .release
    } else if code & 32 != 0 {
      guard button == 0 else { return nil }
      action = .drag
    } else {
      guard button == 0 else { return nil }
      action = .press
    }
    return .mouse(MouseEvent(action, column: column, line: line))
  }

  /// The X10 form `ESC [ M b x y`, each byte 32 more than its value; the
  /// release is button 3 (which button went up is not said: the left one
  /// is assumed).
  private func x10Mouse(at start: Int) -> Step {
    guard start + 5 < pending.count else { return .incomplete }
    let code = Int(pending[start + 3]) - 32
    let column = Int(pending[start + 4]) - 32
    let line = Int(pending[start + 5]) - 32
    guard code >= 0, column >= 1, line >= 1 else { return .key(nil, length: 6) }
    let isRelease = code & 3 == 3 && code & (32 | 64) == 0
    return .key(Self.mouse(code: isRelease ? code & ~3 : code, column: column, line: line, isRelease: isRelease), length: 6)
  }

  /// The Shift form of a key that has one; the key itself otherwise.
  private static func shifted(_ key: Key) -> Key {
    switch key {
    case .up: .shiftUp
    case .down: .shiftDown
    case .pageUp: .shiftPageUp
    case .pageDown: .shiftPageDown
    case .home: .shiftHome
    case .end: .shiftEnd
    default: key
    }
  }

  /// The cursor keys' final byte, the same after `ESC [` and `ESC O`.
  private func cursorKey(_ final: UInt8) -> Key? {
    switch final {
    case UInt8(ascii: "A"): .up
    case UInt8(ascii: "B"): .down
    case UInt8(ascii: "C"): .right
    case UInt8(ascii: "D"): .left
    case UInt8(ascii: "H"): .home
    case UInt8(ascii: "F"): .end
    default: nil
    }
  }

  /// A UTF-8 character of two to four bytes.
  private func utf8(at start: Int) -> Step {
    let lead = pending[start]
    let length: Int
    switch lead {
    case 0xC2 ... 0xDF: length = 2
    case 0xE0 ... 0xEF: length = 3
    case 0xF0 ... 0xF4: length = 4
    default: return .key(nil, length: 1)  // a continuation byte or an invalid lead
    }
    var index = start + 1
    while index < start + length {
      guard index < pending.count else { return .incomplete }
      guard pending[index] & 0xC0 == 0x80 else { return .key(nil, length: index - start) }
      index += 1
    }
    let scalars = String(decoding: pending[start ..< start + length], as: UTF8.self)
    guard let character = scalars.first, !scalars.contains("\u{FFFD}") else { return .key(nil, length: length) }
    return .key(.character(character), length: length)
  }
}
