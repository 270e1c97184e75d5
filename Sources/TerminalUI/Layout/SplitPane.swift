/// Two views side by side (or one above the other) with a divider line between them.
public struct SplitPane: View {
  public var axis: Axis
  /// The first pane's share; the second takes the rest.
  public var firstSize: LayoutSize
  public var first: any View
  public var second: any View
  public var dividerStyle: Style

  public init(
    _ axis: Axis, first: any View, second: any View, firstSize: LayoutSize = .flexible(),
    dividerStyle: Style = .border
  ) {
    self.axis = axis
    self.first = first
    self.second = second
    self.firstSize = firstSize
    self.dividerStyle = dividerStyle
  }

  public func render(in rect: Rect, on canvas: inout Canvas) {
    let pieces = rect.split(axis, sizes: [firstSize, .fixed(1), .flexible()])
    first.render(in: pieces[0], on: &canvas)
    let line: Character = axis == .horizontal ? "│" : "─"
    canvas.fill(pieces[1], with: line, style: dividerStyle)
    second.render(in: pieces[2], on: &canvas)
  }
}
