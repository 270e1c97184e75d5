extension Canvas {
  /// Writes text on the first row of `rect`, truncated with an ellipsis to the rectangle's width
  /// and aligned within it; the rest of the row is filled with `style` when `fillsRow` is set.
  public mutating func writeLine(
    _ text: some StringProtocol, in rect: Rect, style: Style = .normal,
    alignment: HorizontalAlignment = .leading, fillsRow: Bool = false
  ) {
    guard rect.width > 0, rect.height > 0 else { return }
    let row = Rect(x: rect.x, y: rect.y, width: rect.width, height: 1)
    if fillsRow { fill(row, style: style) }
    let fitted = text.truncated(toWidth: rect.width)
    let spare = rect.width - fitted.terminalWidth
    let x =
      switch alignment {
      case .leading: rect.x
      case .center: rect.x + spare / 2
      case .trailing: rect.x + spare
      }
    write(fitted, at: Point(x: x, y: rect.y), style: style, clip: row)
  }
}
