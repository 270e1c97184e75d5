/// A bordered box of a given size drawn over whatever is below it, centred in its region (and
/// shrunk to fit). Menus, dialogs and the help overlay are panels.
public struct Panel: View {
  public var title: String?
  /// The size including the border.
  public var size: Size
  public var content: any View
  public var style: Style

  public init(title: String? = nil, size: Size, style: Style = .border, _ content: any View) {
    self.title = title
    self.size = size
    self.content = content
    self.style = style
  }

  public func render(in rect: Rect, on canvas: inout Canvas) {
    let box = rect.centered(size)
    canvas.fill(box)
    Border(title: title, style: style, content).render(in: box, on: &canvas)
  }
}
