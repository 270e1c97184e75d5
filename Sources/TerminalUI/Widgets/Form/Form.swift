/// A form: one row per field, labels right-aligned in a column, the focused field highlighted.
public struct Form: View {
  public var state: FormState
  public var isFocused: Bool

  public init(_ state: FormState, isFocused: Bool = true) {
    self.state = state
    self.isFocused = isFocused
  }

  public func render(in rect: Rect, on canvas: inout Canvas) {
    guard !rect.isEmpty else { return }
    canvas.fill(rect)
    let labelWidth = min(state.fields.map { $0.label.terminalWidth }.max() ?? 0, rect.width / 2)
    for (index, field) in state.fields.enumerated() where index < rect.height {
      let focused = isFocused && index == state.focus
      let row = rect.row(index)
      let columns = row.split(.horizontal, sizes: [.fixed(labelWidth), .fixed(2), .flexible()])
      canvas.writeLine(field.label, in: columns[0], style: focused ? .accent : .normal, alignment: .trailing)
      canvas.writeLine(focused ? "▸" : "", in: columns[1], style: .accent)
      switch field.control {
      case .text(let text):
        TextField(text, isFocused: focused, style: focused ? .highlight : .normal)
          .render(in: columns[2], on: &canvas)
      case .toggle(let isOn):
        canvas.writeLine(isOn ? "[x]" : "[ ]", in: columns[2], style: focused ? .highlight : .normal)
      case .choice(let options, let selected):
        let current = options.indices.contains(selected) ? options[selected] : ""
        canvas.writeLine("‹ \(current) ›", in: columns[2], style: focused ? .highlight : .normal)
      }
    }
  }
}
