/// A one-row bar: text on the left (replaced by a transient message while one shows) and on the
/// right, over the whole width in the status bar style. A message too long to share the row
/// takes all of it.
public struct StatusLine: View {
  public var leading: String
  public var trailing: String
  public var message: StatusMessage?

  public init(leading: String = "", trailing: String = "", message: StatusMessage? = nil) {
    self.leading = leading
    self.trailing = trailing
    self.message = message
  }

  public func render(in rect: Rect, on canvas: inout Canvas) {
    guard !rect.isEmpty else { return }
    let row = rect.row(0)
    canvas.fill(row, style: .statusBar)
    var trailingWidth = min(trailing.terminalWidth, max(row.width / 2, 0))
    // A message comes first: the right-hand text gives way (whole, never cut) where both do not fit.
    if let message, message.text.terminalWidth + trailingWidth + 4 > row.width {
      trailingWidth = 0
    }
    let leadingRect = Rect(x: row.x + 1, y: row.y, width: row.width - trailingWidth - 3, height: 1)
    if let message {
      canvas.writeLine(message.text, in: leadingRect, style: message.style, fillsRow: false)
    } else {
      canvas.writeLine(leading, in: leadingRect, style: .statusBar)
    }
    if trailingWidth > 0 {
      canvas.writeLine(
        trailing, in: Rect(x: row.maxX - trailingWidth - 1, y: row.y, width: trailingWidth, height: 1),
        style: .statusBar, alignment: .trailing)
    }
  }
}
