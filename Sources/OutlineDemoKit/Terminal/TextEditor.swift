/// A one-line text being edited: the text and a cursor, changed by keys.
///
/// The form's text fields and date field use it; it handles the editing
/// keys only (characters, space, Backspace, Delete, Left, Right, Home,
/// End). Enter, Escape and the arrows that leave the field are the form's.
package struct TextEditor: Hashable, Sendable {
  /// The characters.
  package private(set) var characters: [Character]
  /// The cursor's position: before `characters[cursor]`, or at the end.
  package private(set) var cursor: Int

  /// The longest text the editor accepts, so a runaway paste cannot fill
  /// the memory.
  package static let maximumLength = 1_000

  /// Starts editing `text` with the cursor at its end.
  ///
  /// - Complexity: O(n).
  package init(_ text: String) {
    characters = Array(text.prefix(Self.maximumLength))
    cursor = characters.count
  }

  /// The text.
  ///
  /// - Complexity: O(n).
  package var text: String { String(characters) }

  /// The text with a thin bar where the cursor is: `Ada▏`.
  ///
  /// - Complexity: O(n).
  package var textWithCursor: String {
    String(characters[..<cursor]) + "▏" + String(characters[cursor...])
  }

  /// Applies an editing key.
  ///
  /// - Returns: Whether the key was an editing key (the text or the cursor
  ///   may have changed).
  /// - Complexity: O(n).
  @discardableResult
  package mutating func handle(_ key: Key) -> Bool {
    switch key {
    case .character(let character):
      insert(String(character))
    case .text(let text):
      insert(text)
    case .space:
      insert(" ")
    case .backspace:
      if cursor > 0 {
        characters.remove(at: cursor - 1)
        cursor -= 1
      }
    case .delete:
      if cursor < characters.count { characters.remove(at: cursor) }
    case .left:
      cursor = max(0, cursor - 1)
    case .right:
      cursor = min(characters.count, cursor + 1)
    case .home:
      cursor = 0
    case .end:
      cursor = characters.count
    default:
      return false
    }
    return true
  }

  private mutating func insert(_ text: String) {
    // Only printable text goes in: a pasted newline or tab becomes a space.
    let clean = Array(TerminalText.sanitized(text).prefix(Self.maximumLength - characters.count))
    characters.insert(contentsOf: clean, at: cursor)
    cursor += clean.count
  }
}
