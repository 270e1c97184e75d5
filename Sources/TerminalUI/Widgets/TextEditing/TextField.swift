/// A single-line text field. Text wider than the field scrolls horizontally to keep the cursor
/// in view; when focused the terminal's cursor is placed at the insertion point.
public struct TextField: View {
  public var state: TextFieldState
  /// Shown dimmed while the text is empty: what to type.
  public var hint: String
  public var isFocused: Bool
  public var style: Style

  public init(
    _ state: TextFieldState, hint: String = "", isFocused: Bool = true, style: Style = .normal
  ) {
    self.state = state
    self.hint = hint
    self.isFocused = isFocused
    self.style = style
  }

  /// The first visible column for a field of `width` columns: the text scrolls only as far as
  /// needed to show the cursor, with the last column kept for the cursor at the end.
  public static func scrollColumn(cursorColumn: Int, width: Int) -> Int {
    max(0, cursorColumn - max(width - 1, 0))
  }

  public func render(in rect: Rect, on canvas: inout Canvas) {
    guard !rect.isEmpty else { return }
    let line = rect.row(0)
    let cursorColumn = state.editor.cursorColumn
    let scroll = Self.scrollColumn(cursorColumn: cursorColumn, width: line.width)
    canvas.fill(line, style: style)
    if state.text.isEmpty, !hint.isEmpty {
      canvas.writeLine(hint, in: line, style: .dim)
    } else {
      canvas.write(state.text, at: Point(x: line.x - scroll, y: line.y), style: style, clip: line)
    }
    if isFocused {
      canvas.cursor = Point(x: line.x + cursorColumn - scroll, y: line.y)
    }
  }
}
