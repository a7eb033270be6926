import OutlineKit

/// One-line summaries of values, for collapsed rows.
extension JSONDocument {
  /// A one-line summary of a node's value, at most `maxLength` characters
  /// (at least 8): an object's first keys, `{id, name, …}`; an array's
  /// count, `[1,234 items]`; `{}` and `[]` when empty; a scalar's JSON
  /// text, shortened with `…`.
  ///
  /// ```swift
  /// document.preview(of: user)       // {id, name, screen_name, …}
  /// document.preview(of: statuses)   // [100 items]
  /// ```
  ///
  /// - Complexity: O(k log n) for the k keys shown; O(log n) for an array;
  ///   O(v) for a scalar of v bytes.
  public func preview(of id: NodeID, maxLength: Int = 40) -> String {
    let maxLength = max(8, maxLength)
    switch outline[id].kind {
    case .array:
      let count = outline.children(of: id).count
      return count == 0 ? "[]" : "[\(Self.formatted(count)) \(count == 1 ? "item" : "items")]"
    case .object:
      let children = outline.children(of: id)
      guard !children.isEmpty else { return "{}" }
      var text = "{"
      for (position, child) in children.enumerated() {
        let key = Self.oneLine(source.key(of: outline[child]) ?? "")
        let isLast = position == children.count - 1
        // A key that is not the last leaves room for ", …}".
        guard text.count + key.count + (isLast ? 1 : 4) <= maxLength else { return text + "…}" }
        text += key + (isLast ? "}" : ", ")
      }
      return text
    default:
      let text = Self.oneLine(valueText(of: id))
      return text.count <= maxLength ? text : String(text.prefix(maxLength - 1)) + "…"
    }
  }

  /// `1,234,567`.
  static func formatted(_ count: Int) -> String {
    let digits = String(count)
    var result = ""
    for (position, digit) in digits.enumerated() {
      if position > 0 && (digits.count - position) % 3 == 0 { result.append(",") }
      result.append(digit)
    }
    return result
  }

  /// Text with its line breaks and other control characters shown as
  /// spaces, for one line.
  static func oneLine(_ text: String) -> String {
    guard text.unicodeScalars.contains(where: { $0.value < 0x20 || $0.value == 0x7F }) else { return text }
    return String(String.UnicodeScalarView(text.unicodeScalars.map { $0.value < 0x20 || $0.value == 0x7F ? " " : $0 }))
  }
}
