/// A box around a view, with an optional title in the top edge.
public struct Border: View {
  public var title: String?
  public var content: any View
  public var style: Style
  public var titleStyle: Style

  public init(
    title: String? = nil, style: Style = .border, titleStyle: Style = .title,
    _ content: any View = EmptyView()
  ) {
    self.title = title
    self.content = content
    self.style = style
    self.titleStyle = titleStyle
  }

  /// The region inside a border drawn around `rect`.
  public static func interior(of rect: Rect) -> Rect {
    rect.inset(by: 1)
  }

  public func render(in rect: Rect, on canvas: inout Canvas) {
    guard rect.width >= 2, rect.height >= 2 else {
      content.render(in: rect, on: &canvas)
      return
    }
    let top = rect.y
    let bottom = rect.maxY - 1
    let left = rect.x
    let right = rect.maxX - 1
    canvas.fill(Rect(x: left + 1, y: top, width: rect.width - 2, height: 1), with: "─", style: style)
    canvas.fill(Rect(x: left + 1, y: bottom, width: rect.width - 2, height: 1), with: "─", style: style)
    canvas.fill(Rect(x: left, y: top + 1, width: 1, height: rect.height - 2), with: "│", style: style)
    canvas.fill(Rect(x: right, y: top + 1, width: 1, height: rect.height - 2), with: "│", style: style)
    canvas.put("┌", x: left, y: top, style: style)
    canvas.put("┐", x: right, y: top, style: style)
    canvas.put("└", x: left, y: bottom, style: style)
    canvas.put("┘", x: right, y: bottom, style: style)
    if let title, !title.isEmpty, rect.width > 4 {
      let label = " " + title.truncated(toWidth: rect.width - 6) + " "
      canvas.write(
        label, at: Point(x: left + 2, y: top), style: titleStyle,
        clip: Rect(x: left + 1, y: top, width: rect.width - 2, height: 1))
    }
    content.render(in: Border.interior(of: rect), on: &canvas)
  }
}
