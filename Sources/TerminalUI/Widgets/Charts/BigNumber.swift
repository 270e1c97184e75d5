/// A number three rows tall in half blocks, with a caption under it, for the figures a screen is
/// about. Plain terminals get the digits on one row.
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
    let big = rows
    let fits = rect.height >= 4 && (big.first?.count ?? 0) <= rect.width && !ChartGlyphs.isPlain(canvas)
    let lines = fits ? big : [String(value)]
    for (offset, line) in lines.enumerated() {
      canvas.write(line, at: Point(x: rect.x, y: rect.y + offset), style: style, clip: rect)
    }
    canvas.writeLine(
      caption, in: Rect(x: rect.x, y: rect.y + lines.count, width: rect.width, height: 1), style: .dim)
  }
}
