import OutlineTestSupport

/// Random JSON text from a seed: every kind of value, strings with every
/// escape (surrogate pairs, upper- and lowercase hex) and raw UTF-8 of
/// every length, numbers of every shape, empty and nested containers, deep
/// chains now and then, and odd whitespace between everything; and broken
/// variants of it, by one mutation at a time.
struct RandomJSON {
  var random: SplitMix64
  /// The deepest the values go.
  var maximumDepth = 12
  /// Whether the text is JSON Lines (no line feeds inside a value).
  var jsonLines = false

  init(seed: UInt64) { random = SplitMix64(seed: seed) }

  /// A document: one value, or for JSON Lines a few lines (some blank).
  mutating func document(values: Int = 40) -> [UInt8] {
    var out: [UInt8] = []
    if random.chance(0.05) { out += [0xEF, 0xBB, 0xBF] }  // a byte order mark
    var budget = values
    if jsonLines {
      for _ in 0 ..< random.int(in: 0 ... 6) {
        if random.chance(0.2) { whitespace(into: &out) } else { value(depth: 0, budget: &budget, into: &out) }
        whitespace(into: &out)
        out += random.chance(0.2) ? [0x0D, 0x0A] : [0x0A]
      }
      return out
    }
    whitespace(into: &out)
    value(depth: 0, budget: &budget, into: &out)
    whitespace(into: &out)
    return out
  }

  mutating func value(depth: Int, budget: inout Int, into out: inout [UInt8]) {
    budget -= 1
    let canNest = depth < maximumDepth && budget > 0
    if canNest && random.chance(0.02) {
      chain(depth: depth, into: &out)
      return
    }
    switch random.int(in: 0 ..< (canNest ? 10 : 6)) {
    case 0, 1: string(into: &out)
    case 2, 3: number(into: &out)
    case 4: out += Array(random.element(of: ["true", "false"]).utf8)
    case 5: out += Array("null".utf8)
    case 6, 7: container(isObject: true, depth: depth, budget: &budget, into: &out)
    default: container(isObject: false, depth: depth, budget: &budget, into: &out)
    }
  }

  mutating func container(isObject: Bool, depth: Int, budget: inout Int, into out: inout [UInt8]) {
    out.append(isObject ? UInt8(ascii: "{") : UInt8(ascii: "["))
    let count = random.chance(0.15) ? 0 : random.int(in: 1 ... 6)
    whitespace(into: &out)
    for k in 0 ..< count where budget > 0 || k == 0 {
      if k > 0 {
        out.append(UInt8(ascii: ","))
        whitespace(into: &out)
      }
      if isObject {
        // Keys repeat now and then: duplicates are kept.
        if random.chance(0.1) { out += Array(#""dup""#.utf8) } else { string(into: &out) }
        whitespace(into: &out)
        out.append(UInt8(ascii: ":"))
        whitespace(into: &out)
      }
      value(depth: depth + 1, budget: &budget, into: &out)
      whitespace(into: &out)
    }
    out.append(isObject ? UInt8(ascii: "}") : UInt8(ascii: "]"))
  }

  /// Nested arrays and objects as deep as the limit allows, with a scalar
  /// at the bottom.
  mutating func chain(depth: Int, into out: inout [UInt8]) {
    var closers: [UInt8] = []
    for _ in depth ..< maximumDepth {
      if random.chance(0.5) {
        out += Array(#"{"k":"#.utf8)
        closers.append(UInt8(ascii: "}"))
      } else {
        out.append(UInt8(ascii: "["))
        closers.append(UInt8(ascii: "]"))
      }
    }
    out += Array("0".utf8)
    out += closers.reversed()
  }

  /// Whitespace: none most of the time, else spaces, tabs, carriage
  /// returns and (not in JSON Lines) line feeds.
  mutating func whitespace(into out: inout [UInt8]) {
    guard random.chance(0.4) else { return }
    let pieces: [[UInt8]] = jsonLines ? [[0x20], [0x09], [0x0D], [0x20, 0x20]] : [[0x20], [0x09], [0x0A], [0x0D, 0x0A], [0x0A, 0x20, 0x20, 0x20, 0x20]]
    for _ in 0 ..< random.int(in: 1 ... 3) { out += random.element(of: pieces) }
  }

  mutating func string(into out: inout [UInt8]) {
    out.append(UInt8(ascii: "\""))
    for _ in 0 ..< random.int(in: 0 ... 8) {
      switch random.int(in: 0 ..< 12) {
      case 0: out += Array(random.element(of: [#"\""#, #"\\"#, #"\/"#, #"\b"#, #"\f"#, #"\n"#, #"\r"#, #"\t"#]).utf8)
      case 1: out += Array(unicodeEscape(random.int(in: 0 ..< 0xD800)).utf8)
      case 2:
        // A surrogate pair: a scalar past U+FFFF.
        let scalar = random.int(in: 0x10000 ... 0x10FFFF) - 0x10000
        out += Array((unicodeEscape(0xD800 + scalar >> 10) + unicodeEscape(0xDC00 + scalar & 0x3FF)).utf8)
      case 3: out += Array(random.element(of: ["é", "ß", "日本", "€", "😀", "𝄞", "\u{7FF}", "\u{800}", "\u{FFFF}", "\u{10FFFF}"]).utf8)
      case 4: out += Array(random.element(of: ["a b", "x", "", "'", "{", "]", ",", ":"]).utf8)
      default:
        // Printable ASCII; a quote or backslash would end or escape.
        for _ in 0 ..< random.int(in: 1 ... 12) {
          let c = UInt8(random.int(in: 0x20 ... 0x7E))
          out.append(c == UInt8(ascii: "\"") || c == UInt8(ascii: "\\") ? UInt8(ascii: "_") : c)
        }
      }
    }
    out.append(UInt8(ascii: "\""))
  }

  mutating func unicodeEscape(_ unit: Int) -> String {
    var hex = String(unit, radix: 16, uppercase: random.chance(0.5))
    while hex.count < 4 { hex = "0" + hex }
    return "\\u" + hex
  }

  mutating func number(into out: inout [UInt8]) {
    var text = random.chance(0.3) ? "-" : ""
    text += random.chance(0.2) ? "0" : String(random.int(in: 1 ... 9)) + digits(random.int(in: 0 ... 25))
    if random.chance(0.3) { text += "." + digits(random.int(in: 1 ... 20)) }
    if random.chance(0.2) {
      text += random.element(of: ["e", "E"]) + random.element(of: ["", "+", "-"]) + digits(random.int(in: 1 ... 4))
    }
    out += Array(text.utf8)
  }

  mutating func digits(_ count: Int) -> String {
    String((0 ..< count).map { _ in Character(String(random.int(in: 0 ... 9))) })
  }

  // MARK: Broken documents

  /// Bytes that make or break JSON: brackets, commas, quotes, escapes,
  /// digits, letters, whitespace, control characters, and bytes that are
  /// not UTF-8 or start sequences that may not be.
  static let interestingBytes: [UInt8] =
    Array(#"{}[],:"\'0123456789-+.eEtfnu/ aZ"#.utf8) + [0x09, 0x0A, 0x0D, 0x00, 0x1F, 0x7F, 0x80, 0xBF, 0xC0, 0xC3, 0xE0, 0xED, 0xF0, 0xF4, 0xF5, 0xFF]

  /// `bytes` with one random change: a byte deleted, inserted, replaced
  /// or doubled, a comma put before a closing bracket, or the end cut off.
  mutating func mutate(_ bytes: [UInt8]) -> [UInt8] {
    var bytes = bytes
    let position = random.int(in: 0 ... bytes.count)
    let closers = bytes.indices.filter { bytes[$0] == UInt8(ascii: "}") || bytes[$0] == UInt8(ascii: "]") }
    switch random.int(in: 0 ..< 6) {
    case 5 where !closers.isEmpty: bytes.insert(UInt8(ascii: ","), at: random.element(of: closers))
    case 0 where position < bytes.count: bytes.remove(at: position)
    case 1: bytes.insert(random.element(of: RandomJSON.interestingBytes), at: position)
    case 2 where position < bytes.count: bytes[position] = random.element(of: RandomJSON.interestingBytes)
    case 3 where position < bytes.count: bytes.insert(bytes[position], at: position)
    default: bytes.removeLast(bytes.count - position)
    }
    return bytes
  }
}
