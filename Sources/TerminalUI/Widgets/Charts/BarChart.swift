/// Vertical bars with a label under each: one bar a column group, scaled to the largest value,
/// its top drawn to an eighth of a cell, and its value above it. Plain terminals get `#` columns.
public struct BarChart: View {
  public struct Bar: Hashable, Sendable {
    public var label: String
    public var value: Int

    public init(label: String, value: Int) {
      self.label = label
      self.value = value
    }
  }

  public var bars: [Bar]
  public var style: Style

  public init(_ bars: [Bar], style: Style = .accent) {
    self.bars = bars
    self.style = style
  }

  /// The fewest rows it draws in: a row of bars, the values over them and the labels under them.
  public static let minimumHeight = 3

  public func render(in rect: Rect, on canvas: inout Canvas) {
    guard !bars.isEmpty, rect.height >= Self.minimumHeight, rect.width >= bars.count else { return }
    let slot = rect.width / bars.count
    let barWidth = max(min(slot - 1, 3), 1)
    let plotHeight = rect.height - 2
    let maximum = bars.map(\.value).max() ?? 0
    let plain = ChartGlyphs.isPlain(canvas)
    let labelRow = rect.maxY - 1
    for (index, bar) in bars.enumerated() {
      let x = rect.x + index * slot + (slot - barWidth) / 2
      let eighths = ChartGlyphs.eighths(bar.value, of: maximum, cells: plotHeight)
      let full = eighths / 8
      for row in 0..<full {
        for column in 0..<barWidth {
          canvas.put(plain ? "#" : "█", x: x + column, y: labelRow - 1 - row, style: style, clip: rect)
        }
      }
      if eighths % 8 > 0 {
        let glyph: Character = plain ? (eighths % 8 >= 4 ? "#" : ".") : ChartGlyphs.vertical[eighths % 8 - 1]
        for column in 0..<barWidth {
          canvas.put(glyph, x: x + column, y: labelRow - 1 - full, style: style, clip: rect)
        }
      }
      let top = labelRow - 1 - (eighths + 7) / 8
      if bar.value > 0, top >= rect.y {
        let text = String(bar.value)
        canvas.write(text, at: Point(x: x + (barWidth - text.count) / 2, y: top), style: .dim, clip: rect)
      }
      let label = String(bar.label.prefix(slot))
      canvas.write(
        label, at: Point(x: x + (barWidth - label.count) / 2, y: labelRow), style: .dim, clip: rect)
    }
  }
}
