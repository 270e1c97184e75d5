/// The text and cursor of a multi-line text area.
public struct TextAreaState: Hashable, Sendable {
  public private(set) var lines: [LineEditor]
  /// The line the cursor is on.
  public private(set) var row: Int
  /// The display column Up and Down aim for, so moving through a short line and back returns
  /// the cursor to where it was.
  private var goalColumn: Int?

  public init(_ text: String = "") {
    lines = text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline).map {
      LineEditor(String($0))
    }
    row = lines.count - 1
  }

  public var text: String {
    get { lines.map(\.text).joined(separator: "\n") }
    set { self = TextAreaState(newValue) }
  }

  /// The cursor as (line, character index).
  public var cursor: (row: Int, index: Int) { (row, lines[row].cursor) }

  public var currentLine: LineEditor { lines[row] }

  public mutating func insert(_ text: String) {
    let pieces = text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline)
    for (number, piece) in pieces.enumerated() {
      if number > 0 { breakLine() }
      lines[row].insert(piece)
    }
    goalColumn = nil
  }

  /// Handles an editing key or a paste. Enter starts a new line; Tab, Esc and other keys are
  /// left to the caller. `height` is the visible height, for paging.
  public mutating func handle(_ event: KeyEvent, height: Int = 10) -> Bool {
    switch event {
    case .paste(let text):
      insert(PastedText.cleaned(text, keepsLineBreaks: true))
      return true
    case .mouse, .resize:
      return false
    case .key(let key):
      return handle(key, height: height)
    }
  }

  private mutating func handle(_ key: KeyPress, height: Int) -> Bool {
    switch (key.key, key.modifiers) {
    case (.enter, []):
      breakLine()
    case (.up, []), (.character("p"), .control):
      moveVertically(by: -1)
      return true
    case (.down, []), (.character("n"), .control):
      moveVertically(by: 1)
      return true
    case (.pageUp, []):
      moveVertically(by: -max(height - 1, 1))
      return true
    case (.pageDown, []):
      moveVertically(by: max(height - 1, 1))
      return true
    case (.backspace, []) where lines[row].cursor == 0:
      guard row > 0 else { return true }
      let line = lines.remove(at: row)
      row -= 1
      lines[row].join(line)
    case (.delete, []) where lines[row].cursor == lines[row].characters.count,
      (.character("d"), .control) where lines[row].cursor == lines[row].characters.count:
      guard row + 1 < lines.count else { return true }
      let next = lines.remove(at: row + 1)
      let cursor = lines[row].cursor
      lines[row].join(next)
      lines[row].cursor = cursor
    case (.character("k"), .control) where lines[row].cursor == lines[row].characters.count:
      // Ctrl-k at the end of a line joins the next one, as in Emacs.
      guard row + 1 < lines.count else { return true }
      let next = lines.remove(at: row + 1)
      let cursor = lines[row].cursor
      lines[row].join(next)
      lines[row].cursor = cursor
    case (.left, []) where lines[row].cursor == 0 && row > 0:
      row -= 1
      lines[row].cursor = lines[row].characters.count
    case (.right, []) where lines[row].cursor == lines[row].characters.count && row + 1 < lines.count:
      row += 1
      lines[row].cursor = 0
    default:
      guard lines[row].handle(key) else { return false }
    }
    goalColumn = nil
    return true
  }

  private mutating func breakLine() {
    let rest = lines[row].splitAtCursor()
    lines.insert(rest, at: row + 1)
    row += 1
  }

  private mutating func moveVertically(by delta: Int) {
    let column = goalColumn ?? lines[row].cursorColumn
    row = min(max(row + delta, 0), lines.count - 1)
    lines[row].cursor = lines[row].index(forColumn: column)
    goalColumn = column
  }
}
