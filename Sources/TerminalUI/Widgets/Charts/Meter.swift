/// One horizontal bar for a fraction, drawn to an eighth of a cell on a dim track, with the
/// percentage after it: `████████▌       62%`. Plain terminals get `[#####-----]  62%`.
public struct Meter: View {
  public var fraction: Double
  public var style: Style

  public init(fraction: Double, style: Style = .accent) {
    self.fraction = min(max(fraction.isFinite ? fraction : 0, 0), 1)
    self.style = style
  }

  public var percentage: String { "\(Int((fraction * 100).rounded()))%" }

  public func render(in rect: Rect, on canvas: inout Canvas) {
    guard rect.width >= 6, rect.height >= 1 else { return }
    let label = percentage.padded(toWidth: 4, alignment: .trailing)
    let plain = ChartGlyphs.isPlain(canvas)
    let trackX = rect.x + (plain ? 1 : 0)
    let cells = rect.width - 5 - (plain ? 2 : 0)
    guard cells > 0 else {
      canvas.write(label, at: Point(x: rect.x, y: rect.y), style: .dim, clip: rect)
      return
    }
    let eighths = Int((fraction * Double(cells * 8)).rounded())
    if plain {
      canvas.put("[", x: rect.x, y: rect.y, clip: rect)
      canvas.put("]", x: trackX + cells, y: rect.y, clip: rect)
    }
    for cell in 0..<cells {
      let filled = eighths - cell * 8
      let glyph: Character =
        if filled >= 8 { plain ? "#" : "█" } else if filled > 0 {
          plain ? (filled >= 4 ? "#" : "-") : ChartGlyphs.horizontal[filled - 1]
        } else { plain ? "-" : "·" }
      canvas.put(glyph, x: trackX + cell, y: rect.y, style: filled > 0 ? style : .dim, clip: rect)
    }
    canvas.write(label, at: Point(x: rect.maxX - 4, y: rect.y), style: .dim, clip: rect)
  }
}
