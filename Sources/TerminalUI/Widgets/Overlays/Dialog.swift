/// A modal dialog: a titled panel with a wrapped message and a row of buttons, one focused.
public struct Dialog: View {
  public var title: String
  public var message: String
  public var buttons: [String]
  public var focusedButton: Int
  public var style: Style

  public init(
    title: String, message: String, buttons: [String] = ["OK"], focusedButton: Int = 0, style: Style = .border
  ) {
    self.title = title
    self.message = message
    self.buttons = buttons
    self.focusedButton = focusedButton
    self.style = style
  }

  private var buttonLabels: [String] { buttons.map { "[ \($0) ]" } }

  public func render(in rect: Rect, on canvas: inout Canvas) {
    let buttonsWidth = buttonLabels.map(\.terminalWidth).reduce(0, +) + 2 * max(buttons.count - 1, 0)
    let idealWidth = max(message.terminalWidth, buttonsWidth, title.terminalWidth + 4) + 4
    let width = min(idealWidth, max(rect.width - 4, 10), 60)
    let lines = message.wrapped(toWidth: max(width - 4, 1))
    let size = Size(width: width, height: lines.count + 5)
    Panel(
      title: title, size: size, style: style,
      DialogBody(lines: lines, buttons: buttonLabels, focused: focusedButton)
    )
    .render(in: rect, on: &canvas)
  }
}

private struct DialogBody: View {
  var lines: [String]
  var buttons: [String]
  var focused: Int

  func render(in rect: Rect, on canvas: inout Canvas) {
    let content = rect.inset(left: 1, right: 1)
    for (index, line) in lines.enumerated() where index + 1 < content.height - 1 {
      canvas.writeLine(line, in: content.row(index + 1))
    }
    guard content.height >= 1 else { return }
    let row = content.row(content.height - 1)
    let total = buttons.map(\.terminalWidth).reduce(0, +) + 2 * max(buttons.count - 1, 0)
    var x = row.x + max((row.width - total) / 2, 0)
    for (index, label) in buttons.enumerated() {
      x = canvas.write(
        label, at: Point(x: x, y: row.y), style: index == focused ? .selection : .normal, clip: row)
      x += 2
    }
  }
}
