/// A picker shown as a bordered menu centred over its region, sized to its options.
public struct Menu: View {
  public var title: String?
  public var state: PickerState

  public init(title: String? = nil, _ state: PickerState) {
    self.title = title
    self.state = state
  }

  public func render(in rect: Rect, on canvas: inout Canvas) {
    let widest = max(state.options.map { $0.terminalWidth }.max() ?? 0, (title ?? "").terminalWidth + 2)
    let size = Size(width: widest + 6, height: state.options.count + 2)
    Panel(title: title, size: size, MenuItems(state: state)).render(in: rect, on: &canvas)
  }
}

/// The rows of a menu, scrolled to keep the highlighted one visible.
private struct MenuItems: View {
  var state: PickerState

  func render(in rect: Rect, on canvas: inout Canvas) {
    guard !rect.isEmpty else { return }
    let first = max(0, state.highlighted - rect.height + 1)
    for row in 0..<rect.height {
      let index = first + row
      guard index < state.options.count else { break }
      let line = rect.row(row)
      let isHighlighted = index == state.highlighted
      canvas.writeLine(
        " " + state.options[index], in: line, style: isHighlighted ? .selection : .normal, fillsRow: true)
    }
  }
}
