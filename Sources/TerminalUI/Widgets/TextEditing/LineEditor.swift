/// One line of editable text with a cursor, and the readline keys that edit it: the shared core of
/// `TextFieldState` and each line of `TextAreaState`.
public struct LineEditor: Hashable, Sendable {
  public private(set) var characters: [Character]
  /// The cursor, as an index into `characters` (0 is before the first character).
  public var cursor: Int {
    didSet { cursor = min(max(cursor, 0), characters.count) }
  }

  public init(_ text: String = "", cursor: Int? = nil) {
    characters = Array(text)
    self.cursor = min(max(cursor ?? characters.count, 0), characters.count)
  }

  public var text: String { String(characters) }

  /// The display column of the cursor.
  public var cursorColumn: Int {
    characters[..<cursor].reduce(0) { $0 + $1.terminalWidth }
  }

  public mutating func insert(_ text: some StringProtocol) {
    // Characters are joined to the text before being split again, so a combining mark typed
    // after its base joins it rather than standing alone.
    let before = String(characters[..<cursor]) + text
    let after = characters[cursor...]
    let merged = Array(before)
    characters = merged + after
    cursor = merged.count
  }

  public mutating func replace(with text: String) {
    characters = Array(text)
    cursor = characters.count
  }

  /// Performs a readline editing key. Returns false for keys that are not editing keys.
  public mutating func handle(_ key: KeyPress) -> Bool {
    if let character = key.text {
      insert(String(character))
      return true
    }
    switch (key.key, key.modifiers) {
    case (.left, []), (.character("b"), .control): cursor -= 1
    case (.right, []), (.character("f"), .control): cursor += 1
    case (.home, []), (.character("a"), .control): cursor = 0
    case (.end, []), (.character("e"), .control): cursor = characters.count
    case (.character("b"), .alt), (.left, .control), (.left, .alt):
      cursor = WordBoundaries.previousWordStart(in: characters, from: cursor)
    case (.character("f"), .alt), (.right, .control), (.right, .alt):
      cursor = WordBoundaries.nextWordEnd(in: characters, from: cursor)
    case (.backspace, []):
      guard cursor > 0 else { return true }
      characters.remove(at: cursor - 1)
      cursor -= 1
    case (.delete, []), (.character("d"), .control):
      guard cursor < characters.count else { return true }
      characters.remove(at: cursor)
    case (.character("k"), .control):
      characters.removeSubrange(cursor...)
    case (.character("u"), .control):
      characters.removeSubrange(..<cursor)
      cursor = 0
    case (.character("w"), .control), (.backspace, .alt):
      let start = WordBoundaries.previousWhitespaceWordStart(in: characters, from: cursor)
      characters.removeSubrange(start..<cursor)
      cursor = start
    case (.character("d"), .alt):
      let end = WordBoundaries.nextWordEnd(in: characters, from: cursor)
      characters.removeSubrange(cursor..<end)
    default:
      return false
    }
    return true
  }

  /// Splits the line at the cursor, keeping the part before it and returning the part after.
  mutating func splitAtCursor() -> LineEditor {
    let rest = LineEditor(String(characters[cursor...]), cursor: 0)
    characters.removeSubrange(cursor...)
    return rest
  }

  /// Appends another line to this one, leaving the cursor at the join.
  mutating func join(_ other: LineEditor) {
    let join = characters.count
    characters += other.characters
    cursor = join
  }

  /// The character index nearest a display column, for moving between lines.
  func index(forColumn column: Int) -> Int {
    var used = 0
    for (index, character) in characters.enumerated() {
      let width = character.terminalWidth
      if used + width > column { return index }
      used += width
    }
    return characters.count
  }
}
