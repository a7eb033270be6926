extension ScriptAction {
  /// The action as a script writes it; ``parse(_:)`` reads it back.
  ///
  /// - Complexity: O(k) in the text's length.
  public var scriptText: String {
    switch self {
    case .key(let key, let modifiers): return modifiers.scriptPrefix + key.rawValue
    case .click(let row, let modifiers): return modifiers.scriptPrefix + "click \(row)"
    case .clickTriangle(let row): return "click-triangle \(row)"
    case .clickCheck(let row): return "click-check \(row)"
    case .drag(let from, let to, let zone): return "drag \(from) to \(to) \(zone.rawValue)"
    case .expandAll: return "expand-all"
    case .collapseAll: return "collapse-all"
    case .search(let text): return text.isEmpty ? "search" : "search \(text)"
    case .open(let name): return "open \(name)"
    case .jump(let row): return "jump \(row)"
    case .screenshot(let path): return "screenshot \(path)"
    case .expectRows(let labels): return "expect-rows \(labels.joined(separator: ", "))"
    case .expectFocus(let label): return "expect-focus \(label)"
    case .expectRowCount(let count): return "expect-row-count \(count)"
    case .expectSelected(let labels): return "expect-selected \(labels.joined(separator: ", "))"
    case .quit: return "quit"
    }
  }
}

extension InputModifiers {
  /// `ctrl+shift+`, `shift+`, or nothing.
  fileprivate var scriptPrefix: String {
    (contains(.control) ? "ctrl+" : "") + (contains(.shift) ? "shift+" : "")
  }
}
