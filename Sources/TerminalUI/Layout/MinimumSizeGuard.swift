/// Shows its content only when the region is at least a minimum size, and otherwise a message
/// saying how large the terminal needs to be, so a tiny terminal never gets a garbled layout.
public struct MinimumSizeGuard: View {
  public var minimum: Size
  public var content: any View

  public init(minimum: Size, _ content: any View) {
    self.minimum = minimum
    self.content = content
  }

  public func render(in rect: Rect, on canvas: inout Canvas) {
    guard rect.width < minimum.width || rect.height < minimum.height else {
      content.render(in: rect, on: &canvas)
      return
    }
    canvas.fill(rect)
    let message = "Terminal too small: \(rect.size), needs \(minimum)"
    var lines = message.wrapped(toWidth: rect.width)
    if lines.count > rect.height { lines = Array(lines.prefix(rect.height)) }
    let top = rect.y + (rect.height - lines.count) / 2
    for (offset, line) in lines.enumerated() {
      canvas.write(
        line.padded(toWidth: rect.width, alignment: .center), at: Point(x: rect.x, y: top + offset),
        style: .warning, clip: rect)
    }
  }
}
