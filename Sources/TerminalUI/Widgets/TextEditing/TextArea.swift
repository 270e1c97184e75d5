/// A multi-line text editor. Lines are not wrapped; the view scrolls vertically and horizontally
/// to keep the cursor in view.
public struct TextArea: View {
  public var state: TextAreaState
  /// Shown dimmed while the text is empty: what to type.
  public var hint: String
  public var isFocused: Bool
  public var style: Style

  public init(
    _ state: TextAreaState, hint: String = "", isFocused: Bool = true, style: Style = .normal
  ) {
    self.state = state
    self.hint = hint
    self.isFocused = isFocused
    self.style = style
  }

  public func render(in rect: Rect, on canvas: inout Canvas) {
    guard !rect.isEmpty else { return }
    canvas.fill(rect, style: style)
    if state.text.isEmpty, !hint.isEmpty {
      Text(hint, style: .dim).render(in: rect, on: &canvas)
    }
    let cursorColumn = state.currentLine.cursorColumn
    let firstRow = max(0, state.row - (rect.height - 1))
    let scroll = TextField.scrollColumn(cursorColumn: cursorColumn, width: rect.width)
    for screenRow in 0..<rect.height {
      let lineIndex = firstRow + screenRow
      guard lineIndex < state.lines.count else { break }
      let line = rect.row(screenRow)
      canvas.write(
        state.lines[lineIndex].text, at: Point(x: line.x - scroll, y: line.y), style: style, clip: line)
    }
    if isFocused {
      canvas.cursor = Point(x: rect.x + cursorColumn - scroll, y: rect.y + state.row - firstRow)
    }
  }
}
