/// A form: fields one under another, labels right-aligned in a column, the focused field
/// highlighted. A text area takes several rows and a hint one more; a form taller than its region
/// scrolls to keep the focused field in view.
public struct Form: View {
  public var state: FormState
  public var isFocused: Bool

  public init(_ state: FormState, isFocused: Bool = true) {
    self.state = state
    self.isFocused = isFocused
  }

  /// The rows the whole form takes.
  public var height: Int { state.fields.reduce(0) { $0 + $1.height } }

  public func render(in rect: Rect, on canvas: inout Canvas) {
    guard !rect.isEmpty else { return }
    canvas.fill(rect)
    let labelWidth = min(state.fields.map { $0.label.terminalWidth }.max() ?? 0, rect.width / 2)
    // Scroll just enough to show the focused field whole (or its top, if it is taller than the
    // region).
    let tops = state.fields.indices.map { index in state.fields[..<index].reduce(0) { $0 + $1.height } }
    var scroll = 0
    if let focusTop = tops.indices.contains(state.focus) ? tops[state.focus] : nil {
      let focusBottom = focusTop + state.fields[state.focus].height
      if focusBottom > rect.height { scroll = min(focusBottom - rect.height, focusTop) }
    }
    for (index, field) in state.fields.enumerated() {
      let top = rect.y + tops[index] - scroll
      guard top + field.height > rect.y, top < rect.maxY else { continue }
      let focused = isFocused && index == state.focus
      let area = Rect(x: rect.x, y: top, width: rect.width, height: field.height).intersection(rect)
      let columns = Rect(x: rect.x, y: top, width: rect.width, height: 1)
        .split(.horizontal, sizes: [.fixed(labelWidth), .fixed(2), .flexible()])
      if top >= rect.y {
        canvas.writeLine(
          field.label, in: columns[0], style: focused ? .accent : .normal, alignment: .trailing)
        canvas.writeLine(focused ? "▸" : "", in: columns[1], style: .accent)
      }
      let controlRows = field.height - (field.hint == nil ? 0 : 1)
      let control = Rect(x: columns[2].x, y: top, width: columns[2].width, height: controlRows)
        .intersection(area)
      let style: Style = focused ? .highlight : .normal
      switch field.control {
      case .text(let text):
        guard control.y == top else { break }
        TextField(text, isFocused: focused, style: style).render(in: control, on: &canvas)
      case .toggle(let isOn):
        guard control.y == top else { break }
        canvas.writeLine(isOn ? "[x]" : "[ ]", in: control, style: style)
      case .choice(let options, let selected):
        guard control.y == top else { break }
        let current = options.indices.contains(selected) ? options[selected] : ""
        canvas.writeLine("‹ \(current) ›", in: control, style: style)
      case .textArea(let text, _):
        TextArea(text, isFocused: focused, style: style).render(in: control, on: &canvas)
      case .button(let value):
        guard control.y == top else { break }
        canvas.writeLine(value.isEmpty ? "…" : value, in: control, style: focused ? .highlight : .accent)
      }
      if let hint = field.hint {
        let hintRow = top + controlRows
        if hintRow >= rect.y, hintRow < rect.maxY {
          canvas.writeLine(hint, in: Rect(x: columns[2].x, y: hintRow, width: columns[2].width, height: 1))
        }
      }
    }
  }
}
