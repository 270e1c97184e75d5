/// A number three rows tall in half blocks, with a caption under it, for the figures a screen is
/// about. Plain terminals get the digits on one row, and a single row gets the number and its
/// caption side by side.
public struct BigNumber: View {
  public var value: Int
  public var caption: String
  public var style: Style

  public init(_ value: Int, caption: String, style: Style = .title) {
    self.value = value
    self.caption = caption
    self.style = style
  }

  /// Each digit as three rows of three cells.
  static let font: [Character: [String]] = [
    "0": ["█▀█", "█ █", "█▄█"], "1": ["▀█ ", " █ ", "▄█▄"], "2": ["▀▀█", "█▀▀", "█▄▄"],
    "3": ["▀▀█", " ▀█", "▄▄█"], "4": ["█ █", "▀▀█", "  █"], "5": ["█▀▀", "▀▀█", "▄▄█"],
    "6": ["█▀▀", "█▀█", "█▄█"], "7": ["▀▀█", "  █", "  █"], "8": ["█▀█", "█▀█", "█▄█"],
    "9": ["█▀█", "▀▀█", "▄▄█"], "-": ["   ", "▀▀▀", "   "],
  ]

  /// The rows of the number in the big font, digits one cell apart.
  public var rows: [String] {
    let glyphs = String(value).compactMap { Self.font[$0] }
    return (0..<3).map { row in glyphs.map { $0[row] }.joined(separator: " ") }
  }

  public func render(in rect: Rect, on canvas: inout Canvas) {
    guard !rect.isEmpty else { return }
    // The last column stays empty, so that a caption never runs into the number beside it.
    let area = Rect(x: rect.x, y: rect.y, width: max(rect.width - 1, 1), height: rect.height)
    if area.height == 1 {
      let end = canvas.write(String(value), at: Point(x: area.x, y: area.y), style: style, clip: area)
      let room = area.maxX - end - 1
      if room > 0 {
        canvas.write(" " + caption.truncated(toWidth: room), at: Point(x: end, y: area.y), style: .dim)
      }
      return
    }
    let big = rows
    let plain = ChartGlyphs.isPlain(canvas)
    let fits = area.height >= 4 && (big.first?.count ?? 0) <= area.width && !plain
    // A number too wide for big digits, among big ones, is written on their middle row and its
    // caption under them, in line with the others'.
    let top = !fits && !plain && area.height >= 4 ? 1 : 0
    let lines = fits ? big : [String(value)]
    for (offset, line) in lines.enumerated() {
      canvas.write(line, at: Point(x: area.x, y: area.y + top + offset), style: style, clip: area)
    }
    let captionRow = fits || top > 0 ? 3 : lines.count
    canvas.writeLine(
      caption, in: Rect(x: area.x, y: area.y + captionRow, width: area.width, height: 1), style: .dim)
  }
}
